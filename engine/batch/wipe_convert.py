"""A scenario as a batch of one trial of the one engine (or OutsideShapes saying why not)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from engine.batch import tables as tb
from engine.batch.naming import Naming
from engine.batch.shapes import OutsideShapes
from engine.batch.wipe_state import (
    EV_ATTACK,
    EV_BOUNCE,
    EV_CAST,
    EV_COUNTERS,
    EV_DAMAGE,
    EV_DAMAGE_ALL,
    EV_DAMAGE_PLAYER,
    EV_DESTROY,
    EV_EXILE,
    EV_PASS_TURN,
    EV_SACRIFICE,
    WipeInputs,
)
from engine.library import Card
from engine.scenario import Action, Scenario

TARGETED = {
    "destroy": EV_DESTROY,
    "sacrifice": EV_SACRIFICE,
    "exile": EV_EXILE,
    "bounce": EV_BOUNCE,
    "damage": EV_DAMAGE,
    "counters": EV_COUNTERS,
}


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def _cast_id(card: Card, wanted: str | None, taken: set[str]) -> str:
    """The id the reference engine gives a cast card (``engine.reference.actions.spell_id``)."""
    if wanted:
        return wanted
    base = _slug(card.name)
    name, k = base, 1
    while name in taken:
        k += 1
        name = f"{base}{k}"
    return name


def _check_card(card: Card, where: str, cast: bool) -> int:
    i = tb.INDEX[card.name.lower()]
    if not (tb.CAST_OK[i] if cast else tb.BOARD_OK[i]):
        raise OutsideShapes(f"{where}: {card.name} is not modeled by the batch wipe shape")
    return i


def wipe_inputs_from_scenario(scn: Scenario) -> tuple[WipeInputs, Naming]:
    """A scenario as a batch of one trial of shape 1, or OutsideShapes saying why not."""
    players = list(scn.players)
    seat = {p: i for i, p in enumerate(players)}
    s, e = len(scn.battlefield), len(scn.actions)
    board = _board(scn, seat)
    ids = [entry.id for entry in scn.battlefield]
    events = _Events.empty(s, e)
    taken = set(ids)
    cast_ids: list[str] = []
    for k, action in enumerate(scn.actions):
        where = f"action {k} ({action.do})"
        cast_ids.append("")
        if action.do == "cast":
            events.cast(k, action, seat, where)
            cast_ids[-1] = _cast_id(action.get("card"), action.get("id"), taken)
            taken.add(cast_ids[-1])
        elif action.do in TARGETED:
            events.targeted(k, action, seat, ids, cast_ids, where)
        elif action.do == "pass_turn":
            events.kind[0, k] = EV_PASS_TURN
        elif action.do == "attack":
            events.attack(k, action, scn, ids, where)
        else:
            raise OutsideShapes(f"{where}: {action.do} is not a wipe-shape action")
    slot_ids = tuple(ids + cast_ids)
    rank = np.full((1, s + e), -1, dtype=np.int32)
    ping = np.full((1, s + e), -1, dtype=np.int8)
    _choices(scn, slot_ids, seat, rank, ping)
    inputs = WipeInputs(
        n_players=np.array([len(players)], dtype=np.int8),
        active=np.array([seat[scn.active]], dtype=np.int8),
        life=np.array([[scn.life.get(p, 20) for p in players]], dtype=np.int16),
        **board,
        rank=rank,
        ping_target=ping,
        **events.arrays(),
    )
    return inputs, Naming(tuple(players), slot_ids)


def _board(scn: Scenario, seat: Mapping[str, int]) -> dict[str, np.ndarray]:
    """The board arrays of a batch of one, (1, S) each."""
    s = len(scn.battlefield)

    def one(fill: int | bool, dtype: type) -> np.ndarray:
        return np.full((1, s), fill, dtype=dtype)

    out = {
        "card": one(-1, np.int16),
        "controller": one(0, np.int8),
        "owner": one(0, np.int8),
        "token": one(False, np.bool_),
        "tapped": one(False, np.bool_),
        "not_creature": one(False, np.bool_),
        "plus": one(0, np.int16),
        "minus": one(0, np.int16),
        "damage": one(0, np.int16),
        "granted_persist": one(0, np.int8),
        "granted_undying": one(0, np.int8),
        "granted": one(0, np.uint8),
        "since_turn_start": one(True, np.bool_),
    }
    for i, entry in enumerate(scn.battlefield):
        where = f"battlefield {entry.id}"
        out["card"][0, i] = _check_card(entry.card, where, cast=False)
        if entry.attached_to is not None:
            raise OutsideShapes(f"{where}: attachments are outside the wipe shape")
        if set(entry.counters) - {"+1/+1", "-1/-1"}:
            raise OutsideShapes(f"{where}: only +1/+1 and -1/-1 counters are in the wipe shape")
        out["controller"][0, i], out["owner"][0, i] = seat[entry.controller], seat[entry.owner]
        out["token"][0, i], out["tapped"][0, i] = entry.token, entry.tapped
        out["not_creature"][0, i] = entry.not_creature
        out["plus"][0, i] = entry.counters.get("+1/+1", 0)
        out["minus"][0, i] = entry.counters.get("-1/-1", 0)
        out["damage"][0, i] = entry.damage
        out["granted_persist"][0, i] = entry.grant.count("persist")
        out["granted_undying"][0, i] = entry.grant.count("undying")
        out["granted"][0, i] = sum(tb.KEYWORD_BITS.get(k, 0) for k in set(entry.grant))
        out["since_turn_start"][0, i] = entry.since_turn_start
    return out


@dataclass
class _Events:
    """The event arrays of a batch of one, filled action by action."""

    kind: np.ndarray  # (1, E) each
    card: np.ndarray
    by: np.ndarray
    x: np.ndarray
    target: np.ndarray
    amount: np.ndarray
    counter: np.ndarray
    mode: np.ndarray
    attack_place: np.ndarray  # (1, E, S) each
    block: np.ndarray
    block_order: np.ndarray

    @staticmethod
    def empty(s: int, e: int) -> _Events:
        def one(fill: int, dtype: type) -> np.ndarray:
            return np.full((1, e), fill, dtype=dtype)

        def per_slot() -> np.ndarray:
            return np.full((1, e, s), -1, dtype=np.int16)

        return _Events(
            one(0, np.int8), one(-1, np.int16), one(0, np.int8), one(0, np.int16),
            one(0, np.int16), one(0, np.int16), one(0, np.int8), one(0, np.int8),
            per_slot(), per_slot(), per_slot(),
        )  # fmt: skip

    def arrays(self) -> dict[str, np.ndarray]:
        """The WipeInputs fields."""
        return {
            "ev_kind": self.kind,
            "ev_card": self.card,
            "ev_by": self.by,
            "ev_x": self.x,
            "ev_target": self.target,
            "ev_amount": self.amount,
            "ev_counter": self.counter,
            "ev_mode": self.mode,
            "ev_attack": self.attack_place,
            "ev_block": self.block,
            "ev_block_order": self.block_order,
        }

    def cast(self, k: int, action: Action, seat: Mapping[str, int], where: str) -> None:
        """A cast (CR 601.2)."""
        self.kind[0, k] = EV_CAST
        self.card[0, k] = _check_card(action.get("card"), where, cast=True)
        self.by[0, k] = seat[action.get("by")]
        self.x[0, k] = action.get("x", 0)
        for m in action.get("mode", []) or []:
            self.mode[0, k] |= tb.MODE_BITS[m]

    def targeted(
        self,
        k: int,
        action: Action,
        seat: Mapping[str, int],
        ids: Sequence[str],
        cast_ids: Sequence[str],
        where: str,
    ) -> None:
        """An action on one permanent, or damage to a player or to every creature."""
        target = action.get("target")
        if action.do == "damage" and target == "all_creatures":
            self.kind[0, k] = EV_DAMAGE_ALL
        elif action.do == "damage" and target in seat:
            self.kind[0, k] = EV_DAMAGE_PLAYER
            self.target[0, k] = seat[target]
        elif target in ids:
            self.kind[0, k] = TARGETED[action.do]
            self.target[0, k] = list(ids).index(target)
        elif target in cast_ids:
            self.kind[0, k] = TARGETED[action.do]
            self.target[0, k] = len(ids) + list(cast_ids).index(target)
        else:
            raise OutsideShapes(f"{where}: target {target!r} is not a board or cast slot")
        self.amount[0, k] = action.get("amount", 0)
        kind = action.get("kind")
        if action.do == "counters":
            if kind not in ("+1/+1", "-1/-1"):
                raise OutsideShapes(f"{where}: {kind} counters are outside the wipe shape")
            self.counter[0, k] = tb.KIND_CODE[kind]

    def attack(self, k: int, action: Action, scn: Scenario, ids: Sequence[str], where: str) -> None:
        """An attack among board permanents (W8)."""
        self.kind[0, k] = EV_ATTACK
        board_slot = {pid: slot for slot, pid in enumerate(ids)}
        for place, pid in enumerate(action.get("attackers", [])):
            if pid not in board_slot:
                raise OutsideShapes(f"{where}: attacker {pid!r} is not a board permanent")
            self.attack_place[0, k, board_slot[pid]] = place
        for place, (blocker, attacker) in enumerate(action.get("blockers", {}).items()):
            if blocker not in board_slot or attacker not in board_slot:
                raise OutsideShapes(f"{where}: blocks between board permanents only")
            self.block[0, k, board_slot[blocker]] = board_slot[attacker]
            self.block_order[0, k, board_slot[blocker]] = place


def _choices(
    scn: Scenario,
    slot_ids: Sequence[str],
    seat: Mapping[str, int],
    rank: np.ndarray,
    ping: np.ndarray,
) -> None:
    """Explicit trigger orders become ranks; Redcap-style targets must be players."""
    index = {pid: i for i, pid in enumerate(slot_ids) if pid}
    controllers = {board.id: board.controller for board in scn.battlefield}
    for player, keys in scn.choices.trigger_order.items():
        for i, key in enumerate(keys):
            if ":" in key or key not in index or controllers.get(key, player) != player:
                raise OutsideShapes(f"trigger order {key!r} of {player} is outside the wipe shape")
            rank[0, index[key]] = i
    for pid, rk in scn.choices.trigger_rank.items():
        rank[0, index[pid]] = rk
    for source, target in scn.choices.targets.items():
        if source not in index or not isinstance(target, str) or target not in seat:
            raise OutsideShapes(f"targets of {source!r}: only a player target is in the wipe shape")
        ping[0, index[source]] = seat[target]
