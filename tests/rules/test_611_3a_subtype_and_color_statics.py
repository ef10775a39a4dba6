"""CR 611.3a, 205.3, 105.2: a static ability that changes the P/T of the creatures of a subtype
or a color ("Other Elf creatures you control get +1/+1", "White creatures you control get
+1/+1", "Black creatures get +1/+1") applies to whatever it describes now: a creature of that
subtype or color in its scope, a returned one included, and to nothing else. Every scenario
runs on both engines (``run_both``: the batch engine's outcome must equal the reference's)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from engine import reference
from engine.batch.mana import run_mana
from engine.batch.mana_convert import mana_batch_outcome, mana_comparable, mana_trial_scenario
from engine.batch.naming import Naming
from engine.library import LibraryError, load_card_file
from sim.shapes.mana.draws import draw_mana_batch
from tests.batch.mixes import mana_board, mana_mix
from tests.cards.test_user_cards import _past_a_cap
from tests.helpers import (
    board,
    cast,
    destroy,
    permanent,
    pool,
    pt,
    returned_ids,
    run_both,
    tap,
)


def test_205_3_elvish_archdruid_gives_other_elves_you_control_plus_one() -> None:
    """CR 205.3, 611.3a: "Other Elf creatures you control": A's Llanowar Elves (an Elf Druid)
    and Safehold Elite (an Elf Scout) get +1/+1; the Archdruid itself, A's Bears and B's Elves
    do not."""
    out = run_both(
        board(
            "arch: Elvish Archdruid @A",
            "elf: Llanowar Elves @A",
            "elite: Safehold Elite @A",
            "bears: Grizzly Bears @A",
            "theirs: Llanowar Elves @B",
        )
    )
    assert pt(out, "arch") == (2, 2)
    assert pt(out, "elf") == (2, 2)
    assert pt(out, "elite") == (3, 3)
    assert pt(out, "bears") == (2, 2)
    assert pt(out, "theirs") == (1, 1)


def test_611_3a_two_archdruids_each_give_the_other_plus_one() -> None:
    """CR 611.3a: each Archdruid is "other" to the second one: both are 3/3, the Elves 3/3."""
    out = run_both(
        board("a1: Elvish Archdruid @A", "a2: Elvish Archdruid @A", "elf: Llanowar Elves @A")
    )
    assert (pt(out, "a1"), pt(out, "a2"), pt(out, "elf")) == ((3, 3), (3, 3), (3, 3))


def test_105_2_honor_of_the_pure_counts_a_hybrid_card_as_white() -> None:
    """CR 105.2, 202.2: Kitchen Finks ({1}{G/W}{G/W}) is green and white: Honor of the Pure
    gives it +1/+1; green Bears and B's white Youthful Knight get nothing."""
    out = run_both(
        board(
            "honor: Honor of the Pure @A",
            "finks: Kitchen Finks @A",
            "bears: Grizzly Bears @A",
            "knight: Youthful Knight @B",
        )
    )
    assert (pt(out, "finks"), pt(out, "bears"), pt(out, "knight")) == ((4, 3), (2, 2), (2, 1))


def test_105_2_crusade_gives_every_players_white_creatures_plus_one() -> None:
    """CR 611.3a: "White creatures get +1/+1" has no controller in its scope: B's Youthful
    Knight gets it as A's Finks does."""
    out = run_both(
        board("crusade: Crusade @A", "finks: Kitchen Finks @A", "knight: Youthful Knight @B")
    )
    assert (pt(out, "finks"), pt(out, "knight")) == ((4, 3), (3, 2))


def test_105_2_bad_moon_saves_a_black_and_red_redcap_from_pyroclasm() -> None:
    """CR 105.2, 704.5g: Murderous Redcap ({2}{B/R}{B/R}) is black: 3/3 under Bad Moon, it
    survives Pyroclasm's 2 damage; the Bears die."""
    out = run_both(
        board("moon: Bad Moon @B", "redcap: Murderous Redcap @A", "bears: Grizzly Bears @B"),
        [cast("Pyroclasm", by="B")],
    )
    assert pt(out, "redcap") == (3, 3)
    assert permanent(out, "bears") is None


def test_611_3a_a_returned_persist_creature_gets_the_color_static() -> None:
    """CR 611.3a, 702.79a: Finks returns from Wrath of God with a -1/-1 counter, a new object
    that Honor of the Pure describes: 3/2 again."""
    out = run_both(
        board("honor: Honor of the Pure @A", "finks: Kitchen Finks @A"),
        [cast("Wrath of God", by="B")],
    )
    assert returned_ids(out) == ["finks"]
    assert pt(out, "finks") == (3, 2)


def test_704_5g_an_elf_with_damage_dies_when_its_lord_is_destroyed() -> None:
    """CR 611.3a, 704.5g, 704.3: Llanowar Elves, 2/2 under the Archdruid, has 1 damage; once
    the Archdruid is destroyed it is 1/1 with lethal damage, and the state-based actions put
    it into the graveyard (the batch engine looks at it again although nothing touched it)."""
    out = run_both(
        board("arch: Elvish Archdruid @A", "elf: Llanowar Elves @A damage=1"),
        [destroy("arch")],
    )
    assert out["battlefield"] == []


def test_205_3_archdruid_saves_an_elf_from_infest_but_not_itself() -> None:
    """CR 611.3a, 704.5f: Infest gives every creature -2/-2 until end of turn; Safehold Elite
    (2/2, an Elf) is 1/1 under the Archdruid and lives, until the 0/0 Archdruid dies with it
    still there: the Elite is then 0/0 and dies, and persist returns it (702.79a)."""
    out = run_both(
        board("arch: Elvish Archdruid @A", "elite: Safehold Elite @A"),
        [cast("Infest", by="B")],
    )
    assert returned_ids(out) == ["elite"]
    assert pt(out, "elite") == (1, 1)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ('color = "P"', "creatures_get.color must be one of"),
        ("color = 1", "creatures_get.color must be str"),
        ("subtype = true", "creatures_get.subtype must be str"),
    ],
)
def test_105_2_a_bad_subtype_or_color_is_a_card_file_error(
    tmp_path: Path, params: str, message: str
) -> None:
    """A user's card naming no color of 105.2 (or a subtype that is not text) is refused when
    its file is read, with the card and the parameter named."""
    path = tmp_path / "cards.toml"
    path.write_text(
        f"""[[card]]
name = "Odd Lord"
types = ["Enchantment"]
abilities = [{{ template = "creatures_get", scope = "yours", power = 1, toughness = 1, {params} }}]
""",
        "utf-8",
    )
    with pytest.raises(LibraryError, match=message):
        load_card_file(path)


def test_611_3a_two_statics_naming_kinds_on_one_card_exit_3_on_the_batch_engine(
    tmp_path: Path,
) -> None:
    """The batch tables hold FILTERED_PER_CARD such statics a card (Death Baron's "Skeletons
    you control and other Zombies you control" are two): a user's card with two is refused by
    the batch engine (exit 3, the cap named), while the reference engine plays it."""
    cards = """[[card]]
name = "Twin Banner"
types = ["Enchantment"]
abilities = [
  { template = "creatures_get", scope = "yours", power = 1, toughness = 1, color = "W" },
  { template = "creatures_get", scope = "yours", power = 1, toughness = 1, subtype = "Elf" },
]
"""
    scenario = """players = ["A", "B"]
active = "A"
battlefield = [
  { id = "banner", card = "Twin Banner", controller = "A" },
  { id = "elite", card = "Safehold Elite", controller = "A" },
]
"""
    out = _past_a_cap(tmp_path, cards, scenario, "Twin Banner", "FILTERED_PER_CARD")
    elite = next(p for p in out["battlefield"] if p["id"] == "elite")
    assert (elite["power"], elite["toughness"]) == (4, 4)  # white and an Elf: both apply


def test_704_5f_elvish_archdruid_keeps_its_elves_alive_under_night_of_souls_betrayal() -> None:
    """CR 611.3a, 704.5f, 106.1: Night of Souls' Betrayal gives every creature -1/-1; the
    Archdruid's +1/+1 keeps A's Llanowar Elves at 1/1, and the Archdruid (1/1) taps for {G}
    per Elf A controls (two); B's Elves, 0/0, are put into the graveyard."""
    out = run_both(
        board(
            "night: Night of Souls' Betrayal @B",
            "arch: Elvish Archdruid @A",
            "elf: Llanowar Elves @A",
            "theirs: Llanowar Elves @B",
        ),
        [tap("arch"), tap("elf")],
    )
    assert (pt(out, "arch"), pt(out, "elf")) == ((1, 1), (1, 1))
    assert permanent(out, "theirs") is None
    assert pool(out) == {"G": 3}


ELVES = mana_mix(
    {
        "players": {"count": [1, 2]},
        "slots": [
            mana_board(
                {
                    "Elvish Archdruid": 2,
                    "Llanowar Elves": 2,
                    "Elvish Mystic": 1,
                    "Priest of Titania": 1,
                    "Night of Souls' Betrayal": 1,
                    "Forest": 2,
                },
                count=6,
                since_turn_start=0.9,
            )
        ],
        "taps": {"whose": "all", "count": 6, "wrap": True},
    }
)


def test_611_3a_a_mana_experiment_of_elves_agrees_trial_by_trial() -> None:
    """The mana shape plays the Archdruid's lord and Night of Souls' Betrayal: 400 drawn
    trials agree with the reference engine trial by trial, some Archdruid taps for three or
    more, and in some trials an Elf lives only by its lord."""
    inputs = draw_mana_batch(np.random.default_rng(2053), 400, ELVES)
    state = run_mana(inputs)
    _, _, s, a = inputs.shape
    most_green, saved = 0, 0
    for i in range(400):
        scn = mana_trial_scenario(inputs, i)
        ref = reference.run(scn)
        naming = Naming.default(len(scn.players), s, a)
        assert mana_comparable(mana_batch_outcome(state, i, naming)) == mana_comparable(ref)
        most_green = max(most_green, *(p["G"] for p in ref["mana_pool"].values()))
        board_cards = [p["card"] for p in ref["battlefield"]]
        night = "Night of Souls' Betrayal" in board_cards
        saved += night and "Elvish Archdruid" in board_cards and "Llanowar Elves" in board_cards
    assert most_green >= 6
    assert saved >= 10
