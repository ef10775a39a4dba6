"""Mana abilities (M1-M7): {T}/{Q} legality, "could produce", replacements and mana triggers.

CR 605.3b: a mana ability resolves at once. 106.12: "tapping for mana" is activating a mana
ability with {T} in its cost; only that event is replaced by "tapped for mana" replacements
(106.12b) and triggers "tapped for mana" abilities (106.12a), and only when it makes mana.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations, product

from engine.library import MANA, Ability, ManaCost, parse_mana_cost
from engine.mana_types import COLORS, MANA_TYPES, in_wubrgc_order
from engine.reference.characteristics import (
    can_tap_or_untap_for_cost,
    is_basic,
    is_creature,
    is_land,
    statics,
)
from engine.reference.damage import change_life, damage_player
from engine.reference.state import MAX_AMOUNT, Game, Permanent
from engine.reference.zones import leave_battlefield

Rejection = tuple[str, str]
Mana = dict[str, int]  # amount per mana type: mana is counted, never held symbol by symbol

# Mana up to this many symbols is written out (GGG); more is written as amounts (3486784401 G).
SHOW_SYMBOLS_UP_TO = 20

# Cryptolith Rite's granted ability: "{T}: Add one mana of any color."
GRANTED_ANY_COLOR = Ability(
    "mana_any_color",
    MANA,
    {
        "cost": "",
        "tap": True,
        "untap": False,
        "tap_creature": False,
        "remove_counter": "",
        "sacrifice_when_none": False,
        "amount": 1,
        "life": 0,
        "sacrifice": False,
        "sacrifice_creature": False,
    },
)


def mana_abilities(game: Game, p: Permanent) -> list[Ability]:
    """Printed mana abilities, then ones granted by statics (611.3a): to creatures
    (Cryptolith Rite) or to lands (Chromatic Lantern) their controller controls."""
    found = p.card.abilities_of(MANA)
    for source, ability in statics(game, "grant_mana_any_color"):
        to = is_land(p) if ability.text("to") == "lands" else is_creature(p)
        if to and source.controller == p.controller:
            found.append(GRANTED_ANY_COLOR)
    return found


def is_tap_ability(ability: Ability) -> bool:
    """CR 106.12: a {T} mana ability (Pili-Pala's {Q} ability is not one)."""
    return bool(ability.params.get("tap", True))


def _creatures_of(game: Game, player: str) -> int:
    return sum(1 for q in game.battlefield if is_creature(q) and q.controller == player)


def _subtype_count(game: Game, p: Permanent, ability: Ability) -> int:
    """Cabal Coffers (each Swamp you control), Priest of Titania (each Elf on the
    battlefield): permanents with the subtype, its controller's or everyone's (205.3)."""
    mine = ability.text("whose") == "yours"
    return sum(
        1
        for q in game.battlefield
        if ability.text("subtype") in q.card.subtypes and (not mine or q.controller == p.controller)
    )


def raw_types(
    game: Game, p: Permanent, ability: Ability, cp: dict[int, frozenset[str]]
) -> frozenset[str]:
    """Types the ability itself would make now, before replacements, ignoring costs."""
    tpl = ability.template
    if tpl in ("mana_fixed", "mana_one_of"):
        return frozenset(ability.text("produce"))
    if tpl == "mana_per_subtype":
        return (
            frozenset(ability.text("produce")) if _subtype_count(game, p, ability) else frozenset()
        )
    if tpl == "mana_any_color":
        return frozenset(COLORS)
    if tpl == "mana_per_creature_yours":
        return (
            frozenset(ability.text("produce")) if _creatures_of(game, p.controller) else frozenset()
        )
    if tpl == "mana_fixed_or_any_color_with_counter":
        return (
            frozenset(COLORS)
            if p.count(ability.text("kind"))
            else frozenset(ability.text("produce"))
        )
    if tpl == "mana_reflect_lands":
        whose = ability.text("whose")
        found: set[str] = set()
        for land in game.battlefield:
            if is_land(land) and (land.controller == p.controller) == (whose == "yours"):
                found |= cp.get(land.uid, frozenset())
        if ability.flag("colors_only"):
            found -= {"C"}
        return frozenset(found)
    raise ValueError(f"unknown mana template {tpl!r}")


@dataclass(frozen=True)
class Replacement:
    """A "tapped for mana" replacement effect that applies to one event (106.12b)."""

    id: str
    name: str
    order: int
    factor: int = 1  # Mana Reflection, Nyxbloom Ancient
    produce: str = ""  # Contamination, Deep Water, Pale Moon
    one_mana: bool = False  # Contamination: "instead of any other type and amount"

    def apply(self, mana: Mana) -> Mana:
        total = sum(mana.values())
        if self.factor != 1:
            return {t: n * self.factor for t, n in mana.items() if n}
        return {self.produce: 1 if self.one_mana else total} if total else {}


def replacements(game: Game, p: Permanent) -> list[Replacement]:
    """The replacements that apply when ``p`` is tapped for mana, in board order."""
    found = []
    for source, ability in statics(game, "mana_multiply"):
        if source.controller == p.controller:  # "If you tap a permanent for mana"
            found.append(
                Replacement(source.id, source.card.name, source.order, ability.number("factor"))
            )
    for source, ability in statics(game, "mana_replace_type"):
        if _lands_match(ability.text("lands"), source.controller, p):
            found.append(
                Replacement(
                    source.id,
                    source.card.name,
                    source.order,
                    produce=ability.text("produce"),
                    one_mana=ability.flag("one_mana"),
                )
            )
    for effect in game.effects:
        if effect.kind == "lands_produce" and _lands_match(
            effect.data["lands"], effect.controller, p
        ):
            found.append(
                Replacement(effect.id, effect.id, effect.order, produce=effect.data["produce"])
            )
    return sorted(found, key=lambda r: r.order)


def _lands_match(scope: str, controller: str, p: Permanent) -> bool:
    if not is_land(p):
        return False
    if scope == "yours":
        return p.controller == controller
    if scope == "nonbasic":
        return not is_basic(p)
    return True


def _types_in_any_order(types: frozenset[str], reps: list[Replacement]) -> frozenset[str]:
    """CR 106.7: the types after replacement effects applied in every possible order.

    Which types come out depends only on which kinds of replacement apply, in which order,
    not on how many of each (a second Nyxbloom Ancient never changes a type): so every order
    of the distinct kinds is tried, not n! orders of n replacements."""
    kinds = list({(r.factor, r.produce, r.one_mana): r for r in reps}.values())
    out: set[str] = set()
    for t in types:
        for order in permutations(kinds):
            mana: Mana = {t: 1}
            for r in order:
                mana = r.apply(mana)
            out |= {k for k, n in mana.items() if n}
    return frozenset(out)


def could_produce(game: Game) -> dict[int, frozenset[str]]:
    """CR 106.7 as a least fixpoint: start from nothing and grow until stable, so sources that
    refer only to each other (two Reflecting Pools) could produce nothing."""
    sources = [p for p in game.battlefield if mana_abilities(game, p)]
    reps = {p.uid: replacements(game, p) for p in sources}
    cp: dict[int, frozenset[str]] = {p.uid: frozenset() for p in sources}
    changed = True
    while changed:
        changed = False
        for p in sources:
            types: set[str] = set()
            for ability in mana_abilities(game, p):
                raw = raw_types(game, p, ability, cp)
                types |= _types_in_any_order(raw, reps[p.uid]) if is_tap_ability(ability) else raw
            if frozenset(types) != cp[p.uid]:
                cp[p.uid] = frozenset(types)
                changed = True
    return cp


def _choice_types(game: Game, p: Permanent, ability: Ability) -> frozenset[str]:
    """Types the player may name for this activation (before replacements). Gaea's Cradle
    names G even with no creature: its type is defined, only the amount is zero."""
    if ability.template in _PER_AMOUNT:
        return frozenset(ability.text("produce"))
    cp = could_produce(game) if ability.template == "mana_reflect_lands" else {}
    return raw_types(game, p, ability, cp)


def named_types(game: Game, p: Permanent) -> list[str | None]:
    """The choices a player has when activating ``p``'s mana abilities: each type one of them
    may be named to make (WUBRGC order), or ``[None]`` when none names a type."""
    types: set[str] = set()
    for ability in mana_abilities(game, p):
        types |= _choice_types(game, p, ability)
    return [*in_wubrgc_order(types)] or [None]


# templates that make one type, as much of it as they count (106.4: possibly none)
_PER_AMOUNT = ("mana_per_creature_yours", "mana_per_subtype")


def types_made_at_once(game: Game, p: Permanent, color: str | None) -> tuple[str, ...]:
    """The types ``p``'s mana ability for ``color`` makes at once, in WUBRGC order, where it
    makes more than one (Boros Garrison's {R}{W}: a "that type" trigger chooses one of them,
    ``_mana_triggers``); none otherwise."""
    picked = _pick_ability(game, p, color)
    if not isinstance(picked[0], Ability) or picked[0].template != "mana_fixed":
        return ()
    made = in_wubrgc_order(frozenset(picked[0].text("produce")))
    return tuple(made) if len(made) > 1 else ()


def _pick_ability(
    game: Game, p: Permanent, color: str | None
) -> tuple[Ability, frozenset[str]] | Rejection:
    abilities = mana_abilities(game, p)
    if not abilities:
        return ("no_mana_ability", "605.1a")
    options = [(a, _choice_types(game, p, a)) for a in abilities]
    if color is None:
        return options[0]
    for a, types in options:
        if color in types:
            return a, types
    return ("type_not_available", "106.7")


def _pay_generic(pool: Mana, amount: int) -> bool:
    """Pay generic mana from a pool, colorless first, then W, U, B, R, G (CR 107.4b)."""
    if sum(pool.values()) < amount:
        return False
    for t in ("C", *COLORS):
        spend = min(pool[t], amount)
        pool[t] -= spend
        amount -= spend
    return True


def pay_cost(pool: Mana, cost: ManaCost, x: int = 0) -> Mana | None:
    """CR 601.2h, 107.4: the pool left after paying ``cost`` with this X, or None if it cannot.

    Each colored symbol takes one mana of its type; a hybrid symbol ({G/W}, 107.4e) one of
    either, the first assignment of the hybrids (in the cost's order) that leaves enough for
    the rest; the generic part and X are then paid colorless first (``_pay_generic``)."""
    generic = cost.generic + x * cost.x_count
    for pick in product(*(sym.split("/") for sym in cost.colored)):
        left = {t: pool.get(t, 0) for t in MANA_TYPES}
        for t in pick:
            left[t] = left.get(t, 0) - 1
        if min(left.values(), default=0) >= 0 and _pay_generic(left, generic):
            return left
    return None


def paid_part(pool: Mana, cost: ManaCost) -> int:
    """How many of ``cost``'s symbols (X aside) the pool could pay now, each generic mana one
    (107.4): the most over the hybrids' types. A payment makes progress when this grows."""
    best = 0
    for pick in product(*(sym.split("/") for sym in cost.colored)):
        need = {t: pick.count(t) for t in set(pick)}
        colored = sum(min(pool.get(t, 0), n) for t, n in need.items())
        best = max(best, colored + min(cost.generic, sum(pool.values()) - colored))
    return best


def _check_costs(
    game: Game, p: Permanent, ability: Ability, tap_creature: str | None
) -> Rejection | Permanent | None:
    params = ability.params
    if is_tap_ability(ability) and p.tapped:
        return ("tapped", "107.5")
    if params.get("untap") and not p.tapped:
        return ("untapped", "107.6")
    if not can_tap_or_untap_for_cost(game, p):
        return ("summoning_sick", "302.6")
    kind = params.get("remove_counter", "")
    if kind and p.count(kind) < 1:
        return ("missing_counter", "118.3")
    cost = parse_mana_cost(params.get("cost", ""))
    if cost.colored:
        raise ValueError("colored mana costs on mana abilities are not in the library")
    if sum(game.pools[p.controller].values()) < cost.generic:
        return ("insufficient_mana", "118.3")
    life = params.get("life", 0)
    if life > 0 and game.life[p.controller] < life:  # 119.4: 0 life can always be paid
        return ("cannot_pay_life", "119.4")
    if params.get("tap_creature"):
        return _creature_to_tap(game, p, tap_creature)
    if params.get("sacrifice_creature"):
        return _creature_to_sacrifice(game, p)
    return None


def _creature_to_sacrifice(game: Game, p: Permanent) -> Rejection | Permanent:
    """Phyrexian Altar's "Sacrifice a creature" (118.3, 701.21a): its controller's first
    creature in board order (the policy of this choice; it may be the permanent itself)."""
    mine = [q for q in game.battlefield if is_creature(q) and q.controller == p.controller]
    return mine[0] if mine else ("nothing_to_sacrifice", "118.3")


def _creature_to_tap(game: Game, p: Permanent, named: str | None) -> Rejection | Permanent:
    """Springleaf Drum's "Tap an untapped creature you control" (118.3): the one named, else
    the first in board order."""

    def fits(q: Permanent) -> bool:
        return is_creature(q) and not q.tapped and q.controller == p.controller and q is not p

    candidates = [q for q in game.battlefield if fits(q)]
    if named is not None:
        candidates = [q for q in candidates if q.id == named]
    if not candidates:
        return ("no_untapped_creature", "118.3")
    return candidates[0]


def _produce(
    game: Game, p: Permanent, ability: Ability, color: str | None, choice: frozenset[str]
) -> Mana:
    tpl = ability.template
    if tpl == "mana_fixed":
        mana: Mana = {}
        for t in ability.text("produce"):
            mana[t] = mana.get(t, 0) + 1
        return mana
    if tpl in _PER_AMOUNT:
        per_creature = tpl == "mana_per_creature_yours"
        n = _creatures_of(game, p.controller) if per_creature else _subtype_count(game, p, ability)
        return {ability.text("produce"): n} if n else {}
    if not choice:
        return {}
    pick = color if color is not None else in_wubrgc_order(choice)[0]
    return {pick: int(ability.params.get("amount", 1))}  # Gilded Lotus: three of one color


def _pay_costs(
    game: Game, p: Permanent, ability: Ability, chosen: Permanent | None, paid: Mana | None
) -> None:
    """CR 602.2b, 605.3b: pay the ability's costs; ``chosen`` is the creature a Springleaf
    Drum-style cost taps (a creature to sacrifice goes in ``_sacrifice``), ``paid`` the mana
    that pays its generic cost (None: colorless first, then W, U, B, R, G)."""
    if is_tap_ability(ability):
        p.tapped = True
        game.log.add("107.5", f"{p.id} is tapped for mana ({p.card.name})")
    if ability.params.get("untap"):
        p.tapped = False
        game.log.add("107.6", f"{p.id} is untapped to pay {{Q}}")
    cost = parse_mana_cost(ability.params.get("cost", ""))
    if cost.generic and paid is None:
        _pay_generic(game.pools[p.controller], cost.generic)
    for t, n in (paid or {}).items():
        game.pools[p.controller][t] -= n
    if cost.generic:
        game.log.add("605.3b", f"{p.controller} pays {cost.text} from the mana pool")
    if ability.params.get("life"):
        change_life(game, p.controller, -ability.number("life"), f"{p.id}'s cost (119.4)")
    if ability.params.get("remove_counter"):
        p.counters[ability.text("remove_counter")] -= 1
        game.log.add("602.2b", f"a {ability.text('remove_counter')} counter is removed from {p.id}")
    if chosen is not None and ability.params.get("tap_creature"):
        chosen.tapped = True
        game.log.add("118.3", f"{chosen.id} is tapped to pay a cost (not tapped for mana)")


@dataclass(frozen=True)
class TriggerChoices:
    """What the player chooses as the "tapped for mana" triggers of one activation resolve
    (106.12a, 605.1b), each list in turn: the color of each "any color" trigger (Fertile
    Ground), and the type of each "that type" trigger (Mana Flare) where the source made
    more than one type at once (Boros Garrison's {R}{W})."""

    colors: tuple[str, ...] = ()
    types: tuple[str, ...] = ()


NO_TRIGGER_CHOICES = TriggerChoices()  # the engine's choices (``_mana_triggers``)


def tap_for_mana(
    game: Game,
    p: Permanent,
    color: str | None,
    order: list[str],
    tap_creature: str | None,
    paid: Mana | None = None,
    triggers: TriggerChoices = NO_TRIGGER_CHOICES,
) -> Rejection | None:
    """Activate ``p``'s mana ability (CR 605.3) or reject the action with its rule; ``paid``:
    the mana that pays a generic cost (``generic_payments``), None for the engine's order;
    ``triggers``: the choices made for the "tapped for mana" triggers it sets off
    (``_mana_triggers``), none for the engine's choice."""
    picked = _pick_ability(game, p, color)
    if not isinstance(picked[0], Ability):
        return picked  # a Rejection
    ability, choice = picked
    checked = _check_costs(game, p, ability, tap_creature)
    if isinstance(checked, tuple):
        return checked
    if paid is not None and not _can_pay_with(game.pools[p.controller], ability, paid):
        return ("insufficient_mana", "118.3")
    _pay_costs(game, p, ability, checked, paid)
    tapped_for_mana = is_tap_ability(ability)
    # -- the effect (605.3b: at once)
    mana = _produce(game, p, ability, color, choice)
    if not mana and ability.template in _PER_AMOUNT:
        game.log.add("106.4", f"{p.id}'s ability makes no mana: there is nothing to count")
    elif not mana:
        game.bump("undefined_mana")
        game.log.add("106.5", f"{p.id}'s ability makes no mana: no type of mana can be defined")
    elif tapped_for_mana:
        mana = _replace(game, p, mana, order)
    if not game.finished:  # past MAX_AMOUNT the trial is unsupported: no more mana is added
        _add(game, p.controller, mana, f"{p.id}")
    if not game.finished:  # Ancient Tomb, painlands: the rest of the effect (120.3a)
        damage_player(game, p.controller, int(ability.params.get("damage", 0)), p)
    if mana and tapped_for_mana and not game.finished:
        _mana_triggers(game, p, mana, color, triggers)
    _sacrifice(game, p, ability, checked)
    return None


def _can_pay_with(pool: Mana, ability: Ability, paid: Mana) -> bool:
    """Whether ``paid`` is as much mana as the ability's generic cost and the pool holds it."""
    generic = parse_mana_cost(ability.params.get("cost", "")).generic
    return sum(paid.values()) == generic and all(pool[t] >= n for t, n in paid.items())


def generic_payments(game: Game, p: Permanent, color: str | None) -> list[Mana]:
    """Every way the pool pays the generic cost of ``p``'s mana ability for ``color`` (the
    player chooses, 601.2h, 605.3b): each multiset of the pool's mana of that size, the
    engine's order (colorless first, then W, U, B, R, G) first; [] when there is none to pay
    or the pool cannot."""
    ability = _pick_ability(game, p, color)[0]
    if not isinstance(ability, Ability):
        return []
    generic = parse_mana_cost(ability.params.get("cost", "")).generic
    pool = game.pools[p.controller]
    if not generic or sum(pool.values()) < generic:
        return []
    order = ("C", *COLORS)
    found: list[Mana] = []

    def spend(k: int, left: int, paid: Mana) -> None:
        if left == 0:
            found.append({t: n for t, n in paid.items() if n})
            return
        if k == len(order):
            return
        for n in range(min(pool[order[k]], left), -1, -1):  # the most of this type first
            spend(k + 1, left - n, {**paid, order[k]: n})

    spend(0, generic, {})
    return found


def _sacrifice(game: Game, p: Permanent, ability: Ability, chosen: Permanent | None) -> None:
    """Lotus Petal, Crystal Vein, Phyrexian Altar: "Sacrifice CARDNAME" or "Sacrifice a
    creature" is a cost (602.2b), moved once the activation is done: nothing the ability does
    reads the board after it, and its "tapped for mana" triggers look back at the permanent
    as it was (603.10), so the order shows nowhere. Gemstone Mine: sacrificed when its last
    mining counter is gone (701.21a)."""
    if ability.params.get("sacrifice_creature") and chosen is not None:
        leave_battlefield(game, [chosen], "graveyard", "is sacrificed to pay a cost", "701.21a")
    elif ability.params.get("sacrifice"):
        leave_battlefield(game, [p], "graveyard", "is sacrificed to pay a cost", "701.21a")
    elif ability.params.get("sacrifice_when_none") and not p.count(ability.text("remove_counter")):
        leave_battlefield(game, [p], "graveyard", "is sacrificed (no counters left)", "701.21a")


def _replace(game: Game, p: Permanent, mana: Mana, order: list[str]) -> Mana:
    """CR 616.1: the tapping player applies each replacement once (614.5), in their order."""
    reps = replacements(game, p)
    ranked = sorted(
        reps, key=lambda r: (order.index(r.id) if r.id in order else len(order), r.order)
    )
    for r in ranked:
        before = mana
        mana = r.apply(mana)
        game.log.add(
            "616.1, 614.5",
            f"{r.name} ({r.id}) applies: {show_mana(before)} becomes {show_mana(mana)}",
        )
        if _past_cap(game, mana, f"{r.name} ({r.id}) makes"):
            return {}
        game.bump("mana_replaced", sum(mana.values()) - sum(before.values()))
    return mana


def show_mana(mana: Mana) -> str:
    """Mana as symbols when small (GGG), else as amounts (3486784401 G), in WUBRGC order:
    never a billion symbols one by one."""
    amounts = [(t, mana.get(t, 0)) for t in MANA_TYPES if mana.get(t, 0)]
    if not amounts:
        return "nothing"
    if sum(n for _, n in amounts) <= SHOW_SYMBOLS_UP_TO:
        return "".join(t * n for t, n in amounts)
    return " + ".join(f"{n} {t}" for t, n in amounts)


def _past_cap(game: Game, mana: Mana, what: str) -> bool:
    """Stop the trial as ``unsupported`` if an amount of one type is over MAX_AMOUNT."""
    over = [t for t in MANA_TYPES if mana.get(t, 0) > MAX_AMOUNT]
    if over:
        game.stop(
            "unsupported",
            f"{what} more than MAX_AMOUNT = 2^63 - 1 mana of type {over[0]}: "
            "Cauldron counts mana in 64 bits and does not play on past that cap",
            "106.4",
        )
    return bool(over)


def _add(game: Game, player: str, mana: Mana, source: str) -> None:
    pool = game.pools[player]
    after = {t: pool[t] + n for t, n in mana.items()}
    if _past_cap(game, after, f"{player}'s mana pool would hold"):
        return
    pool.update(after)
    if mana:
        game.log.add("106.4", f"{player} adds {show_mana(mana)} from {source}")


def _watches(source: Permanent, ability: Ability, p: Permanent) -> bool:
    """Whether the "tapped for mana" trigger ``ability`` of ``source`` watches ``p``."""
    kind, whose = ability.text("source"), ability.text("whose")
    if kind == "lands" and not is_land(p):
        return False
    if kind == "creatures" and not is_creature(p):
        return False
    if kind == "enchanted" and source.attached_to != p.id:
        return False
    return whose != "yours" or p.controller == source.controller


def tapped_for_mana_triggers(game: Game, p: Permanent, produce: str) -> int:
    """How many "tapped for mana" triggers adding ``produce`` ("any": one mana of any color,
    Fertile Ground; "same": one of a type the source made, Mana Flare) tapping ``p`` for mana
    would set off: each is a choice (106.12a, 605.1b)."""
    return sum(
        _watches(source, ability, p) and ability.text("produce") == produce
        for source, ability in statics(game, "tapped_for_mana_add")
    )


def _mana_triggers(
    game: Game, p: Permanent, produced: Mana, color: str | None, triggers: TriggerChoices
) -> None:
    """CR 106.12a, 605.1b, 605.4a: "tapped for mana" triggers add mana at once; the mana they
    add is not "tapped for mana" and is never replaced. The player chooses as each resolves:
    the color of an "any color" trigger, ``triggers.colors`` in turn, else the color named,
    else the first, W; the type of a "that type" trigger, ``triggers.types`` in turn where
    the source made that type, else the type named, else the first made (WUBRGC)."""
    chosen, typed = iter(triggers.colors), iter(triggers.types)
    for source, ability in statics(game, "tapped_for_mana_add"):
        if not _watches(source, ability, p):
            continue
        produce = ability.text("produce")
        added: Mana = {}
        if produce == "same":  # Mana Flare
            made = in_wubrgc_order(frozenset(produced))
            picked = next(typed, color)
            added[picked if picked in made else color if color in made else made[0]] = 1
        elif produce == "any":  # Fertile Ground
            added[next(chosen, color if color in COLORS else COLORS[0])] = 1
        else:  # Wild Growth {G}, Overgrowth {G}{G}
            for t in produce:
                added[t] = added.get(t, 0) + 1
        game.log.add("106.12a, 605.4a", f"{source.card.name} ({source.id}) triggers on {p.id}")
        _add(game, p.controller, added, f"{source.id}'s trigger")
        game.bump("mana_from_triggers", sum(added.values()))
