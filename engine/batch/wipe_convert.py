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
    KIND_NAMES,
    OK,
    REJECTIONS,
    WipeInputs,
    WipeState,
)
from engine.library import Card
from engine.scenario import Action, BoardEntry, Choices, Scenario

_TARGETED = {
    "destroy": EV_DESTROY,
    "sacrifice": EV_SACRIFICE,
    "exile": EV_EXILE,
    "bounce": EV_BOUNCE,
    "damage": EV_DAMAGE,
    "counters": EV_COUNTERS,
}
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

    def one(width: int, fill: int | bool, dtype: type) -> np.ndarray:
        return np.full((1, width), fill, dtype=dtype)

    card = one(s, -1, np.int16)
    ctrl, owner = one(s, 0, np.int8), one(s, 0, np.int8)
    token, tapped, not_cr = (
        one(s, False, np.bool_),
        one(s, False, np.bool_),
        one(s, False, np.bool_),
    )
    plus, minus, damage = one(s, 0, np.int16), one(s, 0, np.int16), one(s, 0, np.int16)
    p_extra, u_extra = one(s, 0, np.int8), one(s, 0, np.int8)
    granted, since = one(s, 0, np.uint8), one(s, True, np.bool_)
    ids: list[str] = []
    for i, entry in enumerate(scn.battlefield):
        where = f"battlefield {entry.id}"
        card[0, i] = _check_card(entry.card, where, cast=False)
        if entry.attached_to is not None:
            raise OutsideShapes(f"{where}: attachments are outside the wipe shape")
        if set(entry.counters) - {"+1/+1", "-1/-1"}:
            raise OutsideShapes(f"{where}: only +1/+1 and -1/-1 counters are in the wipe shape")
        ctrl[0, i], owner[0, i] = seat[entry.controller], seat[entry.owner]
        token[0, i], tapped[0, i], not_cr[0, i] = entry.token, entry.tapped, entry.not_creature
        plus[0, i] = entry.counters.get("+1/+1", 0)
        minus[0, i] = entry.counters.get("-1/-1", 0)
        damage[0, i] = entry.damage
        p_extra[0, i] = entry.grant.count("persist")
        u_extra[0, i] = entry.grant.count("undying")
        granted[0, i] = sum(tb.KEYWORD_BITS.get(k, 0) for k in set(entry.grant))
        since[0, i] = entry.since_turn_start
        ids.append(entry.id)
    ev = {name: one(e, 0, dtype) for name, dtype in (
        ("kind", np.int8), ("by", np.int8), ("x", np.int16), ("target", np.int16),
        ("amount", np.int16), ("counter", np.int8), ("mode", np.int8))}  # fmt: skip
    ev_card = one(e, -1, np.int16)
    attack = np.full((1, e, s), -1, dtype=np.int16)
    block = np.full((1, e, s), -1, dtype=np.int16)
    block_order = np.full((1, e, s), -1, dtype=np.int16)
    taken = set(ids)
    cast_ids: list[str] = []
    for k, action in enumerate(scn.actions):
        where = f"action {k} ({action.do})"
        cast_ids.append("")
        if action.do == "cast":
            c: Card = action.get("card")
            ev["kind"][0, k] = EV_CAST
            ev_card[0, k] = _check_card(c, where, cast=True)
            ev["by"][0, k] = seat[action.get("by")]
            ev["x"][0, k] = action.get("x", 0)
            for m in action.get("mode", []) or []:
                ev["mode"][0, k] |= tb.MODE_BITS[m]
            pid = _cast_id(c, action.get("id"), taken)
            taken.add(pid)
            cast_ids[-1] = pid
        elif action.do in _TARGETED or action.do == "damage":
            target = action.get("target")
            if action.do == "damage" and target == "all_creatures":
                ev["kind"][0, k] = EV_DAMAGE_ALL
            elif action.do == "damage" and target in seat:
                ev["kind"][0, k] = EV_DAMAGE_PLAYER
                ev["target"][0, k] = seat[target]
            else:
                slot = (ids + cast_ids).index(target) if target in ids + cast_ids else -1
                if slot < 0:
                    raise OutsideShapes(f"{where}: target {target!r} is not a board or cast slot")
                ev["kind"][0, k] = _TARGETED[action.do]
                ev["target"][0, k] = slot if slot < s else s + cast_ids.index(target)
            ev["amount"][0, k] = action.get("amount", 0)
            kind = action.get("kind")
            if action.do == "counters":
                if kind not in ("+1/+1", "-1/-1"):
                    raise OutsideShapes(f"{where}: {kind} counters are outside the wipe shape")
                ev["counter"][0, k] = tb.KIND_CODE[kind]
        elif action.do == "pass_turn":
            ev["kind"][0, k] = EV_PASS_TURN
        elif action.do == "attack":
            ev["kind"][0, k] = EV_ATTACK
            watchers = [tb.INDEX[b.card.name.lower()] for b in scn.battlefield]
            if tb.HUMAN_DAMAGE_DESTROYS[watchers].any():
                raise OutsideShapes(f"{where}: a Human's combat damage to Mikaeus's controller")
            board_slot = {pid: slot for slot, pid in enumerate(ids)}
            for place, pid in enumerate(action.get("attackers", [])):
                if pid not in board_slot:
                    raise OutsideShapes(f"{where}: attacker {pid!r} is not a board permanent")
                attack[0, k, board_slot[pid]] = place
            for place, (blocker, attacker) in enumerate(action.get("blockers", {}).items()):
                if blocker not in board_slot or attacker not in board_slot:
                    raise OutsideShapes(f"{where}: blocks between board permanents only")
                block[0, k, board_slot[blocker]] = board_slot[attacker]
                block_order[0, k, board_slot[blocker]] = place
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
        card=card,
        controller=ctrl,
        owner=owner,
        token=token,
        plus=plus,
        minus=minus,
        damage=damage,
        tapped=tapped,
        persist_extra=p_extra,
        undying_extra=u_extra,
        not_creature=not_cr,
        rank=rank,
        ping_target=ping,
        ev_kind=ev["kind"],
        ev_card=ev_card,
        ev_by=ev["by"],
        ev_x=ev["x"],
        ev_target=ev["target"],
        ev_amount=ev["amount"],
        ev_counter=ev["counter"],
        ev_mode=ev["mode"],
        since_turn_start=since,
        keywords=granted,
        ev_attack=attack,
        ev_block=block,
        ev_block_order=block_order,
    )
    return inputs, Naming(tuple(players), slot_ids)


def _choices(
    scn: Scenario,
    slot_ids: Sequence[str],
    seat: Mapping[str, int],
    rank: np.ndarray,
    ping: np.ndarray,
) -> None:
    """Explicit trigger orders become ranks; Redcap-style targets must be players."""
    index = {pid: i for i, pid in enumerate(slot_ids) if pid}
    controllers = {b.id: b.controller for b in scn.battlefield}
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


def trial_scenario(inp: WipeInputs, i: int, naming: Naming | None = None) -> Scenario:
    """Trial ``i`` of a batch as a scenario for the reference engine (same board, events and
    choices), with seats ``P1``... and slots ``s0``... unless ``naming`` says otherwise."""
    _, _, s, e = inp.shape
    naming = naming or Naming.default(int(inp.n_players[i]), s, e)
    players, ids = naming.players, list(naming.slot_ids)
    board = []
    for k in range(s):
        c = int(inp.card[i, k])
        if c < 0:
            continue
        counters = {"+1/+1": int(inp.plus[i, k]), "-1/-1": int(inp.minus[i, k])}
        board.append(
            BoardEntry(
                id=ids[k],
                card=tb.CARDS[c],
                controller=players[int(inp.controller[i, k])],
                owner=players[int(inp.owner[i, k])],
                counters={kk: v for kk, v in counters.items() if v},
                token=bool(inp.token[i, k]),
                tapped=bool(inp.tapped[i, k]),
                damage=int(inp.damage[i, k]),
                grant=("persist",) * int(inp.persist_extra[i, k])
                + ("undying",) * int(inp.undying_extra[i, k])
                + _granted(inp, i, k),
                not_creature=bool(inp.not_creature[i, k]),
                since_turn_start=inp.since_turn_start is None or bool(inp.since_turn_start[i, k]),
            )
        )
    actions = []
    for k in range(e):
        kind = int(inp.ev_kind[i, k])
        target_slot = int(inp.ev_target[i, k])
        if kind == EV_CAST:
            params: dict[str, Any] = {
                "card": tb.CARDS[int(inp.ev_card[i, k])],
                "by": players[int(inp.ev_by[i, k])],
                "x": int(inp.ev_x[i, k]),
                "id": ids[s + k],
            }
            modes = [m for m, bit in tb.MODE_BITS.items() if int(inp.ev_mode[i, k]) & bit]
            if modes:
                params["mode"] = modes
            actions.append(Action("cast", params))
        elif kind == EV_DAMAGE_PLAYER:
            actions.append(
                Action(
                    "damage", {"target": players[target_slot], "amount": int(inp.ev_amount[i, k])}
                )
            )
        elif kind == EV_DAMAGE_ALL:
            actions.append(
                Action("damage", {"target": "all_creatures", "amount": int(inp.ev_amount[i, k])})
            )
        elif kind == EV_PASS_TURN:
            actions.append(Action("pass_turn"))
        elif kind == EV_ATTACK:
            actions.append(Action("attack", _attack_params(inp, i, k, ids)))
        elif kind != 0:
            do = {v: key for key, v in _TARGETED.items()}[kind]
            params = {"target": ids[target_slot]}
            if kind == EV_DAMAGE:
                params["amount"] = int(inp.ev_amount[i, k])
            if kind == EV_COUNTERS:
                params["kind"] = "+1/+1" if int(inp.ev_counter[i, k]) == 0 else "-1/-1"
                params["amount"] = int(inp.ev_amount[i, k])
            actions.append(Action(do, params))
    rank = {
        ids[k]: int(inp.rank[i, k])
        for k in range(s + e)
        if int(inp.rank[i, k]) >= 0 and (k >= s or int(inp.card[i, k]) >= 0)
    }
    targets = {
        ids[k]: players[int(inp.ping_target[i, k])]
        for k in range(s + e)
        if int(inp.ping_target[i, k]) >= 0
    }
    return Scenario(
        players=tuple(players),
        active=players[int(inp.active[i])],
        life={p: int(inp.life[i, k]) for k, p in enumerate(players)},
        battlefield=tuple(board),
        actions=tuple(actions),
        choices=Choices(targets=targets, trigger_rank=rank),
    )


def _granted(inp: WipeInputs, i: int, k: int) -> tuple[str, ...]:
    bits = 0 if inp.keywords is None else int(inp.keywords[i, k])
    return tuple(name for name, bit in tb.KEYWORD_BITS.items() if bits & bit)


def _attack_params(inp: WipeInputs, i: int, k: int, ids: Sequence[str]) -> dict[str, Any]:
    """An attack event as the scenario's ``attackers`` list and ``blockers`` table."""
    assert inp.ev_attack is not None and inp.ev_block is not None
    assert inp.ev_block_order is not None
    place = inp.ev_attack[i, k]
    attackers = [ids[int(s)] for s in np.argsort(place, kind="stable") if place[s] >= 0]
    order = inp.ev_block_order[i, k]
    blockers = {
        ids[int(s)]: ids[int(inp.ev_block[i, k, s])]
        for s in np.argsort(order, kind="stable")
        if inp.ev_block[i, k, s] >= 0
    }
    return {"attackers": attackers, "blockers": blockers}


def batch_outcome(st: WipeState, i: int, naming: Naming) -> dict[str, Any]:
    """Trial ``i`` of a finished batch in the JSON outcome's terms."""
    b = derive(st)
    players = naming.players
    s, e = st.n_board, st.n_events

    def pid(slot: int) -> str:
        if slot < s + e:
            return naming.slot_ids[slot]
        src = int(st.token_source[i, slot])
        name = tb.CARDS[int(st.card[i, slot])].name.lower().replace(" ", "_")
        return f"{pid(src)}.{name}{int(st.token_serial[i, slot])}"

    order = np.argsort(np.where(st.card[i] >= 0, st.border[i], 1 << 30), kind="stable")
    battlefield = []
    for slot in order:
        if st.zone[i, slot] != BATTLEFIELD:
            continue
        creature = bool(b.creature[i, slot])
        counters = {"+1/+1": int(st.plus[i, slot]), "-1/-1": int(st.minus[i, slot])}
        battlefield.append(
            {
                "id": pid(int(slot)),
                "card": tb.CARDS[int(st.card[i, slot])].name,
                "controller": players[int(st.controller[i, slot])],
                "owner": players[int(st.owner[i, slot])],
                "object": int(st.obj[i, slot]),
                "power": int(b.power[i, slot]) if creature else None,
                "toughness": int(b.toughness[i, slot]) if creature else None,
                "counters": {k: v for k, v in sorted(counters.items()) if v},
                "damage": int(st.damage[i, slot]),
                "tapped": bool(st.tapped[i, slot]),
                "token": bool(st.token[i, slot]),
            }
        )
    zones: dict[str, dict[str, list[str]]] = {
        z: {p: [] for p in players} for z in ("graveyard", "exile", "hand")
    }
    codes = {GRAVEYARD: "graveyard", EXILE: "exile", HAND: "hand"}
    for slot in range(st.card.shape[1]):
        z = int(st.zone[i, slot])
        if z in codes and not st.token[i, slot] and st.card[i, slot] >= 0:
            zones[codes[z]][players[int(st.owner[i, slot])]].append(
                tb.CARDS[int(st.card[i, slot])].name
            )
    for k in range(e):
        z = int(st.spell_zone[i, k])
        if z in codes:
            name = tb.CARDS[int(st.spell_card[i, k])].name
            zones[codes[z]][players[int(st.spell_by[i, k])]].append(name)
    returned = [
        {
            "id": pid(int(st.ret_slot[i, r])),
            "card": tb.CARDS[int(st.card[i, st.ret_slot[i, r]])].name,
            "controller": players[int(st.owner[i, st.ret_slot[i, r]])],
            "by": KIND_NAMES[int(st.ret_by[i, r])],
        }
        for r in range(int(st.ret_n[i]))
    ]
    return {
        "result": _STATUS.get(int(st.status[i]), "unsupported"),
        "returned": returned,
        "battlefield": battlefield,
        "graveyard": zones["graveyard"],
        "exile": zones["exile"],
        "hand": zones["hand"],
        "life": {p: int(st.life[i, k]) for k, p in enumerate(players)},
        "rejected": [
            {"action": k, "reason": REJECTIONS[code][0], "rule": REJECTIONS[code][1]}
            for k in range(e)
            if (code := int(st.rejected[i, k]))
        ],
    }


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
