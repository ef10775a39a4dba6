"""How the slots and seats of a batch are called in a scenario (ids and player names)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.batch import tables as tb


def token_stem(card: int) -> str:
    """What a token of card ``card`` is called after its source's id and before its number
    (``hangarback.thopter1``), as ``engine.reference.zones.create_tokens`` names it."""
    return tb.CARDS[card].name.lower().replace(" ", "_")


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
