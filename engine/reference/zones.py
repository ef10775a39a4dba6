"""Zone changes: leaving and entering the battlefield, tokens, and where cards go.

CR 400.7: the object that arrives is new. Replacement effects on "put into a graveyard"
(Rest in Peace, Leyline of the Void, Anger of the Gods) are applied here (614.1a, 614.6): a
replaced event never happened, so nothing "dies" and nothing triggers (603.2g).
"""

from __future__ import annotations

from engine.deck import EMPTY_LIBRARY
from engine.library import Card, find_card
from engine.reference import detect
from engine.reference.characteristics import power_toughness, statics
from engine.reference.counters import put_counters
from engine.reference.damage import change_life
from engine.reference.state import Game, Permanent, ZoneCard

ZONES = ("graveyard", "exile", "hand", "library")


def _graveyard_replacement(game: Game, owner: str, is_token: bool) -> Permanent | None:
    """The permanent whose ability exiles this card or token instead (614.1a), if any."""
    for source, ability in statics(game, "graveyard_replaced_by_exile"):
        scope = ability.text("scope")
        if scope == "all" or (
            scope == "opponents_cards" and not is_token and owner != source.controller
        ):
            return source
    return None


def _arrive(
    game: Game, zone: str, card: Card, pid: str, owner: str, obj: int, token: bool
) -> ZoneCard:
    zc = ZoneCard(pid, card, owner, game.new_stamp(), obj, token)
    game.zone(zone)[owner].append(zc)
    return zc


def leave_battlefield(
    game: Game,
    perms: list[Permanent],
    dest: str,
    verb: str,
    rule: str,
    reasons: dict[int, tuple[str, str]] | None = None,
) -> None:
    """Move ``perms`` from the battlefield to ``dest`` at once, as one event (CR 603.10a).

    ``reasons`` maps an object's uid to its own (verb, rule) when one event moves objects for
    different reasons (state-based actions, 704.3).
    """
    perms = [p for p in perms if p in game.battlefield]
    if not perms:
        return
    before = [p.snapshot() for p in game.battlefield]
    moves = []
    for p in perms:
        kws = detect.lki_keywords(game, p)
        game.last_known[p.uid] = power_toughness(game, p)
        to = dest
        if dest == "graveyard":
            if p.exile_if_dies:
                to = "exile"
                game.log.add("614.1a", f"{p.id} would die: exiled instead (damage this way)")
            else:
                source = _graveyard_replacement(game, p.owner, p.token)
                if source is not None:
                    to = "exile"
                    game.log.add(
                        "614.1a",
                        f"{source.card.name} ({source.id}): {p.id} is exiled instead of put "
                        "into a graveyard",
                    )
        moves.append((p.snapshot(), kws, to, (reasons or {}).get(p.uid, (verb, rule))))
    for p in perms:
        game.battlefield.remove(p)
    for lki, kws, to, (why, cite) in moves:
        zc = _arrive(game, to, lki.card, lki.id, lki.owner, lki.obj, lki.token)
        game.log.add(cite, f"{lki.id} ({lki.card.name}, object {lki.obj}) {why} -> {to}")
        if to == "graveyard":
            game.died_this_turn.add(zc.stamp)
            game.bump("deaths")
            detect.died(game, before, lki, kws, zc.stamp)
        detect.left(game, lki)


def card_to_zone(game: Game, card: Card, pid: str, owner: str, zone: str, rule: str) -> None:
    """Put a resolved spell card into a zone; a graveyard may be replaced by exile (614.1a)."""
    if zone == "graveyard":
        source = _graveyard_replacement(game, owner, False)
        if source is not None:
            game.log.add(
                "614.1a", f"{source.card.name} ({source.id}): {card.name} is exiled instead"
            )
            zone = "exile"
    _arrive(game, zone, card, pid, owner, game.objects.get(pid, 0), False)
    game.log.add(rule, f"{card.name} is put into {owner}'s {zone}")


def return_to_hand(game: Game, zc: ZoneCard, rule: str) -> None:
    """Move a card from its owner's graveyard to their hand: a new object (400.7)."""
    remove_from_zone(game, "graveyard", zc)
    _arrive(game, "hand", zc.card, zc.id, zc.owner, zc.obj, zc.token)
    game.log.add(rule, f"{zc.id} ({zc.card.name}) returns from the graveyard to the hand")


def find_in_zone(game: Game, zone: str, stamp: int) -> ZoneCard | None:
    for cards in game.zone(zone).values():
        for zc in cards:
            if zc.stamp == stamp:
                return zc
    return None


def remove_from_zone(game: Game, zone: str, zc: ZoneCard) -> None:
    game.zone(zone)[zc.owner].remove(zc)


def enter_battlefield(
    game: Game,
    card: Card,
    pid: str,
    owner: str,
    controller: str,
    *,
    x: int = 0,
    token: bool = False,
    counters: dict[str, int] | None = None,
    rule: str,
    how: str,
) -> Permanent:
    """Create the new object on the battlefield with its "enters with" replacements (614.1c)."""
    game.objects[pid] = game.objects.get(pid, 0) + 1
    if pid not in game.board_order:
        game.board_order[pid] = game.new_order()
    p = Permanent(
        id=pid,
        card=card,
        owner=owner,
        controller=controller,
        uid=game.new_uid(),
        obj=game.objects[pid],
        order=game.board_order[pid],
        token=token,
        since_turn_start=False,  # CR 302.6: it just came under this control
        x=x,
    )
    game.battlefield.append(p)
    game.battlefield.sort(key=lambda q: q.order)
    game.log.add(rule, f"{pid} ({card.name}) {how}, object {p.obj}, under {controller}'s control")
    for ability in card.abilities:
        if ability.template == "enters_tapped":
            p.tapped = True
            game.log.add("614.1c", f"{pid} enters tapped")
        elif ability.template == "enters_tapped_unless_pay_life":
            _pay_life_or_enter_tapped(game, p, ability.number("amount"))
        elif ability.template == "enters_with_counters":
            put_counters(game, p, ability.text("kind"), ability.number("amount"), entering=True)
        elif ability.template == "enters_with_x_counters":
            game.log.add("107.3m", f"{pid} enters with X = {x} {ability.text('kind')} counter(s)")
            put_counters(game, p, ability.text("kind"), x, entering=True)
    for kind, n in (counters or {}).items():  # persist, undying (122.6; 614.12: not its own)
        put_counters(game, p, kind, n, entering=True)
    detect.entered(game, p)
    return p


def _pay_life_or_enter_tapped(game: Game, p: Permanent, amount: int) -> None:
    """Hallowed Fountain: "As it enters, you may pay N life. If you don't, it enters tapped."
    (614.12, 614.1c). The choice's policy: its controller pays when their life total is more
    than N (119.4 allows paying it all, but never at the cost of the game, 704.5a)."""
    if game.life[p.controller] > amount:
        change_life(game, p.controller, -amount, f"paid as {p.id} enters, 614.12")
    else:
        p.tapped = True
        game.log.add("614.1c", f"{p.controller} does not pay {amount} life: {p.id} enters tapped")


def create_tokens(game: Game, token_name: str, n: int, controller: str, source_id: str) -> None:
    """CR 111.1: create ``n`` tokens; Doubling Season doubles the number (614.1)."""
    card = find_card(token_name)
    assert card is not None, f"token {token_name!r} missing from the card library"
    for source, _ in statics(game, "tokens_doubled"):
        if source.controller == controller and n > 0:
            game.log.add(
                "614.1", f"{source.card.name} ({source.id}) doubles {n} token(s) to {2 * n}"
            )
            n *= 2
    for _ in range(n):
        base = f"{source_id}.{token_name.lower().replace(' ', '_')}"
        k = game.token_serial.get(base, 0) + 1
        game.token_serial[base] = k
        enter_battlefield(
            game,
            card,
            f"{base}{k}",
            controller,
            controller,
            token=True,
            rule="111.1",
            how="is created",
        )


def draw_card(game: Game, player: str, rule: str) -> None:
    """CR 121.1: ``player`` puts the top card of their library into their hand (``rule``: the
    draw's, 504.1 or 121.1). From an empty library the game stops (a deck game has no loss,
    704.5b: ``engine.deck.EMPTY_LIBRARY``)."""
    library = game.library[player]
    if not library:
        game.stop("unsupported", EMPTY_LIBRARY, "704.5b")
        return
    zc = library.pop(0)
    game.hand[player].append(zc)
    game.log.add(rule, f"{player} draws {zc.card.name} ({zc.id})")
