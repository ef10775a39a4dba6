"""Read a scenario TOML file (SPEC section 3) into an ``engine.scenario.Scenario``.

Validation is strict: unknown keys, wrong types, unknown cards and unknown ids are errors that
name the file and the key path, with a hint.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Mapping, Sequence
from pathlib import Path
from typing import Any

from engine.library import KEYWORDS, TOML_INTEGERS_HINT, Card, find_card, past_64_bits
from engine.mana_types import MANA_TYPES
from engine.scenario import COUNTER_POLICIES, Action, BoardEntry, Choices, Scenario
from sim.config.cards import file_cards, use_file_cards
from sim.config.reader import read_toml, unknown_card_hint
from sim.errors import MAX_PLACE, UserError, clip, echo

_TOP = {"players", "active", "life", "battlefield", "action", "choices", "cards"}
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
    "activate": ({"permanent"}, {"ability", "x"}),
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
_TRIGGER_KINDS = {
    "persist",
    "undying",
    "etb",
    "dies",
    "leaves",
    "delayed",
    "life_loss",
    "upkeep",
    "draw",
    "attacks",
    "end_step",
}
_COUNTER_KIND = re.compile(r"^([+-]\d+/[+-]\d+|[a-z]+)$")


class _Reader:
    """Type checks that name the offending key path."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: str, problem: str, hint: str = "") -> UserError:
        tail = f" (hint: {hint})" if hint else ""
        return UserError(f"{self.path}: {clip(where, MAX_PLACE)}: {problem}{tail}")

    def get(
        self, table: Mapping[str, Any], key: str, where: str, kind: type, default: Any = ...
    ) -> Any:
        if key not in table:
            if default is ...:
                raise self.fail(where, f"missing key {echo(key)}")
            return default
        return self.typed(table[key], kind, f"{where}.{key}" if where else key)

    def typed(self, value: Any, kind: type, where: str) -> Any:
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(
                where, f"expected {kind.__name__}, got {type(value).__name__} {echo(value)}"
            )
        if isinstance(value, int):
            self.in_64_bits(value, where)
        return value

    def in_64_bits(self, value: int, where: str) -> None:
        """A number either engine starts from (``library.past_64_bits``)."""
        why = past_64_bits(value)
        if why:
            raise self.fail(where, why, TOML_INTEGERS_HINT)

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
            raise self.fail(where, f"unknown card {echo(name)}", unknown_card_hint(name))
        return card

    def player(self, name: Any, players: Sequence[str], where: str) -> str:
        if name not in players:
            raise self.fail(where, f"unknown player {echo(name)}", "players: " + ", ".join(players))
        return str(name)

    def count(self, value: Any, where: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise self.fail(where, f"expected a whole number >= 0, got {echo(value)}")
        self.in_64_bits(value, where)
        return value


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def looks_like_scenario(data: Mapping[str, Any]) -> bool:
    """Whether parsed TOML is meant as a scenario (scenario keys, no experiment ``shape``)."""
    return "shape" not in data and any(key in _TOP - {"cards"} for key in data)


def load_scenario(path: Path, cards: Sequence[str] = ()) -> Scenario:
    """Parse and validate a scenario file; raise UserError with file and key on any problem.

    Its card files (``cards``, the ``--cards`` flags, and its ``cards`` key) become this
    process's (``sim.config.cards``) before any card is looked up."""
    data = read_toml(path)
    use_file_cards(data, path, cards)
    return parse_scenario(data, path)


def parse_scenario(data: Mapping[str, Any], path: Path | str = "<scenario>") -> Scenario:
    """Validate a scenario given as parsed TOML (a dict); ``path`` names it in errors."""
    r = _Reader(Path(path))
    r.keys(data, _TOP, "")
    file_cards(data, path)  # its shape only: the files are in place (load_scenario)
    players = _players(r, data)
    active = r.player(r.get(data, "active", "", str, players[0]), players, "active")
    life_table = r.get(data, "life", "", dict, {})
    life = {
        r.player(k, players, f"life.{k}"): r.get(life_table, k, "life", int) for k in life_table
    }
    ids: dict[str, Card] = {}  # each permanent's id (the board's, a cast card's): its card
    entries = [
        _entry(r, raw, f"battlefield[{i}]", players, ids)
        for i, raw in enumerate(r.get(data, "battlefield", "", list, []))
    ]
    for i, e in enumerate(entries):
        if e.attached_to is not None and e.attached_to not in ids:
            raise r.fail(f"battlefield[{i}].attached_to", f"unknown id {echo(e.attached_to)}")

    actions = [
        _action(r, raw, i, players, ids)
        for i, raw in enumerate(r.get(data, "action", "", list, []))
    ]
    choices = _choices(r, r.get(data, "choices", "", dict, {}), players, ids)
    return Scenario(tuple(players), active, life, tuple(entries), tuple(actions), choices)


def _players(r: _Reader, data: Mapping[str, Any]) -> list[str]:
    players: list[str] = r.get(data, "players", "", list)
    if not players or not all(isinstance(p, str) and p for p in players):
        raise r.fail("players", "expected a non-empty list of player names")
    if len(set(players)) != len(players):
        raise r.fail("players", "a player is listed twice")
    return players


def _entry(
    r: _Reader, raw: Any, where: str, players: Sequence[str], ids: dict[str, Card]
) -> BoardEntry:
    """One ``[[battlefield]]`` table; its id joins ``ids``, with its card."""
    if not isinstance(raw, dict):
        raise r.fail(where, "expected a table")
    r.keys(raw, _ENTRY, where)
    pid = r.get(raw, "id", where, str)
    if not pid or pid in ids:
        raise r.fail(f"{where}.id", f"id {echo(pid)} is empty or used twice")
    controller = r.player(r.get(raw, "controller", where, str), players, f"{where}.controller")
    card = r.card(r.get(raw, "card", where, str), f"{where}.card")
    ids[pid] = card
    return BoardEntry(
        id=pid,
        card=card,
        controller=controller,
        owner=r.player(r.get(raw, "owner", where, str, controller), players, f"{where}.owner"),
        counters=_counters(r, r.get(raw, "counters", where, dict, {}), f"{where}.counters"),
        token=r.get(raw, "token", where, bool, False),
        tapped=r.get(raw, "tapped", where, bool, False),
        damage=r.count(r.get(raw, "damage", where, int, 0), f"{where}.damage"),
        since_turn_start=r.get(raw, "since_turn_start", where, bool, True),
        grant=_grant(r, r.get(raw, "grant", where, list, []), f"{where}.grant"),
        not_creature=r.get(raw, "not_creature", where, bool, False),
        attached_to=r.get(raw, "attached_to", where, str, None),
        x=r.count(r.get(raw, "x", where, int, 0), f"{where}.x"),
    )


def _counters(r: _Reader, counters: Mapping[str, Any], where: str) -> dict[str, int]:
    for kind, n in counters.items():
        _counter_kind(r, kind, where)
        r.count(n, f"{where}.{kind}")
    return dict(counters)


def _counter_kind(r: _Reader, kind: Any, where: str) -> str:
    if not isinstance(kind, str) or not _COUNTER_KIND.match(kind):
        raise r.fail(where, f"unknown counter kind {echo(kind)}", 'e.g. "+1/+1"')
    return kind


def _grant(r: _Reader, grant: Sequence[Any], where: str) -> tuple[str, ...]:
    for k in grant:
        if not isinstance(k, str) or k not in KEYWORDS:
            raise r.fail(where, f"unknown keyword {echo(k)}", ", ".join(sorted(KEYWORDS)))
    return tuple(grant)


def _fresh_slug(name: str, taken: Container[str]) -> str:
    """The id the engine gives an unnamed cast card: its slug, numbered if already taken
    (``engine.reference.actions.spell_id``)."""
    base = _slug(name)
    pid, k = base, 1
    while pid in taken:
        k += 1
        pid = f"{base}{k}"
    return pid


def _known(pid: str, ids: dict[str, Card]) -> bool:
    """An id of the board, of a cast card, or of a token derived from one (``hb.thopter1``)."""
    return pid in ids or any(pid.startswith(i + ".") for i in ids)


def _id(r: _Reader, value: Any, ids: dict[str, Card], where: str) -> str:
    if not isinstance(value, str) or not _known(value, ids):
        raise r.fail(where, f"unknown id {echo(value)}", "ids so far: " + ", ".join(sorted(ids)))
    return value


def _action(r: _Reader, raw: Any, i: int, players: Sequence[str], ids: dict[str, Card]) -> Action:
    where = f"action[{i}]"
    if not isinstance(raw, dict):
        raise r.fail(where, "expected a table")
    do = r.get(raw, "do", where, str)
    if do not in _ACTIONS:
        raise r.fail(f"{where}.do", f"unknown action {echo(do)}", ", ".join(sorted(_ACTIONS)))
    required, optional = _ACTIONS[do]
    r.keys(raw, required | optional | {"do"}, where)
    for key in required:
        if key not in raw:
            raise r.fail(where, f"{do} needs key {echo(key)}")
    if do == "cast":
        return Action(do, _cast(r, raw, where, players, ids))
    params = {
        key: read(r, raw[key], f"{where}.{key}", do, players, ids)
        for key, read in _PARAMS.items()
        if key in raw
    }
    if do == "attack":
        params.update(_combat(r, raw, where, ids))
    return Action(do, params)


def _read_id(
    r: _Reader, value: Any, where: str, do: str, players: Sequence[str], ids: dict[str, Card]
) -> Any:
    return _id(r, value, ids, where)


def _read_target(
    r: _Reader, value: Any, where: str, do: str, players: Sequence[str], ids: dict[str, Card]
) -> Any:
    if do == "damage" and (value == "all_creatures" or value in players):
        return str(value)
    return _id(r, value, ids, where)


def _read_count(
    r: _Reader, value: Any, where: str, do: str, players: Sequence[str], ids: dict[str, Card]
) -> Any:
    return r.count(value, where)


def _read_kind(
    r: _Reader, value: Any, where: str, do: str, players: Sequence[str], ids: dict[str, Card]
) -> Any:
    return _counter_kind(r, r.typed(value, str, where), where)


def _read_color(
    r: _Reader, value: Any, where: str, do: str, players: Sequence[str], ids: dict[str, Card]
) -> Any:
    if r.typed(value, str, where) not in MANA_TYPES:
        raise r.fail(where, f"unknown mana type {echo(value)}", "one of W U B R G C")
    return value


def _read_ids(
    r: _Reader, value: Any, where: str, do: str, players: Sequence[str], ids: dict[str, Card]
) -> Any:
    return [_id(r, v, ids, where) for v in r.typed(value, list, where)]


# The parameters of the actions other than cast and attack's combat keys, in the order they
# are read, each with its reader (the key path names it in errors).
_PARAMS: dict[str, Callable[[_Reader, Any, str, str, Sequence[str], dict[str, Card]], Any]] = {
    "permanent": _read_id,
    "tap_creature": _read_id,
    "target": _read_target,
    "amount": _read_count,
    "ability": _read_count,
    "x": _read_count,
    "kind": _read_kind,
    "color": _read_color,
    "replacement_order": _read_ids,
}


def _cast(
    r: _Reader, raw: Mapping[str, Any], where: str, players: Sequence[str], ids: dict[str, Card]
) -> dict[str, Any]:
    """A cast's parameters; the cast card's id (given or its slug) joins ``ids``, with it."""
    card = r.card(r.get(raw, "card", where, str), f"{where}.card")
    if "Aura" in card.subtypes:  # 303.4a: an Aura spell targets what it will enchant
        raise r.fail(
            f"{where}.card",
            f"{card.name} is an Aura: casting one needs a target (303.4a), which a cast does"
            " not name",
            'put it on the battlefield with attached_to = "ID"',
        )
    params: dict[str, Any] = {
        "card": card,
        "by": r.player(raw["by"], players, f"{where}.by"),
        "x": r.count(r.get(raw, "x", where, int, 0), f"{where}.x"),
    }
    pid = r.get(raw, "id", where, str, None)
    if pid is not None:
        params["id"] = pid
    ids[pid or _fresh_slug(card.name, ids)] = card
    if "mode" in raw:
        params["mode"] = _modes(r, raw["mode"], card, f"{where}.mode")
    elif card.modal is not None:
        raise r.fail(where, f"{card.name} is modal: give its mode", _mode_hint(card))
    return params


def _combat(r: _Reader, raw: Mapping[str, Any], where: str, ids: dict[str, Card]) -> dict[str, Any]:
    """An attack's attackers (each once) and blockers (blocker id -> attacker id)."""
    listed = r.get(raw, "attackers", where, list)
    attackers = [_id(r, v, ids, f"{where}.attackers") for v in listed]
    if len(set(attackers)) != len(listed):
        raise r.fail(f"{where}.attackers", "a creature is listed twice")
    blockers = r.get(raw, "blockers", where, dict, {})
    return {
        "attackers": attackers,
        "blockers": {
            _id(r, b, ids, f"{where}.blockers"): _id(r, a, ids, f"{where}.blockers.{b}")
            for b, a in blockers.items()
        },
    }


def _mode_hint(card: Card) -> str:
    ability = card.modal
    return "modes: " + ", ".join(ability.names("modes")) if ability else "this card has no modes"


def _modes(r: _Reader, value: Any, card: Card, where: str) -> list[str]:
    ability = card.modal
    if ability is None:
        raise r.fail(where, f"{card.name} has no modes")
    chosen = [value] if isinstance(value, str) else value
    if (
        not isinstance(chosen, list)
        or not chosen
        or any(m not in ability.names("modes") for m in chosen)
    ):
        raise r.fail(where, f"bad mode {echo(value)}", _mode_hint(card))
    if ability.text("choose") == "one" and len(chosen) != 1:
        raise r.fail(where, f"{card.name} chooses exactly one mode")
    return list(chosen)


def _counter_order(
    r: _Reader, raw: Any, players: Sequence[str], ids: Mapping[str, Card]
) -> dict[str, str | list[str]]:
    """``[choices] counter_order`` (616.1): one policy of COUNTER_POLICIES for every player,
    or a table of each player's, a policy or the ids of the permanents whose replacement
    effects that player applies first, in order. An id names a permanent of the board or a
    cast card's, one with such an effect."""
    where = "choices.counter_order"
    hint = f"{' / '.join(COUNTER_POLICIES)}, or a table of a policy or a list of ids per player"
    if isinstance(raw, str):
        return dict.fromkeys(players, _policy(r, raw, where, hint))
    if not isinstance(raw, dict):
        raise r.fail(where, f"expected a policy or a table, not {echo(raw)}", hint)
    order: dict[str, str | list[str]] = {}
    for player, value in raw.items():
        at = f"{where}.{player}"
        r.player(player, players, at)
        if isinstance(value, str):
            order[player] = _policy(r, value, at, hint)
        elif isinstance(value, list):
            order[player] = [_counter_source(r, pid, ids, at) for pid in value]
        else:
            raise r.fail(at, f"expected a policy or a list of ids, not {echo(value)}", hint)
    return order


def _counter_source(r: _Reader, pid: Any, sources: Mapping[str, Card], where: str) -> str:
    """An id a ``counter_order`` list names: a permanent with a replacement for counters."""
    card = sources.get(pid) if isinstance(pid, str) else None
    if card is None:
        known = ", ".join(sorted(sources))
        raise r.fail(where, f"unknown id {echo(pid)}", f"permanents and casts: {known}")
    if not any(a.template == "counters_modified" for a in card.abilities):
        raise r.fail(
            where,
            f"{pid} is {card.name}: it has no replacement effect for counters",
            "list the ids of permanents such as Hardened Scales or Doubling Season",
        )
    return str(pid)


def _policy(r: _Reader, value: str, where: str, hint: str) -> str:
    if value not in COUNTER_POLICIES:
        raise r.fail(where, f"unknown policy {echo(value)}", hint)
    return value


def _choices(
    r: _Reader, raw: Mapping[str, Any], players: Sequence[str], ids: dict[str, Card]
) -> Choices:
    r.keys(raw, {"trigger_order", "targets", "counter_order"}, "choices")
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
                    f"unknown ability {echo(kind)} in {echo(key)}",
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
    counter_order = _counter_order(r, raw.get("counter_order", {}), players, ids)
    return Choices(trigger_order=trigger_order, targets=targets, counter_order=counter_order)
