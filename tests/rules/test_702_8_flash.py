"""CR 702.8a: flash only changes when a card may be cast; the engines' casts do not model
timing, so flash changes nothing (declared inert in the batch engine; both engines)."""

from __future__ import annotations

from engine.batch.kernel.fits import KEYWORDS
from tests.helpers import attack, board, cast, run_both


def test_702_8a_flash_is_declared_inert_in_the_batch_engine() -> None:
    assert KEYWORDS["flash"].rule == "702.8a"
    assert KEYWORDS["flash"].where.startswith("inert")


def test_702_8a_a_creature_with_flash_plays_exactly_like_one_without() -> None:
    """CR 702.8a: Kitchen Finks with and without flash granted: the same attack and wipe give
    the same outcome."""
    actions = [attack(["finks"], {"bears": "finks"}), cast("Wrath of God", by="B")]
    plain = run_both(board("finks: Kitchen Finks @A", "bears: Grizzly Bears @B"), actions)
    flash = run_both(
        board("finks: Kitchen Finks @A grant=flash", "bears: Grizzly Bears @B"), actions
    )
    assert flash == plain


def test_702_8a_the_keywords_the_batch_tables_hold_nothing_for_are_the_inert_ones() -> None:
    """CR 702.8a: a grant of flash (a static's, an attack trigger's) is encoded as a grant of
    nothing; only a keyword the kernel declares inert may be."""
    from engine.batch.tables import INERT_KEYWORDS

    inert = {name for name, handling in KEYWORDS.items() if handling.where.startswith("inert")}
    assert inert == INERT_KEYWORDS
