"""The reference engine's game state: players, objects, zones, stack and continuous effects.

Objects follow CR 400.7: a card that changes zones becomes a new object, so every permanent has
a fresh ``uid`` and an ``obj`` count; effects locked to an object (611.2c) live on the object and
vanish with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.library import INT64, Ability, Card
from engine.mana_types import MANA_TYPES
from engine.reference.log import EventLog
from engine.scenario import Choices

# The largest amount of one type of mana in a pool, of a life total and of counters of one
# kind on a permanent: 64-bit signed, the batch engine's dtype. A trial that would go past it
# (past ``INT64``, for numbers that may fall below zero) is ``unsupported`` with a reason
# naming this cap, never a saturated or wrapped number (3^39 Nyxbloom triplings still fit;
# 3^40 does not).
MAX_AMOUNT = INT64[-1]


@dataclass
class Permanent:
    """An object on the battlefield (CR 110)."""

    id: str  # the scenario handle; kept by every object the same card becomes
    card: Card
    owner: str
    controller: str
    uid: int  # unique per object (CR 400.7)
    obj: int  # how many battlefield objects this card has been (1 = the original)
    order: int  # board order: the ``listed`` policy's order
    token: bool = False
    tapped: bool = False
    damage: int = 0
    deathtouch_damage: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    since_turn_start: bool = True  # CR 302.6: controlled since its controller's turn began
    granted: list[str] = field(default_factory=list)  # keyword instances from effects
    granted_eot: list[str] = field(default_factory=list)  # ... that end at cleanup
    not_creature: bool = False  # a resolved effect removed the creature type (611.2c)
    eot_power: int = 0  # locked-in "until end of turn" P/T changes, summed (611.2c)
    eot_toughness: int = 0
    x: int = 0  # CR 107.3m: the X paid for the spell it came from, else 0
    attached_to: str | None = None
    exile_if_dies: bool = False  # Anger of the Gods' replacement, locked to this object
    exile_at_end_step_of: str | None = None  # a delayed trigger's object (603.7c)

    def count(self, kind: str) -> int:
        return self.counters.get(kind, 0)

    def snapshot(self) -> Permanent:
        """Last known information (CR 603.10a): a frozen copy as it last existed. The card is
        immutable library data and is shared; only the mutable parts are copied (a deep copy
        of the card at every zone change made long chains slow)."""
        lki = object.__new__(Permanent)  # a shallow copy, without re-running __init__
        lki.__dict__.update(self.__dict__)
        lki.counters = dict(self.counters)
        lki.granted = list(self.granted)
        lki.granted_eot = list(self.granted_eot)
        return lki


@dataclass
class ZoneCard:
    """A card (or, briefly, a token) in a zone other than the battlefield or stack."""

    id: str
    card: Card
    owner: str
    stamp: int  # unique per arrival: a trigger that moves "it" checks the stamp (400.7)
    obj: int
    token: bool = False


@dataclass
class Trigger:
    """A triggered ability waiting for, or on, the stack (CR 603)."""

    kind: str  # persist, undying, etb, dies, delayed, life_loss, destroy_human, ...
    source: Permanent  # the source as it last existed (LKI for leaves-the-battlefield)
    controller: str
    ability: Ability | None = None
    stamp: int | None = None  # the graveyard card a return trigger refers to
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def key(self) -> str:
        return f"{self.source.id}:{self.kind}"


@dataclass
class StackItem:
    """A spell or a non-mana activated ability on the stack (triggers use Trigger)."""

    kind: str  # "spell" or "ability"
    controller: str
    card: Card
    source_id: str
    ability: Ability | None = None
    x: int = 0
    data: dict[str, Any] = field(default_factory=dict)

    def x_scale(self, ability: Ability) -> int:
        """What ``ability``'s numbers are multiplied by: the X paid for this spell or
        announced for this ability (107.3, 602.2b) if it says ``by_x``, else 1."""
        return self.x if ability.flag("by_x") else 1


@dataclass
class RuleEffect:
    """A continuous effect not tied to an object: Deep Water, Pale Moon, delayed triggers."""

    kind: str  # "lands_produce" or "delayed_weaken"
    id: str
    controller: str
    order: int
    data: dict[str, Any] = field(default_factory=dict)


def empty_pool() -> dict[str, int]:
    return dict.fromkeys(MANA_TYPES, 0)


@dataclass
class Game:
    """The whole state of one game, plus what the outcome reports."""

    players: list[str]
    active: str
    life: dict[str, int]
    choices: Choices
    battlefield: list[Permanent] = field(default_factory=list)
    graveyard: dict[str, list[ZoneCard]] = field(default_factory=dict)
    exile: dict[str, list[ZoneCard]] = field(default_factory=dict)
    hand: dict[str, list[ZoneCard]] = field(default_factory=dict)
    library: dict[str, list[ZoneCard]] = field(default_factory=dict)
    # the libraries hold every card, in order (a deck game's): a draw is played (121.1); a
    # scenario's hold only the cards put there, and a draw is past what it models
    libraries_whole: bool = False
    stack: list[Trigger | StackItem] = field(default_factory=list)
    pending: list[Trigger] = field(default_factory=list)
    pools: dict[str, dict[str, int]] = field(default_factory=dict)
    effects: list[RuleEffect] = field(default_factory=list)
    # players whose lands don't untap during their next untap step (Bontu's Last Reckoning)
    lands_skip_untap: set[str] = field(default_factory=set)
    log: EventLog = field(default_factory=EventLog)
    returned: list[dict[str, str]] = field(default_factory=list)
    stack_order: list[dict[str, str]] = field(default_factory=list)
    rejected: list[dict[str, Any]] = field(default_factory=list)
    stats: dict[str, int] = field(default_factory=dict)
    objects: dict[str, int] = field(default_factory=dict)  # id -> objects so far
    last_known: dict[int, tuple[int, int]] = field(default_factory=dict)  # uid -> P/T on leaving
    # the stamps of the cards put into a graveyard from the battlefield this turn
    died_this_turn: set[int] = field(default_factory=set)
    board_order: dict[str, int] = field(default_factory=dict)  # id -> listed-policy rank
    token_serial: dict[str, int] = field(default_factory=dict)  # token id stem -> last number
    result: str = "ok"
    reason: str = ""
    next_uid: int = 1
    next_stamp: int = 1
    next_order: int = 0
    resolutions: int = 0

    def __post_init__(self) -> None:
        for zone in (self.graveyard, self.exile, self.hand, self.library):
            for p in self.players:
                zone.setdefault(p, [])
        for p in self.players:
            self.pools.setdefault(p, empty_pool())

    # -- identities
    def new_uid(self) -> int:
        self.next_uid += 1
        return self.next_uid - 1

    def new_stamp(self) -> int:
        self.next_stamp += 1
        return self.next_stamp - 1

    def new_order(self) -> int:
        self.next_order += 1
        return self.next_order - 1

    def bump(self, stat: str, amount: int = 1) -> None:
        self.stats[stat] = self.stats.get(stat, 0) + amount

    # -- lookups
    def zone(self, name: str) -> dict[str, list[ZoneCard]]:
        """A zone other than the battlefield and stack, by name, keyed by owner."""
        zones = {
            "graveyard": self.graveyard,
            "exile": self.exile,
            "hand": self.hand,
            "library": self.library,
        }
        return zones[name]

    def permanent(self, pid: str) -> Permanent | None:
        return next((p for p in self.battlefield if p.id == pid), None)

    def apnap(self) -> list[str]:
        """CR 101.4: the active player, then the others in turn order."""
        i = self.players.index(self.active)
        return self.players[i:] + self.players[:i]

    def opponents(self, player: str) -> list[str]:
        return [p for p in self.players if p != player]

    @property
    def finished(self) -> bool:
        return self.result != "ok"

    def stop(self, result: str, reason: str, rule: str) -> None:
        """End the run with a non-ok status (draw or unsupported), logged with its rule."""
        if self.result == "ok":
            self.result, self.reason = result, reason
            self.log.add(rule, reason)
