"""A trial of a batch as a scenario for the reference engine: the same board, events and
choices (the differential tests and replays run it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from engine.batch import tables as tb
from engine.batch.naming import Naming, token_stem
from engine.batch.wipe_convert import TARGETED
from engine.batch.wipe_state import (
    EV_ACTIVATE,
    EV_ATTACK,
    EV_CAST,
    EV_COUNTERS,
    EV_DAMAGE,
    EV_DAMAGE_ALL,
    EV_DAMAGE_PLAYER,
    EV_PASS_TURN,
    EV_TAP_MANA,
    WipeInputs,
)
from engine.mana_types import MANA_TYPES
from engine.scenario import COUNTER_POLICIES, Action, BoardEntry, Choices, Scenario

_ACTION_OF = {code: do for do, code in TARGETED.items()}


def trial_scenario(inputs: WipeInputs, i: int, naming: Naming | None = None) -> Scenario:
    """Trial ``i`` of a batch as a scenario for the reference engine (same board, events and
    choices), with seats ``P1``... and slots ``s0``... unless ``naming`` says otherwise."""
    _, _, s, e = inputs.shape
    if inputs.kind_rank is not None and (inputs.kind_rank[i, :, 0] >= 0).any():
        raise ValueError('trial_scenario: "id:ability" trigger orders come from a scenario')
    if inputs.target_names is not None and (inputs.target_names[i, :, 0] >= 0).any():
        raise ValueError('trial_scenario: "any target" choices in order come from a scenario')
    if inputs.token_choices is not None and (inputs.token_choices[i, :, 0] >= 0).any():
        raise ValueError("trial_scenario: targets given for a token come from a scenario")
    if inputs.counter_rank is not None and (inputs.counter_rank[i, :, 0] >= 0).any():
        raise ValueError("trial_scenario: counter orders by id come from a scenario")
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
    return Scenario(
        players=tuple(players),
        active=players[int(inputs.active[i])],
        life={p: int(inputs.life[i, k]) for k, p in enumerate(players)},
        battlefield=tuple(board),
        actions=tuple(actions),
        choices=Choices(
            targets=_targets(inputs, i, players, ids),
            trigger_rank=rank,
            counter_order=_counter_order(inputs, i, players),
        ),
    )


def _counter_order(inputs: WipeInputs, i: int, players: Sequence[str]) -> dict[str, str]:
    """Each player's counter policy (616.1), the listed one left out."""
    policy = inputs.counter_policy
    if policy is None:
        return {}
    chosen = {p: COUNTER_POLICIES[int(policy[i, k])] for k, p in enumerate(players)}
    return {p: choice for p, choice in chosen.items() if choice != "listed"}


def _targets(
    inputs: WipeInputs, i: int, players: Sequence[str], ids: Sequence[str]
) -> dict[str, str | list[str]]:
    """``[choices] targets`` by source id: the player each enters "any target" trigger hits
    (``ping_target``, for the cards that have one), then what each activation names
    (``ev_chosen``, ``ev_chosen_player``; the draws give one choice per permanent)."""
    _, _, s, e = inputs.shape
    cards = np.concatenate([inputs.card[i], inputs.ev_card[i]])
    targets: dict[str, str | list[str]] = {
        ids[k]: players[int(inputs.ping_target[i, k])]
        for k in range(s + e)
        if int(inputs.ping_target[i, k]) >= 0 and cards[k] >= 0 and tb.PLAYER_TARGET[cards[k]]
    }
    for k in range(e):
        if int(inputs.ev_kind[i, k]) not in (EV_ACTIVATE, EV_CAST):
            continue
        bits = 0 if inputs.ev_chosen is None else int(inputs.ev_chosen[i, k])
        player = -1 if inputs.ev_chosen_player is None else int(inputs.ev_chosen_player[i, k])
        named = [ids[q] for q in range(s + e) if bits >> q & 1]
        if player >= 0:
            named.append(players[player])
        # an activation's choices are keyed by its permanent, a cast's by the spell (its slot)
        source = int(inputs.ev_target[i, k]) if inputs.ev_kind[i, k] == EV_ACTIVATE else s + k
        if named:
            targets[ids[source]] = named[0] if len(named) == 1 else named
    return targets


def _board_entry(
    inputs: WipeInputs, i: int, k: int, players: Sequence[str], ids: Sequence[str]
) -> BoardEntry:
    """Board slot ``k`` of trial ``i`` as a scenario's battlefield entry."""
    counters = {"+1/+1": int(inputs.plus[i, k]), "-1/-1": int(inputs.minus[i, k])}
    if inputs.counters is not None:
        for j, kind in enumerate(tb.COUNTER_KINDS[2:]):
            counters[kind] = int(inputs.counters[i, k, j])
    since = inputs.since_turn_start
    attached = -1 if inputs.attached_to is None else int(inputs.attached_to[i, k])
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
        attached_to=ids[attached] if attached >= 0 else None,
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
    if kind in (EV_TAP_MANA, EV_ACTIVATE):
        return _ability_action(inputs, i, k, ids)
    params = {"target": _target_id(inputs, i, k, ids)}
    if kind == EV_DAMAGE:
        params["amount"] = amount
    if kind == EV_COUNTERS:
        params["kind"] = "+1/+1" if int(inputs.ev_counter[i, k]) == 0 else "-1/-1"
        params["amount"] = amount
    return Action(_ACTION_OF[kind], params)


def _target_id(inputs: WipeInputs, i: int, k: int, ids: Sequence[str]) -> str:
    """The id event ``k`` acts on (``ev_target``, ``ev_token``)."""
    number = 0 if inputs.ev_token is None else int(inputs.ev_token[i, k])
    return _object_id(inputs, i, int(inputs.ev_target[i, k]), number, ids)


def _object_id(inputs: WipeInputs, i: int, slot: int, number: int, ids: Sequence[str]) -> str:
    """A slot's id (``number`` 0), or its ``number``-th token's as the reference names it
    (its source's id, the token's name and number)."""
    if number <= 0:
        return ids[slot]
    s = inputs.shape[2]
    card = int(inputs.card[i, slot]) if slot < s else int(inputs.ev_card[i, slot - s])
    return f"{ids[slot]}.{token_stem(int(tb.MAKES_TOKEN[card]))}{number}"


def _ability_action(inputs: WipeInputs, i: int, k: int, ids: Sequence[str]) -> Action:
    """A tap for mana (605.3b) or an activation (602.2) of the event's permanent."""
    if int(inputs.ev_kind[i, k]) == EV_TAP_MANA:
        return Action("tap_for_mana", _tap_params(inputs, i, k, ids))
    ability = 0 if inputs.ev_ability is None else int(inputs.ev_ability[i, k])
    params = {"permanent": _target_id(inputs, i, k, ids), "ability": ability}
    x = int(inputs.ev_x[i, k])
    return Action("activate", {**params, "x": x} if x else params)


def _tap_params(inputs: WipeInputs, i: int, k: int, ids: Sequence[str]) -> dict[str, Any]:
    """A tap for mana (605.3b): the permanent, and where given the type named, the creature
    tapped for a cost and the replacement order (616.1, ids first listed first)."""
    params: dict[str, Any] = {"permanent": _target_id(inputs, i, k, ids)}
    color = -1 if inputs.ev_color is None else int(inputs.ev_color[i, k])
    creature = -1 if inputs.ev_tap_creature is None else int(inputs.ev_tap_creature[i, k])
    order = [] if inputs.ev_order is None else [int(q) for q in inputs.ev_order[i, k] if q >= 0]
    if color >= 0:
        params["color"] = MANA_TYPES[color]
    if creature >= 0:
        number = 0 if inputs.ev_tap_token is None else int(inputs.ev_tap_token[i, k])
        params["tap_creature"] = _object_id(inputs, i, creature, number, ids)
    if order:
        params["replacement_order"] = [ids[q] for q in order]
    return params


def _granted(inputs: WipeInputs, i: int, k: int) -> tuple[str, ...]:
    bits = 0 if inputs.granted is None else int(inputs.granted[i, k])
    return tuple(name for name, bit in tb.KEYWORD_BITS.items() if bits & bit)


def _attack_params(inputs: WipeInputs, i: int, k: int, ids: Sequence[str]) -> dict[str, Any]:
    """An attack event as the scenario's ``attackers`` list and ``blockers`` table: the
    declarations by slot and those naming a token (``ev_combat_token``)."""
    assert inputs.ev_attack is not None and inputs.ev_block is not None
    assert inputs.ev_block_order is not None
    attackers: list[tuple[int, str]] = []  # (place, id)
    blockers: list[tuple[int, str, str]] = []  # (place, blocker's id, attacker's id)
    for s, (place, blocked, block) in enumerate(
        zip(inputs.ev_attack[i, k], inputs.ev_block[i, k], inputs.ev_block_order[i, k], strict=True)
    ):
        if place >= 0:
            attackers.append((int(place), ids[s]))
        if blocked >= 0:
            blockers.append((int(block), ids[s], ids[int(blocked)]))
    entries = [] if inputs.ev_combat_token is None else inputs.ev_combat_token[i, k].tolist()
    for slot, number, place, block, blocked, blocked_number in entries:
        if number < 0:
            continue  # padding
        pid = _object_id(inputs, i, slot, number, ids)
        if place >= 0:
            attackers.append((place, pid))
        if block >= 0:
            blockers.append((block, pid, _object_id(inputs, i, blocked, blocked_number, ids)))
    return {
        "attackers": [pid for _, pid in sorted(attackers)],
        "blockers": {b: a for _, b, a in sorted(blockers)},
    }
