"""Between scenarios and mana batches: a scenario becomes a batch of one (or OutsideShapes),
a trial of a batch becomes a scenario for the reference engine, and both engines' outcomes
become one comparable summary.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import numpy as np

from engine.batch import mana_tables as mt
from engine.batch.mana_state import (
    ACT_ACTIVATE,
    ACT_CAST,
    ACT_NONE,
    ACT_PASS,
    ACT_TAP,
    MAX_ACTIONS,
    MAX_SLOTS,
    ORDER_LEN,
    REJECTIONS,
    ManaInputs,
    ManaState,
)
from engine.batch.shapes import OutsideShapes
from engine.batch.wipe_convert import Naming, comparable
from engine.batch.wipe_state import BATTLEFIELD, EXILE, GRAVEYARD, HAND, OK
from engine.library import Card
from engine.mana_types import MANA_TYPES
from engine.scenario import Action, BoardEntry, Choices, Scenario

__all__ = [
    "Naming",
    "mana_batch_outcome",
    "mana_comparable",
    "mana_inputs_from_scenario",
    "mana_trial_scenario",
]

_ZONES = {GRAVEYARD: "graveyard", EXILE: "exile", HAND: "hand"}


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
        "haste": one(False, np.bool_),
        "not_creature": one(False, np.bool_),
        "attached": one(-1, np.int8),
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
        out["haste"][0, k] = "haste" in entry.grant
        out["not_creature"][0, k] = entry.not_creature
        if entry.attached_to is not None:
            if entry.attached_to not in ids:
                raise OutsideShapes(f"{where}: attached to {entry.attached_to!r}, not on the board")
            out["attached"][0, k] = ids.index(entry.attached_to)
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

    def acts(fill: int, dtype: type) -> np.ndarray:
        return np.full((1, a), fill, dtype=dtype)

    kind, slot, card = acts(ACT_NONE, np.int8), acts(-1, np.int8), acts(-1, np.int16)
    by, x = acts(0, np.int8), acts(0, np.int16)
    color, tap_creature = acts(-1, np.int8), acts(-1, np.int8)
    order = np.full((1, a, ORDER_LEN), -1, dtype=np.int8)

    def id_code(pid: Any, where: str) -> int:
        if pid not in code:
            raise OutsideShapes(f"{where}: {pid!r} names no permanent the mana shape tracks")
        return code[pid]

    for k, action in enumerate(scn.actions):
        where = f"action {k} ({action.do})"
        if action.do == "tap_for_mana":
            kind[0, k], slot[0, k] = ACT_TAP, id_code(action.get("permanent"), where)
            if action.get("color") is not None:
                color[0, k] = MANA_TYPES.index(action.get("color"))
            if action.get("tap_creature") is not None:
                tap_creature[0, k] = id_code(action.get("tap_creature"), where)
            listed = list(
                dict.fromkeys(p for p in action.get("replacement_order", []) if p in code)
            )
            if len(listed) > ORDER_LEN:
                raise OutsideShapes(f"{where}: more than {ORDER_LEN} ids in replacement_order")
            order[0, k, : len(listed)] = [code[p] for p in listed]
        elif action.do == "activate":
            kind[0, k], slot[0, k] = ACT_ACTIVATE, id_code(action.get("permanent"), where)
            c = int(board["card"][0, slot[0, k]]) if slot[0, k] < s else -1
            has = c >= 0 and (mt.EFFECT_PRODUCE[c] >= 0 or mt.N_ACTIVATED[c] == 0)
            if not has or action.get("ability", 0) != 0:
                raise OutsideShapes(f"{where}: only Deep Water-style abilities are in the shape")
        elif action.do == "cast":
            kind[0, k], by[0, k] = ACT_CAST, seat[action.get("by")]
            card[0, k] = _card_index(action.get("card"), where, cast=True)
            x[0, k] = _small(action.get("x", 0), where)
        elif action.do == "pass_turn":
            kind[0, k] = ACT_PASS
        else:
            raise OutsideShapes(f"{where}: {action.do} is not a mana-shape action")
    inputs = ManaInputs(
        n_players=np.array([len(players)], dtype=np.int8),
        active=np.array([seat[scn.active]], dtype=np.int8),
        life=np.array([[_small(scn.life.get(p, 20), "life") for p in players]], dtype=np.int16),
        **board,
        act_kind=kind,
        act_slot=slot,
        act_card=card,
        act_by=by,
        act_x=x,
        act_color=color,
        act_tap_creature=tap_creature,
        act_order=order,
    )
    return inputs, Naming(tuple(players), tuple(board_ids + cast_ids))


def _naming(inp: ManaInputs, i: int, naming: Naming | None) -> Naming:
    _, _, s, a = inp.shape
    return naming or Naming.default(int(inp.n_players[i]), s, a)


def mana_trial_scenario(inp: ManaInputs, i: int, naming: Naming | None = None) -> Scenario:
    """Trial ``i`` of a batch as a scenario for the reference engine (same board, actions and
    choices), with seats ``P1``... and ids ``s0``... (casts ``c0``...) unless ``naming`` says
    otherwise. An action of kind ACT_NONE is left out."""
    nm = _naming(inp, i, naming)
    players, ids = nm.players, nm.slot_ids
    _, _, s, a = inp.shape
    board = []
    for k in range(s):
        c = int(inp.card[i, k])
        if c < 0:
            continue
        counters = {kind: int(inp.counters[i, k, j]) for j, kind in enumerate(mt.COUNTER_KINDS)}
        attached = int(inp.attached[i, k])
        board.append(
            BoardEntry(
                id=ids[k],
                card=mt.CARDS[c],
                controller=players[int(inp.controller[i, k])],
                owner=players[int(inp.owner[i, k])],
                counters={kind: n for kind, n in counters.items() if n},
                token=bool(inp.token[i, k]),
                tapped=bool(inp.tapped[i, k]),
                damage=int(inp.damage[i, k]),
                since_turn_start=bool(inp.since_turn_start[i, k]),
                grant=("haste",) if inp.haste[i, k] else (),
                not_creature=bool(inp.not_creature[i, k]),
                attached_to=ids[attached] if attached >= 0 else None,
            )
        )
    actions = []
    for k in range(a):
        kind = int(inp.act_kind[i, k])
        params: dict[str, Any] = {}
        if kind == ACT_TAP:
            params["permanent"] = ids[int(inp.act_slot[i, k])]
            if inp.act_color[i, k] >= 0:
                params["color"] = MANA_TYPES[int(inp.act_color[i, k])]
            if inp.act_tap_creature[i, k] >= 0:
                params["tap_creature"] = ids[int(inp.act_tap_creature[i, k])]
            listed = [ids[int(q)] for q in inp.act_order[i, k] if q >= 0]
            if listed:
                params["replacement_order"] = listed
            actions.append(Action("tap_for_mana", params))
        elif kind == ACT_ACTIVATE:
            actions.append(Action("activate", {"permanent": ids[int(inp.act_slot[i, k])]}))
        elif kind == ACT_CAST:
            params = {"card": mt.CARDS[int(inp.act_card[i, k])], "id": ids[s + k]}
            params.update(by=players[int(inp.act_by[i, k])], x=int(inp.act_x[i, k]))
            actions.append(Action("cast", params))
        elif kind == ACT_PASS:
            actions.append(Action("pass_turn"))
    return Scenario(
        players=tuple(players),
        active=players[int(inp.active[i])],
        life={p: int(inp.life[i, k]) for k, p in enumerate(players)},
        battlefield=tuple(board),
        actions=tuple(actions),
        choices=Choices(),
    )


def mana_batch_outcome(st: ManaState, i: int, naming: Naming) -> dict[str, Any]:
    """Trial ``i`` of a finished batch in the JSON outcome's terms (SPEC section 3)."""
    players = naming.players
    s = st.n_board

    def pid(slot: int) -> str:
        return naming.slot_ids[slot if slot < s else s + int(st.cast_action[slot])]

    battlefield, could = [], {}
    for slot in np.argsort(st.border, kind="stable"):
        if st.zone[i, slot] != BATTLEFIELD:
            continue
        c = int(st.card[i, slot])
        creature = bool(mt.IS_CREATURE[c]) and not st.not_creature[i, slot]
        plus = int(st.counters[i, slot, mt.PLUS])
        counters = {k: int(st.counters[i, slot, j]) for j, k in enumerate(mt.COUNTER_KINDS)}
        battlefield.append(
            {
                "id": pid(int(slot)),
                "card": mt.CARDS[c].name,
                "controller": players[int(st.controller[i, slot])],
                "owner": players[int(st.owner[i, slot])],
                "object": 1,
                "power": int(mt.BASE_P[c]) + plus if creature else None,
                "toughness": int(mt.BASE_T[c]) + plus if creature else None,
                "counters": {k: v for k, v in sorted(counters.items()) if v},
                "damage": int(st.damage[i, slot]),
                "tapped": bool(st.tapped[i, slot]),
                "token": bool(st.token[i, slot]),
            }
        )
        if st.has_mana[i, slot]:
            bits = int(st.could[i, slot])
            could[pid(int(slot))] = [t for j, t in enumerate(MANA_TYPES) if bits >> j & 1]
    zones: dict[str, dict[str, list[str]]] = {z: {p: [] for p in players} for z in _ZONES.values()}
    for slot in range(st.card.shape[1]):
        z = int(st.zone[i, slot])
        if z in _ZONES and not st.token[i, slot]:
            zones[_ZONES[z]][players[int(st.owner[i, slot])]].append(
                mt.CARDS[int(st.card[i, slot])].name
            )
    taken = np.cumsum(st.acted[i]) - 1  # action indices as the scenario numbers them
    for k in range(st.n_actions):
        z = int(st.spell_zone[i, k])
        if z in _ZONES:
            caster = players[int(st.spell_by[i, k])]
            zones[_ZONES[z]][caster].append(mt.CARDS[int(st.spell_card[i, k])].name)
    rejected = []
    for k in range(st.n_actions):
        code = int(st.rejected[i, k])
        if code:
            reason, rule = REJECTIONS[code]
            rejected.append({"action": int(taken[k]), "reason": reason, "rule": rule})
    return {
        "result": "ok" if st.status[i] == OK else "unsupported",
        "returned": [],
        "battlefield": battlefield,
        "graveyard": zones["graveyard"],
        "exile": zones["exile"],
        "hand": zones["hand"],
        "life": {p: int(st.life[i, k]) for k, p in enumerate(players)},
        "mana_pool": {
            p: {t: int(st.pool[i, k, j]) for j, t in enumerate(MANA_TYPES)}
            for k, p in enumerate(players)
        },
        "could_produce": could,
        "rejected": rejected,
    }


def mana_comparable(out: Mapping[str, Any]) -> dict[str, Any]:
    """What both engines must agree on: result, the final board (tapped and counters
    included), the pools, what each permanent could produce, the rejections with reason and
    rule, the zones as multisets and life. An unsupported trial claims nothing but that."""
    same = comparable(out)
    if same["result"] != "unsupported":
        same["mana_pool"] = {p: dict(pool) for p, pool in out["mana_pool"].items()}
        same["could_produce"] = {k: list(v) for k, v in out["could_produce"].items()}
    return same
