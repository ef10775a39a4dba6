"""CR 702.79b, 702.93b, 611.3a, 603.10a: persist and undying that a user's static gives to a
kind of creature: a subtype, a color, the other creatures you control (``grant_keyword`` with
``subtype``, ``color`` or scope ``other_yours``); or to artifacts or every permanent
(``objects``), a noncreature among them (702.79a: "when this permanent is put into a
graveyard from the battlefield").

The batch tables held persist and undying grants by scope only, so such a card was refused on
the batch engine (exit 3, "no column holds a persist grant naming a subtype or a color", then
"... a persist grant to artifacts"), where the reference engine played it. They are held now
(``tables.GRANT_KIND_PERSIST`` and ``GRANT_KIND_UNDYING``, counted by
``kernel.characteristics._given`` for the permanents ``grant_reaches`` and ``kind_covers``
say). Each engine runs in a fresh interpreter (``tests.helpers.cauldron``).
"""

from __future__ import annotations

from pathlib import Path

from tests.cards.test_user_cards import _on_both_engines

# a user's Darksteel Forge for persist (the deck games' tests use it too)
DEATHLESS_FORGE = """
[[card]]
name = "Deathless Forge"
mana_cost = "{4}"
types = ["Artifact"]
oracle = "Artifacts you control have persist."
abilities = [
  { template = "grant_keyword", scope = "yours", objects = "artifacts", keyword = "persist" },
]
"""

CARDS = (
    DEATHLESS_FORGE
    + """
[[card]]
name = "Elvish Ancestor"
mana_cost = "{2}{G}"
types = ["Enchantment"]
oracle = "Elf creatures you control have persist."
abilities = [{ template = "grant_keyword", scope = "yours", subtype = "Elf", keyword = "persist" }]

[[card]]
name = "Elf Warden"
mana_cost = "{1}{G}"
types = ["Creature"]
subtypes = ["Elf", "Warrior"]
power = 2
toughness = 2

[[card]]
name = "Knight Captain"
mana_cost = "{2}{W}"
types = ["Creature"]
subtypes = ["Human", "Knight"]
power = 2
toughness = 2
oracle = "Other Knight creatures you control have undying."
abilities = [
  { template = "grant_keyword", scope = "other_yours", subtype = "Knight", keyword = "undying" },
]

[[card]]
name = "Pale Shrine"
mana_cost = "{3}{W}"
types = ["Enchantment"]
oracle = "White creatures have persist. White creatures have persist."
abilities = [
  { template = "grant_keyword", scope = "all", color = "W", keyword = "persist" },
  { template = "grant_keyword", scope = "all", color = "W", keyword = "persist" },
]


[[card]]
name = "Undying Shrine"
mana_cost = "{3}{B}"
types = ["Enchantment"]
oracle = "Permanents you control have undying."
abilities = [
  { template = "grant_keyword", scope = "yours", objects = "permanents", keyword = "undying" },
]
"""
)


def test_702_79b_persist_given_to_a_subtype_returns_only_that_subtype(tmp_path: Path) -> None:
    """CR 702.79b, 611.3a, 603.10a: "Elf creatures you control have persist": Wrath of God
    returns A's Elf Warden (2/2, a -1/-1 counter), not A's Grizzly Bears nor B's Elf Warden.
    A's Llanowar Elves returns as 0/0 and dies again, its -1/-1 counter stopping persist (its
    trigger, put on the stack last, resolves first)."""
    scenario = """
players = ["A", "B"]
active = "A"
battlefield = [
  { id = "ancestor", card = "Elvish Ancestor", controller = "A" },
  { id = "warden", card = "Elf Warden", controller = "A" },
  { id = "elves", card = "Llanowar Elves", controller = "A" },
  { id = "bears", card = "Grizzly Bears", controller = "A" },
  { id = "theirs", card = "Elf Warden", controller = "B" },
]
action = [{ do = "cast", card = "Wrath of God", by = "A" }]
"""
    out = _on_both_engines(tmp_path, CARDS, scenario)
    assert [(r["id"], r["by"]) for r in out["returned"]] == [
        ("elves", "persist"),
        ("warden", "persist"),
    ]
    assert [(p["id"], p["counters"]) for p in out["battlefield"]] == [
        ("ancestor", {}),
        ("warden", {"-1/-1": 1}),
    ]


def test_702_93b_undying_given_to_the_other_knights_you_control(tmp_path: Path) -> None:
    """CR 702.93b, 611.3a, 603.10a: "Other Knight creatures you control have undying": the
    Captain and both of A's Youthful Knights die to Wrath of God at once; the Knights had
    undying as they last existed and return with a +1/+1 counter, the Captain does not (not
    "other"), nor B's Knight. The last trigger put on the stack resolves first (k2, then k1)."""
    scenario = """
players = ["A", "B"]
active = "A"
battlefield = [
  { id = "captain", card = "Knight Captain", controller = "A" },
  { id = "k1", card = "Youthful Knight", controller = "A" },
  { id = "k2", card = "Youthful Knight", controller = "A" },
  { id = "theirs", card = "Youthful Knight", controller = "B" },
]
action = [{ do = "cast", card = "Wrath of God", by = "B" }]
"""
    out = _on_both_engines(tmp_path, CARDS, scenario)
    assert [(r["id"], r["by"]) for r in out["returned"]] == [("k2", "undying"), ("k1", "undying")]
    assert [(p["id"], p["counters"]) for p in out["battlefield"]] == [
        ("k1", {"+1/+1": 1}),
        ("k2", {"+1/+1": 1}),
    ]


def test_702_79b_two_persist_grants_to_a_color_are_two_triggers(tmp_path: Path) -> None:
    """CR 702.79b: "White creatures have persist" twice gives each white creature two
    instances, two triggers: the first returns Youthful Knight, the second finds the card
    gone (400.7). Grizzly Bears (green) gets none; B's white Knight gets both too, and its
    triggers, put on the stack after A's (603.3b, APNAP), resolve first."""
    scenario = """
players = ["A", "B"]
active = "A"
battlefield = [
  { id = "shrine", card = "Pale Shrine", controller = "A" },
  { id = "knight", card = "Youthful Knight", controller = "A" },
  { id = "bears", card = "Grizzly Bears", controller = "A" },
  { id = "theirs", card = "Youthful Knight", controller = "B" },
]
action = [{ do = "cast", card = "Wrath of God", by = "A" }]
"""
    out = _on_both_engines(tmp_path, CARDS, scenario)
    assert [(r["id"], r["by"]) for r in out["returned"]] == [
        ("theirs", "persist"),
        ("knight", "persist"),
    ]


def test_702_79a_persist_given_to_artifacts_returns_noncreature_artifacts(
    tmp_path: Path,
) -> None:
    """CR 702.79a, 611.3a, 603.10a: "Artifacts you control have persist": Nevinyrral's Disk
    destroys every artifact, creature and enchantment at once. The Forge was there just
    before, so each of A's artifacts had persist and returns with a -1/-1 counter: the Forge
    itself, the Disk (tapped, 614.1c), Sol Ring, and Pili-Pala, an artifact creature, which
    returns 0/0 and dies again (704.5f), its counter stopping persist. Grizzly Bears (not an
    artifact) and B's Sol Ring (not A's) stay in the graveyard."""
    scenario = """
players = ["A", "B"]
active = "A"
battlefield = [
  { id = "forge", card = "Deathless Forge", controller = "A" },
  { id = "disk", card = "Nevinyrral's Disk", controller = "A" },
  { id = "ring", card = "Sol Ring", controller = "A" },
  { id = "pala", card = "Pili-Pala", controller = "A" },
  { id = "bears", card = "Grizzly Bears", controller = "A" },
  { id = "theirs", card = "Sol Ring", controller = "B" },
]
action = [{ do = "activate", permanent = "disk" }]
"""
    out = _on_both_engines(tmp_path, CARDS, scenario)
    assert sorted(r["id"] for r in out["returned"]) == ["disk", "forge", "pala", "ring"]
    assert {r["by"] for r in out["returned"]} == {"persist"}
    assert sorted((p["id"], p["counters"]["-1/-1"]) for p in out["battlefield"]) == [
        ("disk", 1),
        ("forge", 1),
        ("ring", 1),
    ]
    assert [p["tapped"] for p in out["battlefield"] if p["id"] == "disk"] == [True]


def test_702_93a_undying_given_to_permanents_returns_a_land_and_an_enchantment(
    tmp_path: Path,
) -> None:
    """CR 702.93a, 611.3a: "Permanents you control have undying" reaches every permanent of
    A's: a sacrificed Forest returns with a +1/+1 counter; the Disk then destroys the Shrine,
    Glorious Anthem and Grizzly Bears at once, and each returns with one (603.10a: the Shrine
    was there just before). B's Sol Ring does not return, nor does the Forest sacrificed a
    second time (it has a +1/+1 counter)."""
    scenario = """
players = ["A", "B"]
active = "A"
battlefield = [
  { id = "shrine", card = "Undying Shrine", controller = "A" },
  { id = "forest", card = "Forest", controller = "A" },
  { id = "anthem", card = "Glorious Anthem", controller = "A" },
  { id = "bears", card = "Grizzly Bears", controller = "A" },
  { id = "disk", card = "Nevinyrral's Disk", controller = "B" },
  { id = "theirs", card = "Sol Ring", controller = "B" },
]
action = [
  { do = "sacrifice", target = "forest" },
  { do = "activate", permanent = "disk" },
  { do = "sacrifice", target = "forest" },
]
"""
    out = _on_both_engines(tmp_path, CARDS, scenario)
    assert {r["by"] for r in out["returned"]} == {"undying"}
    assert sorted(r["id"] for r in out["returned"]) == [
        "anthem", "bears", "forest", "shrine",
    ]  # fmt: skip
    assert sorted(p["id"] for p in out["battlefield"]) == ["anthem", "bears", "shrine"]
    assert all(p["counters"] == {"+1/+1": 1} for p in out["battlefield"])
