"""One deck's cards as the integer tables the compiled deck game reads (issue #13).

Every column comes from the batch engine's own declaration of the mana templates
(``engine.batch.mana_tables``: which types an ability makes, how many, at what cost) and from
the pilot's orders in ``engine.deck`` (``land_key``, ``cast_key``, ``spell_bottom_key``), so
no rule is written here a second time: this module only ranks and packs.

Mana is packed into one int64 per pool (``engine.batch.kernel.deck.pools``): 10 bits per type
in WUBRGC order, so a card one of whose abilities makes more than ``MAX_PER_TYPE`` of one type
at once is refused (``batch_refusal``), and a game whose board could make more in all stops
there, the cap named (``game.POOL_CAP``): never wrapped.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np

from engine.batch import mana_tables as mt
from engine.batch import tables as tb
from engine.batch.kernel.deck.board import scope_covers
from engine.batch.kernel.deck.columns import (
    C_FLAGS,
    F_ARTIFACT,
    F_CASTABLE,
    F_CREATURE,
    F_ENTERS_TAPPED,
    F_EVEN,
    F_FILTER,
    F_GRANTS_CREATURES,
    F_GRANTS_HASTE,
    F_GRANTS_LANDS,
    F_HASTE,
    F_HUMAN,
    F_LAND,
    F_LEGENDARY,
    F_MANA,
    F_MAY_MAKE_NONE,
    F_MULTI_TYPE,
    F_PAYS_LIFE,
    F_PER_COUNT,
    F_RAW_IF_CREATURES,
    F_REFLECT,
    F_REMOVES,
    F_RETURNS_LAND,
    F_SACRIFICED,
    F_SACRIFICED_WHEN_NONE,
    F_TAP_CREATURE,
    GRANT_CREATURES,
    GRANT_LANDS,
    N_COLUMNS,
    PER_CREATURE,
    PER_NONE,
    PER_SUBTYPE,
    WATCH_ENCHANTED,
)
from engine.batch.kernel.deck.frontier import MAX_SIGNETS
from engine.batch.kernel.deck.pools import (
    DAMAGE_SHIFT,
    FIELD_BITS,
    MAX_ACTIVATION_DAMAGE,
    MAX_PER_TYPE,
    POOL_BITS,
)
from engine.deck import (
    OPENING_HAND,
    QUIET_TRIGGERS,
    DeckSetup,
    cast_key,
    enchants_land,
    land_key,
    spell_bottom_key,
)
from engine.library import ACTIVATED, GRANT_OBJECTS, MANA, Ability, Card, ManaCost
from engine.mana_types import MANA_TYPES

# The most hybrid symbols in one cost: a payment tries each assignment of them (2^n).
MAX_HYBRID_SYMBOLS: Final = 12

_TEMPLATES: Final = {
    "mana_fixed": mt.TPL_FIXED,
    "mana_one_of": mt.TPL_ONE_OF,
    "mana_any_color": mt.TPL_ANY,
    "mana_reflect_lands": mt.TPL_REFLECT,
    "mana_per_creature_yours": mt.TPL_PER_CREATURE,
    "mana_per_subtype": mt.TPL_PER_SUBTYPE,
    # {C}, or any color with a luck counter: none is put on it in a deck game (the tables
    # refuse a card that enters with one)
    "mana_fixed_or_any_color_with_counter": mt.TPL_COUNTER_ANY,
}
_PER_COUNT: Final = {mt.TPL_PER_CREATURE: PER_CREATURE, mt.TPL_PER_SUBTYPE: PER_SUBTYPE}
_BOARD_MADE: Final = frozenset({mt.TPL_REFLECT, *_PER_COUNT})  # mana the board decides
# Statics and replacements that change nothing in a deck game, where no counter is put, no
# token made and no card put into a graveyard but a creature with toughness 0 or less (704.5f:
# "creatures get +N/+M" is played, C_T_ALL and C_T_LORD).
_INERT: Final = frozenset(
    {
        "counters_cant_be_put",
        "counters_modified",
        "tokens_doubled",
        "graveyard_replaced_by_exile",
    }
)
# ``engine.deck.QUIET_TRIGGERS`` find nothing to do in a batch deck game: it has no graveyard
# anyone reads, no attack (the pilot never declares one, 508.1), no permanent entering from a
# graveyard and no spell cast from one (a permanent with persist or undying is never
# sacrificed in it, ``_dies_refusal``; nothing else returns a card). Nor is there a -1/-1
# counter for an upkeep to remove (none enters with one, ``_counters_refusal``, and nothing
# puts one): an upkeep removal of that kind is quiet too, of another kind refused.
_UPKEEP_REMOVAL: Final = "upkeep_remove_counter_each_creature_yours"
# A gain of life as the permanent enters (603.6a, 119.3): C_GAIN_LIFE, from the batch tables'
# ETB_LIFE (one such ability a card, ``tables.ABILITIES_PER_TEMPLATE``).
_GAINS_LIFE: Final = "etb_gain_life"
# "Creatures get +N/+M" (611.3a: Glorious Anthem, Night of Souls' Betrayal): C_T_ALL and
# C_T_LORD, from the batch tables' sums by scope (ANTHEM_T, ALL_T, LORD_T, OTHER_T).
_TOUGHNESS: Final = "creatures_get"
# A draw as its controller casts a creature spell (121.1: Zendikar Resurgent): C_CAST_DRAW, from
# the mana tables' CAST_DRAW (one such ability a card, as a gain of life).
_CASTS_DRAW: Final = "cast_creature_draw"
# How a permanent enters: tapped (614.1c), or tapped unless its controller pays life (614.12),
# or with counters (614.1c: Gemstone Mine, the Vivid lands; not -1/-1 ones, see kernel_refusal).
_ENTERS: Final = frozenset(
    {"enters_tapped", "enters_tapped_unless_pay_life", "enters_with_counters"}
)
# The most counters of one kind a permanent may enter with (Doubling Seasons multiply them):
# a deck that could go past it is refused (``batch_refusal``), never wrapped.
MAX_COUNTERS: Final = 1 << 62
# The most generic mana a mana ability paid from the pool costs (F_FILTER: a Signet's {1},
# Cabal Coffers' {2}): the frontier tries each way of paying it, a multiset of the six types.
MAX_FILTER_GENERIC: Final = 4
# The karoo lands' trigger (the pilot returns the first land in board order, as the reference).
RETURNS_LAND: Final = "etb_return_land_you_control"
# Statics that let the player's creatures tap the turn they come (702.10c, 302.6).
_HASTE_SCOPES: Final = frozenset({"yours", "all"})


def _unit(t: int, amount: int = 1) -> int:
    return amount << (FIELD_BITS * t)


def _amounts(pool: int) -> list[int]:
    """A packed pool's amount of each type, WUBRGC (bits above the pool ignored)."""
    return [(pool & POOL_BITS) >> (FIELD_BITS * t) & ((1 << FIELD_BITS) - 1) for t in range(6)]


def _total(pool: int) -> int:
    return sum(_amounts(pool))


def _packed(amounts: np.ndarray) -> int:
    return sum(_unit(t, int(a)) for t, a in enumerate(amounts))


def kernel_refusal(card: Card) -> str | None:
    """Why the batch engine cannot yet play ``card`` in a deck game, or None if it can.

    Instants and sorceries are held in the hand, so any may be in a deck. A permanent's mana
    abilities must be {T} abilities of these templates whose only effect is mana: fixed, one
    of two or more types, any color, could-produce (106.7). The ones the pilot activates (the
    first that makes each type, 605.3b: ``_picked``) may cost a counter (118.3: the Vivid
    lands) and sacrifice the permanent (701.21a: Lotus Petal; Gemstone Mine with its last
    counter), or cost life (119.4: Mana Confluence, ``_life_refusal``), nothing more. It may
    enter tapped or with counters, return a land to the hand as it enters (the karoo lands),
    gain life as it enters, draw as a creature spell is cast, add a fixed pool or mana of any
    color as the land it enchants is tapped for mana (a land Aura, ``engine.deck.enchants_land``:
    Wild Growth, Fertile Ground), give the
    player's creatures haste (or let them tap as though they had it), have activated
    abilities (the pilot never activates them), any keyword, the statics and replacements of
    ``_INERT`` and the triggers of ``QUIET_TRIGGERS``; other triggers, statics and
    replacements are refused. Mana abilities that all cost {Q} are never activated
    (``untaps_only``: Pili-Pala). "Creatures get +N/+M" is played: a creature with toughness
    0 or less dies (704.5f; what may not die with it, ``_toughness_refusal``)."""
    if not card.is_permanent_card:
        return None
    i = mt.INDEX.get(card.name.lower())
    if i is None:
        return "it is not in the batch engine's card table"
    why = _template_refusal(card)
    if why is not None:
        return why
    held = (_GAINS_LIFE, _CASTS_DRAW, _TOUGHNESS)  # in columns of the batch tables
    if any(a.template in held for a in card.abilities) and not tb.ENCODED[i]:
        return tb.NOT_ENCODED[i]  # one gain of life or draw a card; toughness sums that fit
    k = len(_printed(i))
    for j in _picked(i):
        why = _cost_refusal(i, j)
        if why is not None:
            return why
    board_made = sum(mt.AB_TPL[i, j] in _BOARD_MADE for j in range(k))
    if board_made and k > 1:
        return "a could-produce or counting ability beside another mana ability is not played yet"
    counts = any(mt.AB_TPL[i, j] == mt.TPL_PER_SUBTYPE for j in range(k))
    if card.has_type("Land") and counts and not is_filter(i):
        return "a land whose mana counts a subtype for {T} alone is not played in deck games yet"
    return _counters_refusal(card, i)


def _template_refusal(card: Card) -> str | None:
    """The first of ``card``'s abilities whose template a deck game does not play."""
    for ability in card.abilities:
        if ability.kind == MANA and ability.template not in _TEMPLATES:
            return f"its mana ability {ability.template} is not played in deck games yet"
        if ability.kind not in (MANA, ACTIVATED) and not _played_or_inert(ability):
            return f"its {ability.template} ability is not played in deck games yet"
    return None


def _picked(i: int) -> list[int]:
    """The mana abilities of card ``i`` the pilot activates: the first that makes each type
    it names (605.3b, ``engine.reference.mana._pick_ability``), could-produce and counts."""
    board_made = [j for j in _printed(i) if mt.AB_TPL[i, j] in _BOARD_MADE]
    return sorted(set(board_made) | {k for _, k in _choice_abilities(i)})


def _cost_refusal(i: int, k: int) -> str | None:
    """Why mana ability ``k`` of card ``i`` is not played (None: it is)."""
    if mt.AB_UNTAP[i, k] or mt.AB_SAC_CREATURE[i, k] or not mt.AB_TAP[i, k]:
        return (
            "a mana ability with a cost besides {T}, {1}, a counter, life, sacrificing it and"
            " tapping a creature, or an effect besides mana and damage to you, is not played"
            " in deck games yet"
        )
    if mt.AB_TAP_CREATURE[i, k] or taps_creature(i):
        return _tapping_refusal(i, k)
    if mt.AB_COST[i, k]:
        return _filter_refusal(i, k)
    why = _life_refusal(i, k) if mt.AB_LIFE[i, k] else None
    if why is not None:
        return why
    if mt.AB_TPL[i, k] == mt.TPL_COUNTER_ANY and mt.ENTERS_KIND[i] == mt.AB_KIND[i, k]:
        return "a permanent that enters with the counter its mana ability reads is not played yet"
    if mt.AB_DAMAGE[i, k] > MAX_ACTIVATION_DAMAGE:
        return f"a mana ability deals more than MAX_ACTIVATION_DAMAGE = {MAX_ACTIVATION_DAMAGE}"
    return None


def taps_creature(i: int) -> bool:
    """Whether a mana ability of card ``i`` costs tapping an untapped creature its controller
    controls besides {T} (Springleaf Drum: F_TAP_CREATURE)."""
    return any(mt.AB_TAP_CREATURE[i, k] for k in _printed(i))


def _tapping_refusal(i: int, k: int) -> str | None:
    """Why mana ability ``k`` of card ``i``, of a card with one that taps a creature for its
    cost, is not played: the frontier adds the card's choices once per creature tapped
    (``frontier._tapping``), so every mana ability of the card taps one, with {T} and
    nothing else, and makes mana from its choices alone (not the board's), and the card is
    no creature (it could tap itself, or be tapped by another)."""
    plain = not (
        mt.AB_LIFE[i, k]
        or mt.AB_DAMAGE[i, k]
        or mt.AB_COST[i, k]
        or mt.AB_SAC_SELF[i, k]
        or mt.AB_SACRIFICE[i, k]
        or mt.AB_REMOVE[i, k] >= 0
        or mt.AB_TPL[i, k] in _BOARD_MADE
    )
    every = all(mt.AB_TAP_CREATURE[i, j] for j in _printed(i))
    if not (plain and every) or mt.IS_CREATURE[i]:
        return (
            "a mana ability that taps a creature for its cost is played only as {T} and that,"
            " making mana of its own choices, as every mana ability of a noncreature"
        )
    return None


def is_filter(i: int) -> bool:
    """Whether card ``i``'s one mana ability costs generic mana paid from the pool besides
    {T} (601.2h: a Signet, Cabal Coffers); ``_filter_refusal`` says which the deck game
    plays."""
    return len(_printed(i)) == 1 and bool(mt.AB_COST[i, 0])


def _filter_refusal(i: int, k: int) -> str | None:
    """Why mana ability ``k`` of card ``i``, which costs generic mana paid from the pool, is
    not played: the frontier (``engine.batch.kernel.deck.frontier``) plays a permanent's one
    mana ability costing {T} and at most MAX_FILTER_GENERIC generic mana, with no other cost
    or effect, that makes a fixed pool, of an artifact or enchantment that is not a creature
    or a land (Azorius Signet: no grant, Aura or "tapped for mana" trigger reaches it), or
    one mana per permanent of a subtype, of a noncreature (Cabal Coffers)."""
    plain = not (
        mt.AB_LIFE[i, k]
        or mt.AB_DAMAGE[i, k]
        or mt.AB_SAC_SELF[i, k]
        or mt.AB_SACRIFICE[i, k]
        or mt.AB_REMOVE[i, k] >= 0
    )
    fixed = mt.AB_TPL[i, k] == mt.TPL_FIXED and not (mt.IS_LAND[i] or mt.IS_CREATURE[i])
    counts = mt.AB_TPL[i, k] == mt.TPL_PER_SUBTYPE and not mt.IS_CREATURE[i]
    if not (plain and is_filter(i) and (fixed or counts)):
        return (
            "a mana ability with a generic cost is played only as a permanent's one mana"
            " ability, that cost and {T}: a fixed pool (a Signet, not of a land or creature)"
            " or one mana per permanent of a subtype (Cabal Coffers, not of a creature)"
        )
    if mt.AB_COST[i, k] > MAX_FILTER_GENERIC:
        return (
            f"a mana ability costs more than MAX_FILTER_GENERIC = {MAX_FILTER_GENERIC} generic mana"
        )
    return None


def _life_refusal(i: int, k: int) -> str | None:
    """Why mana ability ``k`` of card ``i``, which costs life (119.4), is not played: the
    frontier counts such sources as alike, so each of the card's abilities the pilot
    activates costs the same life and nothing else (no damage, counter or sacrifice)."""
    picked = [j for _, j in _choice_abilities(i)]
    if {int(mt.AB_LIFE[i, j]) for j in picked} != {int(mt.AB_LIFE[i, k])}:
        return "a permanent whose mana abilities cost different life is not played yet"
    leaves = mt.AB_SAC_SELF[i, k] or mt.AB_SACRIFICE[i, k]
    if mt.AB_DAMAGE[i, k] or mt.AB_REMOVE[i, k] >= 0 or leaves:
        return "a mana ability that costs life and more, or deals damage, is not played yet"
    if mt.AB_TPL[i, k] in _BOARD_MADE:
        return "a mana ability that costs life and reads the board is not played yet"
    return None


def _life(i: int) -> int:
    """The life each activation of card ``i``'s mana abilities costs (C_LIFE; ``_life_refusal``:
    the same for each)."""
    return max((int(mt.AB_LIFE[i, j]) for _, j in _choice_abilities(i)), default=0)


def _counters_refusal(card: Card, i: int) -> str | None:
    """Why card ``i``'s counters and sacrifices are not played: one kind of counter removed,
    entering counters of one kind and no -1/-1 ones (704.5f), a sacrifice by every choice or
    none, and at least two choices for a permanent that may be sacrificed (the pilot checks
    that the cost stays payable after a choice only when it has several)."""
    picked = [k for _, k in _choice_abilities(i)]
    removed = {int(mt.AB_REMOVE[i, k]) for k in picked if mt.AB_REMOVE[i, k] >= 0}
    entering = [a for a in card.abilities if a.template == "enters_with_counters"]
    if len(removed) > 1 or len(entering) > 1:
        return "a permanent with counters of two kinds is not played in deck games yet"
    if any(a.text("kind") == "-1/-1" for a in entering):
        return "a permanent entering with -1/-1 counters is not played in deck games yet"
    sacrificed = {bool(mt.AB_SAC_SELF[i, k]) for k in picked}
    when_none = {bool(mt.AB_SACRIFICE[i, k]) for k in picked}
    if len(sacrificed) > 1 or len(when_none) > 1:
        return "a permanent sacrificed by some of its mana abilities only is not played yet"
    if (True in sacrificed or True in when_none) and len(picked) < 2:
        return "a permanent sacrificed for one kind of mana is not played in deck games yet"
    return None


def _grants_haste(ability: Ability) -> bool:
    """Fervor ("creatures you control have haste"), Thousand-Year Elixir (302.6)."""
    if ability.template == "activate_as_though_haste":
        return True
    return (
        ability.template == "grant_keyword"
        and ability.text("keyword") == "haste"
        and ability.text("scope") in _HASTE_SCOPES
        and not tb.kind_grant(ability)  # Blur Sliver's, to Slivers; to artifacts: not yet
    )


def _played_or_inert(ability: Ability) -> bool:
    """A static, replacement or trigger the deck game plays (enters tapped, haste, a granted
    mana ability, a karoo's return, a gain of life, creatures' toughness) or that changes
    nothing in it (``_INERT``, ``QUIET_TRIGGERS``, a granted keyword other than haste)."""
    if ability.template in _INERT | _ENTERS | QUIET_TRIGGERS:
        return True
    if ability.template in (
        "grant_mana_any_color", "mana_multiply", RETURNS_LAND, _GAINS_LIFE, _CASTS_DRAW,
    ):  # fmt: skip
        return True
    if ability.template == _UPKEEP_REMOVAL:
        return ability.text("kind") == "-1/-1"
    if ability.template == "tapped_for_mana_add":  # of lands, creatures, or a land Aura's
        aura = ability.text("source") == "enchanted"  # a fixed pool, or one of any color
        return ability.text("produce") != ("same" if aura else "any")
    if ability.template == "creatures_get":
        return True  # its toughness change (``_toughness_columns``)
    if ability.template == "grant_keyword" and ability.text("keyword") != "haste":
        return True
    return _grants_haste(ability)


def untaps_only(i: int) -> bool:
    """Whether every mana ability of card ``i`` costs {Q} and it never enters tapped
    (Pili-Pala). Nothing in a batch deck game taps such a permanent (a card that taps
    another for a cost, Springleaf Drum, is refused beside it, ``_tapping_deck_refusal``, as
    is a grant of a {T} ability to it, ``_grant_refusal``), so it stays untapped and its {Q}
    is never paid (107.6): its abilities are never activated, as the reference engine leaves
    such a permanent out of its sources (``engine.reference.mana_search``)."""
    n = int(mt.N_AB[i])
    never_tapped = not (mt.ENTERS_TAPPED[i] or mt.ENTERS_PAY_LIFE[i])
    return n > 0 and never_tapped and all(mt.AB_UNTAP[i, k] for k in range(n))


def _printed(i: int) -> range:
    """Card ``i``'s printed mana abilities a deck game activates (their ``mana_tables``
    columns): every one, or none when they all cost {Q} (``untaps_only``)."""
    return range(0 if untaps_only(i) else int(mt.N_AB[i]))


def _abilities(i: int, granted: bool, every: bool = False) -> list[int]:
    """Card ``i``'s mana abilities (their ``mana_tables`` columns): the printed ones a deck
    game activates (``_printed``; ``every``: all of them, those that cost {Q} too), then,
    ``granted``, the one Chromatic Lantern or Cryptolith Rite gives it (611.3a)."""
    printed = range(int(mt.N_AB[i])) if every else _printed(i)
    return [*printed, *([mt.GRANTED] if granted else [])]


def _choice_abilities(i: int, granted: bool = False) -> list[tuple[int, int]]:
    """The mana each activation of card ``i`` makes, one per type it may name (WUBRGC order,
    the first ability that makes the type, 605.3b), equal ones once, with the damage it deals
    its controller (120.3a: a painland) in the bits above the pool (``DAMAGE_SHIFT``), and
    the ability that makes it; none for could-produce (its mana is the board's, found in the
    game), and an empty place for a count, whose mana the game keeps (C_PER_SLOT; Gaea's
    Cradle names {G} even with no creature). ``granted``: with the ability a grant gives it."""
    found: list[tuple[int, int]] = []
    for t in range(len(MANA_TYPES)):
        for k in _abilities(i, granted):
            tpl = int(mt.AB_TPL[i, k])
            if tpl in _PER_COUNT and mt.AB_BITS[i, k] >> t & 1:
                found.append((0, k))  # a count's place (C_PER_SLOT): the game holds its mana
                break
            if tpl in _BOARD_MADE or not mt.AB_BITS[i, k] >> t & 1:
                continue
            if tpl == mt.TPL_FIXED:
                delta = _packed(mt.AB_AMOUNT[i, k])
            else:  # one of the types, or any color: the amount of the type named
                delta = _unit(t, int(mt.AB_TIMES[i, k]))
            if all(f & POOL_BITS != delta for f, _ in found):
                found.append((delta | int(mt.AB_DAMAGE[i, k]) << DAMAGE_SHIFT, k))
            break
    return found


def _choices(i: int, granted: bool = False) -> list[int]:
    """``_choice_abilities``' mana alone."""
    return [made for made, _ in _choice_abilities(i, granted)]


def _removes(i: int, granted: bool = False) -> tuple[int, int, int]:
    """Which of card ``i``'s choices remove a counter (bits by choice), how many of that kind
    it enters with, and the kind (-1: none)."""
    found = _choice_abilities(i, granted)
    bits = sum(1 << j for j, (_, k) in enumerate(found) if mt.AB_REMOVE[i, k] >= 0)
    kinds = {int(mt.AB_REMOVE[i, k]) for _, k in found if mt.AB_REMOVE[i, k] >= 0}
    kind = kinds.pop() if kinds else -1  # one kind (kernel_refusal)
    entering = int(mt.ENTERS_AMOUNT[i]) if int(mt.ENTERS_KIND[i]) == kind >= 0 else 0
    return bits, entering, kind


def _most_of_a_type(setup: DeckSetup) -> int:
    """The most mana of one type a game's pool could ever hold (its games need the check of
    ``game.past_pool_cap`` only past MAX_PER_TYPE, S_POOL_CAP): a game sees at most
    OPENING_HAND + turns cards (103.5, 504.1) and plays a land a turn (305.2), so its
    battlefield holds at most that many cards and ``turns`` lands, each source making its
    most (``_most``) and what the "tapped for mana" triggers among them add (106.12a), times
    every multiplier among them (616.1) that could be cast at all (``_castable_factors``)."""
    seen = OPENING_HAND + setup.turns
    grants = _deck_grants(setup.cards)
    mosts = np.zeros((len(setup.cards), len(MANA_TYPES)), dtype=np.int64)
    totals = np.zeros(len(setup.cards), dtype=np.int64)
    indices = [mt.INDEX[c.name.lower()] for c in setup.cards]
    for d, (card, i) in enumerate(zip(setup.cards, indices, strict=True)):
        granted = _granted_to(card, grants)
        mosts[d] = _most(i, setup.cards, granted)
        made = [_total(m & POOL_BITS) for m in _choices(i, granted)]
        totals[d] = max([*made, int(mosts[d].max()) if _reflect_mask(i) or _per_count(i)[0] else 0])
    added = [_trigger_adds(i) for i in indices]
    most_added = sum(sorted(added, reverse=True)[:seen])
    mosts[totals > 0] += most_added
    totals[totals > 0] += most_added
    factors = _castable_factors(setup, totals, seen)
    best = 0
    for t in range(len(MANA_TYPES)):
        made = _on_one_battlefield(setup, mosts[:, t])
        for m in range(len(factors) + 1):
            best = max(best, sum(made[: seen - m]) * math.prod(factors[:m]))
    return best


def _on_one_battlefield(setup: DeckSetup, values: np.ndarray) -> list[int]:
    """The cards' ``values``, largest first, of the lands only the ``turns`` largest."""
    lands = [int(v) for c, v in zip(setup.cards, values, strict=True) if c.has_type("Land")]
    rest = [int(v) for c, v in zip(setup.cards, values, strict=True) if not c.has_type("Land")]
    return sorted(sorted(lands, reverse=True)[: setup.turns] + rest, reverse=True)


def _castable_factors(setup: DeckSetup, totals: np.ndarray, seen: int) -> list[int]:
    """The factors of the deck's mana multipliers that could ever be cast, largest first: a
    multiplier costing more than the most mana ``seen`` cards could make in all (with the
    cheaper multipliers) never is."""
    multipliers = sorted(
        (c for c in setup.cards if _factor(mt.INDEX[c.name.lower()]) > 1),
        key=lambda c: c.mana_cost.mana_value,
    )
    made = _on_one_battlefield(setup, totals)
    factors: list[int] = []
    for c in multipliers[:seen]:
        reach = sum(made[: seen - len(factors)]) * math.prod(factors)
        if c.mana_cost.mana_value <= reach:
            factors.append(_factor(mt.INDEX[c.name.lower()]))
    return sorted(factors, reverse=True)


def _grant_refusal(setup: DeckSetup) -> str | None:
    """Why a deck's grants of "{T}: Add one mana of any color." are not played: one given to
    a permanent whose mana abilities cost {Q} (Pili-Pala: tapped for the granted one, it
    could pay them), or to one whose mana ability is paid from the pool (Cabal Coffers: the
    batch engine plays such an ability alone), or by a permanent that may be sacrificed, or
    one that adds a choice to a source that costs life (its choices would cost life or not). A
    could-produce source under a grant makes one of the types of either ability
    (``frontier.reflected``); a count names its own type, the grant the others (C_PER_SLOT).
    Mana Confluence gains none: its own ability makes every color, and the engines activate
    the first ability that makes the type named (605.3b)."""
    grants = _deck_grants(setup.cards)
    for card in setup.cards:
        i = mt.INDEX[card.name.lower()]
        if untaps_only(i) and _granted_to(card, grants):
            return (
                f"{card.name}: a granted {{T}} mana ability beside its own that costs {{Q}}"
                " (tapping it for the one pays the other's {Q}) is not played yet"
            )
        if is_filter(i) and _granted_to(card, grants):
            return (
                f"{card.name}: a granted mana ability beside one paid from the pool is not"
                " played yet"
            )
        if (_grants(card) or _factor(i) > 1) and _sacrificed(i):
            return f"{card.name}: a grant or multiplier that may leave is not played yet"
        if (
            _life(i)
            and _granted_to(card, grants)
            and _choice_abilities(i, True) != _choice_abilities(i)
        ):
            return (
                f"{card.name}: a granted mana ability beside one that costs life is not played yet"
            )
    return None


def _sacrificed(i: int) -> bool:
    """Whether a mana ability the pilot activates may sacrifice card ``i`` (701.21a)."""
    return any(mt.AB_SAC_SELF[i, k] or mt.AB_SACRIFICE[i, k] for k in _picked(i))


def _dies_refusal(setup: DeckSetup) -> str | None:
    """A permanent its own mana ability sacrifices, with persist or undying printed or given
    by a static of the deck (``_reached``), would return (702.79a, 702.93a): the batch deck
    game plays no return (and ``QUIET_TRIGGERS`` count on none)."""
    indices = [mt.INDEX[c.name.lower()] for c in setup.cards]
    reached = _reached(indices)
    for card, i in zip(setup.cards, indices, strict=True):
        given = "permanents" in reached or any(
            card.has_type(kind) for objects, kind in _OBJECT_TYPES.items() if objects in reached
        )
        if (tb.PERSIST[i] or tb.UNDYING[i] or given) and _sacrificed(i):
            return (
                f"{card.name}: a permanent with persist or undying that its own mana ability"
                " sacrifices would return; not played in deck games yet"
            )
    return None


# the card type of each of library.GRANT_OBJECTS but "permanents"
_OBJECT_TYPES: Final = {"creatures": "Creature", "artifacts": "Artifact"}


def _reached(indices: Sequence[int]) -> set[str]:
    """The objects (library.GRANT_OBJECTS) the deck's statics may give persist or undying:
    creatures by scope, or the objects of a grant to a kind (whatever its subtype or color)."""
    kind = tb.KIND_GIVES_RETURNS[indices]
    reached = {GRANT_OBJECTS[o] for o in tb.GRANT_KIND_OBJECTS[indices][kind]}
    if tb.SCOPE_GIVES_RETURNS[indices].any():
        reached.add("creatures")
    return reached


def _counted_refusal(setup: DeckSetup) -> str | None:
    """A source paid from the pool whose mana counts a subtype (Cabal Coffers) is searched
    after the others, as a Signet (``frontier._filtered``), only while no permanent it counts
    may leave as its own mana is made (701.21a: the count would depend on the order). It
    could produce its type only while it counts one (106.7), which the lands' could-produce
    (``board.lands_could``) leaves to the lands it counts: each must make that type itself.
    A land Aura adding mana of any color (Fertile Ground) is a choice the search after the
    others does not make."""
    colors = next((c for c in setup.cards if _trigger_any(mt.INDEX[c.name.lower()])), None)
    for card in setup.cards:
        i = mt.INDEX[card.name.lower()]
        per, bit, unit = _per_count(i)
        if per != PER_SUBTYPE or not is_filter(i):
            continue
        if colors is not None:
            return f"{card.name}: {colors.name}, which may enchant it, is not played beside it yet"
        types = sum(1 << t for t, n in enumerate(_amounts(unit)) if n)
        for other in setup.cards:
            j = mt.INDEX[other.name.lower()]
            if not int(tb.SUBTYPE_BITS[j]) & bit:
                continue
            if _sacrificed(j):
                return f"{card.name}: {other.name}, which it counts, may leave; not played yet"
            if other.has_type("Land") and (_raw_mask(j) & types) != types:
                return (
                    f"{card.name}: {other.name}, which it counts, does not make its mana"
                    " itself (106.7); not played yet"
                )
    return None


def _toughness_columns(i: int) -> tuple[int, int, int]:
    """Card ``i``'s C_TOUGHNESS, C_T_ALL, C_T_LORD: its printed toughness less what its own
    statics give "other" creatures and, not a Human, the other non-Human ones (611.3a: it
    is not other to itself), then what they give every creature of the player ("creatures
    you control", "all creatures"; "opponents'" none) and the other non-Human ones."""
    own = int(tb.BASE_T[i]) - int(tb.OTHER_T[i])
    if not tb.IS_HUMAN[i]:
        own -= int(tb.LORD_T[i])
    return own, int(tb.ANTHEM_T[i]) + int(tb.ALL_T[i]), int(tb.LORD_T[i])


def _toughness_refusal(setup: DeckSetup) -> str | None:
    """In a deck where a creature may have toughness 0 or less (704.5f: Night of Souls'
    Betrayal, a 0-toughness creature), the game puts it into the graveyard and plays on
    (``board.toughness_deaths``). Refused beside it: a creature that would return (persist,
    undying, printed or given: 702.79a, 702.93a), one that enters with +1/+1 counters (the
    game keeps no such counter), one whose grant of a mana ability, multiplier or "tapped
    for mana" trigger would leave with it (the game's rows keep them), and a toughness
    static that may leave another way (sacrificed for mana, or a land beside a karoo)."""
    indices = [mt.INDEX[c.name.lower()] for c in setup.cards]
    columns = [_toughness_columns(i) for i in indices]
    lowered = any(t_all < 0 or t_lord < 0 for _, t_all, t_lord in columns)
    lowered |= any(tb.FILTER_T[i] < 0 for i in indices)
    frail = any(
        c.has_type("Creature") and tb.BASE_T[i] <= 0
        for c, i in zip(setup.cards, indices, strict=True)
    )
    if not (lowered or frail):
        return None
    grants = bool(tb.GIVES_RETURNS[indices].any())
    returner = any(_returns_land(c) for c in setup.cards)
    for card, i, (_, t_all, t_lord) in zip(setup.cards, indices, columns, strict=True):
        creature = card.has_type("Creature")
        if creature and (tb.PERSIST[i] or tb.UNDYING[i] or grants):
            why = "it may die and return (persist, undying)"
        elif creature and any(
            a.template == "enters_with_counters" and a.text("kind") == "+1/+1"
            for a in card.abilities  # (-1/-1 ones: ``_counters_refusal``)
        ):
            why = "it enters with +1/+1 counters"
        elif creature and (_grants(card) or _factor(i) > 1 or _trigger(i)[0]):
            why = "its grant, multiplier or mana trigger would leave with it"
        elif (t_all or t_lord) and (_sacrificed(i) or (returner and card.has_type("Land"))):
            why = "its static on toughness may leave as mana is made or a land returns"
        elif tb.FILTER_T[i]:
            why = "its static on toughness names a subtype or a color, which deck games do not sum"
        else:
            continue
        return (
            f"{card.name}: {why}, in a deck where a creature may have toughness 0 or less"
            " (704.5f); not played yet"
        )
    return None


def _tappers(cards: Sequence[Card]) -> list[str]:
    """The names of the cards whose mana abilities tap an untapped creature for a cost
    (Springleaf Drum), sorted."""
    return sorted({c.name for c in cards if taps_creature(mt.INDEX[c.name.lower()])})


def _tapping_deck_refusal(setup: DeckSetup) -> str | None:
    """A source whose cost taps a creature (Springleaf Drum) is played beside creatures whose
    mana the frontier adds as choices of their own (``frontier._tapping``): its sources are
    alike (one card of them in a deck, and no land Aura to enchant one copy of a land of them:
    the frontier taps the first, 106.12a), and no creature of the deck has a mana ability that
    costs {Q} (tapped by it, Pili-Pala could pay its own {Q}), costs more than {T}, reads the
    board (106.7) or may sacrifice it."""
    tappers = _tappers(setup.cards)
    if not tappers:
        return None
    if len(tappers) > 1:
        return (
            f"{tappers[0]} and {tappers[1]}: two cards whose mana abilities tap a creature"
            " are not played together yet"
        )
    aura = next((c.name for c in setup.cards if enchants_land(c)), None)
    land = any(c.name == tappers[0] and c.has_type("Land") for c in setup.cards)
    if aura is not None and land:
        return (
            f"{tappers[0]}: a land whose mana ability taps a creature, beside {aura}, which"
            " may enchant one copy of it and not another, is not played yet"
        )
    for card in setup.cards:
        i = mt.INDEX[card.name.lower()]
        if not card.has_type("Creature"):
            continue
        plain = all(
            not (mt.AB_LIFE[i, k] or mt.AB_DAMAGE[i, k] or mt.AB_REMOVE[i, k] >= 0)
            for k in range(int(mt.N_AB[i]))
        )
        if untaps_only(i) or not plain or is_filter(i) or _sacrificed(i) or mt.IS_REFLECT[i]:
            return (
                f"{card.name}: a creature whose mana ability costs more than {{T}} or reads"
                f" the lands, beside {tappers[0]}, which may tap it, is not played yet"
            )
    return None


def _payers_refusal(setup: DeckSetup) -> str | None:
    """Sources that cost life (119.4) are played as alike (``frontier``): one card of them."""
    payers = sorted({c.name for c in setup.cards if _life(mt.INDEX[c.name.lower()])})
    if len(payers) > 1:
        return (
            f"{payers[0]} and {payers[1]}: two cards whose mana costs life are not played"
            " together yet"
        )
    return None


def _return_refusal(setup: DeckSetup) -> str | None:
    """A land returned to the hand takes its counts, haste and counters with it (``board``'s
    ``leave``); what a grant, a multiplier or a "tapped for mana" trigger changed in the rows
    stays (nothing else a deck game plays removes one): such a land beside a card that
    returns lands is refused."""
    returner = next((c for c in setup.cards if _returns_land(c)), None)
    if returner is None:
        return None
    for card in setup.cards:
        i = mt.INDEX[card.name.lower()]
        if card.has_type("Land") and (_grants(card) or _factor(i) > 1 or _trigger(i)[0]):
            return (
                f"{card.name}: a land with a grant, a multiplier or a mana trigger beside"
                f" {returner.name}, which may return it to the hand, is not played yet"
            )
    return None


def _aura_refusal(setup: DeckSetup) -> str | None:
    """Lands whose mana costs life (119.4) are played as alike but for their land Auras: as
    many as the life total pays for, those whose Auras add the most first
    (``frontier._sources``), which is the best choice only while every Aura adds one type
    (none adds mana of any color)."""
    payer = next(
        (c for c in setup.cards if c.has_type("Land") and _life(mt.INDEX[c.name.lower()])), None
    )
    auras = {c.name: mt.INDEX[c.name.lower()] for c in setup.cards}
    types = {
        (tuple(n > 0 for n in _amounts(_trigger(i)[2])), _trigger_any(i) > 0)
        for i in auras.values()
        if _trigger(i)[0] == WATCH_ENCHANTED
    }
    if payer is not None and (len(types) > 1 or any(any_ for _, any_ in types)):
        return (
            f"{payer.name}: a land whose mana costs life beside land Auras that add different"
            " types of mana, or mana of any color, is not played yet"
        )
    return None


def _two_types_refusal(setup: DeckSetup) -> str | None:
    """A "that type" trigger (Mana Flare, 106.12a) adds one mana of a type the source made:
    of a source it watches making two types at once that is a choice, which the frontier
    makes where that is the source's one choice (Boros Garrison's {R}{W}: F_MULTI_TYPE), not
    yet beside other choices (it would add the first type made, ``frontier._triggered``).
    A source no such trigger watches (a Signet) is played."""
    same = next((c for c in setup.cards if _trigger(mt.INDEX[c.name.lower()])[1]), None)
    if same is None:
        return None
    watched = 0
    for c in setup.cards:
        on, adds_same, _ = _trigger(mt.INDEX[c.name.lower()])
        watched |= on if adds_same else 0
    grants = _deck_grants(setup.cards)
    for card in setup.cards:
        land = card.has_type("Land") and watched & (GRANT_LANDS | WATCH_ENCHANTED)
        if not (land or (card.has_type("Creature") and watched & GRANT_CREATURES)):
            continue
        made = _choices(mt.INDEX[card.name.lower()], _granted_to(card, grants))
        if len(made) > 1 and any(_types(m) > 1 for m in made):
            return (
                f"{card.name}: mana of two types at once among other choices, beside"
                f" {same.name}, whose trigger adds one of the types made, is not played yet"
            )
    return None


def _types(pool: int) -> int:
    """How many types a packed pool holds some of."""
    return sum(1 for amount in _amounts(pool) if amount)


def _most_counters(setup: DeckSetup) -> int:
    """The most counters a card of the deck could enter with: its amount through every
    modifier of the deck that applies (616.1, each copy once)."""
    most = 0
    for card in setup.cards:
        i = mt.INDEX[card.name.lower()]
        _, n, kind = _removes(i)
        flags = F_CREATURE * card.has_type("Creature") | F_ARTIFACT * card.has_type("Artifact")
        for other in setup.cards:
            j = mt.INDEX[other.name.lower()]
            if n and scope_covers(int(tb.MOD_SCOPE[j]), int(tb.MOD_KIND[j]), kind, flags):
                n = n * int(tb.MOD_FACTOR[j]) + max(int(tb.MOD_ADD[j]), 0)
                if n > MAX_COUNTERS:
                    return n
        most = max(most, n)
    return most


def _raw_mask(i: int, granted: bool = False) -> int:
    """The types card ``i``'s own abilities make, whatever the board (106.7's start). Costs
    are ignored there, so the types of an ability that costs {Q} count too, though the game
    never activates it (``untaps_only``)."""
    mask = 0
    for k in _abilities(i, granted, every=True):
        if mt.AB_TPL[i, k] not in (mt.TPL_REFLECT, mt.TPL_PER_SUBTYPE):
            mask |= int(mt.AB_BITS[i, k])  # Gaea's Cradle's only with a creature: F_RAW_IF_...
    return mask


def _reflect_mask(i: int) -> int:
    """Which of the lands' types a could-produce ability makes: all, colors only, or none
    (lands an opponent controls: a deck game has no opponent)."""
    for k in _printed(i):
        if mt.AB_TPL[i, k] == mt.TPL_REFLECT:
            if mt.AB_OPPONENTS[i, k]:
                return 0
            return mt.COLOR_BITS if mt.AB_COLORS_ONLY[i, k] else 0x3F
    return 0


def _most_at_once(i: int) -> int:
    """The most mana of one type one of card ``i``'s mana abilities (a count: per permanent)
    or "tapped for mana" triggers makes at once, as the files give it: each is packed in one
    field of a pool. What a game's board makes in all is the game's cap (``game.POOL_CAP``)."""
    return int(max(mt.AB_AMOUNT[i].max(initial=0), mt.AB_TIMES[i].max(initial=0), mt.TFM_AMOUNT[i]))


def _most(i: int, deck: Sequence[Card], granted: bool) -> np.ndarray:
    """The most of each type card ``i`` makes in one activation in a game of ``deck``
    (could-produce: one; a count: one per card of the deck it could count; ``granted``:
    with a granted ability)."""
    most = np.zeros(len(MANA_TYPES), dtype=np.int64)
    for delta in _choices(i, granted):
        most = np.maximum(most, _amounts(delta))
    if _reflect_mask(i):
        most = np.maximum(most, 1)
    per, bit, unit = _per_count(i)
    if per != PER_NONE:
        counted = sum(
            c.has_type("Creature")
            if per == PER_CREATURE
            else bool(int(tb.SUBTYPE_BITS[mt.INDEX[c.name.lower()]]) & bit)
            for c in deck
        )
        most += np.array(_amounts(unit)) * counted
    return most


def _per_count(i: int) -> tuple[int, int, int]:
    """Card ``i``'s count (PER_*), the subtype bit it counts and the mana per permanent."""
    for k in _printed(i):
        per = _PER_COUNT.get(int(mt.AB_TPL[i, k]), PER_NONE)
        if per != PER_NONE:
            bit = 1 << int(mt.AB_SUBTYPE[i, k]) if per == PER_SUBTYPE else 0
            t = int(mt.AB_BITS[i, k]).bit_length() - 1
            return per, bit, _unit(t, int(mt.AB_AMOUNT[i, k, t]))
    return PER_NONE, 0, 0


def batch_refusal(setup: DeckSetup) -> str | None:
    """Why the batch engine cannot play this deck (a card, or a cap), or None if it can."""
    for card in setup.cards:
        why = kernel_refusal(card)
        if why is not None:
            return f"{card.name}: {why}"
    why = _grant_refusal(setup) or _payers_refusal(setup) or _return_refusal(setup)
    why = why or _two_types_refusal(setup) or _dies_refusal(setup) or _aura_refusal(setup)
    why = why or _counted_refusal(setup) or _toughness_refusal(setup)
    why = why or _tapping_deck_refusal(setup)
    if why is not None:
        return why
    if _most_counters(setup) > MAX_COUNTERS:
        return (
            "a permanent could enter with more than MAX_COUNTERS = 2^62 counters of one kind:"
            " the batch engine counts them in 64 bits"
        )
    signets = sum(is_filter(mt.INDEX[c.name.lower()]) for c in setup.cards)
    if signets > MAX_SIGNETS:
        return (
            f"it holds more than MAX_SIGNETS = {MAX_SIGNETS} cards whose mana ability costs"
            " mana from the pool (Signets, Cabal Coffers): the batch engine keeps which were"
            " activated in 64 bits"
        )
    for card in setup.cards:
        if _most_at_once(mt.INDEX[card.name.lower()]) > MAX_PER_TYPE:
            return (
                f"{card.name}: one of its mana abilities or triggers makes more than"
                f" MAX_PER_TYPE = {MAX_PER_TYPE} mana of one type at once: the batch engine"
                f" packs a deck game's pools in FIELD_BITS = {FIELD_BITS} bits a type"
            )
    costs = [c.mana_cost for c in setup.cards] + list(setup.costs)
    for cost in costs:
        hybrids = sum("/" in sym for sym in cost.colored)
        if hybrids > MAX_HYBRID_SYMBOLS or len(cost.colored) > MAX_PER_TYPE:
            return (
                f"the cost {cost.text} has more than MAX_HYBRID_SYMBOLS = {MAX_HYBRID_SYMBOLS}"
                f" hybrid symbols or MAX_PER_TYPE = {MAX_PER_TYPE} colored ones"
            )
    return None


@dataclass(frozen=True)
class DeckTables:
    """What the compiled deck game reads: ``cards`` (N, N_COLUMNS) and ``choices`` (N, 6)
    packed pools; ``costs`` (cost rows, 6) and ``hybrids`` (rows, 2) packed unit pools;
    ``measured`` the cost rows of ``DeckSetup.costs``, ``x_cost`` the X spell's (-1: none);
    ``track`` the name ids of the tracked cards; ``settings`` the game's numbers
    (turns, lo, hi, max_mulligans, london, names, whether rows change in a game, whether a
    card's mana costs life); ``per_cards`` the deck indices whose mana counts permanents
    (106.4); ``granted`` and ``granted_choices``: ``cards`` and ``choices`` of the cards a
    grant of the deck gives a mana ability to (611.3a), under it (the others' rows as in
    ``cards``)."""

    cards: np.ndarray
    choices: np.ndarray
    granted: np.ndarray
    granted_choices: np.ndarray
    per_cards: np.ndarray
    costs: np.ndarray
    hybrids: np.ndarray
    measured: np.ndarray
    x_cost: int
    track: np.ndarray
    settings: np.ndarray


class _Ranks:
    """Each card's place in the pilot's orders (``engine.deck``): land drop, cast, and the
    bottom of the library after a mulligan (103.5: lands last land-drop first; nonland
    cards by ``spell_bottom_key``)."""

    def __init__(self, setup: DeckSetup) -> None:
        cards = setup.cards
        self.land = _ranks([land_key(setup, c) for c in cards])
        self.cast = _ranks([cast_key(setup, c) for c in cards])
        self.land_bottom = _ranks([(land_key(setup, c), i) for i, c in enumerate(cards)])
        self.spell_bottom = _ranks([(spell_bottom_key(c), i) for i, c in enumerate(cards)])


def _row(
    setup: DeckSetup,
    d: int,
    card: Card,
    ranks: _Ranks,
    costs: _Costs,
    names: list[str],
    granted: bool,
) -> tuple[tuple[int, ...], list[int]]:
    """Deck card ``d``'s row of ``DeckTables.cards`` and its choices (``granted``: under a
    grant of a mana ability, ``DeckTables.granted``)."""
    i = mt.INDEX[card.name.lower()]
    found = _choice_abilities(i, granted)
    made = [delta for delta, _ in found]
    land = card.has_type("Land")
    per, bit, unit = _per_count(i)
    row = (
        names.index(card.name),
        _flags(i, card, made, per, granted),
        ranks.land[d],
        ranks.cast[d],
        len(setup.cards) - 1 - ranks.land_bottom[d] if land else ranks.spell_bottom[d],
        costs.row(card.mana_cost),
        len(made),
        _raw_mask(i, granted),
        _reflect_mask(i),
        max((_total(m) for m in made), default=0),
        per,
        bit,
        unit,
        int(tb.SUBTYPE_BITS[i]),
        int(mt.ENTERS_PAY_LIFE[i]),
        *_counter_columns(i, granted),
        _life(i),
        int(tb.ETB_LIFE[i]),
        int(mt.CAST_DRAW[i]),
        0,  # C_ENCHANTED: no Aura on it yet
        _trigger_any(i),
        0,  # C_ENCHANTED_ANY: likewise
        int(mt.AB_COST[i, 0]) if is_filter(i) else 0,
        # C_PER_SLOT: where among its choices its count keeps its mana (0 without one)
        next((j for j, (_, k) in enumerate(found) if mt.AB_TPL[i, k] in _PER_COUNT), 0),
        *_toughness_columns(i),
    )
    return row, made


class _Costs:
    """Cost rows, one per distinct cost text."""

    def __init__(self) -> None:
        self.rows: list[list[int]] = []
        self.hybrids: list[tuple[int, int]] = []
        self.ids: dict[str, int] = {}

    def row(self, cost: ManaCost) -> int:
        if cost.text in self.ids:
            return self.ids[cost.text]
        single = 0
        start = len(self.hybrids)
        for sym in cost.colored:
            parts = sym.split("/")
            if len(parts) == 1:
                single += _unit(MANA_TYPES.index(parts[0]))
            else:  # 107.4e: either half
                a, b = (MANA_TYPES.index(p) for p in parts)
                self.hybrids.append((_unit(a), _unit(b)))
        row = [single, len(cost.colored), cost.generic, cost.x_count, start, len(self.hybrids)]
        self.ids[cost.text] = len(self.rows)
        self.rows.append(row)
        return self.ids[cost.text]


def _ranks(keys: list[object]) -> list[int]:
    """Each key's place among the distinct keys, in order."""
    order = {k: r for r, k in enumerate(sorted(set(keys)))}  # type: ignore[type-var]
    return [order[k] for k in keys]


def _flags(i: int, card: Card, made: list[int], per: int, granted: bool) -> int:
    """Card ``i``'s ``F_*`` bits (``made``: its choices, ``per``: what its mana counts,
    ``granted``: under a grant of a mana ability)."""
    land = card.has_type("Land")
    picked = [k for _, k in _choice_abilities(i, granted)]
    return (
        F_LAND * land
        | F_CREATURE * card.has_type("Creature")
        | F_LEGENDARY * ("Legendary" in card.supertypes)
        | F_HASTE * ("haste" in card.keywords)
        | F_ENTERS_TAPPED * bool(mt.ENTERS_TAPPED[i])
        | F_CASTABLE * (card.is_permanent_card and not land)
        | F_REFLECT * bool(_reflect_mask(i) or mt.IS_REFLECT[i])
        | F_MANA * (granted or bool(_printed(i)))
        | F_GRANTS_HASTE * any(_grants_haste(a) for a in card.abilities)
        | F_EVEN * (len({_total(m) for m in made}) <= 1)
        | F_PAYS_LIFE * bool(mt.ENTERS_PAY_LIFE[i])
        | F_PER_COUNT * (per != PER_NONE)
        | F_MAY_MAKE_NONE * (per != PER_NONE or bool(mt.IS_REFLECT[i]))
        | F_RAW_IF_CREATURES * (land and per == PER_CREATURE)
        | F_SACRIFICED * any(mt.AB_SAC_SELF[i, k] for k in picked)
        | F_SACRIFICED_WHEN_NONE * any(mt.AB_SACRIFICE[i, k] for k in picked)
        | F_REMOVES * bool(_removes(i, granted)[0])
        | F_GRANTS_LANDS * (_grants(card) & GRANT_LANDS != 0)
        | F_GRANTS_CREATURES * (_grants(card) & GRANT_CREATURES != 0)
        | F_RETURNS_LAND * _returns_land(card)
        | F_FILTER * is_filter(i)
        | F_MULTI_TYPE * _multi_type(i, made, per)
        | F_HUMAN * bool(tb.IS_HUMAN[i])
        | F_TAP_CREATURE * taps_creature(i)
        | F_ARTIFACT * card.has_type("Artifact")
    )


def _multi_type(i: int, made: list[int], per: int) -> bool:
    """Whether card ``i``'s one choice (``made``) makes more than one type at once, read
    from the deck's tables alone (Boros Garrison's {R}{W}: F_MULTI_TYPE)."""
    plain = per == PER_NONE and not mt.IS_REFLECT[i] and not _reflect_mask(i)
    return plain and len(made) == 1 and _types(made[0]) > 1 and not _removes(i)[0]


def _returns_land(card: Card) -> bool:
    """Whether ``card`` returns a land its controller controls to the hand as it enters."""
    return any(a.template == RETURNS_LAND for a in card.abilities)


def _grants(card: Card) -> int:
    """Whom ``card`` gives "{T}: Add one mana of any color." (611.3a): GRANT_* bits."""
    found = 0
    for a in card.abilities:
        if a.template == "grant_mana_any_color":
            found |= GRANT_LANDS if a.text("to") == "lands" else GRANT_CREATURES
    return found


def _deck_grants(cards: Sequence[Card]) -> int:
    """The GRANT_* bits of every grant of a mana ability among ``cards``."""
    found = 0
    for card in cards:
        found |= _grants(card)
    return found


def _granted_to(card: Card, grants: int) -> bool:
    """Whether ``grants`` (GRANT_* bits) give ``card`` a mana ability."""
    return bool(
        (grants & GRANT_LANDS and card.has_type("Land"))
        or (grants & GRANT_CREATURES and card.has_type("Creature"))
    )


def _counter_columns(i: int, granted: bool) -> tuple[int, ...]:
    """Card ``i``'s columns from C_COUNTERS_IN on: its counters and its counter statics."""
    removes, entering, kind = _removes(i, granted)
    statics = (tb.NO_KIND, tb.NO_SCOPE, tb.MOD_KIND, tb.MOD_SCOPE, tb.MOD_FACTOR, tb.MOD_ADD)
    counted = (entering, removes, kind, *(int(column[i]) for column in statics))
    return (*counted, _factor(i), 1, 0, 0, *_trigger(i))


def _trigger(i: int) -> tuple[int, int, int]:
    """Card ``i``'s "tapped for mana" trigger (106.12a): whose tapping it watches (GRANT_*
    bits, or WATCH_ENCHANTED: its host's; 0: it has none), whether it adds one of the type
    made, the pool it adds else."""
    source = int(mt.TFM_SOURCE[i])
    if source < 0:
        return 0, 0, 0
    on = {mt.TFM_LANDS: GRANT_LANDS, mt.TFM_ENCHANTED: WATCH_ENCHANTED}.get(source, GRANT_CREATURES)
    produce = int(mt.TFM_PRODUCE[i])
    if produce == mt.PRODUCE_SAME:
        return on, 1, 0
    if produce == mt.PRODUCE_ANY:
        return on, 0, 0  # ``_trigger_any``
    return on, 0, _unit(produce, int(mt.TFM_AMOUNT[i]))


def _trigger_adds(i: int) -> int:
    """The most mana card ``i``'s "tapped for mana" trigger adds at once: one of the type
    made, its pool, or its mana of any color."""
    _, same, pool = _trigger(i)
    return same + _total(pool) + _trigger_any(i)


def _trigger_any(i: int) -> int:
    """The mana of any color card ``i``'s "tapped for mana" trigger adds (Fertile Ground's
    one; ``_played_or_inert``: only a land Aura's is played)."""
    return int(mt.TFM_AMOUNT[i]) if mt.TFM_PRODUCE[i] == mt.PRODUCE_ANY else 0


def _factor(i: int) -> int:
    """The factor card ``i``'s mana multiplier multiplies by (1: it has none)."""
    return int(mt.REP_FACTOR[i]) if mt.REP_KIND[i] == mt.REP_MULTIPLY else 1


def deck_tables(setup: DeckSetup) -> DeckTables:
    """The tables of ``setup``'s deck (``batch_refusal`` has found nothing to refuse)."""
    cards = setup.cards
    n = len(cards)
    names = sorted({c.name for c in cards} | set(setup.track))
    table = np.zeros((n, N_COLUMNS), dtype=np.int64)
    choices = np.zeros((n, len(MANA_TYPES)), dtype=np.int64)
    granted = np.zeros((n, N_COLUMNS), dtype=np.int64)
    granted_choices = np.zeros((n, len(MANA_TYPES)), dtype=np.int64)
    costs = _Costs()
    ranks = _Ranks(setup)
    grants = _deck_grants(cards)
    live = grants != 0 or any(
        _factor(mt.INDEX[c.name.lower()]) > 1 or _trigger(mt.INDEX[c.name.lower()])[0]
        for c in cards
    )
    for d, card in enumerate(cards):
        table[d], made = _row(setup, d, card, ranks, costs, names, False)
        choices[d, : len(made)] = made
        granted[d], made = _row(setup, d, card, ranks, costs, names, _granted_to(card, grants))
        granted_choices[d, : len(made)] = made
    measured = np.array([costs.row(c) for c in setup.costs], dtype=np.int64)
    x_cost = costs.row(setup.x_spell.mana_cost) if setup.x_spell is not None else -1
    lo, hi = setup.keep_lands
    pays_life = any(_life(mt.INDEX[c.name.lower()]) for c in cards)
    tapping = bool(_tappers(cards))
    london = setup.mulligan == "london"
    could_pass = _most_of_a_type(setup) > MAX_PER_TYPE
    counts = [setup.turns, lo, hi, setup.max_mulligans, london, len(names)]
    settings = np.array([*counts, live, pays_life, tapping, could_pass], dtype=np.int64)  # S_*
    return DeckTables(
        cards=table,
        choices=choices,
        granted=granted,
        granted_choices=granted_choices,
        per_cards=np.flatnonzero(table[:, C_FLAGS] & F_PER_COUNT).astype(np.int64),
        costs=np.array(costs.rows, dtype=np.int64).reshape(-1, 6),
        hybrids=np.array(costs.hybrids, dtype=np.int64).reshape(-1, 2),
        measured=measured,
        x_cost=x_cost,
        track=np.array([names.index(t) for t in setup.track], dtype=np.int64),
        settings=settings,
    )
