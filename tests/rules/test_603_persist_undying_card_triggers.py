"""The triggered abilities of real persist and undying creatures (issue #14), each ruling on
both engines (``tests.helpers.run_both``).

Geralf's Messenger (3/2, undying): "Geralf's Messenger enters tapped. When Geralf's Messenger
enters, target opponent loses 2 life." Flayer of the Hatebound (4/2, undying): "Whenever
Flayer of the Hatebound or another creature enters from your graveyard, that creature deals
damage equal to its power to any target." Heartmender (2/2, persist): "At the beginning of
your upkeep, remove a -1/-1 counter from each creature you control."
"""

from __future__ import annotations

from typing import Any

from tests.helpers import board, cast, destroy, permanent, pt, returned_ids, run_both

WRATH = cast("Wrath of God")
PASS = {"do": "pass_turn"}


def _counters(out: dict[str, Any], pid: str) -> dict[str, int]:
    p = permanent(out, pid)
    assert p is not None, f"{pid} is not on the battlefield"
    return {k: n for k, n in p["counters"].items() if n}


# -- Geralf's Messenger: "target opponent loses 2 life"


def test_603_3d_geralf_drains_the_opponent_named_for_it() -> None:
    """CR 603.3d, 119.3: the target opponent is chosen as the trigger goes on the stack: Cy,
    named for it, loses 2 life; nobody else does."""
    out = run_both(
        board=board("geralf: Geralf's Messenger @A"),
        actions=[destroy("geralf")],
        players=("A", "B", "C"),
        choices={"targets": {"geralf": "C"}},
    )
    assert out["life"] == {"A": 20, "B": 20, "C": 18}


def test_115_1_its_controller_named_is_no_opponent_the_next_player_loses() -> None:
    """CR 115.1 ("target opponent"): its controller is not a legal target; the next player
    in turn order, the default, loses the life."""
    out = run_both(
        board=board("geralf: Geralf's Messenger @A"),
        actions=[destroy("geralf")],
        players=("A", "B", "C"),
        choices={"targets": {"geralf": "A"}},
    )
    assert out["life"] == {"A": 20, "B": 18, "C": 20}


def test_614_1c_702_93a_geralf_cast_then_returned_enters_tapped_and_drains_twice() -> None:
    """CR 614.1c, 702.93a: cast, it enters tapped and drains 2; destroyed, it returns by
    undying, tapped again, 4/3, and drains 2 more."""
    out = run_both(actions=[cast("Geralf's Messenger", id="geralf"), destroy("geralf")])
    assert out["life"] == {"A": 20, "B": 16}
    assert returned_ids(out) == ["geralf"]
    p = permanent(out, "geralf")
    assert p is not None and p["tapped"] and pt(out, "geralf") == (4, 3)


def test_702_93a_returned_under_its_owner_its_owner_targets_an_opponent_of_theirs() -> None:
    """CR 702.93a: it returns under its owner's control; the trigger is the owner's, so the
    owner's opponent (by default the next player after the owner) loses the life."""
    out = run_both(
        board=board("geralf: Geralf's Messenger @B owner=A"),
        actions=[destroy("geralf")],
        players=("A", "B", "C"),
    )
    assert permanent(out, "geralf") is not None
    assert out["life"] == {"A": 20, "B": 18, "C": 20}


# -- Flayer of the Hatebound: "that creature deals damage equal to its power to any target"


def test_603_6a_flayer_returning_triggers_itself() -> None:
    """CR 603.6a: an enters trigger sees the object that entered: Flayer returns by undying
    as a 5/3 and deals 5 damage to the next player."""
    out = run_both(board=board("flayer: Flayer of the Hatebound @A"), actions=[destroy("flayer")])
    assert returned_ids(out) == ["flayer"]
    assert out["life"] == {"A": 20, "B": 15}


def test_608_2h_another_creature_deals_damage_equal_to_its_own_power() -> None:
    """CR 608.2h: Kitchen Finks returns by persist as a 2/1: it deals 2 (and gains 2)."""
    out = run_both(
        board=board("flayer: Flayer of the Hatebound @A", "finks: Kitchen Finks @A"),
        actions=[destroy("finks")],
    )
    assert out["life"] == {"A": 22, "B": 18}


def test_603_6a_only_creatures_from_its_controllers_graveyard() -> None:
    """CR 603.6a: "your graveyard": a Kitchen Finks Ana controls but Ben owns goes to Ben's
    graveyard and returns under Ben's control: Ana's Flayer does not trigger."""
    out = run_both(
        board=board("flayer: Flayer of the Hatebound @A", "finks: Kitchen Finks @A owner=B"),
        actions=[destroy("finks")],
    )
    assert out["life"] == {"A": 20, "B": 22}


def test_603_3d_flayer_aims_at_a_creature_named_for_it() -> None:
    """CR 603.3d: the target, a permanent named for Flayer: the returned 2/1 Finks deals 2
    damage to Ben's Grizzly Bears, which dies (704.5g)."""
    out = run_both(
        board=board(
            "flayer: Flayer of the Hatebound @A",
            "finks: Kitchen Finks @A",
            "bears: Grizzly Bears @B",
        ),
        actions=[destroy("finks")],
        choices={"targets": {"flayer": "bears"}},
    )
    assert permanent(out, "bears") is None
    assert out["life"] == {"A": 22, "B": 20}


def test_608_2h_a_creature_gone_before_resolution_deals_its_last_known_power() -> None:
    """CR 608.2h: Murderous Redcap returns by persist (1/1); its own trigger, resolving first,
    deals 1 damage to itself and it dies for good; Flayer's trigger then uses its power as it
    last existed: 1 damage to Ben."""
    out = run_both(
        board=board("flayer: Flayer of the Hatebound @A", "redcap: Murderous Redcap @A"),
        actions=[destroy("redcap")],
        choices={"targets": {"redcap": "redcap"}, "trigger_order": {"A": ["flayer", "redcap"]}},
    )
    assert permanent(out, "redcap") is None
    assert out["life"] == {"A": 20, "B": 19}


# -- Heartmender: "remove a -1/-1 counter from each creature you control"


def test_503_1_heartmender_removes_one_counter_from_each_creature_you_control() -> None:
    """CR 503.1, 122.1: at the beginning of Ana's upkeep one -1/-1 counter leaves each of her
    creatures that has one (two become one); Ben's creature keeps its counter."""
    out = run_both(
        board=board(
            "mender: Heartmender @A -1/-1=1",
            "wurm: Massacre Wurm @A -1/-1=2",
            "finks: Kitchen Finks @B -1/-1=1",
        ),
        actions=[PASS],
        active="B",
    )
    assert _counters(out, "mender") == {}
    assert _counters(out, "wurm") == {"-1/-1": 1}
    assert _counters(out, "finks") == {"-1/-1": 1}


def test_503_1_heartmender_does_nothing_in_another_players_upkeep() -> None:
    """CR 503.1 ("your upkeep"): Ben's turn begins; Ana's Heartmender does not trigger."""
    out = run_both(board=board("mender: Heartmender @A -1/-1=1"), actions=[PASS])
    assert _counters(out, "mender") == {"-1/-1": 1}


def test_702_79a_heartmender_lets_a_returned_creature_persist_again() -> None:
    """CR 702.79a: after a Wrath, Heartmender and Kitchen Finks are back with -1/-1 counters;
    Ana's next upkeep removes them, so a second Wrath returns both once more."""
    out = run_both(
        board=board("mender: Heartmender @A", "finks: Kitchen Finks @A"),
        actions=[WRATH, PASS, PASS, WRATH],
    )
    assert returned_ids(out) == ["finks", "mender", "finks", "mender"]
    assert out["life"] == {"A": 24, "B": 20}


# -- Twilight Shepherd: "return to your hand all cards in your graveyard put there from the
# battlefield this turn"


def test_608_2_shepherd_returns_the_cards_that_died_this_turn_to_your_hand() -> None:
    """CR 608.2: Ana's Grizzly Bears and Sol Ring were destroyed this turn; Shepherd returns
    by persist and puts both in her hand. Ben's Bears stays in his graveyard ("your")."""
    out = run_both(
        board=board(
            "shepherd: Twilight Shepherd @A",
            "bears: Grizzly Bears @A",
            "ring: Sol Ring @A",
            "his: Grizzly Bears @B",
        ),
        actions=[destroy("bears"), destroy("ring"), destroy("his"), destroy("shepherd")],
    )
    assert sorted(out["hand"]["A"]) == ["Grizzly Bears", "Sol Ring"]
    assert out["graveyard"] == {"A": [], "B": ["Grizzly Bears"]}
    assert pt(out, "shepherd") == (4, 4)


def test_400_7_a_card_shepherd_returns_to_hand_does_not_persist() -> None:
    """CR 400.7: Shepherd's persist resolves first; its enters trigger puts Kitchen Finks,
    still waiting for its own persist trigger, in Ana's hand: that trigger finds no card in
    the graveyard and does nothing. Wrath of God came from the stack: it stays."""
    out = run_both(
        board=board("shepherd: Twilight Shepherd @A", "finks: Kitchen Finks @A"),
        actions=[WRATH],
        choices={"trigger_order": {"A": ["finks", "shepherd"]}},
    )
    assert returned_ids(out) == ["shepherd"]
    assert out["hand"]["A"] == ["Kitchen Finks"]
    assert out["graveyard"]["A"] == ["Wrath of God"]


def test_500_a_card_put_there_in_an_earlier_turn_stays() -> None:
    """CR 500 (turns): Grizzly Bears died in Ana's previous turn; it is not returned."""
    out = run_both(
        board=board("shepherd: Twilight Shepherd @A", "bears: Grizzly Bears @A"),
        actions=[destroy("bears"), PASS, PASS, destroy("shepherd")],
    )
    assert out["hand"]["A"] == []
    assert out["graveyard"]["A"] == ["Grizzly Bears"]


# -- River Kelpie: "Whenever River Kelpie or another permanent is put onto the battlefield from
# a graveyard, draw a card." Libraries are not modeled: a draw ends the run as unsupported.


def test_121_1_kelpie_returning_by_persist_draws_a_card() -> None:
    """CR 603.6a, 121.1: River Kelpie returns by persist and its own trigger draws a card:
    both engines stop, ``unsupported``."""
    out = run_both(board=board("kelpie: River Kelpie @A"), actions=[destroy("kelpie")])
    assert out["result"] == "unsupported"


def test_121_1_a_scenario_draw_is_unsupported_with_a_card_in_the_library() -> None:
    """CR 121.1: a scenario's library holds only the cards put there (Hallowed Burial puts the
    Grizzly Bears on its bottom), so Zendikar Resurgent's draw for a creature spell is still
    past what a scenario models, on both engines (the reference engine, which plays draws in
    deck games, once drew that card here)."""
    out = run_both(
        board=board("resurgent: Zendikar Resurgent @A", "bears: Grizzly Bears @A"),
        actions=[cast("Hallowed Burial"), cast("Young Wolf")],
    )
    assert any(e["rule"] == "401.4" and "Grizzly Bears" in e["text"] for e in out["log"])
    assert out["result"] == "unsupported" and "libraries are not modeled" in out["reason"]


def test_603_6a_kelpie_draws_when_another_players_permanent_returns() -> None:
    """CR 603.6a: any permanent from any graveyard: Ben's Kitchen Finks returning by persist
    makes Ana draw."""
    out = run_both(
        board=board("kelpie: River Kelpie @A", "finks: Kitchen Finks @B"),
        actions=[destroy("finks")],
    )
    assert out["result"] == "unsupported"


def test_603_2_kelpie_does_not_draw_for_a_cast_creature_or_a_death() -> None:
    """CR 603.2: a creature cast (from a hand, not a graveyard) and a creature that dies for
    good trigger nothing: the run is ``ok``."""
    out = run_both(
        board=board("kelpie: River Kelpie @A", "finks: Kitchen Finks @B -1/-1=1"),
        actions=[cast("Young Wolf"), destroy("finks")],
    )
    assert out["result"] == "ok"


# -- Puppeteer Clique: "put target creature card from an opponent's graveyard onto the
# battlefield under your control. It gains haste. At the beginning of your next end step,
# exile it."


def test_603_3d_clique_takes_a_creature_card_from_an_opponents_graveyard() -> None:
    """CR 603.3d, 110.2: Ben's Kitchen Finks died for good; Ana casts Puppeteer Clique: Finks
    enters under her control (Ben still owns it), a new object, and its own trigger gains
    her 2 life."""
    out = run_both(
        board=board("finks: Kitchen Finks @B -1/-1=1"),
        actions=[destroy("finks"), cast("Puppeteer Clique", id="clique")],
    )
    p = permanent(out, "finks")
    assert p is not None and (p["controller"], p["owner"], p["object"]) == ("A", "B", 2)
    assert out["life"] == {"A": 22, "B": 20}


def test_702_10_the_creature_gains_haste_and_attacks_at_once() -> None:
    """CR 702.10, 302.6: it came under Ana's control this turn but has haste: it attacks,
    3 damage to Ben."""
    out = run_both(
        board=board("finks: Kitchen Finks @B -1/-1=1"),
        actions=[
            destroy("finks"),
            cast("Puppeteer Clique", id="clique"),
            {"do": "attack", "attackers": ["finks"]},
        ],
    )
    assert out["rejected"] == []
    assert out["life"] == {"A": 22, "B": 17}


def test_603_7c_it_is_exiled_at_the_beginning_of_your_next_end_step() -> None:
    """CR 603.7c: cast in Ben's turn, Finks stays through Ben's end step and is exiled at the
    beginning of Ana's, to its owner's exile (406.3); exile is not dying: no persist."""
    out = run_both(
        board=board("finks: Kitchen Finks @B -1/-1=1"),
        actions=[destroy("finks"), cast("Puppeteer Clique", id="clique"), PASS],
        active="B",
    )
    assert permanent(out, "finks") is not None
    out = run_both(
        board=board("finks: Kitchen Finks @B -1/-1=1"),
        actions=[destroy("finks"), cast("Puppeteer Clique", id="clique"), PASS, PASS],
        active="B",
    )
    assert permanent(out, "finks") is None
    assert out["exile"] == {"A": [], "B": ["Kitchen Finks"]}


def test_400_7_a_card_taken_before_its_persist_resolves_does_not_return() -> None:
    """CR 400.7: Wrath of God kills Ana's Clique and Ben's Finks; Ana's persist resolves
    first (Ben is active), and Clique takes Finks, whose persist trigger then finds no card."""
    out = run_both(
        board=board("clique: Puppeteer Clique @A", "finks: Kitchen Finks @B"),
        actions=[cast("Wrath of God", by="B")],
        active="B",
    )
    assert returned_ids(out) == ["clique"]
    p = permanent(out, "finks")
    assert p is not None and p["controller"] == "A"


def test_603_3d_with_no_creature_card_in_an_opponents_graveyard_nothing_happens() -> None:
    """CR 603.3d: only Ana's own Grizzly Bears is in a graveyard: no legal target, the
    trigger is removed from the stack."""
    out = run_both(
        board=board("bears: Grizzly Bears @A"),
        actions=[destroy("bears"), cast("Puppeteer Clique", id="clique")],
    )
    assert out["graveyard"] == {"A": ["Grizzly Bears"], "B": []}
    assert [s["ability"] for s in out["stack_order"]] == []


def test_603_3a_a_stolen_creatures_dies_trigger_makes_tokens_for_its_controller() -> None:
    """CR 603.3a, 111.2: Ana's Clique brings back Ben's Hangarback Walker (a 1/1 under her
    Glorious Anthem), it gets two +1/+1 counters and is destroyed: its dies trigger is
    controlled by Ana, who controlled it as it died, so the two Thopters are hers, not its
    owner's."""
    out = run_both(
        board=board("walker: Hangarback Walker @B", "anthem: Glorious Anthem @A"),
        actions=[
            destroy("walker"),
            cast("Puppeteer Clique", id="clique"),
            {"do": "counters", "target": "walker", "kind": "+1/+1", "amount": 2},
            destroy("walker"),
        ],
    )
    thopters = [p for p in out["battlefield"] if p["card"] == "Thopter"]
    assert [(p["controller"], p["owner"]) for p in thopters] == [("A", "A"), ("A", "A")]
