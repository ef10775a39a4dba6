"""A scenario as a batch of one trial of the one engine (or OutsideShapes saying why not)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from engine.batch import mana_tables as mt
from engine.batch import tables as tb
from engine.batch.kernel.fits import KERNEL_OK
from engine.batch.kernel.state import TOKEN_ENTRY
from engine.batch.layout import PERMANENT_SPELL
from engine.batch.naming import Naming, token_stem
from engine.batch.shapes import OutsideShapes
from engine.batch.wipe_state import (
    ANY_KIND,
    CHOSEN_SLOTS,
    COUNTER_RANKS,
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
    EV_PASS_TURN,
    EV_SACRIFICE,
    EV_TAP,
    EV_TAP_MANA,
    EV_UNTAP,
    KIND_NAMES,
    KIND_RANKS,
    ORDER_LEN,
    RANK_BY_SHIFT,
    TARGET_NAMES,
    TOKEN_CHOICES,
    TOKENS_MADE_CAP,
    WipeInputs,
)
from engine.library import Card
from engine.mana_types import MANA_TYPES
from engine.scenario import COUNTER_POLICIES, Action, Scenario

_KIND_CODES = {name: code for code, name in KIND_NAMES.items()}  # "id:ability" keys' abilities
# cards with a triggered ability (persist and undying among them)
_TRIGGERED = np.array(
    [bool(c.abilities_of("triggered")) or bool({"persist", "undying"} & set(c.keywords))
     for c in tb.CARDS]
)  # fmt: skip
# cards whose abilities read their ``targets`` as a set of slots (the chosen bits): a target
# to destroy or reanimate, a creature to sacrifice, untap or give a keyword (one "any target"
# reads them in order, ``target_names``)
_READS_BITS = (
    tb.ETB_DESTROY
    | tb.ETB_REANIMATE
    | np.array(
        [c.ability("upkeep_sacrifice_unless_sacrifice_creature") is not None for c in tb.CARDS]
    )
    | np.isin(
        tb.ACT_TPL,
        (tb.ACT_TARGETS_GAIN_KEYWORD, tb.ACT_UNTAP_TARGET_CREATURE, tb.ACT_SACRIFICE_OUTLET),
    ).any(axis=1)
)
TARGETED = {
    "destroy": EV_DESTROY,
    "sacrifice": EV_SACRIFICE,
    "exile": EV_EXILE,
    "bounce": EV_BOUNCE,
    "damage": EV_DAMAGE,
    "counters": EV_COUNTERS,
    "tap": EV_TAP,  # by an effect (701.26a), not as a cost
    "untap": EV_UNTAP,  # 701.26b
}


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


_NOT_CAST = frozenset({"etb_return_land_you_control"})


def _check_card(card: Card, where: str, cast: bool) -> int:
    """The card's index; a card the kernel does not play (or cannot cast) is OutsideShapes."""
    i = tb.INDEX.get(card.name.lower())
    if i is None:
        raise OutsideShapes(f"{where}: {card.name} is not a card of the batch engine's tables")
    if not KERNEL_OK[i]:
        raise OutsideShapes(f"{where}: {mt.not_encoded(i)}")
    # an instant or sorcery resolves (each has a tables.SPELL code), a permanent enters (a
    # land "cast" is played, 305.1); but not one whose enters trigger the kernel leaves inert
    # (_NOT_CAST: it is modeled only on a permanent already on the battlefield)
    if cast and {a.template for a in card.abilities} & _NOT_CAST:
        raise OutsideShapes(f"{where}: casting {card.name} is outside the batch engine")
    return i


def wipe_inputs_from_scenario(scn: Scenario) -> tuple[WipeInputs, Naming]:
    """A scenario as a batch of one trial, or OutsideShapes saying why not."""
    players = list(scn.players)
    seat = {p: i for i, p in enumerate(players)}
    s, e = len(scn.battlefield), len(scn.actions)
    board = _board(scn, seat)
    ids = [entry.id for entry in scn.battlefield]
    events = _Events.empty(s, e)
    taken = set(ids)
    cast_ids: list[str] = []
    for k, action in enumerate(scn.actions):
        where = f"action {k} ({action.do})"
        cast_ids.append("")
        if action.do == "cast":
            events.cast(k, action, seat, where)
            cast_ids[-1] = _cast_id(action.get("card"), action.get("id"), taken)
            taken.add(cast_ids[-1])
            events.sacrifice_choices(k, scn, cast_ids[-1], ids + cast_ids)
        elif action.do in TARGETED:
            events.targeted(k, action, seat, ids, cast_ids, _slot_cards(board, events), where)
        elif action.do == "pass_turn":
            events.kind[0, k] = EV_PASS_TURN
        elif action.do == "attack":
            events.attack(k, action, ids, cast_ids, _slot_cards(board, events), where)
        elif action.do == "tap_for_mana":
            events.tap(k, action, ids + cast_ids, _slot_cards(board, events), where)
        elif action.do == "activate":
            events.activate(k, action, scn, ids + cast_ids, _slot_cards(board, events), seat, where)
        else:
            raise OutsideShapes(f"{where}: {action.do} is not an action the batch engine plays")
    slot_ids = tuple(ids + cast_ids)
    rank = np.full((1, s + e), -1, dtype=np.int32)
    ping = np.full((1, s + e), -1, dtype=np.int8)
    chosen = np.zeros((1, s + e), dtype=np.int64)
    cards = _slot_cards(board, events)
    kind_rank, names_in_order, given = _choices(scn, slot_ids, seat, cards, rank, ping, chosen)
    counter_policy, counter_rank = _counter_order(scn, slot_ids, seat)
    inputs = WipeInputs(
        n_players=np.array([len(players)], dtype=np.int8),
        active=np.array([seat[scn.active]], dtype=np.int8),
        life=np.array([[scn.life.get(p, 20) for p in players]], dtype=np.int64),
        **board,
        rank=rank,
        ping_target=ping,
        chosen=chosen,
        kind_rank=kind_rank,
        target_names=names_in_order,
        token_choices=given,
        counter_policy=counter_policy,
        counter_rank=counter_rank,
        **events.arrays(),
    )
    return inputs, Naming(tuple(players), slot_ids)


def _slot_cards(board: Mapping[str, np.ndarray], events: _Events) -> list[int]:
    """The card of each board and cast slot (-1: none; a cast slot's once its action is read)."""
    return [*board["card"][0].tolist(), *events.card[0].tolist()]


def _board(scn: Scenario, seat: Mapping[str, int]) -> dict[str, np.ndarray]:
    """The board arrays of a batch of one, (1, S) each."""
    s = len(scn.battlefield)

    def one(fill: int | bool, dtype: type) -> np.ndarray:
        return np.full((1, s), fill, dtype=dtype)

    out = {
        "card": one(-1, np.int16),
        "controller": one(0, np.int8),
        "owner": one(0, np.int8),
        "token": one(False, np.bool_),
        "tapped": one(False, np.bool_),
        "not_creature": one(False, np.bool_),
        "plus": one(0, np.int64),
        "minus": one(0, np.int64),
        "damage": one(0, np.int64),
        "attached_to": one(-1, np.int8),
        "granted_persist": one(0, np.int8),
        "granted_undying": one(0, np.int8),
        "granted": one(0, np.uint32),
        "since_turn_start": one(True, np.bool_),
    }
    out["counters"] = np.zeros((1, s, len(tb.COUNTER_KINDS) - 2), dtype=np.int64)
    ids = [entry.id for entry in scn.battlefield]
    for i, entry in enumerate(scn.battlefield):
        where = f"battlefield {entry.id}"
        out["card"][0, i] = _check_card(entry.card, where, cast=False)
        if entry.attached_to is not None:
            out["attached_to"][0, i] = ids.index(entry.attached_to)
        for kind, n in entry.counters.items():
            if kind not in tb.KIND_CODE or kind == "any":
                raise OutsideShapes(f"{where}: {kind} counters are outside the batch engine")
            if tb.KIND_CODE[kind] >= 2:
                out["counters"][0, i, tb.KIND_CODE[kind] - 2] = n
        out["controller"][0, i], out["owner"][0, i] = seat[entry.controller], seat[entry.owner]
        out["token"][0, i], out["tapped"][0, i] = entry.token, entry.tapped
        out["not_creature"][0, i] = entry.not_creature
        out["plus"][0, i] = entry.counters.get("+1/+1", 0)
        out["minus"][0, i] = entry.counters.get("-1/-1", 0)
        out["damage"][0, i] = entry.damage
        out["granted_persist"][0, i] = entry.grant.count("persist")
        out["granted_undying"][0, i] = entry.grant.count("undying")
        out["granted"][0, i] = sum(tb.KEYWORD_BITS.get(k, 0) for k in set(entry.grant))
        out["since_turn_start"][0, i] = entry.since_turn_start
    return out


@dataclass
class _Events:
    """The event arrays of a batch of one, filled action by action."""

    kind: np.ndarray  # (1, E) each
    card: np.ndarray
    by: np.ndarray
    x: np.ndarray
    target: np.ndarray
    amount: np.ndarray
    counter: np.ndarray
    mode: np.ndarray
    attack_place: np.ndarray  # (1, E, S) each
    block: np.ndarray
    block_order: np.ndarray
    color: np.ndarray  # (1, E) each
    tap_creature: np.ndarray
    ability: np.ndarray
    chosen: np.ndarray
    chosen_player: np.ndarray
    order: np.ndarray  # (1, E, ORDER_LEN)
    token: np.ndarray  # (1, E) each
    tap_token: np.ndarray
    # by event: its declarations naming a token (kernel.state.TOKEN_ENTRY)
    token_entries: dict[int, list[tuple[int, ...]]] = field(default_factory=dict)

    @staticmethod
    def empty(s: int, e: int) -> _Events:
        def one(fill: int, dtype: type) -> np.ndarray:
            return np.full((1, e), fill, dtype=dtype)

        def per_slot() -> np.ndarray:
            return np.full((1, e, s), -1, dtype=np.int16)

        return _Events(
            one(0, np.int8), one(-1, np.int16), one(0, np.int8), one(0, np.int64),
            one(0, np.int16), one(0, np.int64), one(0, np.int8), one(0, np.int8),
            per_slot(), per_slot(), per_slot(), one(-1, np.int8), one(-1, np.int16),
            one(0, np.int8), one(0, np.int64), one(-1, np.int8),
            np.full((1, e, ORDER_LEN), -1, dtype=np.int16), one(0, np.int16),
            one(0, np.int16),
        )  # fmt: skip

    def arrays(self) -> dict[str, np.ndarray]:
        """The WipeInputs fields."""
        return {
            "ev_kind": self.kind,
            "ev_card": self.card,
            "ev_by": self.by,
            "ev_x": self.x,
            "ev_target": self.target,
            "ev_amount": self.amount,
            "ev_counter": self.counter,
            "ev_mode": self.mode,
            "ev_attack": self.attack_place,
            "ev_block": self.block,
            "ev_block_order": self.block_order,
            "ev_color": self.color,
            "ev_tap_creature": self.tap_creature,
            "ev_ability": self.ability,
            "ev_chosen": self.chosen,
            "ev_chosen_player": self.chosen_player,
            "ev_order": self.order,
            "ev_token": self.token,
            "ev_tap_token": self.tap_token,
            **({"ev_combat_token": self._combat_tokens()} if self.token_entries else {}),
        }

    def _combat_tokens(self) -> np.ndarray:
        """The token entries as WipeInputs.ev_combat_token."""
        width = max(len(entries) for entries in self.token_entries.values())
        out = np.full((1, self.kind.shape[1], width, len(TOKEN_ENTRY)), -1, dtype=np.int16)
        for k, entries in self.token_entries.items():
            out[0, k, : len(entries)] = entries
        return out

    def cast(self, k: int, action: Action, seat: Mapping[str, int], where: str) -> None:
        """A cast (CR 601.2)."""
        self.kind[0, k] = EV_CAST
        self.card[0, k] = _check_card(action.get("card"), where, cast=True)
        self.by[0, k] = seat[action.get("by")]
        self.x[0, k] = action.get("x", 0)
        for m in action.get("mode", []) or []:
            self.mode[0, k] |= tb.MODE_BITS[m]

    def sacrifice_choices(self, k: int, scn: Scenario, spell: str, ids: Sequence[str]) -> None:
        """The creatures ``[choices] targets`` names for a spell that makes each player
        sacrifice (Innocent Blood), as slot bits; a player named there names nothing, and
        ``_choices`` keeps the tokens named (or refuses what it cannot hold)."""
        card = self.card[0, k]
        if card < 0 or tb.CARDS[card].ability("each_player_sacrifices_creatures") is None:
            return
        named = scn.choices.targets.get(spell)
        for name in [named] if isinstance(named, str) else list(named or []):
            if name in ids and list(ids).index(name) < CHOSEN_SLOTS:
                self.chosen[0, k] |= 1 << list(ids).index(name)

    def targeted(
        self,
        k: int,
        action: Action,
        seat: Mapping[str, int],
        ids: Sequence[str],
        cast_ids: Sequence[str],
        cards: Sequence[int],
        where: str,
    ) -> None:
        """An action on one permanent (a token too, by its id), or damage to a player or to
        every creature (``cards``: the card of each board and cast slot, -1 none)."""
        target = action.get("target")
        if action.do == "damage" and target == "all_creatures":
            self.kind[0, k] = EV_DAMAGE_ALL
        elif action.do == "damage" and target in seat:
            self.kind[0, k] = EV_DAMAGE_PLAYER
            self.target[0, k] = seat[target]
        else:
            self.kind[0, k] = TARGETED[action.do]
            self.target[0, k], self.token[0, k] = _named([*ids, *cast_ids], cards, target, where)
        self.amount[0, k] = action.get("amount", 0)
        kind = action.get("kind")
        if action.do == "counters":
            if kind not in tb.KIND_CODE or kind == "any":
                raise OutsideShapes(f"{where}: {kind} counters are outside the batch engine")
            self.counter[0, k] = tb.KIND_CODE[kind]

    def attack(
        self,
        k: int,
        action: Action,
        ids: Sequence[str],
        cast_ids: Sequence[str],
        cards: Sequence[int],
        where: str,
    ) -> None:
        """An attack among board permanents, permanents cast earlier and tokens made earlier
        (W8). The declarations are by slot; they cover the cast slots once a cast permanent is
        declared. A token's slot is known only in the trial: a token, and a creature that
        blocks one, is declared by a token entry (kernel.state.TOKEN_ENTRY) instead."""
        self.kind[0, k] = EV_ATTACK
        attackers, blocks = action.get("attackers", []), action.get("blockers", {})
        names = [*attackers, *blocks, *blocks.values()]
        slot_of = self._combatants(names, ids, cast_ids, cards, where)
        declared: dict[str, list[int]] = {}  # [attack place, block place, blocked slot, number]
        for place, pid in enumerate(attackers):
            declared.setdefault(pid, [-1, -1, -1, -1])[0] = place
        for place, (blocker, attacker) in enumerate(blocks.items()):
            declared.setdefault(blocker, [-1, -1, -1, -1])[1:] = [place, *slot_of[attacker]]
        for pid, (attack, block, blocked, number) in declared.items():
            slot, own = slot_of[pid]
            if own or number > 0:
                self.token_entries.setdefault(k, []).append(
                    (slot, own, attack, block, blocked, number)
                )
                continue
            self.attack_place[0, k, slot] = attack
            self.block[0, k, slot], self.block_order[0, k, slot] = blocked, block

    def _combatants(
        self,
        names: Sequence[str],
        ids: Sequence[str],
        cast_ids: Sequence[str],
        cards: Sequence[int],
        where: str,
    ) -> dict[str, tuple[int, int]]:
        """What an attack's names name: (slot, 0), a token (its source slot, its number)."""
        slot_of = {pid: (slot, 0) for slot, pid in enumerate(ids)}
        for j, pid in enumerate(cast_ids):  # a permanent spell's: the state has its cast slot
            if pid and PERMANENT_SPELL[self.card[0, j]]:
                slot_of[pid] = (len(ids) + j, 0)
        for pid in names:
            if pid not in slot_of and (token := _token(pid, [*ids, *cast_ids], cards)):
                slot_of[pid] = token
            if pid not in slot_of:
                raise OutsideShapes(f"{where}: {pid!r} is not a board or cast permanent")
            if slot_of[pid][0] >= self.attack_place.shape[2]:
                self._cover_cast_slots()
        return slot_of

    def _cover_cast_slots(self) -> None:
        """Widen the declarations from the board's slots to every cast slot too (-1: none):
        one per event, as the state lays them out."""
        for name in ("attack_place", "block", "block_order"):
            board = getattr(self, name)
            wide = np.full((1, self.kind.shape[1], board.shape[2] + self.kind.shape[1]), -1)
            wide[:, :, : board.shape[2]] = board
            setattr(self, name, wide.astype(board.dtype))

    def tap(
        self, k: int, action: Action, ids: Sequence[str], cards: Sequence[int], where: str
    ) -> None:
        """Tap for mana (CR 605.3b): the type named, the creature tapped for a cost (a token
        too), and the replacement order (616.1) as slots (a spell's: its action's cast slot)."""
        self.kind[0, k] = EV_TAP_MANA
        self.target[0, k], self.token[0, k] = _named(ids, cards, action.get("permanent"), where)
        if action.get("color") is not None:
            self.color[0, k] = MANA_TYPES.index(action.get("color"))
        if action.get("tap_creature") is not None:
            named = _named(ids, cards, action.get("tap_creature"), where)
            self.tap_creature[0, k], self.tap_token[0, k] = named
        listed = list(dict.fromkeys(p for p in action.get("replacement_order", []) if p in ids))
        if len(listed) > ORDER_LEN:
            raise OutsideShapes(f"{where}: more than ORDER_LEN = {ORDER_LEN} replacement ids")
        self.order[0, k, : len(listed)] = [list(ids).index(p) for p in listed]

    def activate(
        self,
        k: int,
        action: Action,
        scn: Scenario,
        ids: Sequence[str],
        cards: Sequence[int],
        seat: Mapping[str, int],
        where: str,
    ) -> None:
        """Activate an ability (CR 602.2) of a permanent (a token too), with the targets
        ``[choices] targets`` names for it: slots as bits, and the first player named. The
        other names ``_choices`` keeps (``_reading``): a token, or a slot past the bits where
        "any target" is all the source reads them for."""
        pid = action.get("permanent")
        self.kind[0, k] = EV_ACTIVATE
        self.target[0, k], self.token[0, k] = _named(ids, cards, pid, where)
        self.ability[0, k] = action.get("ability", 0)
        self.x[0, k] = action.get("x", 0)  # an X in its cost (602.2b)
        named = scn.choices.targets.get(pid)
        source = int(self.target[0, k])  # (-1: a token no trial makes)
        card = -1 if source < 0 else cards[source]
        if self.token[0, k]:
            card = _made_by(cards, source)  # a token's names: ``_choices``' entry for it
        reads = _reading(card)
        for name in [named] if isinstance(named, str) else list(named or []):
            if name in seat:
                first = self.chosen_player[0, k] < 0
                self.chosen_player[0, k] = seat[name] if first else self.chosen_player[0, k]
            elif name in ids and list(ids).index(name) < CHOSEN_SLOTS:
                self.chosen[0, k] |= 1 << list(ids).index(name)
            elif reads != IN_ORDER and name in ids:
                raise OutsideShapes(f"{where}: {_past_chosen(name)}")
            elif reads != IN_ORDER and _token(name, ids, cards) is None:
                raise OutsideShapes(f"{where}: target {name!r} is outside the batch engine")


def _made_by(cards: Sequence[int], slot: int) -> int:
    """The card of the tokens slot ``slot``'s card makes as it dies or leaves (111.1), -1 if
    none (or no slot: -1)."""
    return int(tb.MAKES_TOKEN[cards[slot]]) if slot >= 0 and cards[slot] >= 0 else -1


def _token(target: Any, slot_ids: Sequence[str], cards: Sequence[int]) -> tuple[int, int] | None:
    """A token named by its id as the reference engine names it (its source's id, the token's
    name, a number: ``engine.reference.zones.create_tokens``): (source slot, number), or None.
    A number past TOKENS_MADE_CAP names a token no trial makes: the source slot -1."""
    for slot, pid in enumerate(slot_ids):
        made = _made_by(cards, slot) if pid else -1
        if made < 0 or not isinstance(target, str) or not target.startswith(f"{pid}."):
            continue
        stem = token_stem(made)
        number = target[len(pid) + 1 :].removeprefix(stem)
        if number.isdigit() and target == f"{pid}.{stem}{int(number)}" and int(number) > 0:
            return (slot, int(number)) if int(number) <= TOKENS_MADE_CAP else (-1, 1)
    return None


def _named(slot_ids: Sequence[str], cards: Sequence[int], pid: Any, where: str) -> tuple[int, int]:
    """The permanent an action names: (its slot, 0), or a token's (source slot, number)."""
    if pid in slot_ids:
        return list(slot_ids).index(pid), 0
    if (token := _token(pid, slot_ids, cards)) is not None:
        return token
    raise OutsideShapes(f"{where}: {pid!r} names no permanent of the scenario")


def _counter_order(
    scn: Scenario, slot_ids: Sequence[str], seat: Mapping[str, int]
) -> tuple[np.ndarray | None, np.ndarray | None]:
    """``[choices] counter_order`` (616.1): each seat's policy (``counter_policy``, None if
    every player's is the listed one) and the ids each player lists as (seat, slot, place)
    entries (``counter_rank``, None if none)."""
    policy = np.zeros((1, len(seat)), dtype=np.int8)
    entries: list[tuple[int, int, int]] = []
    index = {pid: i for i, pid in enumerate(slot_ids) if pid}
    for player, choice in scn.choices.counter_order.items():
        if isinstance(choice, str):
            policy[0, seat[player]] = COUNTER_POLICIES.index(choice)
            continue
        first: dict[str, int] = {}
        for place, pid in enumerate(choice):
            first.setdefault(pid, place)
        entries += [(seat[player], index[pid], place) for pid, place in first.items()]
    if len(entries) > COUNTER_RANKS:
        raise OutsideShapes(
            f"choices.counter_order: more than COUNTER_RANKS = {COUNTER_RANKS} ids in all"
        )
    ranks = np.array([entries], dtype=np.int32) if entries else None
    return (policy if policy.any() else None), ranks


def _choices(
    scn: Scenario,
    slot_ids: Sequence[str],
    seat: Mapping[str, int],
    cards: Sequence[int],
    rank: np.ndarray,
    ping: np.ndarray,
    chosen: np.ndarray,
) -> tuple[np.ndarray | None, np.ndarray | None, np.ndarray | None]:
    """Explicit trigger orders become ranks (returned: the "id:ability" ones, ``kind_rank``);
    targets named for a triggered ability become the slot's chosen bits (the permanents), its
    ping target (a player) and ``target_names`` entries (returned): for "any target" every
    name in order (``_in_order``), for a reader of a set the tokens named. Targets named for
    a token (111.1) are ``token_choices`` entries (returned), its bits and player, and its
    ``target_names`` entries name it by the entry (``_source``)."""
    index = {pid: i for i, pid in enumerate(slot_ids) if pid}
    kind_rank = _ranks(scn, index, rank, slot_ids, cards)
    activated = {a.get("permanent") for a in scn.actions if a.do == "activate"}
    ordered: list[tuple[int, int, int]] = []
    given: list[tuple[int, int, int, int]] = []
    for source, target in scn.choices.targets.items():
        slot, card, token = _source(source, index, slot_ids, cards, len(given))
        if slot is None:
            continue  # a token no trial makes: nothing reads its names
        names = [target] if isinstance(target, str) else list(target)
        reads = _reading(card)
        try:
            _check_named(source, names, index, seat, reads, (slot_ids, cards))
        except OutsideShapes:
            if source in activated:
                continue  # names only its activations hold (``_Events.activate`` carries them)
            raise
        if reads in (IN_ORDER, BOTH):
            ordered += _in_order(slot, names, slot_ids, seat, cards)
        else:  # its tokens, as a set (its slots are chosen bits)
            made = (_token(name, slot_ids, cards) for name in names if name not in index)
            ordered += [(slot, *token) for token in made if token is not None]
        # the same names are the targets of its triggered abilities (the reference engine
        # reads one ``targets`` entry for every ability of a source)
        player = next((seat[name] for name in names if name in seat), -1)
        bits = sum(1 << index[n] for n in set(names) if n in index and index[n] < CHOSEN_SLOTS)
        if token is not None:
            given.append((*token, bits, player))
            continue
        ping[0, slot] = player
        chosen[0, slot] = bits
    for name, cap, count, what in (
        ("TARGET_NAMES", TARGET_NAMES, len(ordered), 'permanents named in order for "any '
         'target", and tokens named'),
        ("TOKEN_CHOICES", TOKEN_CHOICES, len(given), "tokens given targets"),
    ):  # fmt: skip
        if count > cap:
            raise OutsideShapes(f"choices.targets: more than {name} = {cap} {what}")
    names_in_order = np.array([ordered], dtype=np.int32) if ordered else None
    return kind_rank, names_in_order, np.array([given], dtype=np.int64) if given else None


def _source(
    source: str,
    index: Mapping[str, int],
    slot_ids: Sequence[str],
    cards: Sequence[int],
    tokens_given: int,
) -> tuple[int | None, int, tuple[int, int] | None]:
    """The slot a ``targets`` entry's source holds, its card, and the token it names if it
    names one (111.1: by its maker's slot and number): then not a slot but the marker of its
    ``token_choices`` entry, -2 - j (the kernel gives the token its slot as it is made).
    None for a token no trial makes."""
    if source in index:
        return index[source], cards[index[source]], None
    token = _token(source, slot_ids, cards)
    if token is None:
        raise OutsideShapes(f"targets of {source!r}: no such permanent or cast")
    if token[0] < 0:
        return None, -1, None
    return -2 - tokens_given, _made_by(cards, token[0]), token


# how a card's abilities read its ``targets`` names (``_reading``)
IN_ORDER, AS_A_SET, BOTH = "in order", "as a set", "both"


def _reading(card: int) -> str:
    """How a card's abilities read the names its ``targets`` entry gives: "any target" only
    (``IN_ORDER``: the first there, 115.4; kept in order, tokens and any slot among them),
    none for "any target" (``AS_A_SET``: to destroy, reanimate, sacrifice, untap, give a
    keyword; slots as chosen bits, tokens in ``target_names``), or ``BOTH`` (slots as chosen
    bits and every name in order: a set reader finds the tokens among them, 111.1)."""
    any_target = card >= 0 and bool(tb.ANY_TARGET[card] or tb.ACT_ANY_TARGET[card])
    if not any_target:
        return AS_A_SET
    return BOTH if card >= 0 and _READS_BITS[card] else IN_ORDER


def _in_order(
    source: int,
    names: list[Any],
    slot_ids: Sequence[str],
    seat: Mapping[str, int],
    cards: Sequence[int],
) -> list[tuple[int, int, int]]:
    """The ``target_names`` entries of an "any target" source (115.4: the first named that is
    there, else the player): the permanents named, in order, each a slot or a token, and in
    the first player's place (if one is named) an entry naming none (slot -1, number 0).
    The target is never one named after it, but an activation checks them all (601.2c)."""
    first_player = next((k for k, n in enumerate(names) if n in seat), len(names))
    where = f"targets of {slot_ids[source]!r}"
    entries = [(source, *_named(slot_ids, cards, n, where)) for n in names if n not in seat]
    player = [(source, -1, 0)] if first_player < len(names) else []
    return [*entries[:first_player], *player, *entries[first_player:]]


def _ranks(
    scn: Scenario,
    index: Mapping[str, int],
    rank: np.ndarray,
    slot_ids: Sequence[str],
    cards: Sequence[int],
) -> np.ndarray | None:
    """Explicit trigger orders and ranks become each slot's rank (603.3b); the "id:ability"
    keys and the keys naming a token become (slot, token number, kind, rank) entries
    (returned, None if there are none). A key naming a token whose card has no triggered
    ability names no trigger (Thopters), nor does one naming a token no trial makes: it is
    passed over."""
    controllers = {board.id: board.controller for board in scn.battlefield}
    entries: list[tuple[int, int, int, int]] = []
    for player, listed in scn.choices.trigger_order.items():
        keys = [k for k in listed if not _token_without_triggers(k, slot_ids, cards)]
        by = (list(scn.players).index(player) + 1) << RANK_BY_SHIFT
        entries += _player_order(player, keys, (index, controllers, slot_ids, cards), rank, by)
    for pid, rk in scn.choices.trigger_rank.items():
        if pid in index:  # a rank for no permanent of the scenario ranks nothing
            rank[0, index[pid]] = rk
    if len(entries) > KIND_RANKS:
        raise OutsideShapes(
            f'choices.trigger_order: more than KIND_RANKS = {KIND_RANKS} "id:ability" keys '
            "and keys naming tokens or another player's permanents"
        )
    return np.array([entries], dtype=np.int32) if entries else None


def _token_without_triggers(key: str, slot_ids: Sequence[str], cards: Sequence[int]) -> bool:
    """Whether a trigger-order key names a token (111.1) whose card has no triggered ability
    (or one no trial makes): it names no trigger."""
    token = _token(key.partition(":")[0], slot_ids, cards)
    if token is None:
        return False
    made = _made_by(cards, token[0])
    return made < 0 or not _TRIGGERED[made]


def _player_order(
    player: str,
    keys: Sequence[str],
    board: tuple[Mapping[str, int], Mapping[str, str], Sequence[str], Sequence[int]],
    rank: np.ndarray,
    by: int,
) -> list[tuple[int, int, int, int]]:
    """One player's trigger order, read as the reference engine reads it: a trigger takes
    the place of the first key that names it, "id" or "id:ability" (an ability its source
    does not have names nothing). The "id" keys set ranks; the "id:ability" keys that come
    before their "id" are returned as (slot, 0, kind, rank) entries, and so are the "id"
    keys naming a permanent another player controls at the start (kind ANY_KIND: the slot's
    rank is its controller's); every key naming a token (``board``: the slot index, the
    controllers at the start, the slot ids and cards) is an entry by its source slot and
    number (111.1), the first the kernel finds placing it. Each rank carries the player
    (``by``): it places only the triggers that player controls (one whose permanent
    changed control, 603.3a)."""
    index, controllers, slot_ids, cards = board
    first: dict[str, int] = {}
    for i, key in enumerate(keys):
        first.setdefault(key, i)
    entries = []
    for key, i in first.items():
        pid, _, ability = key.partition(":")
        kind = _KIND_CODES.get(ability) if ability else ANY_KIND
        token = None if pid in index else _token(pid, slot_ids, cards)
        if token is not None:
            if kind is not None:  # an ability no trigger has names nothing
                entries.append((*token, kind, i + by))
            continue
        if pid not in index:
            raise OutsideShapes(f"trigger order {key!r} of {player}: outside the batch engine")
        theirs = controllers.get(pid, player) != player
        if not ability and not theirs:
            rank[0, index[pid]] = i + by
        elif kind is not None and (theirs or first.get(pid, i) >= i):  # "id" later
            entries.append((index[pid], 0, kind, i + by))
    return entries


def _check_named(
    source: str,
    names: list[Any],
    index: Mapping[str, int],
    seat: Mapping[str, int],
    reads: str,
    board: tuple[Sequence[str], Sequence[int]],
) -> None:
    """What the batch engine keeps of the names (``_reading``): a player; a slot below
    CHOSEN_SLOTS (a chosen bit), any slot where the names are read in order only; a token
    (found by the ``board``'s slot ids and cards)."""
    for name in names:
        if name in seat or (name in index and (index[name] < CHOSEN_SLOTS or reads == IN_ORDER)):
            continue
        if name in index:
            raise OutsideShapes(f"targets of {source!r}: {_past_chosen(name)}")
        if _token(name, *board) is None:
            raise OutsideShapes(f"targets of {source!r}: a name the batch engine cannot hold")


def _past_chosen(name: str) -> str:
    return f"{name!r} is past the CHOSEN_SLOTS = {CHOSEN_SLOTS} slots a set of targets can name"
