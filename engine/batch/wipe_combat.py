"""Combat in the wipe shape (W8): declare attackers and blockers, then all combat damage at
once (CR 506-510), for every trial with an attack event. ``engine.reference.combat`` is the
oracle: the same checks in the same order, the same damage assignment.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.batch import tables as tb
from engine.batch.wipe_board import Board, derive, per_player
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


@dataclass
class _Combat:
    """One attack event across the batch, (T, N) each: who attacks (and in which place of the
    attackers list), who blocks which attacker (and in which place of the blockers table),
    every permanent's combat keywords, and the battlefield as combat begins."""

    attacking: np.ndarray  # bool
    blocking: np.ndarray  # bool
    place: np.ndarray  # int32 place in the attackers list, -1
    target: np.ndarray  # intp the attacker a blocker blocks (0 for a non-blocker)
    block_order: np.ndarray  # int32 place in the blockers table, -1
    keywords: np.ndarray  # uint8 tables.KEYWORD_BITS, printed, granted, Fervor's haste
    board: Board

    @property
    def attacker_keywords(self) -> np.ndarray:
        """(T, N) the keywords of the attacker each blocker blocks."""
        out: np.ndarray = np.take_along_axis(self.keywords, self.target, axis=1)
        return out

    def blockers_of(self) -> np.ndarray:
        """(T, N) int32 how many creatures block each attacker."""
        count = np.zeros(self.blocking.shape, dtype=np.int32)
        r, col = np.nonzero(self.blocking)
        np.add.at(count, (r, self.target[r, col]), 1)
        return count


def attack(state: WipeState, inputs: WipeInputs, e: int, acting: np.ndarray) -> None:
    """Declare, block and deal combat damage in the ``acting`` trials, or reject the action
    there (it then changes nothing)."""
    combat = _declare(state, inputs, e, acting)
    code = _rejection(state, combat)
    state.rejected[:, e] = np.where(acting, code, state.rejected[:, e])
    ok = acting & (code == 0)
    combat.attacking &= ok[:, None]
    combat.blocking &= ok[:, None]
    if ok.any():
        _deal_damage(state, combat)


def _declare(state: WipeState, inputs: WipeInputs, e: int, acting: np.ndarray) -> _Combat:
    """The attack event ``e`` as declared, laid over every slot."""
    assert inputs.ev_attack is not None and inputs.ev_block is not None
    assert inputs.ev_block_order is not None
    t, n = state.card.shape
    s = inputs.ev_attack.shape[2]
    rows = np.arange(t)[:, None]

    def padded(per_board_slot: np.ndarray) -> np.ndarray:
        out = np.full((t, n), -1, dtype=np.int32)
        out[:, :s] = per_board_slot
        return out

    place, blocked = padded(inputs.ev_attack[:, e]), padded(inputs.ev_block[:, e])
    board = derive(state)
    fervor = per_player(state, board.alive & tb.GRANTS_HASTE[board.c]) > 0  # 702.10c
    hasty = fervor[rows, state.controller] * np.uint8(HASTE)
    return _Combat(
        attacking=acting[:, None] & (place >= 0),
        blocking=acting[:, None] & (blocked >= 0),
        place=place,
        target=np.maximum(blocked, 0),
        block_order=padded(inputs.ev_block_order[:, e]),
        keywords=state.printed_keywords | state.granted | hasty,
        board=board,
    )


def _rejection(state: WipeState, combat: _Combat) -> np.ndarray:
    """(T,) int8 the first check the declaration fails, in the reference engine's order
    (REJECTIONS), 0 if none."""
    board, attacking, blocking, target = (
        combat.board,
        combat.attacking,
        combat.blocking,
        combat.target,
    )
    c, keywords = board.c, combat.keywords
    code = np.zeros(len(attacking), dtype=np.int8)
    target_alive = np.take_along_axis(board.alive, target, axis=1)
    missing = ((attacking | blocking) & ~board.alive).any(1) | (blocking & ~target_alive).any(1)
    code[missing] = 1  # not_on_battlefield
    target_attacking = np.take_along_axis(attacking, target, axis=1)
    code[(code == 0) & (blocking & ~target_attacking).any(1)] = 10  # not_attacking
    # CR 508.1a, 302.6: each attacker, in the order listed.
    elixir = per_player(state, board.alive & tb.AS_THOUGH_HASTE[c]) > 0
    elixir = elixir[np.arange(len(code))[:, None], state.controller]
    sick = ~state.since_turn_start & ((keywords & HASTE) == 0) & ~elixir
    not_attacker = ~board.creature | (state.controller != state.active[:, None])
    attacker_code = np.select([not_attacker, state.tapped, sick], [3, 4, 5], 0).astype(np.int8)
    # CR 509.1a, 702.9b, 702.13b: each blocker, in the order of the blockers table.
    defender = (state.active + 1) % state.n_players
    att_kw = combat.attacker_keywords
    att_colors = np.take_along_axis(tb.COLOR_BITS[c], target, axis=1)
    no_block = ~board.creature | (state.controller != defender[:, None]) | state.tapped
    no_fly = ((att_kw & FLYING) > 0) & ((keywords & FLYING) == 0)
    no_intim = ((att_kw & INTIMIDATE) > 0) & ~(
        tb.IS_ARTIFACT[c] | ((tb.COLOR_BITS[c] & att_colors) > 0)
    )
    blocker_code = np.select([no_block, no_fly, no_intim], [6, 7, 8], 0).astype(np.int8)
    for found in (
        _first(attacker_code * attacking, combat.place),
        _first(blocker_code * blocking, combat.block_order),
    ):
        code = np.where(code == 0, found, code).astype(np.int8)
    menace = attacking & ((keywords & MENACE) > 0) & (combat.blockers_of() == 1)  # 702.111b
    code[(code == 0) & menace.any(1)] = 9
    return code


def _deal_damage(state: WipeState, combat: _Combat) -> None:
    """CR 508.1f: attacking creatures become tapped. 510.1: damage is assigned, then dealt all
    at once (510.2); 120.3e marks damage on creatures, 120.3a costs the defender life."""
    board, attacking, blocking, target = (
        combat.board,
        combat.attacking,
        combat.blocking,
        combat.target,
    )
    rows = np.arange(len(attacking))
    state.tapped |= attacking
    power = np.maximum(board.power, 0).astype(np.int32)
    to_creature, to_player, deathtouched, human_hit = _attackers_damage(state, combat, power)
    # Each blocker deals its power to the attacker it blocks.
    r, bl = np.nonzero(blocking)
    a = target[r, bl]
    np.add.at(to_creature, (r, a), power[r, bl])
    hits = (power[r, bl] > 0) & ((combat.keywords[r, bl] & DEATHTOUCH) > 0)
    deathtouched[r[hits], a[hits]] = True
    state.damage += to_creature.astype(np.int16)
    state.deathtouch_damage |= deathtouched
    defender = (state.active + 1) % state.n_players
    state.life[rows, defender] -= to_player
    # "Whenever a Human deals damage to you" (Mikaeus) is outside the wipe shape: say so.
    mikaeus = per_player(state, board.alive & tb.HUMAN_DAMAGE_DESTROYS[board.c]) > 0
    state.status[human_hit & mikaeus[rows, defender]] = UNSUPPORTED


def _attackers_damage(
    state: WipeState, combat: _Combat, power: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """CR 510.1c: each attacker assigns lethal damage (1 with deathtouch, 702.2c) to its
    blockers in table order and the rest to the last, or with trample past it to the player
    (702.19b); unblocked, all to the player. Returns damage to creatures (T, N), to the
    defender (T,), who was dealt deathtouch damage, and whether a Human hit the defender."""
    board, blocking, target = combat.board, combat.blocking, combat.target
    t, n = blocking.shape
    attacking = combat.attacking
    remaining = power * attacking
    to_creature = np.zeros((t, n), dtype=np.int32)
    to_player = np.zeros(t, dtype=np.int32)
    deathtouched = np.zeros((t, n), dtype=bool)
    human_hit = np.zeros(t, dtype=bool)
    blockers_of = combat.blockers_of()
    rank = np.zeros((t, n), dtype=np.int32)  # place among the same attacker's blockers
    order = combat.block_order
    for other in range(n):
        earlier = blocking[:, [other]] & (target[:, [other]] == target)
        rank += earlier & (order[:, [other]] < order) & blocking
    att_kw = combat.attacker_keywords
    deathtouch_att, trample_att = (att_kw & DEATHTOUCH) > 0, (att_kw & TRAMPLE) > 0
    for k in range(int(rank.max(initial=0)) + 1 if blocking.any() else 0):
        r, bl = np.nonzero(blocking & (rank == k))
        a = target[r, bl]
        lethal = np.where(
            deathtouch_att[r, bl], 1, np.maximum(board.toughness[r, bl] - state.damage[r, bl], 0)
        )
        left = remaining[r, a]
        last = k == blockers_of[r, a] - 1
        share = np.where(last & ~trample_att[r, bl], left, np.minimum(left, lethal))
        spill = np.where(last & trample_att[r, bl], left - share, 0)
        to_creature[r, bl] += share
        deathtouched[r, bl] |= deathtouch_att[r, bl] & (share > 0)
        remaining[r, a] -= share + spill
        np.add.at(to_player, r, spill)
        human_hit[r[(spill > 0) & tb.IS_HUMAN[board.c[r, a]]]] = True
    unblocked = attacking & (blockers_of == 0)
    to_player += (power * unblocked).sum(1, dtype=np.int32)
    human_hit |= (unblocked & (power > 0) & tb.IS_HUMAN[board.c]).any(1)
    return to_creature, to_player, deathtouched, human_hit
