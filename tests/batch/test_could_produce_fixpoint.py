"""CR 106.7 on the batch engine: the least fixpoint of what permanents that reflect lands could
produce (``kernel.mana.could``), found in rounds over the reflections that stop once a round
adds no type to any player's lands. Boards of reflecting lands (Reflecting Pool, Exotic
Orchard), a reflecting artifact (Fellwar Stone), basic lands, Sol Ring and an "instead"
effect (Contamination) over three players: both engines say the same, also after a
reflection is tapped (each tap reads the fixpoint's sums)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import board, run_both, tap

CARDS = (
    "Reflecting Pool", "Exotic Orchard", "Fellwar Stone", "Forest", "Island", "Plains",
    "Wastes", "Sol Ring", "Contamination",
)  # fmt: skip
PLAYERS = ("A", "B", "C")


@settings(max_examples=40, deadline=None)
@given(
    permanents=st.lists(
        st.tuples(st.sampled_from(CARDS), st.sampled_from(PLAYERS)), min_size=1, max_size=9
    ),
    tapped=st.integers(0, 8),
    color=st.sampled_from([None, "W", "U", "G", "B", "C"]),
)
def test_106_7_reflections_agree_with_the_reference(
    permanents: list[tuple[str, str]], tapped: int, color: str | None
) -> None:
    """CR 106.7: a reflection's types are the least fixpoint, in every board order; the
    reference engine's answer is the batch engine's, before and after one tap."""
    lines = [f"p{k}: {card} @{who}" for k, (card, who) in enumerate(permanents)]
    run_both(board=board(*lines), players=PLAYERS)
    target = f"p{tapped % len(permanents)}"
    action = tap(target) if color is None else tap(target, color=color)
    run_both(board=board(*lines), players=PLAYERS, actions=[action])


def test_106_7_orchards_and_pools_that_need_several_rounds() -> None:
    """CR 106.7: C's Forest reaches A's Orchard, whose type reaches B's Orchard only after A's
    Orchard has it, then B's Pool: a chain of reflections, each a round later."""
    lines = (
        "pb: Reflecting Pool @B", "ob: Exotic Orchard @B", "oa: Exotic Orchard @A",
        "f: Forest @C",
    )  # fmt: skip
    out = run_both(board=board(*lines), players=PLAYERS)
    assert out["could_produce"]["pb"] == ["G"]
    assert out["could_produce"]["oa"] == ["G"]
