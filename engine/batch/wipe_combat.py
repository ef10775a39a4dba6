"""Combat in the wipe shape (W8): declare attackers and blockers, then all combat damage at
once (CR 506-510), for every trial with an attack event. ``engine.reference.combat`` is the
oracle: the same checks in the same order, the same damage assignment.
"""

from __future__ import annotations

import numpy as np

from engine.batch import tables as tb
from engine.batch.wipe_board import derive, per_player
from engine.batch.wipe_state import UNSUPPORTED, WipeInputs, WipeState

FLYING, TRAMPLE, DEATHTOUCH, MENACE, INTIMIDATE, HASTE = (
    tb.KEYWORD_BITS[k] for k in ("flying", "trample", "deathtouch", "menace", "intimidate", "haste")
)
_BIG = np.iinfo(np.int32).max


def _first(codes: np.ndarray, order: np.ndarray) -> np.ndarray:
    """Per trial, the code of the first slot in ``order`` whose code is not 0 (0 if none)."""
    key = np.where(codes > 0, order, _BIG)
    at = np.argmin(key, axis=1)
    picked: np.ndarray = np.where(key.min(axis=1) < _BIG, codes[np.arange(len(at)), at], 0)
    return picked


def attack(st: WipeState, inp: WipeInputs, e: int, acting: np.ndarray) -> None:
    """Declare, block and deal combat damage in the ``acting`` trials, or reject the action
    there (it then changes nothing)."""
    assert inp.ev_attack is not None and inp.ev_block is not None
    assert inp.ev_block_order is not None
    t, n = st.card.shape
    s = inp.ev_attack.shape[2]
    rows = np.arange(t)

    def board(a: np.ndarray, fill: int) -> np.ndarray:
        out = np.full((t, n), fill, dtype=np.int32)
        out[:, :s] = a
        return out

    att_pos, blocked, blk_ord = (
        board(inp.ev_attack[:, e], -1),
        board(inp.ev_block[:, e], -1),
        board(inp.ev_block_order[:, e], -1),
    )
    attacking, blocking = acting[:, None] & (att_pos >= 0), acting[:, None] & (blocked >= 0)
    target = np.maximum(blocked, 0)
    b = derive(st)
    c = b.c
    keywords = st.printed_keywords | st.keywords
    hasty = (per_player(st, b.alive & tb.GRANTS_HASTE[c]) > 0)[rows[:, None], st.controller]
    keywords = keywords | (hasty * np.uint8(HASTE))
    elixir = (per_player(st, b.alive & tb.AS_THOUGH_HASTE[c]) > 0)[rows[:, None], st.controller]
    target_alive = np.take_along_axis(b.alive, target, axis=1)
    target_attacking = np.take_along_axis(attacking, target, axis=1)
    code = np.zeros(t, dtype=np.int8)
    missing = ((attacking | blocking) & ~b.alive).any(1) | (blocking & ~target_alive).any(1)
    code[missing] = 1  # not_on_battlefield
    code[(code == 0) & (blocking & ~target_attacking).any(1)] = 10  # not_attacking
    # CR 508.1a, 302.6: each attacker, in the order listed.
    active = st.active[:, None]
    sick = ~st.since_turn_start & ((keywords & HASTE) == 0) & ~elixir
    att_code = (
        np.select([~b.creature | (st.controller != active), st.tapped, sick], [3, 4, 5], 0).astype(
            np.int8
        )
        * attacking
    )
    # CR 509.1a, 702.9b, 702.13b: each blocker, in the order of the blockers table.
    defender = (st.active + 1) % st.n_players
    att_kw = np.take_along_axis(keywords, target, axis=1)
    att_colors = np.take_along_axis(tb.COLOR_BITS[c], target, axis=1)
    no_block = ~b.creature | (st.controller != defender[:, None]) | st.tapped
    no_fly = ((att_kw & FLYING) > 0) & ((keywords & FLYING) == 0)
    no_intim = ((att_kw & INTIMIDATE) > 0) & ~(
        tb.IS_ARTIFACT[c] | ((tb.COLOR_BITS[c] & att_colors) > 0)
    )
    blk_code = np.select([no_block, no_fly, no_intim], [6, 7, 8], 0).astype(np.int8) * blocking
    blockers_of = np.zeros((t, n), dtype=np.int32)
    r, col = np.nonzero(blocking)
    np.add.at(blockers_of, (r, target[r, col]), 1)
    menace = attacking & ((keywords & MENACE) > 0) & (blockers_of == 1)
    for found in (_first(att_code, att_pos), _first(blk_code, blk_ord)):
        code = np.where(code == 0, found, code).astype(np.int8)
    code[(code == 0) & menace.any(1)] = 9
    st.rejected[:, e] = np.where(acting, code, st.rejected[:, e])
    ok = acting & (code == 0)
    attacking &= ok[:, None]
    blocking &= ok[:, None]
    if not ok.any():
        return
    # CR 508.1f: attacking creatures become tapped. 510.1: damage is assigned, then dealt.
    st.tapped |= attacking
    power = np.maximum(b.power, 0).astype(np.int32)
    remaining = power * attacking
    to_creature = np.zeros((t, n), dtype=np.int32)
    to_player = np.zeros(t, dtype=np.int32)
    hit_by_deathtouch = np.zeros((t, n), dtype=bool)
    human_hit = np.zeros(t, dtype=bool)
    # Each attacker assigns lethal damage to its blockers in table order, the rest to the last.
    rank = np.zeros((t, n), dtype=np.int32)
    for other in range(n):
        earlier = (
            blocking[:, [other]] & (target[:, [other]] == target) & (blk_ord[:, [other]] < blk_ord)
        )
        rank += earlier & blocking
    deathtouch_att = (att_kw & DEATHTOUCH) > 0
    trample_att = (att_kw & TRAMPLE) > 0
    for k in range(int(rank.max(initial=0)) + 1 if blocking.any() else 0):
        r, bl = np.nonzero(blocking & (rank == k))
        a = target[r, bl]
        lethal = np.where(
            deathtouch_att[r, bl], 1, np.maximum(b.toughness[r, bl] - st.damage[r, bl], 0)
        )
        left = remaining[r, a]
        last = k == blockers_of[r, a] - 1
        share = np.where(last & ~trample_att[r, bl], left, np.minimum(left, lethal))
        spill = np.where(last & trample_att[r, bl], left - share, 0)
        to_creature[r, bl] += share
        hit_by_deathtouch[r, bl] |= deathtouch_att[r, bl] & (share > 0)
        remaining[r, a] -= share + spill
        np.add.at(to_player, r, spill)
        human_hit[r[(spill > 0) & tb.IS_HUMAN[c[r, a]]]] = True
    unblocked = attacking & (blockers_of == 0)
    to_player += (power * unblocked).sum(1, dtype=np.int32)
    human_hit |= (unblocked & (power > 0) & tb.IS_HUMAN[c]).any(1)
    # Each blocker deals its power to the attacker it blocks.
    r, bl = np.nonzero(blocking)
    a = target[r, bl]
    np.add.at(to_creature, (r, a), power[r, bl])
    hits = (power[r, bl] > 0) & ((keywords[r, bl] & DEATHTOUCH) > 0)
    hit_by_deathtouch[r[hits], a[hits]] = True
    # CR 510.2: all of it at once; 120.3e marks damage on creatures, 120.3a costs life.
    st.damage += to_creature.astype(np.int16)
    st.deathtouch_hit |= hit_by_deathtouch
    st.life[rows, defender] -= to_player
    # "Whenever a Human deals damage to you" (Mikaeus) is outside the wipe shape: say so.
    watcher = (per_player(st, b.alive & tb.HUMAN_DAMAGE_DESTROYS[c]) > 0)[rows, defender]
    st.status[human_hit & watcher] = UNSUPPORTED
