"""A trial of a finished batch in the JSON outcome's terms (SPEC section 3), and what both
engines must agree on."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from engine.batch import tables as tb
from engine.batch.naming import Naming, token_stem
from engine.batch.wipe_board import derive
from engine.batch.wipe_state import (
    BATTLEFIELD,
    DRAW,
    EFFECTS,
    EXILE,
    GRAVEYARD,
    HAND,
    HISTORY,
    KIND_NAMES,
    LKI_RING,
    OK,
    R_DAMAGE_CAP,
    R_DRAWS_A_CARD,
    R_EFFECTS,
    R_HISTORY,
    R_LAST_KNOWN,
    R_LIFE_CAP,
    R_MANA_CAP,
    R_NUMBER_CAP,
    R_ORDER_CAP,
    R_PLAYER_LOST,
    R_PT_CAP,
    R_RETURNS,
    R_STACK_DEPTH,
    R_TOKEN_SLOTS,
    R_TOKENS_MADE,
    REJECTIONS,
    RETURNS,
    STACK_DEPTH,
    TOKENS_MADE_CAP,
    WipeState,
)
from engine.mana_types import MANA_TYPES
from engine.reference.characteristics import PT_PAST_CAP
from engine.reference.counters import COUNTERS_PAST_CAP, ORDER_PAST_CAP
from engine.reference.damage import DAMAGE_PAST_CAP, LIFE_PAST_CAP
from engine.reference.sba import LOSS, loss_reason

_STATUS = {OK: "ok", DRAW: "draw"}
LOOP = "a mandatory loop: the game is a draw (104.4b)"  # why a trial ended in a draw
# Where both engines stop, for what Cauldron does not play (a player's loss, 704.5a; a card
# drawn, 121.1), not at a cap of the batch engine's: ``explain --engine batch`` answers such a
# scenario as the reference engine does, exit 0 (SPEC 7: exit 3 only at a named cap)
NOT_PLAYED = (R_PLAYER_LOST, R_DRAWS_A_CARD)


def stopped_trials(state: WipeState) -> list[tuple[int, str, str]]:
    """The trials of a finished batch that did not end ok: (trial, result, why), the result
    and reason as their outcomes give them (a draw's reason: ``LOOP``)."""
    stopped = []
    for i in np.flatnonzero(state.status != OK).tolist():
        if state.status[i] == DRAW:
            stopped.append((i, "draw", LOOP))
        else:
            stopped.append((i, "unsupported", unsupported_reason(state, i)))
    return stopped


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
        "reason": "" if int(state.status[i]) in _STATUS else unsupported_reason(state, i, players),
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


def cap_reached(state: WipeState, i: int) -> str:
    """The declared cap that stopped trial ``i`` (its reason), or "" if none did: it ended, or
    stopped where the reference engine stops too (``NOT_PLAYED``)."""
    if int(state.status[i]) in _STATUS or int(state.reason[i]) in NOT_PLAYED:
        return ""
    return unsupported_reason(state, i)


def unsupported_reason(state: WipeState, i: int, players: Sequence[str] = ()) -> str:
    """Why the batch engine stopped trial ``i``: the cap it reached, by name, or what
    Cauldron does not play; a loss in the reference engine's words when ``players`` names
    the seats (the first in their order at 0 life or less, as the reference finds it)."""
    losers = [(p, int(state.life[i, k])) for k, p in enumerate(players) if state.life[i, k] <= 0]
    if int(state.reason[i]) == R_PLAYER_LOST and losers:
        return loss_reason(*losers[0])
    first = state.n_board + state.n_events
    reasons = {
        R_STACK_DEPTH: f"more than STACK_DEPTH = {STACK_DEPTH} objects on the stack or waiting",
        R_RETURNS: f"more than RETURNS = {RETURNS} returns recorded in one trial",
        R_LAST_KNOWN: f"a trigger read the power of an object older than LKI_RING = {LKI_RING}",
        R_EFFECTS: f"more than EFFECTS = {EFFECTS} Massacre Girl delayed triggers at once",
        R_TOKEN_SLOTS: f"more than {state.card.shape[1] - first} tokens at once (the batch's "
        "token slots)",
        R_TOKENS_MADE: f"more than TOKENS_MADE_CAP = {TOKENS_MADE_CAP} tokens made in one trial",
        R_PLAYER_LOST: f"a player has 0 or less life and {LOSS}; Cauldron does not play on",
        R_HISTORY: f"more than HISTORY = {HISTORY} resolutions in one settle without a "
        "repeated position (104.4b)",
        R_MANA_CAP: "more than MAX_AMOUNT = 2^63 - 1 mana of one type: Cauldron counts mana "
        "in 64 bits and does not play on past that cap",
        R_NUMBER_CAP: COUNTERS_PAST_CAP,
        R_ORDER_CAP: ORDER_PAST_CAP,
        R_LIFE_CAP: LIFE_PAST_CAP,
        R_PT_CAP: PT_PAST_CAP,
        R_DAMAGE_CAP: DAMAGE_PAST_CAP,
        R_DRAWS_A_CARD: "a card is drawn (Zendikar Resurgent, River Kelpie): libraries are not "
        "modeled (121.1)",
    }
    return reasons.get(int(state.reason[i]), "stopped by the batch engine (no reason recorded)")


def _slot_id(state: WipeState, i: int, naming: Naming, slot: int) -> str:
    """The id of a slot's permanent: the scenario's, or a token's as the reference engine
    names it (``engine.reference.zones.create_tokens``)."""
    if slot < state.n_board + state.n_events:
        return naming.slot_ids[slot]
    source = _slot_id(state, i, naming, int(state.token_source[i, slot]))
    return f"{source}.{token_stem(int(state.card[i, slot]))}{int(state.token_serial[i, slot])}"


def _battlefield(state: WipeState, i: int, naming: Naming) -> list[dict[str, Any]]:
    """The permanents of trial ``i`` in board order, as the outcome lists them. A token is
    its id's only object (704.5d: it never comes back), though its slot counts every token it
    has held (``kernel.zones._token_slot``)."""
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
                "object": 1 if state.token[i, slot] else int(state.obj[i, slot]),
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
    """Graveyards, exile and hands by owner, each in the order its cards arrived (404.2):
    the slots' cards and the events' spell cards."""
    if state.arrival.shape[1] != state.card.shape[1]:
        raise ValueError("the batch ran without zone order (run_wipe's zone_order)")
    codes = {GRAVEYARD: "graveyard", EXILE: "exile", HAND: "hand"}
    arrived: list[tuple[int, int, str, str, str]] = []  # (event, place, zone, owner, card)
    for slot in range(state.card.shape[1]):
        z = int(state.zone[i, slot])
        if z in codes and state.card[i, slot] >= 0:  # a token too, where a loss stopped it
            event, place = state.arrival[i, slot].tolist()
            owner, card = players[int(state.owner[i, slot])], int(state.card[i, slot])
            arrived.append((event, place, codes[z], owner, tb.CARDS[card].name))
    for k in range(state.n_events):
        z = int(state.spell_zone[i, k])
        if z in codes:
            event, place = state.spell_arrival[i, k].tolist()
            owner, card = players[int(state.spell_by[i, k])], int(state.spell_card[i, k])
            arrived.append((event, place, codes[z], owner, tb.CARDS[card].name))
    zones: dict[str, dict[str, list[str]]] = {
        z: {p: [] for p in players} for z in ("graveyard", "exile", "hand")
    }
    for _, _, zone, owner, name in sorted(arrived, key=lambda a: a[:2]):
        zones[zone][owner].append(name)
    return zones


def at_a_loss(out: Mapping[str, Any]) -> bool:
    """Whether an outcome (as either engine gives it, or as ``comparable`` makes it) stopped
    at a player's loss (704.5a): where both engines stop, never a cap of either."""
    return bool(out["result"] == "unsupported" and LOSS in out.get("reason", ""))


def stopped_at_cap(batch: Mapping[str, Any]) -> bool:
    """Whether the batch engine's outcome (either form) stopped it short of the reference
    engine's: unsupported, and not at a loss (a cap of its own; also a card drawn, 121.1,
    where both stop and agree, so no caller asks of it)."""
    return bool(batch["result"] == "unsupported" and not at_a_loss(batch))


def comparable(out: Mapping[str, Any]) -> dict[str, Any]:
    """What both engines must agree on: result, returns in order, the final board, the zones
    in order (404.2), life, rejections.
    An unsupported trial claims nothing but that, where each engine stopped may differ; but
    at a player's loss both stop after the state-based actions that find it (704.5a), and the
    board, zones and life are compared, and who lost."""
    lost = at_a_loss(out)
    if out["result"] == "unsupported" and not lost:
        return {"result": "unsupported"}
    return {
        "result": out["result"],
        "reason": out.get("reason", "") if lost else "",
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
            z: {k: list(v) for k, v in out[z].items()} for z in ("graveyard", "exile", "hand")
        },
        "life": dict(out["life"]),
        "rejected": [(r["action"], r["reason"], r["rule"]) for r in out["rejected"]],
    }
