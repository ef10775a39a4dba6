"""Between scenarios and wipe batches: a scenario becomes a batch of one (or OutsideShapes),
a trial of a batch becomes a scenario for the reference engine, and both engines' outcomes
become one comparable summary.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from engine.batch import tables as tb
from engine.batch.shapes import OutsideShapes
from engine.batch.wipe_board import derive
from engine.batch.wipe_state import (
    BATTLEFIELD,
    DRAW,
    EFFECTS,
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
    EXILE,
    GRAVEYARD,
    HAND,
    HISTORY,
    KIND_NAMES,
    LKI_RING,
    OK,
    R_ABILITY,
    R_DRAWS_A_CARD,
    R_EFFECTS,
    R_HISTORY,
    R_LAST_KNOWN,
    R_MANA_CAP,
    R_NUMBER_CAP,
    R_PLAYER_LOST,
    R_RETURNS,
    R_STACK_DEPTH,
    R_TOKEN_SLOTS,
    REJECTIONS,
    STACK_DEPTH,
    WipeInputs,
    WipeState,
)
from engine.library import Card
from engine.mana_types import MANA_TYPES
from engine.scenario import Action, BoardEntry, Choices, Scenario

_TARGETED = {
    "destroy": EV_DESTROY,
    "sacrifice": EV_SACRIFICE,
    "exile": EV_EXILE,
    "bounce": EV_BOUNCE,
    "damage": EV_DAMAGE,
    "counters": EV_COUNTERS,
}
_ACTION_OF = {code: do for do, code in _TARGETED.items()}
_STATUS = {OK: "ok", DRAW: "draw"}


@dataclass(frozen=True)
class Naming:
    """How slots and seats are called in a scenario: ids per slot, names per seat."""

    players: tuple[str, ...]
    slot_ids: tuple[str, ...]  # board slots then one per event ("" when it casts nothing)

    @staticmethod
    def default(players: int, slots: int, events: int) -> Naming:
        """Seats ``P1``..., board slots ``s0``..., one ``c0``... per event (or action): the
        names a drawn trial gets as a scenario."""
        seats = tuple(f"P{k + 1}" for k in range(players))
        ids = tuple([f"s{k}" for k in range(slots)] + [f"c{k}" for k in range(events)])
        return Naming(seats, ids)


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
        elif action.do in _TARGETED:
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
            self.kind[0, k] = _TARGETED[action.do]
            self.target[0, k] = list(ids).index(target)
        elif target in cast_ids:
            self.kind[0, k] = _TARGETED[action.do]
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


def trial_scenario(inputs: WipeInputs, i: int, naming: Naming | None = None) -> Scenario:
    """Trial ``i`` of a batch as a scenario for the reference engine (same board, events and
    choices), with seats ``P1``... and slots ``s0``... unless ``naming`` says otherwise."""
    _, _, s, e = inputs.shape
    naming = naming or Naming.default(int(inputs.n_players[i]), s, e)
    players, ids = naming.players, list(naming.slot_ids)
    board = [
        _board_entry(inputs, i, k, players, ids) for k in range(s) if int(inputs.card[i, k]) >= 0
    ]
    actions = [
        _event_action(inputs, i, k, players, ids)
        for k in range(e)
        if int(inputs.ev_kind[i, k]) != 0
    ]
    rank = {
        ids[k]: int(inputs.rank[i, k])
        for k in range(s + e)
        if int(inputs.rank[i, k]) >= 0 and (k >= s or int(inputs.card[i, k]) >= 0)
    }
    targets = {
        ids[k]: players[int(inputs.ping_target[i, k])]
        for k in range(s + e)
        if int(inputs.ping_target[i, k]) >= 0
    }
    return Scenario(
        players=tuple(players),
        active=players[int(inputs.active[i])],
        life={p: int(inputs.life[i, k]) for k, p in enumerate(players)},
        battlefield=tuple(board),
        actions=tuple(actions),
        choices=Choices(targets=targets, trigger_rank=rank),
    )


def _board_entry(
    inputs: WipeInputs, i: int, k: int, players: Sequence[str], ids: Sequence[str]
) -> BoardEntry:
    """Board slot ``k`` of trial ``i`` as a scenario's battlefield entry."""
    counters = {"+1/+1": int(inputs.plus[i, k]), "-1/-1": int(inputs.minus[i, k])}
    since = inputs.since_turn_start
    return BoardEntry(
        id=ids[k],
        card=tb.CARDS[int(inputs.card[i, k])],
        controller=players[int(inputs.controller[i, k])],
        owner=players[int(inputs.owner[i, k])],
        counters={kind: n for kind, n in counters.items() if n},
        token=bool(inputs.token[i, k]),
        tapped=bool(inputs.tapped[i, k]),
        damage=int(inputs.damage[i, k]),
        grant=("persist",) * int(inputs.granted_persist[i, k])
        + ("undying",) * int(inputs.granted_undying[i, k])
        + _granted(inputs, i, k),
        not_creature=bool(inputs.not_creature[i, k]),
        since_turn_start=since is None or bool(since[i, k]),
    )


def _event_action(
    inputs: WipeInputs, i: int, k: int, players: Sequence[str], ids: Sequence[str]
) -> Action:
    """Event ``k`` of trial ``i`` as a scenario action."""
    kind = int(inputs.ev_kind[i, k])
    amount = int(inputs.ev_amount[i, k])
    if kind == EV_CAST:
        params: dict[str, Any] = {
            "card": tb.CARDS[int(inputs.ev_card[i, k])],
            "by": players[int(inputs.ev_by[i, k])],
            "x": int(inputs.ev_x[i, k]),
            "id": ids[inputs.shape[2] + k],  # the cast slot of event k
        }
        modes = [m for m, bit in tb.MODE_BITS.items() if int(inputs.ev_mode[i, k]) & bit]
        if modes:
            params["mode"] = modes
        return Action("cast", params)
    if kind == EV_DAMAGE_PLAYER:
        return Action("damage", {"target": players[int(inputs.ev_target[i, k])], "amount": amount})
    if kind == EV_DAMAGE_ALL:
        return Action("damage", {"target": "all_creatures", "amount": amount})
    if kind == EV_PASS_TURN:
        return Action("pass_turn")
    if kind == EV_ATTACK:
        return Action("attack", _attack_params(inputs, i, k, ids))
    params = {"target": ids[int(inputs.ev_target[i, k])]}
    if kind == EV_DAMAGE:
        params["amount"] = amount
    if kind == EV_COUNTERS:
        params["kind"] = "+1/+1" if int(inputs.ev_counter[i, k]) == 0 else "-1/-1"
        params["amount"] = amount
    return Action(_ACTION_OF[kind], params)


def _granted(inputs: WipeInputs, i: int, k: int) -> tuple[str, ...]:
    bits = 0 if inputs.granted is None else int(inputs.granted[i, k])
    return tuple(name for name, bit in tb.KEYWORD_BITS.items() if bits & bit)


def _attack_params(inputs: WipeInputs, i: int, k: int, ids: Sequence[str]) -> dict[str, Any]:
    """An attack event as the scenario's ``attackers`` list and ``blockers`` table."""
    assert inputs.ev_attack is not None and inputs.ev_block is not None
    assert inputs.ev_block_order is not None
    place = inputs.ev_attack[i, k]
    attackers = [ids[int(s)] for s in np.argsort(place, kind="stable") if place[s] >= 0]
    order = inputs.ev_block_order[i, k]
    blockers = {
        ids[int(s)]: ids[int(inputs.ev_block[i, k, s])]
        for s in np.argsort(order, kind="stable")
        if inputs.ev_block[i, k, s] >= 0
    }
    return {"attackers": attackers, "blockers": blockers}


def batch_outcome(state: WipeState, i: int, naming: Naming) -> dict[str, Any]:
    """Trial ``i`` of a finished batch in the JSON outcome's terms. Actions are numbered as
    the scenario numbers them (an event of kind EV_NONE is none)."""
    players = naming.players
    zones = _zones(state, i, players)
    returned = [
        {
            "id": _slot_id(state, i, naming, int(state.returned_slot[i, r])),
            "card": tb.CARDS[int(state.card[i, state.returned_slot[i, r]])].name,
            "controller": players[int(state.owner[i, state.returned_slot[i, r]])],
            "by": KIND_NAMES[int(state.returned_by[i, r])],
        }
        for r in range(int(state.n_returned[i]))
    ]
    taken = np.cumsum(state.acted[i]) - 1
    return {
        "result": _STATUS.get(int(state.status[i]), "unsupported"),
        "reason": unsupported_reason(state, i) if int(state.status[i]) not in _STATUS else "",
        "returned": returned,
        "battlefield": _battlefield(state, i, naming),
        "graveyard": zones["graveyard"],
        "exile": zones["exile"],
        "hand": zones["hand"],
        "life": {p: int(state.life[i, k]) for k, p in enumerate(players)},
        "mana_pool": {
            p: {t: int(state.pools[i, k, j]) for j, t in enumerate(MANA_TYPES)}
            for k, p in enumerate(players)
        },
        "could_produce": _could(state, i, naming),
        "rejected": [
            {"action": int(taken[k]), "reason": REJECTIONS[code][0], "rule": REJECTIONS[code][1]}
            for k in range(state.n_events)
            if (code := int(state.rejected[i, k]))
        ],
    }


def _could(state: WipeState, i: int, naming: Naming) -> dict[str, list[str]]:
    """What each permanent with a mana ability could produce (106.7), by id, WUBRGC."""
    return {
        _slot_id(state, i, naming, slot): [
            t for j, t in enumerate(MANA_TYPES) if int(state.could_produce[i, slot]) >> j & 1
        ]
        for slot in range(state.card.shape[1])
        if state.has_mana[i, slot] and state.zone[i, slot] == BATTLEFIELD
    }


def unsupported_reason(state: WipeState, i: int) -> str:
    """Why the batch engine stopped trial ``i``: the cap it reached, by name, or what
    Cauldron does not play."""
    first = state.n_board + state.n_events
    reasons = {
        R_STACK_DEPTH: f"more than STACK_DEPTH = {STACK_DEPTH} objects on the stack or waiting",
        R_RETURNS: f"more than {state.returned_slot.shape[1]} returns (the batch's return slots)",
        R_LAST_KNOWN: f"a trigger read the power of an object older than LKI_RING = {LKI_RING}",
        R_EFFECTS: f"more than EFFECTS = {EFFECTS} Massacre Girl delayed triggers at once",
        R_TOKEN_SLOTS: f"more than {state.card.shape[1] - first} tokens (the batch's token slots)",
        R_PLAYER_LOST: "a player has 0 or less life and loses the game (704.5a); "
        "Cauldron does not play on",
        R_HISTORY: f"more than HISTORY = {HISTORY} resolutions in one settle without a "
        "repeated position (104.4b)",
        R_MANA_CAP: "more than MAX_AMOUNT = 2^63 - 1 mana of one type: Cauldron counts mana "
        "in 64 bits and does not play on past that cap",
        R_NUMBER_CAP: "more than MAX_AMOUNT = 2^63 - 1 counters of one kind (64 bits)",
        R_DRAWS_A_CARD: "a card is drawn (Zendikar Resurgent): libraries are not modeled (121.1)",
        R_ABILITY: "an activated ability the batch engine does not play (the reference "
        "engine explains it step by step)",
    }
    return reasons.get(int(state.reason[i]), "stopped by the batch engine (no reason recorded)")


def _slot_id(state: WipeState, i: int, naming: Naming, slot: int) -> str:
    """The id of a slot's permanent: the scenario's, or a token's as the reference engine
    names it (``engine.reference.zones.create_tokens``)."""
    if slot < state.n_board + state.n_events:
        return naming.slot_ids[slot]
    source = _slot_id(state, i, naming, int(state.token_source[i, slot]))
    name = tb.CARDS[int(state.card[i, slot])].name.lower().replace(" ", "_")
    return f"{source}.{name}{int(state.token_serial[i, slot])}"


def _battlefield(state: WipeState, i: int, naming: Naming) -> list[dict[str, Any]]:
    """The permanents of trial ``i`` in board order, as the outcome lists them."""
    board = derive(state)
    players = naming.players
    order = np.argsort(np.where(state.card[i] >= 0, state.order[i], 1 << 30), kind="stable")
    battlefield = []
    for slot in order:
        if state.zone[i, slot] != BATTLEFIELD:
            continue
        creature = bool(board.creature[i, slot])
        counters = {"+1/+1": int(state.plus[i, slot]), "-1/-1": int(state.minus[i, slot])}
        for j in range(state.counters.shape[2]):
            counters[tb.COUNTER_KINDS[2 + j]] = int(state.counters[i, slot, j])
        battlefield.append(
            {
                "id": _slot_id(state, i, naming, int(slot)),
                "card": tb.CARDS[int(state.card[i, slot])].name,
                "controller": players[int(state.controller[i, slot])],
                "owner": players[int(state.owner[i, slot])],
                "object": int(state.obj[i, slot]),
                "power": int(board.power[i, slot]) if creature else None,
                "toughness": int(board.toughness[i, slot]) if creature else None,
                "counters": {k: v for k, v in sorted(counters.items()) if v},
                "damage": int(state.damage[i, slot]),
                "tapped": bool(state.tapped[i, slot]),
                "token": bool(state.token[i, slot]),
            }
        )
    return battlefield


def _zones(state: WipeState, i: int, players: Sequence[str]) -> dict[str, dict[str, list[str]]]:
    """Graveyards, exile and hands by owner: the slots' cards, then the events' spell cards."""
    zones: dict[str, dict[str, list[str]]] = {
        z: {p: [] for p in players} for z in ("graveyard", "exile", "hand")
    }
    codes = {GRAVEYARD: "graveyard", EXILE: "exile", HAND: "hand"}
    for slot in range(state.card.shape[1]):
        z = int(state.zone[i, slot])
        if z in codes and not state.token[i, slot] and state.card[i, slot] >= 0:
            zones[codes[z]][players[int(state.owner[i, slot])]].append(
                tb.CARDS[int(state.card[i, slot])].name
            )
    for k in range(state.n_events):
        z = int(state.spell_zone[i, k])
        if z in codes:
            name = tb.CARDS[int(state.spell_card[i, k])].name
            zones[codes[z]][players[int(state.spell_by[i, k])]].append(name)
    return zones


def comparable(out: Mapping[str, Any]) -> dict[str, Any]:
    """What both engines must agree on: result, returns in order, the final board, the zones
    (as multisets: the batch engine does not track order inside a zone), life, rejections.
    An unsupported trial claims nothing but that: where each engine stopped may differ."""
    if out["result"] == "unsupported":
        return {"result": "unsupported"}
    return {
        "result": out["result"],
        "returned": [(r["id"], r["by"], r["controller"]) for r in out["returned"]],
        "battlefield": sorted(
            (
                p["id"],
                p["card"],
                p["controller"],
                p["owner"],
                p["object"],
                p["power"],
                p["toughness"],
                tuple(sorted(p["counters"].items())),
                p["damage"],
                p["tapped"],
                p["token"],
            )
            for p in out["battlefield"]
        ),
        "zones": {
            z: {k: sorted(v) for k, v in out[z].items()} for z in ("graveyard", "exile", "hand")
        },
        "life": dict(out["life"]),
        "rejected": [(r["action"], r["reason"], r["rule"]) for r in out["rejected"]],
    }
