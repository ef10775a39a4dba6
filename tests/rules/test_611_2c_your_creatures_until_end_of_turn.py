"""CR 611.2c: "Creatures you control get +N/+M until end of turn" (Solidarity, Glorious Charge)
changes the caster's creatures on the battlefield as it resolves, and no others: not the
opponents', not a creature that enters later (a persist creature's return is a new object,
400.7). Every scenario runs on both engines (``run_both``)."""

from __future__ import annotations

from tests.helpers import board, cast, permanent, pt, returned_ids, run_both


def test_611_2c_solidarity_saves_the_casters_creatures_from_pyroclasm() -> None:
    """CR 611.2c, 704.5g: after Solidarity, A's Bears are 2/7 and survive Pyroclasm's 2
    damage; B's Bears, which Solidarity did not change, die."""
    out = run_both(
        board("mine: Grizzly Bears @A", "theirs: Grizzly Bears @B"),
        [cast("Solidarity", by="A"), cast("Pyroclasm", by="B")],
    )
    assert pt(out, "mine") == (2, 7)
    assert permanent(out, "theirs") is None


def test_611_2c_glorious_charge_keeps_a_bear_alive_through_infest() -> None:
    """CR 611.2c, 704.5f: Glorious Charge then Infest: A's Bears are 1/1; B's are 0/0 and die."""
    out = run_both(
        board("mine: Grizzly Bears @A", "theirs: Grizzly Bears @B"),
        [cast("Glorious Charge", by="A"), cast("Infest", by="B")],
    )
    assert pt(out, "mine") == (1, 1)
    assert permanent(out, "theirs") is None


def test_400_7_a_creature_returned_by_persist_does_not_have_the_earlier_pump() -> None:
    """CR 611.2c, 400.7, 702.79a: Glorious Charge makes Kitchen Finks 4/3; Wrath of God
    destroys it and persist returns it, a new object the Charge never changed: 2/1."""
    out = run_both(
        board("finks: Kitchen Finks @A"),
        [cast("Glorious Charge", by="A"), cast("Wrath of God", by="B")],
    )
    assert returned_ids(out) == ["finks"]
    assert pt(out, "finks") == (2, 1)


def test_611_2c_solidarity_alone_changes_only_the_casters_creatures() -> None:
    """CR 611.2c: Solidarity as the only event: A's Bears 2/7, B's still 2/2 (an experiment's
    batch of it is the kernel's: ``tests/batch/test_fast_path_refusals.py``)."""
    out = run_both(
        board("mine: Grizzly Bears @A", "theirs: Grizzly Bears @B"), [cast("Solidarity", by="A")]
    )
    assert (pt(out, "mine"), pt(out, "theirs")) == ((2, 7), (2, 2))
