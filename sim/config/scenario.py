"""Read a scenario TOML file (SPEC section 3) into an ``engine.scenario.Scenario``.

Validation is strict: unknown keys, wrong types, unknown cards and unknown ids are errors that
name the file and the key path, with a hint.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from engine.library import KEYWORDS, Card, find_card, library
from engine.mana_types import MANA_TYPES
from engine.scenario import Action, BoardEntry, Choices, Scenario
from sim.errors import UserError

_TOP = {"players", "active", "life", "battlefield", "action", "choices"}
_ENTRY = {
    "id",
    "card",
    "controller",
    "owner",
    "counters",
    "token",
    "tapped",
    "damage",
    "since_turn_start",
    "grant",
    "not_creature",
    "attached_to",
    "x",
}
_ACTIONS: dict[str, tuple[set[str], set[str]]] = {  # do -> (required keys, optional keys)
    "cast": ({"card", "by"}, {"x", "id", "mode"}),
    "tap_for_mana": ({"permanent"}, {"color", "replacement_order", "tap_creature"}),
    "activate": ({"permanent"}, {"ability"}),
    "destroy": ({"target"}, set()),
    "exile": ({"target"}, set()),
    "sacrifice": ({"target"}, set()),
    "bounce": ({"target"}, set()),
    "damage": ({"target", "amount"}, set()),
    "counters": ({"target", "kind", "amount"}, set()),
    "tap": ({"target"}, set()),
    "untap": ({"target"}, set()),
    "attack": ({"attackers"}, {"blockers"}),
    "pass_turn": (set(), set()),
}
_TRIGGER_KINDS = {"persist", "undying", "etb", "dies", "delayed", "life_loss", "upkeep", "draw"}
_COUNTER_KIND = re.compile(r"^([+-]\d+/[+-]\d+|[a-z]+)$")


class _Reader:
    """Type checks that name the offending key path."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: str, problem: str, hint: str = "") -> UserError:
        tail = f" (hint: {hint})" if hint else ""
        return UserError(f"{self.path}: {where}: {problem}{tail}")

    def get(
        self, table: Mapping[str, Any], key: str, where: str, kind: type, default: Any = ...
    ) -> Any:
        if key not in table:
            if default is ...:
                raise self.fail(where, f"missing key {key!r}")
            return default
        value = table[key]
        ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
        if not ok:
            raise self.fail(
                f"{where}.{key}" if where else key,
                f"expected {kind.__name__}, got {type(value).__name__} {value!r}",
            )
        return value

    def keys(self, table: Mapping[str, Any], allowed: set[str], where: str) -> None:
        for key in table:
            if key not in allowed:
                raise self.fail(
                    f"{where}.{key}" if where else key,
                    "unknown key",
                    "allowed: " + ", ".join(sorted(allowed)),
                )

    def card(self, name: str, where: str) -> Card:
        card = find_card(name)
        if card is None:
            close = [c.name for c in library().values() if name.lower()[:4] in c.name.lower()]
            raise self.fail(
                where,
                f"unknown card {name!r}",
                ("did you mean " + ", ".join(close[:3]) + "?") if close else "see `cauldron cards`",
            )
        return card

    def player(self, name: Any, players: Sequence[str], where: str) -> str:
        if name not in players:
            raise self.fail(where, f"unknown player {name!r}", "players: " + ", ".join(players))
        return str(name)

    def count(self, value: Any, where: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise self.fail(where, f"expected a whole number >= 0, got {value!r}")
        return value


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def load_scenario(path: Path) -> Scenario:
    """Parse and validate a scenario file; raise UserError with file and key on any problem."""
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        raise UserError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as err:
        raise UserError(f"{path}: cannot read: {err}") from None
    except tomllib.TOMLDecodeError as err:
        raise UserError(f"{path}: not valid TOML: {err}") from None
    return parse_scenario(data, path)


def parse_scenario(data: Mapping[str, Any], path: Path | str = "<scenario>") -> Scenario:
    """Validate a scenario given as parsed TOML (a dict); ``path`` names it in errors."""
    r = _Reader(Path(path))
    r.keys(data, _TOP, "")
    players = r.get(data, "players", "", list)
    if not players or not all(isinstance(p, str) and p for p in players):
        raise r.fail("players", "expected a non-empty list of player names")
    if len(set(players)) != len(players):
        raise r.fail("players", "a player is listed twice")
    active = r.player(r.get(data, "active", "", str, players[0]), players, "active")
    life_table = r.get(data, "life", "", dict, {})
    life = {
        r.player(k, players, f"life.{k}"): r.get(life_table, k, "life", int) for k in life_table
    }

    entries: list[BoardEntry] = []
    ids: set[str] = set()
    raw_entries = r.get(data, "battlefield", "", list, [])
    for i, raw in enumerate(raw_entries):
        where = f"battlefield[{i}]"
        if not isinstance(raw, dict):
            raise r.fail(where, "expected a table")
        r.keys(raw, _ENTRY, where)
        pid = r.get(raw, "id", where, str)
        if not pid or pid in ids:
            raise r.fail(f"{where}.id", f"id {pid!r} is empty or used twice")
        ids.add(pid)
        card = r.card(r.get(raw, "card", where, str), f"{where}.card")
        controller = r.player(r.get(raw, "controller", where, str), players, f"{where}.controller")
        counters = r.get(raw, "counters", where, dict, {})
        for kind, n in counters.items():
            if not _COUNTER_KIND.match(kind):
                raise r.fail(f"{where}.counters", f"unknown counter kind {kind!r}", 'e.g. "+1/+1"')
            r.count(n, f"{where}.counters.{kind}")
        grant = r.get(raw, "grant", where, list, [])
        for k in grant:
            if k not in KEYWORDS:
                raise r.fail(
                    f"{where}.grant", f"unknown keyword {k!r}", ", ".join(sorted(KEYWORDS))
                )
        entries.append(
            BoardEntry(
                id=pid,
                card=card,
                controller=controller,
                owner=r.player(
                    r.get(raw, "owner", where, str, controller), players, f"{where}.owner"
                ),
                counters=dict(counters),
                token=r.get(raw, "token", where, bool, False),
                tapped=r.get(raw, "tapped", where, bool, False),
                damage=r.count(r.get(raw, "damage", where, int, 0), f"{where}.damage"),
                since_turn_start=r.get(raw, "since_turn_start", where, bool, True),
                grant=tuple(grant),
                not_creature=r.get(raw, "not_creature", where, bool, False),
                attached_to=r.get(raw, "attached_to", where, str, None),
                x=r.count(r.get(raw, "x", where, int, 0), f"{where}.x"),
            )
        )
    for i, e in enumerate(entries):
        if e.attached_to is not None and e.attached_to not in ids:
            raise r.fail(f"battlefield[{i}].attached_to", f"unknown id {e.attached_to!r}")

    actions = [
        _action(r, raw, i, players, ids)
        for i, raw in enumerate(r.get(data, "action", "", list, []))
    ]
    choices = _choices(r, r.get(data, "choices", "", dict, {}), players, ids)
    return Scenario(tuple(players), active, life, tuple(entries), tuple(actions), choices)


def _fresh_slug(name: str, taken: set[str]) -> str:
    """The id the engine gives an unnamed cast card: its slug, numbered if already taken
    (``engine.reference.actions.spell_id``)."""
    base = _slug(name)
    pid, k = base, 1
    while pid in taken:
        k += 1
        pid = f"{base}{k}"
    return pid


def _known(pid: str, ids: set[str]) -> bool:
    """An id of the board, of a cast card, or of a token derived from one (``hb.thopter1``)."""
    return pid in ids or any(pid.startswith(i + ".") for i in ids)


def _id(r: _Reader, value: Any, ids: set[str], where: str) -> str:
    if not isinstance(value, str) or not _known(value, ids):
        raise r.fail(where, f"unknown id {value!r}", "ids so far: " + ", ".join(sorted(ids)))
    return value


def _action(r: _Reader, raw: Any, i: int, players: Sequence[str], ids: set[str]) -> Action:
    where = f"action[{i}]"
    if not isinstance(raw, dict):
        raise r.fail(where, "expected a table")
    do = r.get(raw, "do", where, str)
    if do not in _ACTIONS:
        raise r.fail(f"{where}.do", f"unknown action {do!r}", ", ".join(sorted(_ACTIONS)))
    required, optional = _ACTIONS[do]
    r.keys(raw, required | optional | {"do"}, where)
    for key in required:
        if key not in raw:
            raise r.fail(where, f"{do} needs key {key!r}")
    params: dict[str, Any] = {}
    if do == "cast":
        card = r.card(r.get(raw, "card", where, str), f"{where}.card")
        params["card"] = card
        params["by"] = r.player(raw["by"], players, f"{where}.by")
        params["x"] = r.count(r.get(raw, "x", where, int, 0), f"{where}.x")
        pid = r.get(raw, "id", where, str, None)
        if pid is not None:
            params["id"] = pid
        ids.add(pid or _fresh_slug(card.name, ids))
        if "mode" in raw:
            params["mode"] = _modes(r, raw["mode"], card, f"{where}.mode")
        elif card.ability("exile_all_modal") is not None:
            raise r.fail(where, f"{card.name} is modal: give its mode", _mode_hint(card))
        return Action(do, params)
    for key in ("permanent", "tap_creature"):
        if key in raw:
            params[key] = _id(r, raw[key], ids, f"{where}.{key}")
    if "target" in raw:
        target = raw["target"]
        if do == "damage" and (target == "all_creatures" or target in players):
            params["target"] = target
        else:
            params["target"] = _id(r, target, ids, f"{where}.target")
    if "amount" in raw:
        params["amount"] = r.count(raw["amount"], f"{where}.amount")
    if "ability" in raw:
        params["ability"] = r.count(raw["ability"], f"{where}.ability")
    if "kind" in raw:
        kind = r.get(raw, "kind", where, str)
        if not _COUNTER_KIND.match(kind):
            raise r.fail(f"{where}.kind", f"unknown counter kind {kind!r}", 'e.g. "+1/+1"')
        params["kind"] = kind
    if "color" in raw:
        color = r.get(raw, "color", where, str)
        if color not in MANA_TYPES:
            raise r.fail(f"{where}.color", f"unknown mana type {color!r}", "one of W U B R G C")
        params["color"] = color
    if "replacement_order" in raw:
        order = r.get(raw, "replacement_order", where, list)
        params["replacement_order"] = [_id(r, v, ids, f"{where}.replacement_order") for v in order]
    if do == "attack":
        attackers = r.get(raw, "attackers", where, list)
        params["attackers"] = [_id(r, v, ids, f"{where}.attackers") for v in attackers]
        if len(set(params["attackers"])) != len(attackers):
            raise r.fail(f"{where}.attackers", "a creature is listed twice")
        blockers = r.get(raw, "blockers", where, dict, {})
        params["blockers"] = {
            _id(r, b, ids, f"{where}.blockers"): _id(r, a, ids, f"{where}.blockers.{b}")
            for b, a in blockers.items()
        }
    return Action(do, params)


def _mode_hint(card: Card) -> str:
    ability = card.ability("exile_all_modal")
    return "modes: " + ", ".join(ability.names("modes")) if ability else "this card has no modes"


def _modes(r: _Reader, value: Any, card: Card, where: str) -> list[str]:
    ability = card.ability("exile_all_modal")
    if ability is None:
        raise r.fail(where, f"{card.name} has no modes")
    chosen = [value] if isinstance(value, str) else value
    if (
        not isinstance(chosen, list)
        or not chosen
        or any(m not in ability.names("modes") for m in chosen)
    ):
        raise r.fail(where, f"bad mode {value!r}", _mode_hint(card))
    if ability.text("choose") == "one" and len(chosen) != 1:
        raise r.fail(where, f"{card.name} chooses exactly one mode")
    return list(chosen)


def _choices(r: _Reader, raw: Mapping[str, Any], players: Sequence[str], ids: set[str]) -> Choices:
    r.keys(raw, {"trigger_order", "targets"}, "choices")
    order = r.get(raw, "trigger_order", "choices", dict, {})
    trigger_order: dict[str, list[str]] = {}
    for player, keys in order.items():
        r.player(player, players, f"choices.trigger_order.{player}")
        if not isinstance(keys, list):
            raise r.fail(f"choices.trigger_order.{player}", "expected a list of ids")
        for key in keys:
            pid, _, kind = str(key).partition(":")
            _id(r, pid, ids, f"choices.trigger_order.{player}")
            if kind and kind not in _TRIGGER_KINDS:
                raise r.fail(
                    f"choices.trigger_order.{player}",
                    f"unknown ability {kind!r} in {key!r}",
                    ", ".join(sorted(_TRIGGER_KINDS)),
                )
        trigger_order[player] = [str(k) for k in keys]
    targets: dict[str, str | list[str]] = {}
    for source, value in r.get(raw, "targets", "choices", dict, {}).items():
        _id(r, source, ids, f"choices.targets.{source}")
        names = [value] if isinstance(value, str) else value
        if not isinstance(names, list):
            raise r.fail(f"choices.targets.{source}", "expected a player, an id or a list of ids")
        for name in names:
            if name not in players:
                _id(r, name, ids, f"choices.targets.{source}")
        targets[source] = value
    return Choices(trigger_order=trigger_order, targets=targets)
