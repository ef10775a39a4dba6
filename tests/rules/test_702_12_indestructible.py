"""CR 702.12b: a permanent with indestructible can't be destroyed. Effects that say "destroy"
(701.8a) leave it on the battlefield, and so do lethal damage (704.5g) and deathtouch damage
(704.5h), which destroy; toughness 0 (704.5f), the legend rule (704.5j), sacrifice, exile and
bounce are not destruction and still move it. Whether each permanent an effect destroys is
indestructible is decided before any of them leaves (one event). Every scenario runs on both
engines (``run_both``: the batch engine's outcome must equal the reference's)."""

from __future__ import annotations

from pathlib import Path

from tests.cards.test_user_cards import _on_both_engines
from tests.helpers import (
    attack,
    board,
    cast,
    destroy,
    permanent,
    returned_ids,
    rules_cited,
    run_both,
    tap,
)


def _ids(out: dict[str, object]) -> list[str]:
    return sorted(p["id"] for p in out["battlefield"])  # type: ignore[attr-defined]


def test_702_12b_wrath_of_god_does_not_destroy_darksteel_myr() -> None:
    """CR 701.8a, 702.12b: Wrath of God destroys the Bears; Darksteel Myr stays, and the
    outcome's log says why."""
    out = run_both(
        board("myr: Darksteel Myr @A", "bears: Grizzly Bears @A"), [cast("Wrath of God", by="B")]
    )
    assert _ids(out) == ["myr"]
    assert "702.12b" in rules_cited(out)


def test_702_12b_a_destroy_action_does_nothing_to_it() -> None:
    """CR 702.12b: the scenario's ``destroy`` action on Darksteel Gargoyle leaves it there."""
    out = run_both(board("g: Darksteel Gargoyle @A"), [destroy("g")])
    assert _ids(out) == ["g"]


def test_704_5g_lethal_damage_stays_marked_on_an_indestructible_creature() -> None:
    """CR 704.5g, 702.12b: Pyroclasm deals 2 damage to each creature: Darksteel Myr (0/1) and
    Gargoyle (3/3) keep it marked and stay; the Bears die."""
    out = run_both(
        board("myr: Darksteel Myr @A", "g: Darksteel Gargoyle @A", "bears: Grizzly Bears @B"),
        [cast("Pyroclasm", by="B")],
    )
    assert _ids(out) == ["g", "myr"]
    assert permanent(out, "myr")["damage"] == 2  # type: ignore[index]


def test_704_5h_deathtouch_damage_does_not_destroy_it() -> None:
    """CR 704.5h, 702.12b: Vampire Nighthawk (deathtouch) blocks Darksteel Sentinel and deals
    it 2 damage, not lethal by toughness: the deathtouch state-based action destroys, so the
    Sentinel stays; the Nighthawk takes 3 and dies."""
    out = run_both(
        board("sentinel: Darksteel Sentinel @A", "hawk: Vampire Nighthawk @B"),
        [attack(["sentinel"], {"hawk": "sentinel"})],
    )
    assert _ids(out) == ["sentinel"]


def test_704_5f_toughness_zero_still_puts_it_into_the_graveyard() -> None:
    """CR 704.5f, 702.12b: Infest gives -2/-2: Darksteel Myr is 0/-1 and goes to the graveyard
    (not destroyed); the Gargoyle, 1/1, stays."""
    out = run_both(
        board("myr: Darksteel Myr @A", "g: Darksteel Gargoyle @A"), [cast("Infest", by="B")]
    )
    assert _ids(out) == ["g"]


def test_704_5j_the_legend_rule_is_not_destruction() -> None:
    """CR 704.5j: two Massacre Girls given indestructible (the scenario's ``grant``): the
    legend rule still puts the second into the graveyard."""
    out = run_both(
        board(
            "m1: Massacre Girl @A grant=indestructible", "m2: Massacre Girl @A grant=indestructible"
        )
    )
    assert _ids(out) == ["m1"]


def test_701_21a_sacrifice_exile_and_bounce_still_move_it() -> None:
    """CR 701.21a, 406.2, 400.7: sacrificed, exiled and returned to the hand: none of these
    destroys."""
    out = run_both(
        board("a: Darksteel Myr @A", "b: Darksteel Myr @A", "c: Darksteel Myr @A"),
        [
            {"do": "sacrifice", "target": "a"},
            {"do": "exile", "target": "b"},
            {"do": "bounce", "target": "c"},
        ],
    )
    assert out["battlefield"] == []


def test_702_12b_fumigate_gains_life_only_for_creatures_it_destroyed() -> None:
    """CR 701.8a, 702.12b: Fumigate destroys the two Bears, not the Myr: A gains 2 life."""
    out = run_both(
        board("myr: Darksteel Myr @A", "b1: Grizzly Bears @A", "b2: Grizzly Bears @B"),
        [cast("Fumigate", by="A")],
    )
    assert _ids(out) == ["myr"]
    assert out["life"]["A"] == 22


def test_702_12b_nevinyrrals_disk_spares_darksteel_artifacts() -> None:
    """CR 701.8a, 702.12b: the Disk destroys every artifact, creature and enchantment, itself
    too; Darksteel Citadel (an artifact land, tapped for the {1}) and Darksteel Myr stay."""
    out = run_both(
        board(
            "disk: Nevinyrral's Disk @A",
            "cit: Darksteel Citadel @A",
            "myr: Darksteel Myr @A",
            "bears: Grizzly Bears @A",
        ),
        [tap("cit"), {"do": "activate", "permanent": "disk"}],
    )
    assert _ids(out) == ["cit", "myr"]


def test_702_12b_woodfall_primus_cannot_destroy_darksteel_citadel() -> None:
    """CR 603.3d, 702.12b: the Primus's enters trigger targets B's Citadel (the only
    noncreature permanent A does not control) and resolves without destroying it."""
    out = run_both(board("cit: Darksteel Citadel @B"), [cast("Woodfall Primus", by="A")])
    assert permanent(out, "cit") is not None


def test_702_12b_mikaeus_cannot_destroy_an_indestructible_human() -> None:
    """CR 702.12b: Youthful Knight (a Human, given indestructible) deals combat damage to B,
    whose Mikaeus triggers to destroy it: it stays."""
    out = run_both(
        board("knight: Youthful Knight @A grant=indestructible", "mik: Mikaeus, the Unhallowed @B"),
        [attack(["knight"])],
    )
    assert permanent(out, "knight") is not None
    assert out["life"]["B"] == 18


_SPHERE = """[[card]]
name = "Shield Sphere"
mana_cost = "{3}"
types = ["Enchantment"]
abilities = [{ template = "grant_keyword", scope = "yours", keyword = "indestructible" }]
"""


def test_702_12b_planar_cleansing_decides_indestructible_before_anything_leaves(
    tmp_path: Path,
) -> None:
    """CR 701.8a, 702.12b: a user's enchantment gives A's creatures indestructible. Planar
    Cleansing destroys every nonland permanent at once: the enchantment goes, but the
    creatures were indestructible as the spell destroyed, so they stay; B's Bears go."""
    out = _on_both_engines(
        tmp_path,
        _SPHERE,
        """players = ["A", "B"]
active = "A"
[[battlefield]]
id = "sphere"
card = "Shield Sphere"
controller = "A"
[[battlefield]]
id = "finks"
card = "Kitchen Finks"
controller = "A"
[[battlefield]]
id = "bears"
card = "Grizzly Bears"
controller = "B"
[[action]]
do = "cast"
card = "Planar Cleansing"
by = "B"
""",
    )
    assert _ids(out) == ["finks"]
    assert returned_ids(out) == []  # not destroyed: persist never triggers (702.79a)


_WARDEN = """[[card]]
name = "Iron Warden"
mana_cost = "{1}{W}"
types = ["Creature"]
subtypes = ["Soldier"]
power = 1
toughness = 1
abilities = [{ template = "grant_keyword", scope = "yours", keyword = "indestructible" }]
"""


def _board_with_a_warden(*actions: str) -> str:
    """A's Iron Warden (1/1, gives A's creatures indestructible) and Vampire Nighthawk (2/3)
    with 1 damage marked, then ``actions`` (TOML tables)."""
    return "\n".join(
        [
            'players = ["A", "B"]',
            'active = "A"',
            "[[battlefield]]",
            'id = "warden"',
            'card = "Iron Warden"',
            'controller = "A"',
            "[[battlefield]]",
            'id = "hawk"',
            'card = "Vampire Nighthawk"',
            'controller = "A"',
            "damage = 1",
            *actions,
        ]
    )


def test_704_3_a_creature_spared_by_a_dying_warden_dies_in_the_next_check(
    tmp_path: Path,
) -> None:
    """CR 704.3, 704.5f, 704.5g, 702.12b: Infest makes the Warden -1/-1 and the Nighthawk 0/1
    with 1 damage. The first check puts the Warden into the graveyard (toughness, not
    destruction) and spares the Nighthawk, indestructible while the Warden is there; the
    check repeats, the Nighthawk has lost indestructible, and its lethal damage destroys it."""
    cast_infest = '[[action]]\ndo = "cast"\ncard = "Infest"\nby = "B"'
    out = _on_both_engines(tmp_path, _WARDEN, _board_with_a_warden(cast_infest))
    assert out["battlefield"] == []


def test_702_12b_lethal_damage_kills_once_the_warden_is_sacrificed(tmp_path: Path) -> None:
    """CR 702.12b, 704.5g: damage 3 to the Nighthawk (4 in all, toughness 3) leaves it there
    under the Warden; once the Warden is sacrificed, the next check destroys it."""
    damage = '[[action]]\ndo = "damage"\ntarget = "hawk"\namount = 3'
    sacrifice = '[[action]]\ndo = "sacrifice"\ntarget = "warden"'
    kept = _on_both_engines(tmp_path, _WARDEN, _board_with_a_warden(damage))
    assert _ids(kept) == ["hawk", "warden"]
    out = _on_both_engines(tmp_path, _WARDEN, _board_with_a_warden(damage, sacrifice))
    assert out["battlefield"] == []
