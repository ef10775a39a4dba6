"""Between scenarios and mana batches: a scenario becomes a batch of one (or OutsideShapes),
a trial of a batch becomes a scenario for the reference engine, and both engines' outcomes
become one comparable summary.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

import numpy as np

from engine.batch import mana_tables as mt
from engine.batch.mana import as_trial_inputs
from engine.batch.mana_state import (
    ACT_ACTIVATE,
    ACT_CAST,
    ACT_NONE,
    ACT_PASS,
    ACT_TAP,
    MAX_ACTIONS,
    MAX_SLOTS,
    ORDER_LEN,
    ManaInputs,
)
from engine.batch.naming import Naming
from engine.batch.outcome import batch_outcome, comparable
from engine.batch.shapes import OutsideShapes
from engine.batch.trial_scenario import trial_scenario
from engine.batch.wipe_state import WipeState
from engine.library import Card
from engine.mana_types import MANA_TYPES
from engine.scenario import Action, Scenario

__all__ = [
    "Naming",
    "mana_batch_outcome",
    "mana_comparable",
    "mana_inputs_from_scenario",
    "mana_trial_scenario",
]


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


_LARGEST = 10_000  # X, damage, counters and life beyond this are outside the shape (int16)


def _small(value: int, where: str) -> int:
    if abs(value) > _LARGEST:
        raise OutsideShapes(f"{where}: {value} is beyond the mana shape's {_LARGEST}")
    return value


def _card_index(card: Card, where: str, cast: bool) -> int:
    i = mt.INDEX[card.name.lower()]
    if not (mt.CAST_OK[i] if cast else mt.BOARD_OK[i]):
        what = "casting" if cast else "on the battlefield"
        raise OutsideShapes(f"{where}: {card.name} {what} is not modeled by the batch mana shape")
    return i


def _cast_ids(scn: Scenario, board_ids: list[str]) -> list[str]:
    """The id each cast gets (``engine.reference.actions.spell_id``), "" for other actions."""
    taken = set(board_ids)
    ids = []
    for k, action in enumerate(scn.actions):
        if action.do != "cast":
            ids.append("")
            continue
        card: Card = action.get("card")
        wanted = action.get("id")
        pid = wanted or _slug(card.name)
        n = 1
        while not wanted and pid in taken:
            n += 1
            pid = f"{_slug(card.name)}{n}"
        if pid in taken:
            raise OutsideShapes(f"action {k} (cast): id {pid!r} is already used")
        taken.add(pid)
        ids.append(pid)
    return ids


def _board(scn: Scenario, seat: Mapping[str, int], ids: list[str]) -> dict[str, np.ndarray]:
    """The board arrays of a batch of one."""
    s = len(scn.battlefield)

    def one(fill: int | bool, dtype: type) -> np.ndarray:
        return np.full((1, s), fill, dtype=dtype)

    out = {
        "card": one(-1, np.int16),
        "controller": one(0, np.int8),
        "owner": one(0, np.int8),
        "token": one(False, np.bool_),
        "tapped": one(False, np.bool_),
        "since_turn_start": one(True, np.bool_),
        "granted_haste": one(False, np.bool_),
        "not_creature": one(False, np.bool_),
        "attached_to": one(-1, np.int8),
        "damage": one(0, np.int16),
        "counters": np.zeros((1, s, mt.K), dtype=np.int16),
    }
    for k, entry in enumerate(scn.battlefield):
        where = f"battlefield {entry.id}"
        i = _card_index(entry.card, where, cast=False)
        unknown = set(entry.counters) - set(mt.COUNTER_KINDS)
        if any(entry.counters[kind] for kind in unknown):
            raise OutsideShapes(
                f"{where}: {sorted(unknown)[0]} counters are outside the mana shape"
            )
        extra = set(entry.grant) - mt.INERT_KEYWORDS - {"haste"}
        if extra:
            raise OutsideShapes(f"{where}: granted {sorted(extra)[0]} is outside the mana shape")
        if mt.DIES_TOKENS_KIND[i] >= 0 and (entry.damage or entry.attached_to):
            raise OutsideShapes(f"{where}: {entry.card.name} could die and make tokens")
        out["card"][0, k] = i
        out["controller"][0, k], out["owner"][0, k] = seat[entry.controller], seat[entry.owner]
        out["token"][0, k], out["tapped"][0, k] = entry.token, entry.tapped
        out["since_turn_start"][0, k] = entry.since_turn_start
        out["granted_haste"][0, k] = "haste" in entry.grant
        out["not_creature"][0, k] = entry.not_creature
        if entry.attached_to is not None:
            if entry.attached_to not in ids:
                raise OutsideShapes(f"{where}: attached to {entry.attached_to!r}, not on the board")
            out["attached_to"][0, k] = ids.index(entry.attached_to)
        out["damage"][0, k] = _small(entry.damage, where)
        for kind, n in entry.counters.items():
            if kind in mt.KIND_CODE:
                out["counters"][0, k, mt.KIND_CODE[kind]] = _small(n, where)
    return out


def mana_inputs_from_scenario(scn: Scenario) -> tuple[ManaInputs, Naming]:
    """A scenario as a batch of one trial of shape 2, or OutsideShapes saying why not."""
    players = list(scn.players)
    seat = {p: i for i, p in enumerate(players)}
    s, a = len(scn.battlefield), len(scn.actions)
    casts = sum(x.do == "cast" and x.get("card").is_permanent_card for x in scn.actions)
    if a > MAX_ACTIONS or s + casts > MAX_SLOTS:
        raise OutsideShapes(f"more than {MAX_ACTIONS} actions or {MAX_SLOTS} permanents")
    if scn.choices.targets:
        raise OutsideShapes("choices.targets: chosen targets are outside the mana shape")
    board_ids = [e.id for e in scn.battlefield]
    cast_ids = _cast_ids(scn, board_ids)
    code = {pid: k for k, pid in enumerate(board_ids + cast_ids) if pid}
    board = _board(scn, seat, board_ids)
    actions = _Actions.empty(a)
    for k, action in enumerate(scn.actions):
        where = f"action {k} ({action.do})"
        if action.do == "tap_for_mana":
            actions.tap(k, action, code, where)
        elif action.do == "activate":
            actions.activate(k, action, code, board["card"], where)
        elif action.do == "cast":
            actions.kind[0, k], actions.by[0, k] = ACT_CAST, seat[action.get("by")]
            actions.card[0, k] = _card_index(action.get("card"), where, cast=True)
            actions.x[0, k] = _small(action.get("x", 0), where)
        elif action.do == "pass_turn":
            actions.kind[0, k] = ACT_PASS
        else:
            raise OutsideShapes(f"{where}: {action.do} is not a mana-shape action")
    inputs = ManaInputs(
        n_players=np.array([len(players)], dtype=np.int8),
        active=np.array([seat[scn.active]], dtype=np.int8),
        life=np.array([[_small(scn.life.get(p, 20), "life") for p in players]], dtype=np.int16),
        **board,
        **{f"act_{f.name}": getattr(actions, f.name) for f in fields(actions)},
    )
    return inputs, Naming(tuple(players), tuple(board_ids + cast_ids))


def _id_code(code: Mapping[str, int], pid: Any, where: str) -> int:
    if pid not in code:
        raise OutsideShapes(f"{where}: {pid!r} names no permanent the mana shape tracks")
    return code[pid]


@dataclass
class _Actions:
    """The action arrays of a batch of one (ManaInputs' ``act_*``), filled action by action."""

    kind: np.ndarray  # (1, A) each
    slot: np.ndarray
    card: np.ndarray
    by: np.ndarray
    x: np.ndarray
    color: np.ndarray
    tap_creature: np.ndarray
    order: np.ndarray  # (1, A, ORDER_LEN)

    @staticmethod
    def empty(a: int) -> _Actions:
        def acts(fill: int, dtype: type) -> np.ndarray:
            return np.full((1, a), fill, dtype=dtype)

        return _Actions(
            acts(ACT_NONE, np.int8), acts(-1, np.int8), acts(-1, np.int16), acts(0, np.int8),
            acts(0, np.int16), acts(-1, np.int8), acts(-1, np.int8),
            np.full((1, a, ORDER_LEN), -1, dtype=np.int8),
        )  # fmt: skip

    def tap(self, k: int, action: Action, code: Mapping[str, int], where: str) -> None:
        """Tap for mana (CR 605.3b): the color named, the creature tapped for a cost, and the
        replacement order (616.1)."""
        self.kind[0, k], self.slot[0, k] = ACT_TAP, _id_code(code, action.get("permanent"), where)
        if action.get("color") is not None:
            self.color[0, k] = MANA_TYPES.index(action.get("color"))
        if action.get("tap_creature") is not None:
            self.tap_creature[0, k] = _id_code(code, action.get("tap_creature"), where)
        listed = list(dict.fromkeys(p for p in action.get("replacement_order", []) if p in code))
        if len(listed) > ORDER_LEN:
            raise OutsideShapes(f"{where}: more than {ORDER_LEN} ids in replacement_order")
        self.order[0, k, : len(listed)] = [code[p] for p in listed]

    def activate(
        self, k: int, action: Action, code: Mapping[str, int], cards: np.ndarray, where: str
    ) -> None:
        """Activate a board permanent's Deep Water-style ability (602.2): the shape's only
        activation (``mana._abilities``), of a permanent that has one or has none."""
        self.kind[0, k] = ACT_ACTIVATE
        self.slot[0, k] = _id_code(code, action.get("permanent"), where)
        c = int(cards[0, self.slot[0, k]]) if self.slot[0, k] < cards.shape[1] else -1
        ability = action.get("ability", 0)
        has = c >= 0 and (mt.EFFECT_ABILITY[c] == ability or mt.N_ACTIVATED[c] == ability == 0)
        if not has:
            raise OutsideShapes(f"{where}: only Deep Water-style abilities are in the shape")


def mana_trial_scenario(inputs: ManaInputs, i: int, naming: Naming | None = None) -> Scenario:
    """Trial ``i`` of a mana batch as a scenario for the reference engine: the one engine's
    ``trial_scenario`` of the same trials (seats ``P1``..., ids ``s0``..., casts ``c0``...,
    unless ``naming`` says otherwise; an action of kind ACT_NONE is left out)."""
    return trial_scenario(as_trial_inputs(inputs), i, naming)


def mana_batch_outcome(state: WipeState, i: int, naming: Naming) -> dict[str, Any]:
    """Trial ``i`` of a finished mana batch in the JSON outcome's terms (SPEC section 3): the
    one engine's outcome, pools and "could produce" included."""
    return batch_outcome(state, i, naming)


def mana_comparable(out: Mapping[str, Any]) -> dict[str, Any]:
    """What both engines must agree on: result, the final board (tapped and counters
    included), the pools, what each permanent could produce, the rejections with reason and
    rule, the zones in order and life. An unsupported trial claims nothing but that."""
    same = comparable(out)
    if same["result"] != "unsupported":
        same["mana_pool"] = {p: dict(pool) for p, pool in out["mana_pool"].items()}
        same["could_produce"] = {k: list(view) for k, view in out["could_produce"].items()}
    return same
