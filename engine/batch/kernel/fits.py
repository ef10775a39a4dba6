"""What the compiled kernel implements: one declaration per ability template (by name, never
by card), the event kinds, and the test of whether a batch is inside them (a whitelist).

A batch fits when every card on its boards, every card its events cast and every token those
cards make has only templates declared here, and every event is of a declared kind. Batches
where a mandatory loop is possible fit too: the kernel's loop watch (104.4b) decides them
(see ``run``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np

from engine.batch import mana_tables as mt
from engine.batch import tables as tb
from engine.batch.kernel.jit import njit
from engine.batch.kernel.present import cards_present
from engine.batch.kernel.state import MAX_PLAYERS
from engine.batch.wipe_state import (
    EV_ACTIVATE,
    EV_ATTACK,
    EV_BOUNCE,
    EV_CAST,
    EV_COUNTERS,
    EV_DAMAGE,
    EV_DAMAGE_ALL,
    EV_DAMAGE_PLAYER,
    EV_DESTROY,
    EV_EXILE,
    EV_NONE,
    EV_PASS_TURN,
    EV_SACRIFICE,
    EV_TAP,
    EV_TAP_MANA,
    EV_UNTAP,
    WipeInputs,
    WipeState,
)
from engine.library import LANDWALK


@dataclass(frozen=True)
class Handling:
    """How the kernel handles a template: the rule, and the kernel function(s) that do it
    (in ``engine.batch.kernel``), or ``inert`` when it changes nothing where it can be."""

    rule: str
    where: str


_ACTIVATED = "activated.activate (costs, onto the stack), activated.resolve_ability"
TEMPLATES: Final[dict[str, Handling]] = {
    # spells (608.2)
    "destroy_all_creatures": Handling("701.8a, 202.3e, 119.3", "spells._destroy_all"),
    "damage_each_creature": Handling(
        "120.3e, 120.3a, 614.1a", "spells._damage_each, zones._destination"
    ),
    "creatures_get_until_eot": Handling("611.2c, 119.4, 702.12b", "events.cast, triggers.weaken"),
    "counters_on_each_creature_x": Handling("122.1, 107.3", "spells._counters_each"),
    "shuffle_into_library": Handling("608.2n", "spells.card_to_zone"),
    "exile_all_modal": Handling("406.2, 700.2", "spells._exile_modal"),
    "bounce_all_creatures": Handling("400.7", "spells._all_leave"),
    "bounce_all_permanents": Handling("400.7", "spells._all_leave"),
    "damage_each_modal": Handling("700.2, 120.3", "spells._damage_each"),
    "exile_all_creatures": Handling("406.2", "spells._all_leave"),
    "creatures_to_library_bottom": Handling("401.4", "spells._all_leave"),
    "destroy_all_nonland_permanents": Handling("701.8a", "spells._all_leave"),
    "lands_skip_next_untap": Handling("502.3", "spells.resolve_spell, turns.pass_turn"),
    "each_player_sacrifices_creatures": Handling(
        "101.4, 701.21a", "spells._each_player_sacrifices"
    ),
    "sacrifice_all_colored": Handling("701.21a", "spells._sacrifice_colored"),
    "lands_produce_until_eot": Handling("611.2c, 106.12b", "mana.effects, mana.replace"),
    # triggered abilities (603)
    "etb_gain_life": Handling("603.6a, 119.3", "zones.enter, triggers._etb"),
    "etb_damage_any_target": Handling("608.2h, 120.3a", "triggers._ping"),
    "etb_creatures_get": Handling("611.2c, 603.7", "triggers._etb, zones._creatures_died"),
    "opponent_creature_dies_lose_life": Handling(
        "603.10a, 119.3", "zones._creatures_died, triggers._life_loss"
    ),
    "creature_dies_drain": Handling(
        "603.10a, 603.3d, 119.3", "zones._creatures_died, triggers._life_loss, _named_player"
    ),
    "dies_create_token_per_counter": Handling("603.10a, 111.1", "zones._died, create_tokens"),
    "leaves_create_token": Handling("603.6c, 603.10a, 111.1", "zones._left, create_tokens"),
    "human_damages_you_destroy": Handling("603.2, 701.8a", "combat.humans, triggers._to_graveyard"),
    "end_step_sacrifice_if_no_creatures": Handling(
        "513.1, 603.4, 701.21a", "turns.end_step, run._pass_turn, triggers._end_step_sacrifice"
    ),
    "attacks_creatures_yours_gain_keyword": Handling(
        "508.1m, 611.2c, 702.79b", "combat.declare, run._attack, triggers._gain_keyword"
    ),
    "upkeep_sacrifice_unless_sacrifice_creature": Handling(
        "503.1, 701.21a", "mana.effects.upkeep, sacrifice_unless"
    ),
    "cast_creature_draw": Handling("121.1", "events.cast: draws a card, unsupported"),
    "etb_target_opponent_loses_life": Handling("603.3d, 119.3", "triggers._etb, _named_player"),
    "etb_destroy_noncreature_you_dont_control": Handling(
        "603.3d, 608.2b, 701.8a", "stack._noncreature_target, triggers._destroy_noncreature"
    ),
    "creature_enters_from_your_graveyard_damage": Handling(
        "603.6a, 608.2h", "zones.return_card, stack.place_triggers, triggers._ping"
    ),
    "permanent_enters_from_graveyard_draw": Handling(
        "603.6a, 121.1", "zones.return_card, triggers._graveyard_enter: draws, unsupported"
    ),
    "spell_cast_from_graveyard_draw": Handling("-", "inert: no action casts from a graveyard"),
    "etb_return_graveyard_cards_from_battlefield_this_turn": Handling(
        "608.2, 400.7", "triggers._etb, _return_this_turns_cards, turns.pass_turn"
    ),
    "etb_reanimate_opponent_creature_card": Handling(
        "603.3d, 603.7c, 400.7",
        "stack._graveyard_target, triggers._etb, zones.reanimate, turns.pass_turn",
    ),
    "upkeep_remove_counter_each_creature_yours": Handling(
        "503.1, 122.1", "mana.effects.upkeep, triggers._remove_counter_each"
    ),
    "tapped_for_mana_add": Handling("106.12a, 605.4a", "mana.replace.mana_triggers"),
    # static abilities and replacement effects
    "creatures_get": Handling("611.3a, 613.4", "characteristics.refresh"),
    "grant_keyword": Handling(
        "611.3a, 205.3, 105.2, 702.79a, 702.79b, 702.93b, 702.10c, 702.12b",
        "keywords.keywords, characteristics.persist_n / undying_n, characteristics.kind_covers"
        " / grant_reaches",
    ),
    "counters_cant_be_put": Handling("614.1", "counters.is_prohibited"),
    "counters_modified": Handling("614.1, 616.1, 614.5", "counters.counters_to_put"),
    "tokens_doubled": Handling("614.1", "zones.create_tokens"),
    "graveyard_replaced_by_exile": Handling("614.1a", "zones._destination, spells.card_to_zone"),
    "enters_with_x_counters": Handling("107.3m, 122.6", "zones.cast_permanent"),
    "enters_with_counters": Handling("122.6", "zones.cast_permanent"),
    "enters_tapped": Handling("614.1c", "zones.cast_permanent, zones.return_card"),
    "enters_tapped_unless_pay_life": Handling("614.12, 614.1c, 119.4", "zones.enter"),
    "mana_multiply": Handling("106.12b, 616.1", "mana.replace"),
    "mana_replace_type": Handling("106.12b, 616.1", "mana.replace, mana.could"),
    "grant_mana_any_color": Handling("611.3a", "mana.could.has_granted"),
    "activate_as_though_haste": Handling("302.6", "combat.can_tap_for_cost"),
    # mana abilities (605)
    **{
        name: Handling("605.3b, 106.7", "mana.tap, mana.could")
        for name in (
            "mana_fixed",
            "mana_any_color",
            "mana_per_creature_yours",
            "mana_reflect_lands",
            "mana_fixed_or_any_color_with_counter",
            "mana_one_of",
            "mana_per_subtype",
        )
    },
    # activated abilities (602)
    **{name: Handling("602.2", _ACTIVATED) for name in tb.ACTIVATED_TEMPLATES},
    # enters triggers of lands, which are played, never cast here: nothing on the battlefield
    "etb_exile_graveyards": Handling("603.6a, 406.2", "triggers._etb, zones.exile_graveyards"),
    "etb_return_land_you_control": Handling("-", "inert: only as it enters, never cast here"),
}
# How the kernel handles each keyword of engine.library.KEYWORDS (the bits of tables.KEYWORD_BITS
# and the persist and undying counts), or ``inert`` when it changes nothing here.
KEYWORDS: Final[dict[str, Handling]] = {
    "persist": Handling("702.79a", "zones._died, triggers._return"),
    "undying": Handling("702.93a", "zones._died, triggers._return"),
    "haste": Handling("702.10c", "combat.can_tap_for_cost"),
    "deathtouch": Handling("702.2b, 704.5h", "combat._assign, combat.damage_creature, sba"),
    "flying": Handling("702.9b", "combat._blocker_code"),
    "trample": Handling("702.19b", "combat._assign"),
    "menace": Handling("702.111b", "combat.blocks_rejection"),
    "intimidate": Handling("702.13b", "combat._blocker_code"),
    "vigilance": Handling("702.20b", "combat.declare"),
    "reach": Handling("702.17b", "combat._blocker_code"),
    "defender": Handling("702.3b", "combat._attacker_code"),
    "fear": Handling("702.36b", "combat._blocker_code"),
    "hexproof": Handling(
        "702.11b", "keywords.can_target: stack._chosen_target, activated._check and _fits"
    ),
    "lifelink": Handling(
        "702.15b",
        "combat.lifelink: combat.deal, triggers._ping, activated._ping and _damage_each",
    ),
    "wither": Handling("702.80b, 120.3d", "combat.damage_creature, combat.deal"),
    "first strike": Handling("702.7b, 510.4", "combat.start_damage, run._attack"),
    "double strike": Handling("702.4b, 510.4", "combat.start_damage, combat._deals"),
    "indestructible": Handling(
        "702.12b",
        "destroy.destroy: spells, activated, triggers, events; sba._spare_indestructible",
    ),
    # 702.8a: flash only changes when the card may be cast; casts here do not model timing
    "flash": Handling("702.8a", "inert: casts here do not model timing"),
    **{walk: Handling("702.14c", "combat._blocker_code: combat._land_types") for walk in LANDWALK},
}
EVENTS: Final = frozenset(
    {
        EV_NONE,
        EV_CAST,
        EV_DESTROY,
        EV_SACRIFICE,
        EV_EXILE,
        EV_BOUNCE,
        EV_DAMAGE,
        EV_DAMAGE_PLAYER,
        EV_DAMAGE_ALL,
        EV_COUNTERS,
        EV_PASS_TURN,
        EV_ATTACK,
        EV_TAP_MANA,
        EV_ACTIVATE,
        EV_TAP,
        EV_UNTAP,
    }
)
# cards whose every template is declared, with parameters and numbers the tables encode (by
# card index)
KERNEL_OK: Final = mt.ENCODED & np.array(
    [all(a.template in TEMPLATES for a in c.abilities) for c in tb.CARDS], dtype=np.bool_
)


_OUTSIDE = 62  # ``_event_kinds``' bit for a kind outside 0-61 (every EV_* is inside)
_EVENT_BITS: Final = sum(1 << k for k in EVENTS)


@njit
def _event_kinds(ev_kind: np.ndarray, ev_card: np.ndarray) -> tuple[int, bool]:
    """The kinds of the batch's events as bits (bit _OUTSIDE for a kind outside 0-61), and
    whether a cast names no card: one compiled pass, where numpy's passes over the events
    took 40 ns of a mana-tap trial."""
    kinds, cardless = 0, False
    for i in range(ev_kind.shape[0]):
        for e in range(ev_kind.shape[1]):
            k = np.int64(ev_kind[i, e])  # 64 bits: an int8 kind would shift in 8 (without numba)
            kinds |= int(np.int64(1) << (k if 0 <= k < _OUTSIDE else np.int64(_OUTSIDE)))
            cardless |= k == EV_CAST and ev_card[i, e] < 0
    return kinds, cardless


def kernel_fits(inputs: WipeInputs, present: np.ndarray | None = None) -> bool:
    """Whether every card and event of the batch is inside the kernel's whitelist
    (``present``: ``cards_present(inputs)``, when the caller has it already)."""
    kinds, cardless = _event_kinds(inputs.ev_kind, inputs.ev_card)
    if kinds & ~_EVENT_BITS or cardless or inputs.life.shape[1] > MAX_PLAYERS:
        return False
    if present is None:
        present = cards_present(inputs)
    return bool(KERNEL_OK[present].all())


def warm_up_batch() -> tuple[WipeState, WipeInputs]:
    """A one-trial batch (Kitchen Finks and Hangarback Walker against Wrath of God) laid out
    as ``run_wipe`` lays out every batch: it compiles the kernel's one signature."""
    from engine.batch.layout import new_state  # layout imports this package's callers

    finks, walker = tb.INDEX["kitchen finks"], tb.INDEX["hangarback walker"]
    wrath = tb.INDEX["wrath of god"]

    def row(values: list[int], dtype: type) -> np.ndarray:
        return np.array([values], dtype=dtype)

    inputs = WipeInputs(
        n_players=np.array([2], np.int8), active=np.array([0], np.int8),
        life=row([20, 20], np.int16), card=row([finks, walker], np.int16),
        controller=row([0, 1], np.int8), owner=row([0, 1], np.int8),
        token=row([0, 0], np.bool_), plus=row([0, 2], np.int16), minus=row([0, 0], np.int16),
        damage=row([0, 0], np.int16), tapped=row([0, 0], np.bool_),
        granted_persist=row([0, 1], np.int8), granted_undying=row([0, 0], np.int8),
        not_creature=row([0, 0], np.bool_), rank=row([-1, -1, -1], np.int32),
        ping_target=row([-1, -1, -1], np.int8), ev_kind=row([EV_CAST], np.int8),
        ev_card=row([wrath], np.int16), ev_by=row([0], np.int8), ev_x=row([0], np.int16),
        ev_target=row([-1], np.int16), ev_amount=row([0], np.int16),
        ev_counter=row([0], np.int8), ev_mode=row([0], np.int8),
    )  # fmt: skip
    return new_state(inputs), inputs
