"""A scenario's choices on the batch engine (``cauldron explain --engine batch``), as the
reference engine reads them: "id:ability" trigger orders (603.3b), one ``targets`` entry for
every ability of a source, "any target" named in order and by token ids (115.4, 111.1), and
what permanents could produce when the game ends in a draw.
``run_both`` checks the batch outcome against the reference's, rejections included."""

from __future__ import annotations

import pytest

from engine.batch.scenario import run_scenario
from engine.batch.shapes import OutsideShapes
from engine.batch.wipe_state import CHOSEN_SLOTS, KIND_RANKS, TARGET_NAMES
from tests.helpers import board, cast, destroy, permanent, run_both, scenario

FINKS_UNDYING = "finks: Kitchen Finks @A grant=undying"
# Kitchen Finks in a mandatory loop (104.4b): Solemnity and a Night of Souls' Betrayal each
LOOP = (
    "solemnity: Solemnity @A",
    "night_a: Night of Souls' Betrayal @A",
    "night_b: Night of Souls' Betrayal @B",
    "finks: Kitchen Finks @A",
)


def test_603_3b_id_ability_keys_order_one_sources_triggers_on_both_engines() -> None:
    """CR 603.3b: Finks granted undying has a persist and an undying trigger; the first
    listed goes on the stack first, so the other resolves first: listing undying first
    returns Finks by persist (2/1), listing persist first returns it by undying (4/3)."""
    for order, by, pt in (
        (["finks:undying", "finks:persist"], "persist", (2, 1)),
        (["finks:persist", "finks:undying"], "undying", (4, 3)),
    ):
        out = run_both(
            board(FINKS_UNDYING), [cast("Wrath of God")], choices={"trigger_order": {"A": order}}
        )
        f = permanent(out, "finks")
        assert f is not None
        assert [r["by"] for r in out["returned"]] == [by]
        assert (f["power"], f["toughness"]) == pt


def test_603_3b_id_ability_keys_interleave_with_other_sources_on_both_engines() -> None:
    """CR 603.3b: finks:undying, elite, finks:persist: Finks's undying at the bottom, the
    Elite's persist, Finks's persist on top (``test_603_3b_apnap`` has the reference's
    stack); Finks returns by persist, then the Elite, and undying finds the card gone."""
    out = run_both(
        board(FINKS_UNDYING, "elite: Safehold Elite @A"),
        [cast("Wrath of God")],
        choices={"trigger_order": {"A": ["finks:undying", "elite", "finks:persist"]}},
    )
    assert [r["id"] + ":" + r["by"] for r in out["returned"]] == ["finks:persist", "elite:persist"]


def test_603_3b_the_first_key_naming_a_trigger_places_it() -> None:
    """CR 603.3b, SPEC section 3: a trigger takes the place of the first key that names it.
    "finks" then "finks:persist": both triggers take the first place (detection order
    between them: persist below, undying on top), so Finks returns by undying; a later key
    naming persist again changes nothing. "finks:undying" then "finks": undying below,
    persist on top: Finks returns by persist."""
    for order, by in (
        (["finks", "finks:persist"], "undying"),
        (["finks:undying", "finks"], "persist"),
    ):
        out = run_both(
            board(FINKS_UNDYING), [cast("Wrath of God")], choices={"trigger_order": {"A": order}}
        )
        assert [r["by"] for r in out["returned"]] == [by]


def test_104_4b_a_loop_ordered_by_ability_is_a_draw_on_both_engines() -> None:
    """CR 104.4b with an "id:ability" order: Finks under Solemnity and two Nights, persist
    on the stack first and its enters trigger on top; the loop is mandatory: a draw."""
    out = run_both(board(*LOOP), choices={"trigger_order": {"A": ["finks:persist", "finks:etb"]}})
    assert out["result"] == "draw"


def test_603_3b_more_id_ability_keys_than_the_cap_exit_3_with_the_cap_named() -> None:
    """SPEC section 7: past KIND_RANKS "id:ability" keys the batch engine refuses the
    scenario, naming the cap (the reference engine answers it)."""
    walkers = [f"w{k}: Young Wolf @A" for k in range(KIND_RANKS + 1)]
    keys = [f"w{k}:undying" for k in range(KIND_RANKS + 1)]
    scn = scenario(board(*walkers), [cast("Wrath of God")], choices={"trigger_order": {"A": keys}})
    with pytest.raises(OutsideShapes, match="KIND_RANKS"):
        run_scenario(scn)


def test_115_1_a_sources_targets_entry_names_its_triggered_abilitys_target_too() -> None:
    """CR 115.1, SPEC section 3: ``targets = { redcap = "A" }`` names the target of every
    ability of the Redcap. An activation of it (rejected: it has none, 602.1) does not keep
    the entry from its persist return's enters trigger, which deals 1 damage to its own
    controller, A (not to the opponent a trigger without a choice would target)."""
    out = run_both(
        board("redcap: Murderous Redcap @A"),
        [{"do": "activate", "permanent": "redcap"}, destroy("redcap")],
        choices={"targets": {"redcap": "A"}},
    )
    assert [r["reason"] for r in out["rejected"]] == ["no_such_ability"]
    assert out["life"] == {"A": 19, "B": 20}


def test_106_7_what_permanents_could_produce_is_reported_for_a_draw_too() -> None:
    """CR 106.7, 104.4b: the game ends in a draw (the Solemnity loop); the Forest and Birds
    of Paradise still say what they could produce, on both engines alike."""
    out = run_both(board(*LOOP, "forest: Forest @B", "birds: Birds of Paradise @B"))
    assert out["result"] == "draw"
    assert out["could_produce"]["forest"] == ["G"]


# Hangarback Walker (B's, two +1/+1 counters) dies: two Thopter tokens, h.thopter1 and
# h.thopter2; then Murderous Redcap dies and persist returns it as a 1/1 whose enters trigger
# deals 1 damage to any target
THOPTERS = (
    "h: Hangarback Walker @B +1/+1=2",
    "redcap: Murderous Redcap @A",
    "bears: Grizzly Bears @B",
)


@pytest.mark.parametrize(
    ("named", "hit"),
    [
        (["h.thopter2", "B"], "h.thopter2"),  # a token, before a player
        (["h.thopter3", "h.thopter1"], "h.thopter1"),  # one never made, then one that is
        (["h", "bears", "B"], "bears"),  # the first named is gone: the next one there
        (["B", "bears"], "B"),  # a player first: the permanents after it are not read
        ("h.thopter1", "h.thopter1"),
    ],
)
def test_115_4_any_target_is_the_first_named_that_is_there_tokens_included(
    named: str | list[str], hit: str
) -> None:
    """CR 115.4, 111.1, 603.3d, on both engines: an "any target" trigger takes the first of
    the names in its ``targets`` entry that is a player or a permanent still there that it
    can target; a token is named by its id. The batch engine refused a token name, and
    several permanents in a chosen order (exit 3): it kept the names as a set of slots."""
    out = run_both(
        board(*THOPTERS),
        [destroy("h"), destroy("redcap")],
        choices={"targets": {"redcap": named}},
    )
    damaged = {p["id"]: p["damage"] for p in out["battlefield"]}
    thopters = {"h.thopter1", "h.thopter2"}
    assert thopters - {hit} <= set(damaged) and hit not in thopters & set(damaged)
    assert out["life"]["B"] == (19 if hit == "B" else 20)
    assert damaged["bears"] == (1 if hit == "bears" else 0)


def test_115_4_more_names_in_order_than_the_cap_exit_3_with_the_cap_named() -> None:
    """SPEC section 7: past TARGET_NAMES permanents named in order for "any target" the
    batch engine refuses the scenario, naming the cap (the reference engine answers it)."""
    names = [f"b{k}" for k in range(TARGET_NAMES + 1)]
    bears = [f"{n}: Grizzly Bears @B" for n in names]
    scn = scenario(
        board("redcap: Murderous Redcap @A", *bears),
        [destroy("redcap")],
        choices={"targets": {"redcap": names}},
    )
    with pytest.raises(OutsideShapes, match="TARGET_NAMES"):
        run_scenario(scn)


@pytest.mark.parametrize("how", ["trigger", "activation"])
def test_701_21a_a_slot_past_the_chosen_bits_exit_3_with_the_cap_named(how: str) -> None:
    """SPEC section 7: a set of chosen targets is kept as bits of an int64; naming a slot past
    CHOSEN_SLOTS for a reader of a set (Viscera Seer's sacrifice cost, Woodfall Primus's
    target) the batch engine refuses the scenario, naming the cap (the reference engine
    answers it)."""
    bears = [f"b{k}: Grizzly Bears @A" for k in range(CHOSEN_SLOTS)]
    last = f"b{CHOSEN_SLOTS - 1}"  # the slot after Viscera Seer's and the Bears before it
    if how == "activation":
        actions = [{"do": "activate", "permanent": "seer"}]
        scn = scenario(board("seer: Viscera Seer @A", *bears), actions,
                       choices={"targets": {"seer": last}})  # fmt: skip
    else:
        scn = scenario(board("primus: Woodfall Primus @A", *bears), [destroy("primus")],
                       choices={"targets": {"primus": last}})  # fmt: skip
    with pytest.raises(OutsideShapes, match=f"CHOSEN_SLOTS = {CHOSEN_SLOTS}"):
        run_scenario(scn)


@pytest.mark.parametrize(
    "order", [["h.thopter1", "elite", "finks"], ["elite", "h.thopter2:etb", "finks"]]
)
def test_603_3b_a_trigger_order_key_naming_a_token_without_triggers_names_none(
    order: list[str],
) -> None:
    """CR 603.3b, 111.1, on both engines: a trigger-order key may name a token by its id; a
    Thopter has no triggered ability, so its key names no trigger and the others keep their
    places (the Elite's persist goes on the stack first, Finks's on top: Finks returns
    first). The batch engine refused any key naming a token (exit 3)."""
    out = run_both(
        board(
            "h: Hangarback Walker @A +1/+1=2", "finks: Kitchen Finks @A", "elite: Safehold Elite @A"
        ),
        [destroy("h"), cast("Wrath of God")],
        choices={"trigger_order": {"A": order}},
    )
    assert [r["id"] for r in out["returned"]] == ["finks", "elite"]


# Walking Ballista (A's, three +1/+1 counters) removes a counter to deal 1 damage to any
# target, three players; Hangarback Walker (B's, two counters) died first: two Thopters
BALLISTA = (
    "ballista: Walking Ballista @A +1/+1=3",
    "h: Hangarback Walker @B +1/+1=2",
    "bears: Grizzly Bears @B",
)


@pytest.mark.parametrize(
    ("named", "hit"),
    [
        (["bears", "C"], "C"),  # the first named is gone: the player named after it
        (["C", "bears"], "C"),  # a player first: the permanents after it are not read
        (["h", "bears"], "B"),  # every named is gone, no player: the next in turn order
        (["h.thopter3", "h.thopter2", "C"], "h.thopter2"),  # a token, past one never made
    ],
)
def test_115_4_an_activated_any_target_is_the_first_named_that_is_there(
    named: list[str], hit: str
) -> None:
    """CR 115.4, 602.2b, 111.1, on both engines: Walking Ballista's "any target", chosen as
    the ability is activated, is the first of its names that is a player or a permanent still
    there. The batch engine read the names as a set of slots and a player named first only:
    with Grizzly Bears named and gone, it dealt the damage to B (the next player), not to the
    C named after them; a token name was refused (exit 3)."""
    out = run_both(
        board(*BALLISTA),
        [destroy("h"), destroy("bears"), {"do": "activate", "permanent": "ballista", "ability": 1}],
        players=("A", "B", "C"),
        choices={"targets": {"ballista": named}},
    )
    players = {"A", "B", "C"}
    assert {p: out["life"][p] for p in players} == {p: 20 - (p == hit) for p in players}
    thopters = {p["id"] for p in out["battlefield"]} & {"h.thopter1", "h.thopter2"}
    assert thopters == {"h.thopter1", "h.thopter2"} - {hit}  # a 1/1 Thopter dealt 1 dies


def test_601_2c_an_activations_names_after_the_first_player_are_checked_too() -> None:
    """CR 115.4, 601.2c, on both engines: a name after the first player never picks Walking
    Ballista's target (B is dealt the damage, the Thopter named after B is not), but the
    reference engine checks every name for hexproof as the ability is activated. The batch
    engine kept only the names before the first player and refused a token after it (exit
    3); it keeps them all in order now, the first player's place marked."""
    out = run_both(
        board(*BALLISTA),
        [destroy("h"), {"do": "activate", "permanent": "ballista", "ability": 1}],
        choices={"targets": {"ballista": ["B", "h.thopter1", "bears"]}},
    )
    assert out["life"]["B"] == 19
    assert {"h.thopter1", "h.thopter2", "bears"} <= {p["id"] for p in out["battlefield"]}


# A's Hangarback Walker (one +1/+1 counter) has died: A controls its Thopter, h.thopter1
THOPTER_A = ("h: Hangarback Walker @A +1/+1=1", "bears: Grizzly Bears @A")


def _ids(out: dict[str, object]) -> set[str]:
    return {p["id"] for p in out["battlefield"]}  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("named", "gone"),
    [
        ("h.thopter1", "h.thopter1"),  # the token named is the creature sacrificed
        (["h.thopter1", "bears"], "bears"),  # the first in board order of those named
        ("h.thopter2", "contamination"),  # a token never made: none left, Contamination goes
    ],
)
def test_701_21a_contamination_sacrifices_the_token_named(
    named: str | list[str], gone: str
) -> None:
    """CR 701.21a, 111.1, on both engines: Contamination's upkeep trigger sacrifices the
    creature its ``targets`` entry names, a token by its id; none of them there, Contamination
    itself. The batch engine refused a token name (exit 3)."""
    out = run_both(
        board(*THOPTER_A, "contamination: Contamination @A"),
        [destroy("h"), {"do": "pass_turn"}, {"do": "pass_turn"}],
        choices={"targets": {"contamination": named}},
    )
    assert _ids(out) == {"h.thopter1", "bears", "contamination"} - {gone}


@pytest.mark.parametrize(
    ("named", "gone", "rejected"),
    [
        ("h.thopter1", "h.thopter1", []),
        ("h.thopter2", None, ["nothing_to_sacrifice"]),  # named, never made: nothing fits
        ("B", None, ["nothing_to_sacrifice"]),  # a player named: no creature is
    ],
)
def test_118_3_a_sacrifice_cost_takes_the_creature_named(
    named: str, gone: str | None, rejected: list[str]
) -> None:
    """CR 118.3, 701.21a, 111.1, on both engines: Viscera Seer's cost sacrifices the creature
    named for it, a token by its id; a name that fits no creature (a token never made, a
    player) leaves nothing to sacrifice, and the activation is rejected. The batch engine
    refused the token names (exit 3) and, with a player named, sacrificed the first creature
    by the listed policy (the Seer itself)."""
    out = run_both(
        board(*THOPTER_A, "seer: Viscera Seer @A"),
        [destroy("h"), {"do": "activate", "permanent": "seer"}],
        choices={"targets": {"seer": named}},
    )
    assert [r["reason"] for r in out["rejected"]] == rejected
    assert _ids(out) == {"h.thopter1", "bears", "seer"} - {gone}


def test_611_2c_a_keyword_given_to_the_token_named_only() -> None:
    """CR 611.2c, 111.1, on both engines: Cauldron of Souls gives persist to the creatures
    named for it: the Thopter, not the Bears (the listed policy, nothing named, gives it to
    every creature A controls). After Wrath of God the Bears stay in the graveyard."""
    for named, bears_back in (("h.thopter1", False), (None, True)):
        choices = {"targets": {"cauldron": named}} if named else {}
        out = run_both(
            board(*THOPTER_A, "cauldron: Cauldron of Souls @A"),
            [destroy("h"), {"do": "activate", "permanent": "cauldron"}, cast("Wrath of God")],
            choices=choices,
        )
        assert ("bears" in _ids(out)) == bears_back


def test_701_21a_innocent_blood_takes_the_token_named_first() -> None:
    """CR 701.21a, 101.4, 111.1, on both engines: Innocent Blood makes each player sacrifice
    a creature, the one named for the spell first: A's Thopter, not the Bears before it in
    board order. The batch engine refused the token name (exit 3)."""
    out = run_both(
        board(*THOPTER_A, "bears_b: Grizzly Bears @B"),
        [destroy("h"), cast("Innocent Blood", id="blood")],
        choices={"targets": {"blood": "h.thopter1"}},
    )
    assert _ids(out) == {"bears"}


@pytest.mark.parametrize("card", ["Woodfall Primus", "Puppeteer Clique"])
def test_603_3d_a_token_named_is_a_choice_that_fits_no_target(card: str) -> None:
    """CR 603.3d, 115.1, 111.1, on both engines: Woodfall Primus's enters trigger targets a
    noncreature permanent, Puppeteer Clique's a creature card in a graveyard; A names B's
    Thopter for it, which fits neither, so the trigger has no target and is removed: B's
    Forest stays, B's dead Bears stay in the graveyard (named nothing, the listed policy takes
    them: the first in board order). The batch engine refused the token name (exit 3)."""
    for named in ("h.thopter1", None):
        choices = {"targets": {"it": named}} if named else {}
        out = run_both(
            board(
                "bears: Grizzly Bears @B", "h: Hangarback Walker @B +1/+1=1", "forest: Forest @B"
            ),
            [destroy("h"), destroy("bears"), cast(card, id="it")],
            choices=choices,
        )
        if card == "Woodfall Primus":
            assert ("forest" in _ids(out)) == bool(named)
        else:
            assert ("bears" in _ids(out)) == (not named)


def test_603_3b_a_players_trigger_order_places_only_the_triggers_they_control() -> None:
    """CR 603.3b, 603.3a, on both engines: B's trigger order names B's Redcap; Puppeteer
    Clique reanimates it under A's control, and the second Infest kills it and the Clique
    together: both persist triggers are A's, and B's order does not place them (A names
    none: board order, the Clique's first, so the Redcap's resolves first and returns it to
    B, dealing A 2). The batch engine ranked the Redcap by B's list whoever controlled the
    trigger: the Clique's persist resolved first and reanimated the Redcap again (found by
    a random trigger-order campaign)."""
    out = run_both(
        board(
            "solemnity: Solemnity @B",
            "clique: Puppeteer Clique @A",
            "redcap: Murderous Redcap @B",
            "bears: Grizzly Bears @A",
        ),
        [cast("Infest", by="B"), cast("Infest", by="A")],
        active="B",
        choices={"trigger_order": {"B": ["solemnity", "redcap"]}},
    )
    assert permanent(out, "redcap")["controller"] == "B"  # type: ignore[index]
    assert out["life"] == {"A": 18, "B": 18}


def test_603_3b_a_trigger_order_may_name_a_permanent_the_player_controls_later() -> None:
    """CR 603.3b, on both engines: A's trigger order names B's Redcap, which A's Puppeteer
    Clique reanimates; when the second Infest kills both, A puts the Redcap's persist on the
    stack first, so the Clique returns first and reanimates the Redcap again (A keeps it; it
    deals B 2 more). The batch engine refused a key naming a permanent another player
    controlled at the start (exit 3)."""
    out = run_both(
        board(
            "solemnity: Solemnity @B",
            "clique: Puppeteer Clique @A",
            "redcap: Murderous Redcap @B",
            "bears: Grizzly Bears @A",
        ),
        [cast("Infest", by="B"), cast("Infest", by="A")],
        active="B",
        choices={"trigger_order": {"A": ["redcap", "clique"]}},
    )
    assert permanent(out, "redcap")["controller"] == "A"  # type: ignore[index]
    assert out["life"]["B"] < 18
