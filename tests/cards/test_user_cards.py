"""A user's card files in every command (issue #14): ``--cards FILE`` on ``explain``,
``validate``, ``run`` and ``bench``, a ``cards = [...]`` key in scenario and experiment files
(relative to the file), both engines agreeing on the user's cards, the manifest's card files
and their hashes, and a resume or replay with other cards refused (one line, exit 2).

The batch engine holds one card library per process, so every command runs in a fresh
interpreter (``tests.helpers.cauldron``)."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.batch.mana_convert import mana_comparable
from engine.batch.tables import SUBTYPE_BITS_CAP
from tests.helpers import cauldron

CUSTOM = Path(__file__).parent / "fixtures" / "custom"
MY_CARDS = CUSTOM / "my_cards.toml"
SCENARIOS = ("pyroclasm_scenario.toml", "destroy_then_pyroclasm.toml", "drains_scenario.toml")


def _one_line_error(done: subprocess.CompletedProcess[str], *words: str) -> None:
    assert (done.returncode, done.stdout, done.stderr.count("\n")) == (2, "", 1), done.stderr
    assert all(word in done.stderr for word in words), done.stderr


def _explain(path: Path, *flags: str) -> dict[str, object]:
    done = cauldron("explain", str(path), "--json", *flags)
    assert done.returncode == 0, done.stderr
    out: dict[str, object] = json.loads(done.stdout)
    return out


def _on_both_engines(tmp_path: Path, cards: str, scenario: str) -> dict[str, Any]:
    """The reference outcome of ``scenario`` with the card file ``cards`` (texts), once the
    batch engine gave the same (the result, returns, board, zones, life, mana, rejections)."""
    card_file, scenario_file = tmp_path / "cards.toml", tmp_path / "scenario.toml"
    card_file.write_text(cards, "utf-8")
    scenario_file.write_text(scenario, "utf-8")
    reference = _explain(scenario_file, "--cards", str(card_file))
    batch = _explain(scenario_file, "--cards", str(card_file), "--engine", "batch")
    assert mana_comparable(batch) == mana_comparable(reference)
    assert batch["rejected"] == reference["rejected"]
    return reference


def _past_a_cap(tmp_path: Path, cards: str, scenario: str, *words: str) -> dict[str, Any]:
    """The reference outcome of ``scenario`` with the card file ``cards`` (texts), once the
    batch engine refused it past a cap of its tables: exit 3, one line holding ``words``."""
    card_file, scenario_file = tmp_path / "cards.toml", tmp_path / "scenario.toml"
    card_file.write_text(cards, "utf-8")
    scenario_file.write_text(scenario, "utf-8")
    reference = _explain(scenario_file, "--cards", str(card_file))
    done = cauldron("explain", str(scenario_file), "--cards", str(card_file), "--engine", "batch")
    assert (done.returncode, done.stderr.count("\n")) == (3, 1), done.stderr
    assert all(word in done.stderr for word in words), done.stderr
    return reference


def _copy(tmp_path: Path, *names: str) -> Path:
    for name in names:
        shutil.copy(CUSTOM / name, tmp_path / name)
    return tmp_path


@pytest.mark.parametrize("name", SCENARIOS)
def test_both_engines_agree_on_the_users_cards(name: str) -> None:
    reference = _explain(CUSTOM / name)
    batch = _explain(CUSTOM / name, "--engine", "batch")
    assert mana_comparable(batch) == mana_comparable(reference)
    assert batch["rejected"] == reference["rejected"]


def test_a_cost_that_removes_a_counter_changes_what_could_be_produced() -> None:
    """CR 106.7: what a land could produce is asked again once its counters change. Lucky
    Geode (a user's card) makes C only without its luck counter; after a cost removed it, the
    second Reflecting Pool may make C, in both engines (the batch engine keeps what the first
    Pool's tap found only while nothing changes)."""
    for engine in ("reference", "batch"):
        out = _explain(CUSTOM / "geode_scenario.toml", "--engine", engine)
        assert out["rejected"] == [], engine
        assert out["mana_pool"]["A"] == {"W": 1, "U": 0, "B": 0, "R": 0, "G": 1, "C": 1}  # type: ignore[index]
        assert out["could_produce"]["pool2"] == ["W", "U", "B", "R", "G", "C"]  # type: ignore[index]


def test_an_instead_effect_replaces_only_what_a_tap_ability_makes() -> None:
    """CR 106.12, 106.7: Contamination's "instead" applies to a land tapped for mana, so of
    Lucky Geode's two abilities only the {T} one makes B instead; removing its luck counter
    (no {T}) still makes any color, and the Geode could produce every color in both engines
    (the batch engine reads what its abilities make from the card's tables, {T} apart)."""
    for engine in ("reference", "batch"):
        out = _explain(CUSTOM / "geode_contamination.toml", "--engine", engine)
        assert out["could_produce"] == {"geode": ["W", "U", "B", "R", "G"]}, engine


def test_a_counter_factor_of_zero_or_less_multiplies_as_written() -> None:
    """CR 614.1, 616.1: a user's counter modifiers with factor 0 (plus one) and -2: after
    Wrath of God, Young Wolf's undying returns it with one +1/+1 counter and Kitchen Finks'
    persist with none, in both engines (the batch engine never divides by the factor)."""
    for engine in ("reference", "batch"):
        out = _explain(CUSTOM / "counter_factors_scenario.toml", "--engine", engine)
        counters = {p["id"]: p["counters"] for p in out["battlefield"]}
        assert counters == {"null": {}, "inverted": {}, "wolf": {"+1/+1": 1}, "finks": {}}, engine
        assert [r["by"] for r in out["returned"]] == ["persist", "undying"], engine


def test_614_1a_a_counter_factor_of_1000_is_played_by_both_engines() -> None:
    """CR 702.93a, 614.1a: Young Wolf's undying returns it under Thousandfold Scales, a
    user's modifier with a factor of 1000: 1000 +1/+1 counters, on both engines. The batch
    engine's tables held a factor in 8 bits and refused the card (exit 3); they hold any
    64-bit factor now, and its kernel stops a trial past 64 bits (never a wrapped number).
    An experiment with the card runs."""
    outs = [
        _explain(CUSTOM / "large_factor_scenario.toml", "--engine", engine)
        for engine in ("reference", "batch")
    ]
    for out in outs:
        assert {p["id"]: p["counters"] for p in out["battlefield"]}["wolf"] == {"+1/+1": 1000}
    assert mana_comparable(outs[1]) == mana_comparable(outs[0])
    done = cauldron("validate", str(CUSTOM / "large_factor_experiment.toml"))
    assert done.returncode == 0 and ": ok: " in done.stdout, done.stderr


def test_a_number_past_its_column_in_the_batch_tables_is_refused_with_the_cap_named() -> None:
    """A user's 40000/40000 does not fit the batch engine's 16-bit power column: the
    reference engine destroys it (701.8a); the batch engine refuses the scenario in one line
    naming the card, the number and the column's range (exit 3), not a traceback as its
    tables were built, nor a number wrapped around; an experiment with it is one line (exit
    2), whatever its shape would say of the card."""
    out = _explain(CUSTOM / "past_column_scenario.toml")
    assert out["graveyard"] == {"A": ["Wrath of God"], "B": ["Towering Colossus"]}
    done = cauldron("explain", str(CUSTOM / "past_column_scenario.toml"), "--engine", "batch")
    assert (done.returncode, done.stdout, done.stderr.count("\n")) == (3, "", 1), done.stderr
    cap = "its power 40000 is past its column's cap (int16: -32768 to 32767)"
    assert "Towering Colossus" in done.stderr and cap in done.stderr, done.stderr
    for command in ("validate", "run"):
        done = cauldron(command, str(CUSTOM / "past_column_experiment.toml"))
        _one_line_error(done, "slots[0].cards.Towering Colossus", "cannot encode", cap)


def test_the_replacement_and_the_new_card_are_played() -> None:
    """Pyroclasm's 2 damage leaves the 3/3 Kitchen Finks alive (the built-in one is 3/2);
    Briarback Warden, a card that does not exist, dies and persists (1 life from its ETB)."""
    out = _explain(CUSTOM / "pyroclasm_scenario.toml")
    board = {p["card"]: (p["power"], p["toughness"]) for p in out["battlefield"]}
    assert board == {"Kitchen Finks": (3, 3), "Briarback Warden": (1, 1)}
    assert out["life"] == {"A": 21, "B": 20}


def test_cards_flag_on_explain_and_validate(tmp_path: Path) -> None:
    """Without the key, the file's cards come from ``--cards``; without either, the new card
    is unknown (one line)."""
    text = (CUSTOM / "pyroclasm_scenario.toml").read_text("utf-8")
    bare = tmp_path / "bare.toml"
    bare.write_text(text.replace('cards = ["my_cards.toml"]\n', ""), "utf-8")
    _one_line_error(cauldron("explain", str(bare)), "Briarback Warden", "unknown card")
    assert _explain(bare, "--cards", str(MY_CARDS)) == _explain(CUSTOM / "pyroclasm_scenario.toml")
    done = cauldron("validate", str(bare), "--cards", str(MY_CARDS))
    assert done.returncode == 0 and ": ok: a scenario" in done.stdout, done.stderr


def test_cards_key_is_relative_to_its_file(tmp_path: Path) -> None:
    """Run from another folder, the experiment's and the scenario's ``cards`` keys still find
    ``my_cards.toml`` beside them."""
    for name in ("experiment.toml", "pyroclasm_scenario.toml"):
        done = cauldron("validate", str(CUSTOM / name), cwd=tmp_path)
        assert done.returncode == 0 and ": ok: " in done.stdout, done.stderr


def test_the_same_file_from_the_flag_and_the_key_is_read_once() -> None:
    done = cauldron("validate", str(CUSTOM / "experiment.toml"), "--cards", str(MY_CARDS))
    assert done.returncode == 0, done.stderr


def test_a_built_in_name_without_replaces_is_one_line() -> None:
    done = cauldron("validate", "experiment.toml", "--cards", "collides.toml", cwd=CUSTOM)
    _one_line_error(done, "collides.toml", "card[0].name", "replaces")
    done = cauldron(
        "explain", str(CUSTOM / "pyroclasm_scenario.toml"), "--cards", str(CUSTOM / "collides.toml")
    )
    _one_line_error(done, "collides.toml", "Kitchen Finks", "hint:")


def test_a_card_file_named_twice_with_one_card_is_one_line() -> None:
    done = cauldron(
        "validate", str(CUSTOM / "experiment.toml"), "--cards", str(CUSTOM / "other_cards.toml")
    )
    _one_line_error(done, "'Briarback Warden' is also in", "hint:")


@pytest.mark.parametrize("value", ['"my_cards.toml"', "[1]", '[""]'])
def test_a_cards_key_of_the_wrong_shape_is_one_line(tmp_path: Path, value: str) -> None:
    text = (CUSTOM / "experiment.toml").read_text("utf-8")
    path = _copy(tmp_path, "my_cards.toml") / "experiment.toml"
    path.write_text(text.replace('cards = ["my_cards.toml"]', f"cards = {value}"), "utf-8")
    _one_line_error(cauldron("validate", str(path)), f"{path}: cards:", "hint:")


def test_a_missing_card_file_is_one_line(tmp_path: Path) -> None:
    done = cauldron("run", str(CUSTOM / "experiment.toml"), "--cards", "nope.toml", cwd=tmp_path)
    _one_line_error(done, "nope.toml: no such file", "hint:")
    assert not (tmp_path / "reports").exists()


def test_run_with_cards_names_them_and_lists_the_files(tmp_path: Path) -> None:
    """``--cards`` on ``run``: the summary and the report name the new card, the manifest
    lists the file with its SHA-256, and a replayed trial agrees on both engines."""
    text = (CUSTOM / "experiment.toml").read_text("utf-8")
    exp = tmp_path / "exp.toml"
    exp.write_text(text.replace('cards = ["my_cards.toml"]\n', ""), "utf-8")
    out = tmp_path / "out"
    done = cauldron("run", str(exp), "--cards", str(MY_CARDS), "--jobs", "1", "--out", str(out))
    assert done.returncode == 0, done.stderr
    summary = (out / "summary.csv").read_text("utf-8")
    assert "return_rate_by_card,Briarback Warden," in summary
    assert "Briarback Warden" in (out / "report.html").read_text("utf-8")
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    sha256 = hashlib.sha256(MY_CARDS.read_bytes()).hexdigest()
    assert manifest["card_files"] == [{"path": str(MY_CARDS.resolve()), "sha256": sha256}]
    replay = cauldron("explain", "--run", str(out), "--trial", "5")
    assert replay.returncode == 0, replay.stderr
    assert replay.stdout.endswith("Batch engine: the same outcome\n")


def test_resume_or_replay_with_changed_cards_is_refused(tmp_path: Path) -> None:
    """The experiment's ``cards`` key names a file that changes after the run: ``--resume``
    and ``explain --run`` refuse it (one line, exit 2)."""
    folder = _copy(tmp_path, "experiment.toml", "my_cards.toml")
    exp, out = str(folder / "experiment.toml"), str(folder / "out")
    done = cauldron("run", exp, "--jobs", "1", "--trials", "1024", "--out", out)
    assert done.returncode == 0, done.stderr
    cards = folder / "my_cards.toml"
    cards.write_text(cards.read_text("utf-8").replace("toughness = 3", "toughness = 4"), "utf-8")
    resumed = cauldron("run", exp, "--jobs", "1", "--trials", "1024", "--out", out, "--resume")
    _one_line_error(resumed, "from a different run", "(card_files, cards")
    replay = cauldron("explain", "--run", out, "--trial", "0")
    _one_line_error(replay, "my_cards.toml: the card file changed", "hint:")


def test_report_replays_a_runs_trials_on_its_own_cards(tmp_path: Path) -> None:
    """SPEC 6: ``cauldron report DIR`` rebuilds the page with its replayed example trials,
    which need the card files the run was made with; after a card file changed, the page is
    still rebuilt from the CSVs, without them, and one line says why."""
    folder = _copy(tmp_path, "experiment.toml", "my_cards.toml")
    out = folder / "out"
    done = cauldron("run", str(folder / "experiment.toml"), "--jobs", "1", "--trials", "1024",
                    "--out", str(out))  # fmt: skip
    assert done.returncode == 0, done.stderr
    page = out / "report.html"
    examples = page.read_text("utf-8").count("<details")
    page.unlink()
    rebuilt = cauldron("report", str(out))
    assert rebuilt.returncode == 0 and rebuilt.stderr == "", rebuilt.stderr
    assert examples >= 1 and page.read_text("utf-8").count("<details") == examples
    cards = folder / "my_cards.toml"
    cards.write_text(cards.read_text("utf-8").replace("toughness = 3", "toughness = 4"), "utf-8")
    changed = cauldron("report", str(out))
    assert changed.returncode == 0 and page.read_text("utf-8").count("<details") == 0
    assert changed.stderr.count("\n") == 1 and "the card file changed" in changed.stderr


_DIGEST = """import sys
from engine.library import use_card_files
use_card_files(sys.argv[1:])
from engine.batch.kernel.jit import _source_digest
print(_source_digest())
"""
MORE_MANA = """[[card]]
name = "Tri-Lode Spire"
types = ["Land"]
oracle = "{T}: Add {W}. {T}: Add {U}. {T}: Add {B}."
abilities = [
  { template = "mana_fixed", produce = "W" },
  { template = "mana_fixed", produce = "U" },
  { template = "mana_fixed", produce = "B" },
]
"""


def _digest(*paths: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-c", _DIGEST, *map(str, paths)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_kernel_cache_key_follows_the_card_derived_sizes(tmp_path: Path) -> None:
    """A card with more mana abilities than any built-in one changes a size the kernel
    compiles in: it must not load machine code built for fewer (a new cache folder)."""
    spire = tmp_path / "spire.toml"
    spire.write_text(MORE_MANA, "utf-8")
    builtin = _digest()
    assert _digest(MY_CARDS) == builtin  # the same sizes: the same machine code
    assert _digest(spire) != builtin


def test_another_card_set_after_the_engine_is_built_is_refused() -> None:
    """In a process whose batch tables are built, other cards fail loudly; the same (none)
    are fine."""
    import engine.batch.tables  # noqa: F401  (builds the tables from the library as it is)
    from engine.library import LibraryError, card_files, use_card_files

    assert use_card_files([]) == ()
    with pytest.raises(LibraryError, match="already holds other cards"):
        use_card_files([MY_CARDS])
    assert card_files() == ()


def test_the_command_line_imports_no_batch_engine() -> None:
    """The CLI puts card files in place before the engine builds its tables from them."""
    code = "import sys, sim.cli.main; print('engine.batch.tables' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "False", done.stderr


def test_bench_help_states_its_default() -> None:
    from sim.bench import TRIALS
    from sim.cli.main import BENCH_TRIALS_HELP

    assert f"{TRIALS:,}" in BENCH_TRIALS_HELP


def test_bench_with_cards_agrees_on_both_engines() -> None:
    """``bench --cards``: the workload's Kitchen Finks is the user's 3/3, in the spawned
    process too, and both engines agree on it."""
    done = cauldron(
        "bench", "--json", "--trials", "64", "--reference-trials", "8",
        "--workload", "persist-wipe-2p-12", "--cards", str(MY_CARDS),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    (figures,) = json.loads(done.stdout)["workloads"]
    assert figures["disagreements"] == 0


def test_the_readme_card_file_loads_as_it_is() -> None:
    """The README's "Use your own cards" example is a valid card file (with ``replaces``)."""
    from engine.library import load_card_text

    readme = (Path(__file__).parents[2] / "README.md").read_text("utf-8")
    section = readme.split("## Use your own cards", 1)[1]
    block = section.split("```toml\n", 1)[1].split("```", 1)[0]
    cards = load_card_text(block, "README.md")
    assert [(c.name, c.power, c.toughness) for c in cards] == [
        ("Kitchen Finks", 3, 3),
        ("Briarback Warden", 2, 2),
    ]


IMPORTED = ("Scuzzback Marauders", "Strangleroot Geist", "Butcher Ghoul")
IMPORTED_EXPERIMENT = """name = "imported"
shape = "wipe"
trials = 1_024
seed = 3
batch_size = 1_024

[players]
count = 2

[[slots]]
count = 4
minus_counters = 0.2

[slots.cards]
"Scuzzback Marauders" = 1
"Strangleroot Geist" = 1
"Butcher Ghoul" = 1
"Kitchen Finks" = 1

[[events]]
cards = { "Wrath of God" = 1, "Pyroclasm" = 1 }
caster = "active"
"""
IMPORTED_SCENARIO = """players = ["A", "B"]
active = "A"
battlefield = [
  { id = "scuzz", card = "Scuzzback Marauders", controller = "A" },
  { id = "geist", card = "Strangleroot Geist", controller = "B" },
  { id = "ghoul", card = "Butcher Ghoul", controller = "B", counters = { "+1/+1" = 1 } },
  { id = "finks", card = "Kitchen Finks", controller = "A" },
]
action = [{ do = "cast", card = "Wrath of God", by = "A" }]
"""


def test_imported_cards_run_and_agree_on_both_engines(tmp_path: Path) -> None:
    """Issue #14's acceptance: Scryfall's cards imported, an experiment over them run with
    ``--cards LIB.toml`` names them in its summary and report, and both engines agree on
    each (a scenario of all of them, and replayed trials of the run)."""
    fixture = Path(__file__).parent / "fixtures" / "scryfall_sample.json"
    lib = tmp_path / "lib.toml"
    done = cauldron(
        "cards", "import", str(fixture), "--out", str(lib), "--report", "cov.csv", cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    scenario = tmp_path / "scenario.toml"
    scenario.write_text(IMPORTED_SCENARIO, "utf-8")
    reference = _explain(scenario, "--cards", str(lib))
    batch = _explain(scenario, "--cards", str(lib), "--engine", "batch")
    assert mana_comparable(batch) == mana_comparable(reference)
    # Butcher Ghoul had a +1/+1 counter: undying does not return it (CR 702.93a)
    returned = {r["card"] for r in reference["returned"]}
    assert returned == {"Scuzzback Marauders", "Strangleroot Geist", "Kitchen Finks"}
    exp, out = tmp_path / "imported.toml", tmp_path / "out"
    exp.write_text(IMPORTED_EXPERIMENT, "utf-8")
    done = cauldron("run", str(exp), "--cards", str(lib), "--jobs", "1", "--out", str(out))
    assert done.returncode == 0, done.stderr
    summary, report = (
        (out / "summary.csv").read_text("utf-8"),
        (out / "report.html").read_text("utf-8"),
    )
    assert all(f"return_rate_by_card,{name}," in summary and name in report for name in IMPORTED)
    for trial in range(4):
        replay = cauldron("explain", "--run", str(out), "--trial", str(trial))
        assert replay.stdout.endswith("Batch engine: the same outcome\n"), replay.stderr


WAR_BEARER = """[[card]]
name = "Undying War-Bearer"
types = ["Creature"]
power = 2
toughness = 2
oracle = "Whenever this creature attacks, creatures you control gain persist until end of turn."
abilities = [{ template = "attacks_creatures_yours_gain_keyword", keyword = "persist" }]

[[card]]
name = "Ambush Herald"
types = ["Creature"]
power = 2
toughness = 2
oracle = "Whenever this creature attacks, creatures you control gain flash until end of turn."
abilities = [{ template = "attacks_creatures_yours_gain_keyword", keyword = "flash" }]
"""
BEARER_ATTACKS = """players = ["A", "B"]
active = "A"
battlefield = [
  { id = "bearer", card = "{card}", controller = "A" },
  { id = "bears", card = "Grizzly Bears", controller = "A" },
  { id = "finks", card = "Kitchen Finks", controller = "A" },
  { id = "wolf", card = "Grizzly Bears", controller = "B" },
]
action = [
  { do = "attack", attackers = ["bearer"] },
  { do = "cast", card = "Wrath of God", by = "A" },
  { do = "pass_turn" },
  { do = "cast", card = "Wrath of God", by = "A" },
]
"""


def test_702_79a_persist_gained_from_an_attack_trigger_until_end_of_turn(tmp_path: Path) -> None:
    """CR 508.1m, 611.2c, 702.79a, 702.79b, on both engines: the War-Bearer attacks, and A's
    creatures gain persist until end of turn (locked in as the trigger resolves): the first
    Wrath returns the War-Bearer and the Bears (Kitchen Finks, with two instances now, once);
    after the turn passes they have lost it, and the second Wrath keeps them (B's Bears never
    had it). The batch engine refused the card: its tables had no persist for an attack
    trigger to give (exit 3)."""
    out = _on_both_engines(
        tmp_path, WAR_BEARER, BEARER_ATTACKS.replace("{card}", "Undying War-Bearer")
    )
    assert sorted(r["id"] for r in out["returned"]) == ["bearer", "bears", "finks"]
    assert out["battlefield"] == []


SKYWARD_BEARER = """[[card]]
name = "Skyward Bearer"
types = ["Creature"]
power = 2
toughness = 2
oracle = '''Whenever this creature attacks, creatures you control gain flying until end of turn.
Whenever this creature attacks, creatures you control gain persist until end of turn.'''
abilities = [
  { template = "attacks_creatures_yours_gain_keyword", keyword = "flying" },
  { template = "attacks_creatures_yours_gain_keyword", keyword = "persist" },
]
"""
SKYWARD_ATTACKS = """players = ["A", "B"]
active = "A"
battlefield = [
  { id = "bearer", card = "Skyward Bearer", controller = "A" },
  { id = "bears", card = "Grizzly Bears", controller = "A" },
  { id = "walker", card = "Grizzly Bears", controller = "B" },
]
action = [
  { do = "attack", attackers = ["bearer"] },
  { do = "cast", card = "Earthquake", by = "A", x = 3 },
  { do = "cast", card = "Wrath of God", by = "A" },
]
"""


def test_603_2_two_attack_triggers_of_one_card_both_give_their_keyword(tmp_path: Path) -> None:
    """CR 508.1m, 603.2, 611.2c, on both engines: a card with two attack triggers, one giving
    flying and one persist: Earthquake spares A's creatures (they fly) and kills B's Bears;
    Wrath of God then kills A's, and persist returns them. The batch engine refused a card
    with one trigger template twice (exit 3); these two resolve as one (their effects
    commute, nothing happens between them)."""
    out = _on_both_engines(tmp_path, SKYWARD_BEARER, SKYWARD_ATTACKS)
    assert sorted(r["id"] for r in out["returned"]) == ["bearer", "bears"]
    assert out["life"] == {"A": 17, "B": 15}


def test_702_8a_flash_gained_from_an_attack_trigger_changes_nothing(tmp_path: Path) -> None:
    """CR 508.1m, 702.8a, on both engines: the Herald's attack trigger gives A's creatures
    flash, which changes only when a card may be cast (casts here do not model timing): the
    trigger goes on the stack and resolves changing nothing, and both Wraths kill as they
    would without it (Kitchen Finks returns once, by its own persist). The batch engine
    refused the card: flash has no column in its tables (exit 3)."""
    scenario = BEARER_ATTACKS.replace("{card}", "Ambush Herald")
    out = _on_both_engines(tmp_path, WAR_BEARER, scenario)
    assert [r["id"] for r in out["returned"]] == ["finks"]
    assert out["battlefield"] == []


FLASH_BANNER = """[[card]]
name = "Banner of Haste"
types = ["Enchantment"]
oracle = "Creatures you control have flash. Creatures you control have haste."
abilities = [
  { template = "grant_keyword", scope = "yours", keyword = "flash" },
  { template = "grant_keyword", scope = "yours", keyword = "haste" },
]
"""
BANNER_TAPS = """players = ["A", "B"]
active = "A"
battlefield = [
  { id = "banner", card = "Banner of Haste", controller = "A" },
  { id = "elves", card = "Llanowar Elves", controller = "A", since_turn_start = false },
]
action = [{ do = "tap_for_mana", permanent = "elves" }]
"""


def test_702_8a_a_static_that_grants_flash_grants_nothing_the_engines_play(
    tmp_path: Path,
) -> None:
    """CR 611.3a, 702.8a, 302.6, on both engines: a static grants flash and haste; haste lets
    the Elves that came under A's control this turn tap for mana, flash changes nothing. The
    batch engine refused the card (flash: no column in its tables, exit 3)."""
    out = _on_both_engines(tmp_path, FLASH_BANNER, BANNER_TAPS)
    assert out["mana_pool"]["A"]["G"] == 1


TWIN_HERALD = """[[card]]
name = "Twin Herald"
types = ["Creature"]
power = 2
toughness = 2
oracle = "When this creature enters, you gain 2 life. When this creature enters, you gain 3 life."
abilities = [
  { template = "etb_gain_life", amount = 2 },
  { template = "etb_gain_life", amount = 3 },
]
"""


def test_a_parameter_the_batch_tables_do_not_encode_is_outside_them(tmp_path: Path) -> None:
    """A user's card may hold what the batch engine's tables cannot (one trigger template
    twice, with two amounts: the columns hold one): the reference engine plays it, the batch
    engine says it is outside its shapes (exit 3), never plays it as something else and
    never crashes."""
    scenario = BEARER_ATTACKS.replace("{card}", "Twin Herald")
    why = "it has etb_gain_life twice, past ABILITIES_PER_TEMPLATE = 1"
    assert _past_a_cap(tmp_path, TWIN_HERALD, scenario, "Twin Herald", why)["result"] == "ok"


def test_a_subtype_past_the_cap_of_named_subtypes_exit_3_with_the_cap_named(
    tmp_path: Path,
) -> None:
    """SPEC section 7: the batch tables give each subtype an ability names a bit, up to
    SUBTYPE_BITS_CAP; a user's card naming one past them is refused (exit 3) with the cap
    named, where the reference engine answers (Fiery Cannonade's "isn't a Pirate" wording;
    the library names a few, so the last of these sorts past the cap)."""
    cards = "\n".join(
        f"""[[card]]
name = "Quake {k:02d}"
types = ["Sorcery"]
oracle = "Quake {k:02d} deals 1 damage to each creature that isn't a Zz{k:02d}."
abilities = [{{ template = "damage_each_creature", amount = 1, except_subtype = "Zz{k:02d}" }}]
"""
        for k in range(SUBTYPE_BITS_CAP)
    )
    last = f"Quake {SUBTYPE_BITS_CAP - 1:02d}"  # its subtype sorts past the cap
    scenario = f"""players = ["A", "B"]
active = "A"
battlefield = [{{ id = "bears", card = "Grizzly Bears", controller = "B" }}]
action = [{{ do = "cast", card = "{last}", by = "A" }}]
"""
    why = f"past the SUBTYPE_BITS_CAP = {SUBTYPE_BITS_CAP}"
    assert _past_a_cap(tmp_path, cards, scenario, why)["result"] == "ok"


# Statics that give persist or undying, of every scope (611.3a, 702.79b)
RETURN_GRANTS = """[[card]]
name = "Everlasting Banner"
types = ["Enchantment"]
oracle = "Creatures you control have persist."
abilities = [{ template = "grant_keyword", scope = "yours", keyword = "persist" }]

[[card]]
name = "Deathless Choir"
types = ["Creature"]
power = 1
toughness = 1
oracle = "Other creatures have undying."
abilities = [{ template = "grant_keyword", scope = "other", keyword = "undying" }]

[[card]]
name = "Spite Totem"
types = ["Artifact"]
oracle = "Creatures your opponents control have persist. All creatures have persist."
abilities = [
  { template = "grant_keyword", scope = "opponents", keyword = "persist" },
  { template = "grant_keyword", scope = "all", keyword = "persist" },
]

[[card]]
name = "Grave Warden"
types = ["Creature"]
subtypes = ["Zombie"]
power = 2
toughness = 2
oracle = "Other non-Human creatures you control have persist."
abilities = [{ template = "grant_keyword", scope = "other_non_human_yours", keyword = "persist" }]
"""

RETURN_GRANT_SCENARIOS = {
    "yours": """players = ["A", "B"]
active = "A"
battlefield = [
  { id = "banner", card = "Everlasting Banner", controller = "A" },
  { id = "bears", card = "Grizzly Bears", controller = "A" },
  { id = "wall", card = "Grizzly Bears", controller = "B" },
]
action = [{ do = "cast", card = "Wrath of God", by = "B" }]
""",
    "other": """players = ["A", "B"]
active = "A"
battlefield = [
  { id = "choir", card = "Deathless Choir", controller = "A" },
  { id = "bears", card = "Grizzly Bears", controller = "B" },
  { id = "finks", card = "Kitchen Finks", controller = "A" },
]
action = [{ do = "cast", card = "Wrath of God", by = "A" }, \
{ do = "cast", card = "Wrath of God", by = "A" }]
""",
    "two_instances": """players = ["A", "B"]
active = "A"
battlefield = [
  { id = "totem", card = "Spite Totem", controller = "A" },
  { id = "bears", card = "Grizzly Bears", controller = "A" },
  { id = "wall", card = "Grizzly Bears", controller = "B" },
]
action = [{ do = "cast", card = "Wrath of God", by = "A" }, \
{ do = "cast", card = "Wrath of God", by = "A" }]
""",
    "six_instances": """players = ["A", "B"]
active = "A"
battlefield = [
  { id = "t1", card = "Spite Totem", controller = "A" },
  { id = "t2", card = "Spite Totem", controller = "A" },
  { id = "t3", card = "Spite Totem", controller = "A" },
  { id = "wolf", card = "Young Wolf", controller = "B" },
]
action = [{ do = "cast", card = "Wrath of God", by = "A" }]
""",
    "lord": """players = ["A", "B"]
active = "A"
battlefield = [
  { id = "warden", card = "Grave Warden", controller = "A" },
  { id = "bears", card = "Grizzly Bears", controller = "A" },
  { id = "knight", card = "Youthful Knight", controller = "A" },
  { id = "wall", card = "Grizzly Bears", controller = "B" },
]
action = [{ do = "cast", card = "Wrath of God", by = "A" }]
""",
}
RETURN_GRANT_RETURNS = {  # (id, by) in order
    "yours": [("bears", "persist")],
    "other": [("bears", "undying"), ("finks", "undying"), ("finks", "persist")],
    "two_instances": [("wall", "persist"), ("bears", "persist")],
    "lord": [("bears", "persist")],
    "six_instances": [("wolf", "undying")],
}


@pytest.mark.parametrize("name", RETURN_GRANT_SCENARIOS)
def test_702_79b_persist_and_undying_given_by_statics_of_every_scope(
    tmp_path: Path, name: str
) -> None:
    """CR 611.3a, 702.79a, 702.79b, 702.93a, 603.10a, on both engines: persist and undying a
    static gives, to the creatures you control, to all other creatures, to your opponents'
    creatures and all creatures (two instances: the second finds the card gone), to other
    non-Human creatures you control; seen as the creature last existed, the source dying with
    it (Deathless Choir's undying returns B's Bears and Kitchen Finks from the first Wrath, not
    from the second: the Choir died in the first; Finks's printed persist returns it then).
    Six persist instances and an undying are seven triggers, the persist ones detected first,
    so undying resolves first (the batch engine's detection keys had room for four instances
    of a kind: a fifth came after undying). The batch engine refused every such grant but
    Mikaeus's (exit 3)."""
    reference = _on_both_engines(tmp_path, RETURN_GRANTS, RETURN_GRANT_SCENARIOS[name])
    assert [(r["id"], r["by"]) for r in reference["returned"]] == RETURN_GRANT_RETURNS[name]


LORDLY = """[[card]]
name = "Flock Captain"
types = ["Creature"]
subtypes = ["Bird"]
power = 1
toughness = 1
oracle = "Other non-Human creatures you control have flying."
abilities = [{ template = "grant_keyword", scope = "other_non_human_yours", keyword = "flying" }]
"""

LORDLY_SCENARIO = """players = ["A", "B"]
active = "A"
battlefield = [
  { id = "captain", card = "Flock Captain", controller = "A" },
  { id = "bears", card = "Grizzly Bears", controller = "A" },
  { id = "knight", card = "Youthful Knight", controller = "A" },
  { id = "wall", card = "Grizzly Bears", controller = "B" },
  { id = "wall2", card = "Grizzly Bears", controller = "B" },
]
action = [
  { do = "attack", attackers = ["bears"], blockers = { wall = "bears" } },
  { do = "attack", attackers = ["knight"], blockers = { wall = "knight" } },
  { do = "attack", attackers = ["captain"], blockers = { wall2 = "captain" } },
]
"""


def test_702_9b_a_lords_flying_for_the_other_non_humans_you_control(tmp_path: Path) -> None:
    """CR 611.3a, 702.9b, 509.1a, on both engines: "Other non-Human creatures you control have
    flying" gives the Bears flying (B's Bears cannot block them), not a Human (Youthful
    Knight is blocked, and its first strike kills the blocker) nor the Captain itself (it is
    blocked and dies)."""
    reference = _on_both_engines(tmp_path, LORDLY, LORDLY_SCENARIO)
    assert [(r["action"], r["reason"]) for r in reference["rejected"]] == [
        (0, "cannot_block_flying")
    ]
    assert [p["id"] for p in reference["battlefield"]] == ["bears", "knight", "wall2"]


COUNTER_RULES = """[[card]]
name = "Ward of Stillness"
types = ["Enchantment"]
oracle = "Counters can't be put on permanents you control."
abilities = [{ template = "counters_cant_be_put", scope = "permanents_yours", kind = "any" }]

[[card]]
name = "Festering Amplifier"
types = ["Enchantment"]
oracle = "If -1/-1 counters would be put on a permanent, that many plus one are put instead."
abilities = [
  { template = "counters_modified", scope = "all_permanents", kind = "-1/-1", add = 1, factor = 1 },
]
"""

COUNTER_RULES_SCENARIO = """players = ["A", "B"]
active = "A"
battlefield = [
  { id = "ward", card = "Ward of Stillness", controller = "A" },
  { id = "amp", card = "Festering Amplifier", controller = "A" },
  { id = "finks", card = "Kitchen Finks", controller = "A" },
  { id = "finks2", card = "Kitchen Finks", controller = "B" },
  { id = "wolf", card = "Young Wolf", controller = "B" },
]
action = [{ do = "cast", card = "Wrath of God", by = "A" }]
"""


def test_614_1_counter_rules_by_scope_and_kind(tmp_path: Path) -> None:
    """CR 614.1, 702.79a, 702.93a, on both engines: "Counters can't be put on permanents you
    control" keeps every counter off A's Finks (it returns by persist with none), and a -1/-1
    modifier of A's for every permanent puts two on B's Finks (a 1/0: it dies for good) but
    leaves the +1/+1 counter of B's Young Wolf (undying) as it is."""
    reference = _on_both_engines(tmp_path, COUNTER_RULES, COUNTER_RULES_SCENARIO)
    board = [(p["id"], p["counters"]) for p in reference["battlefield"]]
    assert board == [("ward", {}), ("amp", {}), ("finks", {}), ("wolf", {"+1/+1": 1})]
    assert reference["graveyard"]["B"] == ["Kitchen Finks"]


SCOPED = """[[card]]
name = "Crossroads Totem"
types = ["Enchantment"]
oracle = "Creatures your opponents control get -1/-1."
abilities = [{ template = "creatures_get", scope = "opponents", power = -1, toughness = -1 }]

[[card]]
name = "Pale Warden"
types = ["Creature"]
subtypes = ["Spirit"]
power = 2
toughness = 3
oracle = "All other creatures get +1/+1."
abilities = [{ template = "creatures_get", scope = "other", power = 1, toughness = 1 }]

[[card]]
name = "Opponents' Edict"
mana_cost = "{1}{B}"
types = ["Instant"]
oracle = "Each opponent sacrifices a creature."
abilities = [{ template = "each_player_sacrifices_creatures", amount = 1, who = "opponents" }]
"""

SCOPED_SCENARIO = """players = ["A", "B", "C"]
active = "A"
battlefield = [
  { id = "warden", card = "Pale Warden", controller = "A" },
  { id = "totem", card = "Crossroads Totem", controller = "A" },
  { id = "bears1", card = "Grizzly Bears", controller = "A" },
  { id = "bears2", card = "Grizzly Bears", controller = "B" },
  { id = "elf", card = "Llanowar Elves", controller = "B" },
  { id = "bears3", card = "Grizzly Bears", controller = "C" },
  { id = "finks", card = "Kitchen Finks", controller = "C" },
]
action = [
  { do = "cast", card = "Opponents' Edict", by = "A" },
  { do = "cast", card = "Pyroclasm", by = "B" },
  { do = "destroy", target = "totem" },
]
[choices]
targets = { opponents_edict = ["elf"] }
"""


def test_611_3a_statics_for_opponents_and_other_creatures_and_an_opponents_edict(
    tmp_path: Path,
) -> None:
    """CR 611.3a, 613.4, 701.21a, on both engines: "Creatures your opponents control get
    -1/-1" spares its controller's creatures, "All other creatures get +1/+1" spares its
    source (the Warden stays 2/3), and "Each opponent sacrifices a creature" spares the
    caster (B sacrifices the Elf named, C its first creature). Pyroclasm then kills B's Bears
    (2/2) and C's Finks (3/2), which returns by persist as 2/1 under the two statics, and
    3/2 once the Totem is gone."""
    reference = _on_both_engines(tmp_path, SCOPED, SCOPED_SCENARIO)
    assert reference["rejected"] == []
    board = [(p["id"], p["power"], p["toughness"]) for p in reference["battlefield"]]
    assert board == [("warden", 2, 3), ("bears1", 3, 3), ("finks", 3, 2)]
    assert reference["graveyard"]["B"] == ["Llanowar Elves", "Pyroclasm", "Grizzly Bears"]


UNEVEN = """[[card]]
name = "Withering Dusk"
mana_cost = "{2}{B}"
types = ["Sorcery"]
oracle = "All creatures get -1/-2 until end of turn."
abilities = [{ template = "creatures_get_until_eot", power = -1, toughness = -2 }]

[[card]]
name = "Grim Herald"
mana_cost = "{2}{B}"
types = ["Creature"]
power = 2
toughness = 2
oracle = "When Grim Herald enters, creatures your opponents control get -2/-1 until end of turn."
abilities = [{ template = "etb_creatures_get", scope = "opponents", power = -2, toughness = -1 }]

[[card]]
name = "Choir of Ruin"
mana_cost = "{3}{B}"
types = ["Creature"]
power = 1
toughness = 4
oracle = "When it enters, and whenever a creature dies this turn, other creatures get -0/-1."
abilities = [
  { template = "etb_creatures_get", scope = "other", power = 0, toughness = -1, \
repeat_on_death = true },
]
"""

UNEVEN_SCENARIOS = {
    "dusk": """players = ["A", "B"]
active = "A"
battlefield = [
  { id = "bears", card = "Grizzly Bears", controller = "A" },
  { id = "finks", card = "Kitchen Finks", controller = "B" },
  { id = "wolf", card = "Young Wolf", controller = "B" },
  { id = "elite", card = "Safehold Elite", controller = "A" },
]
action = [{ do = "cast", card = "Withering Dusk", by = "A" }]
""",
    "herald": """players = ["A", "B"]
active = "A"
battlefield = [
  { id = "bears", card = "Grizzly Bears", controller = "B" },
  { id = "elves", card = "Llanowar Elves", controller = "B" },
  { id = "finks", card = "Kitchen Finks", controller = "B" },
  { id = "wolf", card = "Young Wolf", controller = "A" },
  { id = "angel", card = "Serra Angel", controller = "A" },
]
action = [
  { do = "cast", card = "Grim Herald", by = "A", id = "herald" },
  { do = "cast", card = "Choir of Ruin", by = "A", id = "choir" },
]
""",
}


@pytest.mark.parametrize("name", UNEVEN_SCENARIOS)
def test_611_2c_until_end_of_turn_changes_of_power_and_toughness_apart(
    tmp_path: Path, name: str
) -> None:
    """CR 611.2c, 603.7, 702.79a, on both engines: "until end of turn" changes whose power and
    toughness differ (-1/-2 from a sorcery, -2/-1 from an enters trigger, -0/-1 from an enters
    trigger and again whenever a creature dies this turn) lower each apart: Withering Dusk
    kills the Bears (a 1/0) and Safehold Elite (1/0), which persist returns as a 1/1."""
    reference = _on_both_engines(tmp_path, UNEVEN, UNEVEN_SCENARIOS[name])
    assert reference["rejected"] == []
    if name == "dusk":
        board = [(p["id"], p["power"], p["toughness"]) for p in reference["battlefield"]]
        assert board == [("finks", 2, 1), ("wolf", 2, 2), ("elite", 1, 1)]


# Boards the wipe fast path took but does not play (it played them wrong): lifelink that a
# static gives every creature, and an enters trigger that exiles the graveyards
OUTSIDE_THE_FAST_PATH = {
    "lifelink": (
        """[[card]]
name = "Banner of Bloodlust"
types = ["Enchantment"]
oracle = "All creatures have lifelink."
abilities = [{ template = "grant_keyword", scope = "all", keyword = "lifelink" }]
""",
        '{ "Murderous Redcap" = 1 }',
        '{ "Banner of Bloodlust" = 1 }',
    ),
    "exile": (
        """[[card]]
name = "Cleansing Spirit"
types = ["Creature"]
power = 2
toughness = 2
keywords = ["persist"]
oracle = "When Cleansing Spirit enters, exile all graveyards. Persist"
abilities = [{ template = "etb_exile_graveyards" }]
""",
        '{ "Cleansing Spirit" = 1, "Grizzly Bears" = 1 }',
        '{ "Grizzly Bears" = 1 }',
    ),
}


@pytest.mark.parametrize("name", OUTSIDE_THE_FAST_PATH)
def test_the_fast_path_takes_only_the_cards_it_plays(tmp_path: Path, name: str) -> None:
    """CR 702.15b, 611.3a, 603.2: a Murderous Redcap returned by persist under "All creatures
    have lifelink" gains its controller the life its damage costs; a Cleansing Spirit
    returned by persist exiles every graveyard. The wipe fast path plays neither: it took
    such boards (it looked only at the lifelink of "creatures you control", and at some enters
    triggers) and gave no life, exiled nothing. It now takes a card only if each of its
    abilities is one it plays or one that cannot act in its trials (``FAST_CARD``). Every
    trial replayed on the reference engine is the same."""
    card_file, board, fifth = OUTSIDE_THE_FAST_PATH[name]
    cards, exp, out = tmp_path / "cards.toml", tmp_path / "exp.toml", tmp_path / "out"
    cards.write_text(card_file, "utf-8")
    exp.write_text(
        f'name = "{name}"\nshape = "wipe"\ntrials = 2000\nseed = 7\nbatch_size = 1000\n'
        f"[players]\ncount = 2\n[[slots]]\ncount = 4\ncards = {board}\n"
        f"[[slots]]\ncount = 1\ncards = {fifth}\n"
        '[[events]]\ncards = { "Wrath of God" = 1 }\ncaster = "random"\n',
        "utf-8",
    )
    done = cauldron("run", str(exp), "--cards", str(cards), "--jobs", "1", "--out", str(out))
    assert done.returncode == 0, done.stderr
    for trial in range(4):
        replay = cauldron("explain", "--run", str(out), "--trial", str(trial))
        assert replay.stdout.endswith("Batch engine: the same outcome\n"), replay.stdout


def test_sim_run_experiment_loads_a_files_cards_in_a_fresh_process(tmp_path: Path) -> None:
    """From Python, ``sim.run_experiment(path)`` puts the file's ``cards`` in place before the
    batch engine builds its tables (a fresh interpreter: nothing loaded yet)."""
    path = str(CUSTOM / "experiment.toml")
    code = (
        "import sim, sys\n"
        f"r = sim.run_experiment({path!r}, jobs=1, out={str(tmp_path)!r})\n"
        "cards = set(r.tables['returns']['level']) if 'returns' in r.tables else set()\n"
        "print('Briarback Warden' in set(r.summary['level']) | cards)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr[-800:]
    assert done.stdout.strip().endswith("True"), done.stdout


def test_sim_run_experiment_loads_a_dicts_cards_in_a_fresh_process() -> None:
    """The same for a parsed file (a dict): its ``cards`` key is relative to the working
    folder, and is put in place before the runner imports the batch engine."""
    code = (
        "import sim, tomllib\n"
        "data = tomllib.loads(open('experiment.toml').read())\n"
        "r = sim.run_experiment(data, jobs=1, trials=512)\n"
        "cards = set(r.tables['returns']['level']) if 'returns' in r.tables else set()\n"
        "print('Briarback Warden' in set(r.summary['level']) | cards)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True, text=True, timeout=300, check=False, cwd=CUSTOM,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-800:]
    assert done.stdout.strip().endswith("True"), done.stdout


# Cards with two enters triggers (603.3b: each its own trigger, state-based actions between)
TWO_ENTERS = """[[card]]
name = "Ashen Cantor"
mana_cost = "{2}{B}"
types = ["Creature"]
power = 2
toughness = 2
oracle = "When it enters, exile all graveyards. When it enters, creatures your opponents \
control get -0/-1 until end of turn."
abilities = [
  { template = "etb_exile_graveyards" },
  { template = "etb_creatures_get", scope = "opponents", power = 0, toughness = -1 },
]

[[card]]
name = "Cantor of Ash"
mana_cost = "{2}{B}"
types = ["Creature"]
power = 2
toughness = 2
oracle = "The same two triggers, printed the other way round."
abilities = [
  { template = "etb_creatures_get", scope = "opponents", power = 0, toughness = -1 },
  { template = "etb_exile_graveyards" },
]

[[card]]
name = "Spiteful Returner"
mana_cost = "{3}{B}"
types = ["Creature"]
power = 3
toughness = 2
keywords = ["undying"]
oracle = "When it enters, all creatures get -1/-2 until end of turn. When it enters, it deals \
damage equal to its power to any target. Undying"
abilities = [
  { template = "etb_creatures_get", scope = "all", power = -1, toughness = -2 },
  { template = "etb_damage_any_target" },
]
"""


def _cantor(card: str) -> str:
    return f"""players = ["A", "B"]
active = "A"
battlefield = [
  {{ id = "elves", card = "Llanowar Elves", controller = "B" }},
  {{ id = "bears", card = "Grizzly Bears", controller = "B" }},
]
action = [{{ do = "cast", card = "{card}", by = "A", id = "cantor" }}]
"""


TWO_ENTERS_SCENARIOS = {
    "exile_printed_first": _cantor("Ashen Cantor"),
    "exile_printed_last": _cantor("Cantor of Ash"),
    "loop": """players = ["A", "B"]
active = "A"
battlefield = [
  { id = "solemnity", card = "Solemnity", controller = "A" },
  { id = "bears", card = "Grizzly Bears", controller = "A", damage = 2 },
]
action = [{ do = "cast", card = "Spiteful Returner", by = "A", id = "r" }]
""",
}


@pytest.mark.parametrize("name", TWO_ENTERS_SCENARIOS)
def test_603_3b_two_enters_triggers_of_one_card_are_two_triggers(tmp_path: Path, name: str) -> None:
    """CR 603.3b, 603.6a, 704.3, on both engines: a user's card with two enters triggers puts
    two triggers on the stack, the first printed resolving last, with state-based actions
    between them. The -0/-1 kills B's Llanowar Elves before the graveyards are exiled when the
    exile is printed first (so the Elves end in exile), after when it is printed last (they
    stay in the graveyard). With undying under Solemnity (104.4b) the two triggers are two
    stack objects to the loop watch: B's life falls every cycle, no draw. The batch engine
    refused such a card (its tables held one enters trigger per card, doing each part in
    turn); it now queues one trigger per enters ability (``tables.ETB_PARTS``)."""
    if name == "loop":  # both stop at B's loss (704.5a), which Cauldron does not play past
        card_file, scenario_file = tmp_path / "cards.toml", tmp_path / "scenario.toml"
        card_file.write_text(TWO_ENTERS, "utf-8")
        scenario_file.write_text(TWO_ENTERS_SCENARIOS[name], "utf-8")
        reference = _explain(scenario_file, "--cards", str(card_file))
        assert reference["result"] == "unsupported" and "704.5a" in str(reference["reason"])
        flags = ("--cards", str(card_file), "--engine", "batch")
        batch = cauldron("explain", str(scenario_file), "--json", *flags)
        assert batch.returncode == 0, batch.stderr  # a loss is no cap of the batch engine's
        assert mana_comparable(json.loads(batch.stdout)) == mana_comparable(reference)
        return
    reference = _on_both_engines(tmp_path, TWO_ENTERS, TWO_ENTERS_SCENARIOS[name])
    zones = {z: reference[z]["B"] for z in ("graveyard", "exile")}
    elves = "exile" if name == "exile_printed_first" else "graveyard"
    assert zones[elves] == ["Llanowar Elves"], zones


TWO_UPKEEPS = """[[card]]
name = "Twin Omen"
mana_cost = "{2}{B}"
types = ["Enchantment"]
oracle = "At the beginning of your upkeep, sacrifice Twin Omen unless you sacrifice a \
creature. At the beginning of your upkeep, remove a -1/-1 counter from each creature you \
control."
abilities = [
  { template = "upkeep_sacrifice_unless_sacrifice_creature" },
  { template = "upkeep_remove_counter_each_creature_yours", kind = "-1/-1" },
]

[[card]]
name = "Omen Twin"
mana_cost = "{2}{B}"
types = ["Enchantment"]
oracle = "The same two triggers, printed the other way round."
abilities = [
  { template = "upkeep_remove_counter_each_creature_yours", kind = "-1/-1" },
  { template = "upkeep_sacrifice_unless_sacrifice_creature" },
]
"""


def _omen(card: str) -> str:
    return f"""players = ["A", "B"]
active = "B"
battlefield = [
  {{ id = "omen", card = "{card}", controller = "A" }},
  {{ id = "elite", card = "Safehold Elite", controller = "A", counters = {{ "-1/-1" = 1 }} }},
]
action = [{{ do = "pass_turn" }}]

[choices]
targets = {{ omen = "elite" }}
"""


@pytest.mark.parametrize(("card", "returned"), [("Twin Omen", True), ("Omen Twin", False)])
def test_603_3b_two_upkeep_triggers_of_one_card_are_two_triggers(
    tmp_path: Path, card: str, returned: bool
) -> None:
    """CR 603.3b, 503.1, 702.79a, on both engines: a user's card with two upkeep triggers puts
    two triggers on the stack, the first printed resolving last. Printed "sacrifice unless"
    first, the -1/-1 counter comes off Safehold Elite before it is sacrificed, so persist
    returns it; printed last, it dies with the counter and stays in the graveyard. The batch
    engine refused such a card (its tables held one upkeep trigger per card)."""
    reference = _on_both_engines(tmp_path, TWO_UPKEEPS, _omen(card))
    assert bool(reference["returned"]) == returned, reference["returned"]


KEEPER = """[[card]]
name = "Pyre Keeper"
types = ["Creature"]
power = 2
toughness = 2
keywords = ["persist"]
oracle = '''When this creature enters, it deals damage equal to its power to any target.
Sacrifice a creature: Scry 1. Persist'''
abilities = [{ template = "etb_damage_any_target" }, { template = "sacrifice_outlet" }]
"""
KEEPER_NAMES = """players = ["A", "B"]
active = "A"
battlefield = [
  { id = "h", card = "Hangarback Walker", controller = "B", counters = { "+1/+1" = 2 } },
  { id = "keeper", card = "Pyre Keeper", controller = "A" },
  { id = "bears", card = "Grizzly Bears", controller = "A" },
]
action = [
  { do = "destroy", target = "h" },
  { do = "activate", permanent = "keeper" },
  { do = "destroy", target = "keeper" },
]

[choices]
targets = { keeper = {names} }
"""


@pytest.mark.parametrize(
    ("names", "left", "life_b"),
    [
        ('["h.thopter1", "bears"]', ["h.thopter2"], 20),  # Bears sacrificed, Thopter 1 hit
        ('["h.thopter3", "bears"]', ["h.thopter1", "h.thopter2"], 19),  # one never made
        ('["bears", "h.thopter2", "B"]', ["h.thopter1"], 20),
        ('["h.thopter3", "h.thopter1"]', ["bears", "h.thopter2"], 20),  # none of A's: rejected
        ('["B", "h.thopter1", "bears"]', ["h.thopter1", "h.thopter2"], 19),  # a player first
    ],
)
def test_111_1_a_token_named_for_a_card_that_reads_names_in_order_and_as_a_set(
    tmp_path: Path, names: str, left: list[str], life_b: int
) -> None:
    """CR 111.1, 118.3, 115.4, 603.3d, on both engines: one ``targets`` entry is read by the
    Keeper's sacrifice cost as a set (every creature of A's named is sacrificed; none named:
    the activation is rejected) and by its enters trigger in order, after persist returns it
    ("any target": the first named still there, else the opponent, 115.4); B's Thopters are
    named by their ids. The batch engine refused a token named for such a card (exit 3)."""
    out = _on_both_engines(tmp_path, KEEPER, KEEPER_NAMES.replace("{names}", names))
    assert sorted(p["id"] for p in out["battlefield"]) == sorted(["keeper", *left])
    assert out["life"]["B"] == life_b


def _spawner(maker: str, token: str) -> str:
    """A card file's 1/1 that makes a ``token`` token for each +1/+1 counter on it as it dies
    (Hangarback Walker's template, a user's token)."""
    return f"""[[card]]
name = "{maker}"
types = ["Creature"]
power = 1
toughness = 1
oracle = "When this creature dies, create an {token} token for each +1/+1 counter on it."
abilities = [{{ template = "dies_create_token_per_counter", token = "{token}", kind = "+1/+1" }}]

"""


OMEN_SPAWN = (
    _spawner("Omen Spawner", "Omen Spawn")
    + """[[card]]
name = "Omen Spawn"
types = ["Creature"]
power = 1
toughness = 1
oracle = "At the beginning of your upkeep, remove a -1/-1 counter from each creature you control."
abilities = [{ template = "upkeep_remove_counter_each_creature_yours", kind = "-1/-1" }]

[[card]]
name = "Hungry Omen"
types = ["Enchantment"]
oracle = "At the beginning of your upkeep, sacrifice Hungry Omen unless you sacrifice a creature."
abilities = [{ template = "upkeep_sacrifice_unless_sacrifice_creature" }]
"""
)


def _spawn_order(order: list[str]) -> str:
    return f"""players = ["A", "B"]
active = "B"
battlefield = [
  {{ id = "sp", card = "Omen Spawner", controller = "A", counters = {{ "+1/+1" = 1 }} }},
  {{ id = "omen", card = "Hungry Omen", controller = "A" }},
  {{ id = "elite", card = "Safehold Elite", controller = "A", counters = {{ "-1/-1" = 1 }} }},
]
action = [{{ do = "destroy", target = "sp" }}, {{ do = "pass_turn" }}]

[choices]
targets = {{ omen = "elite" }}
trigger_order = {{ A = {json.dumps(order)} }}
"""


@pytest.mark.parametrize(
    ("order", "returned"),
    [
        (["sp.omen_spawn1", "omen"], False),  # the Spawn's trigger first: it resolves last
        (["omen", "sp.omen_spawn1"], True),
        (["sp.omen_spawn1:upkeep", "omen"], False),
        (["omen:upkeep", "sp.omen_spawn1:upkeep"], True),
        (["sp.omen_spawn2", "omen"], True),  # a token no trial makes: the Spawn goes last
        (["sp.omen_spawn1:dies", "omen", "sp.omen_spawn1"], True),  # an ability it lacks
    ],
)
def test_603_3b_a_trigger_order_may_name_a_token_with_triggered_abilities(
    tmp_path: Path, order: list[str], returned: bool
) -> None:
    """CR 603.3b, 111.1, 503.1, 702.79a, on both engines: A's Omen Spawn token and the Hungry
    Omen trigger at A's upkeep; A's trigger order names the token by its id ("id" or
    "id:ability"; an unlisted trigger goes after the listed ones). If the Omen's sacrifice
    resolves before the Spawn's removal, Safehold Elite dies with its -1/-1 counter and
    stays; after it, persist returns it. The batch engine refused a key naming a token with
    triggered abilities (exit 3)."""
    out = _on_both_engines(tmp_path, OMEN_SPAWN, _spawn_order(order))
    assert bool(out["returned"]) == returned, out["returned"]


SPAWNS = (
    _spawner("Ember Spawner", "Ember Spawn")
    + """[[card]]
name = "Ember Spawn"
types = ["Creature"]
power = 1
toughness = 1
oracle = "When this creature enters, it deals damage equal to its power to any target."
abilities = [{ template = "etb_damage_any_target" }]

[[card]]
name = "Ash Spawn"
types = ["Creature"]
power = 1
toughness = 1
oracle = "Sacrifice a creature: Scry 1."
abilities = [{ template = "sacrifice_outlet" }]

"""
    + _spawner("Ash Spawner", "Ash Spawn")
)
ALL_SPAWNS = ["ash.ash_spawn1", "ash.ash_spawn2", "sp.ember_spawn1", "sp.ember_spawn2"]
ASH_1 = ', { do = "activate", permanent = "ash.ash_spawn1" }'  # a third action
ASH_2 = ', { do = "activate", permanent = "ash.ash_spawn2" }'


def _spawn_targets(action: str, targets: str) -> str:
    return f"""players = ["A", "B"]
active = "A"
battlefield = [
  {{ id = "sp", card = "Ember Spawner", controller = "A", counters = {{ "+1/+1" = 2 }} }},
  {{ id = "ash", card = "Ash Spawner", controller = "A", counters = {{ "+1/+1" = 2 }} }},
  {{ id = "bears", card = "Grizzly Bears", controller = "B" }},
  {{ id = "elves", card = "Llanowar Elves", controller = "A" }},
]
action = [{{ do = "destroy", target = "sp" }}, {{ do = "destroy", target = "ash" }}{action}]

[choices]
targets = {{ {targets} }}
"""


@pytest.mark.parametrize(
    ("action", "targets", "gone", "life_b"),
    [
        ("", '"sp.ember_spawn1" = "bears", "sp.ember_spawn2" = "B"', [], 19),
        ("", '"sp.ember_spawn1" = ["sp.ember_spawn2", "B"]', ["sp.ember_spawn2"], 19),
        (  # a token no trial makes names nothing; a token's names in order
            "",
            '"sp.ember_spawn3" = "bears", "sp.ember_spawn2" = ["elves", "bears"]',
            ["elves"],
            19,
        ),
        (
            ASH_1,
            '"ash.ash_spawn1" = ["ash.ash_spawn2"]',
            ["ash.ash_spawn2"],
            18,
        ),
        (
            ASH_1,
            '"ash.ash_spawn1" = ["elves", "ash.ash_spawn2"]',
            ["ash.ash_spawn2", "elves"],
            18,
        ),
        (
            ASH_2,
            '"ash.ash_spawn2" = "ash.ash_spawn3"',
            [],
            18,
        ),  # rejected: nothing named
        (
            ASH_2,
            '"ash.ash_spawn2" = ["sp.ember_spawn1", "ash.ash_spawn2"]',
            ["ash.ash_spawn2", "sp.ember_spawn1"],
            18,
        ),
    ],
)
def test_111_1_a_targets_entry_may_be_keyed_by_a_token(
    tmp_path: Path, action: str, targets: str, gone: list[str], life_b: int
) -> None:
    """CR 111.1, 603.3d, 115.4, 118.3, on both engines: a ``targets`` entry keyed by a token's
    id gives that token's abilities their names once it is made: an Ember Spawn's enters
    trigger ("any target", in order: a permanent, a token, a player) and an Ash Spawn's
    sacrifice cost (a set: its own controller's creatures named, tokens among them); a
    Spawn with no entry takes the default (the opponent). The batch engine refused any
    entry keyed by a token (exit 3): names were kept by the source's slot, and a token has
    its slot only once it is made."""
    out = _on_both_engines(tmp_path, SPAWNS, _spawn_targets(action, targets))
    left = sorted({"bears", "elves", *ALL_SPAWNS} - set(gone))
    assert sorted(p["id"] for p in out["battlefield"]) == left
    assert out["life"]["B"] == life_b


TWIN_BANNERS = """[[card]]
name = "Twin Banners"
types = ["Enchantment"]
oracle = "Creatures you control get +0/+20000. Creatures you control get +0/+20000."
abilities = [
  { template = "creatures_get", scope = "yours", power = 0, toughness = 20000 },
  { template = "creatures_get", scope = "yours", power = 0, toughness = 20000 },
]

[[card]]
name = "Costly Spring"
types = ["Land"]
oracle = "{200}, {T}: Add {G}."
abilities = [{ template = "mana_fixed", produce = "G", cost = "{200}" }]
"""
PAST_COLUMNS = {  # card: the refusal's words (the number, as the columns would hold it)
    "Twin Banners": "its creatures_get toughness 40000 is past its column's cap (int16",
    "Costly Spring": "its mana_fixed cost's generic mana 200 is past its column's cap (int8",
}


@pytest.mark.parametrize("card", PAST_COLUMNS)
def test_a_sum_or_a_cost_past_its_column_is_refused_never_wrapped(
    tmp_path: Path, card: str
) -> None:
    """Two anthems of one card add up in one 16-bit column (611.3a), and a mana ability's
    generic cost is kept in 8 bits: past them, the batch engine refuses the card with the
    number and the column's range (exit 3), where the reference engine answers. The sum
    once wrapped around (numpy warns, and goes on): the Bears got -25534 toughness and died
    to Pyroclasm, where the reference keeps a 2/40002."""
    scenario = f"""players = ["A", "B"]
active = "A"
battlefield = [{{ id = "it", card = "{card}", controller = "A" }},
               {{ id = "bears", card = "Grizzly Bears", controller = "A" }}]
action = [{{ do = "tap_for_mana", permanent = "it" }},
          {{ do = "cast", card = "Pyroclasm", by = "A" }}]
"""
    reference = _past_a_cap(tmp_path, TWIN_BANNERS, scenario, card, PAST_COLUMNS[card])
    assert reference["result"] == "ok"


LASTING_SPELLS = """[[card]]
name = "Frozen Fields"
mana_cost = "{1}{U}"
types = ["Sorcery"]
abilities = [{ template = "lands_skip_next_untap" }]

[[card]]
name = "Silver Tide"
mana_cost = "{1}{U}"
types = ["Instant"]
abilities = [
  { template = "lands_produce_until_eot", lands = "all", produce = "U" },
  { template = "lands_skip_next_untap" },
]

[[card]]
name = "Quiet Moment"
mana_cost = "{W}"
types = ["Instant"]
abilities = []
"""
LASTING_SCENARIO = """players = ["A", "B"]
active = "A"
battlefield = [
  { id = "forest", card = "Forest", controller = "A" },
  { id = "swamp", card = "Swamp", controller = "A" },
  { id = "mountain", card = "Mountain", controller = "B" },
]
action = [
  { do = "cast", card = "Quiet Moment", by = "A" },
  { do = "cast", card = "Silver Tide", by = "A" },
  { do = "tap_for_mana", permanent = "forest" },
  { do = "cast", card = "Frozen Fields", by = "B" },
  { do = "tap_for_mana", permanent = "mountain" },
  { do = "pass_turn" },
  { do = "tap_for_mana", permanent = "mountain" },
  { do = "pass_turn" },
  { do = "tap_for_mana", permanent = "swamp" },
]
"""


def test_608_2c_a_spell_does_what_each_of_its_templates_says_on_both_engines(
    tmp_path: Path,
) -> None:
    """CR 608.2c, 611.2c, 502.3, on both engines: Silver Tide (lands produce U until end of
    turn, and its caster's lands skip their next untap) makes A's Forest tap for U; Frozen
    Fields (only "your lands skip your next untap step") keeps B's Mountain tapped through
    B's untap step, so its second tap is rejected; A's lands skip A's next untap (the Forest
    stays tapped, the Swamp taps for B once Silver Tide has ended); Quiet Moment (no
    ability) goes to the graveyard. The batch engine refused a spell with none of its
    spell codes (casting it "outside the batch engine", exit 3), and played the lasting
    "lands produce" only on a card that had nothing else (found by fuzz_mana_cards.py)."""
    out = _on_both_engines(tmp_path, LASTING_SPELLS, LASTING_SCENARIO)
    assert out["rejected"] == [{"action": 6, "reason": "tapped", "rule": "107.5"}]
    assert out["mana_pool"]["A"] == {"W": 0, "U": 0, "B": 1, "R": 0, "G": 0, "C": 0}
    tapped = {p["id"]: p["tapped"] for p in out["battlefield"]}
    assert tapped == {"forest": True, "swamp": True, "mountain": True}
    assert out["graveyard"] == {"A": ["Quiet Moment", "Silver Tide"], "B": ["Frozen Fields"]}


TWO_REPLACEMENTS = """[[card]]
name = "Flooded Mirror"
mana_cost = "{2}{U}"
types = ["Enchantment"]
abilities = [
  { template = "mana_multiply", factor = 3 },
  { template = "mana_replace_type", lands = "all", produce = "R" },
]
"""


def test_616_1_two_mana_replacements_of_one_card_are_past_a_declared_cap(tmp_path: Path) -> None:
    """CR 616.1, 106.12: a user's enchantment that triples the mana of a tapped permanent and
    turns lands' mana red: the reference engine applies both (an Island makes RRR). The batch
    engine's tables held one such effect a card, so it kept the last and made R; it refuses
    the card now, exit 3, naming MANA_REPLACEMENTS_PER_CARD (found by fuzz_mana_cards.py)."""
    scenario = """players = ["A", "B"]
active = "A"
battlefield = [{ id = "mirror", card = "Flooded Mirror", controller = "A" },
               { id = "island", card = "Island", controller = "A" }]
action = [{ do = "tap_for_mana", permanent = "island" }]
"""
    why = "MANA_REPLACEMENTS_PER_CARD = 1"
    reference = _past_a_cap(tmp_path, TWO_REPLACEMENTS, scenario, "Flooded Mirror", why)
    assert reference["mana_pool"]["A"]["R"] == 3


def test_119_4_a_second_card_whose_mana_costs_life_is_refused_in_a_deck(tmp_path: Path) -> None:
    """The batch deck game plays the sources that cost life as alike (Mana Confluence): a
    deck with a user's second such card is refused in one line naming both (exit 2); alone,
    that card plays."""
    cards = tmp_path / "cards.toml"
    cards.write_text(
        """[[card]]
name = "Sunlit Grove"
mana_cost = ""
types = ["Land"]
oracle = "{T}, Pay 1 life: Add one mana of any color."
abilities = [{ template = "mana_any_color", life = 1 }]
""",
        "utf-8",
    )
    deck = tmp_path / "deck.toml"
    text = 'name = "d"\nshape = "deck"\ntrials = 64\n[deck]\ncards = {{{}}}\n[game]\nturns = 4\n'
    deck.write_text(text.format('"Sunlit Grove" = 4, "Mana Confluence" = 4, Forest = 32'))
    _one_line_error(
        cauldron("validate", str(deck), "--cards", str(cards)),
        "Mana Confluence and Sunlit Grove: two cards whose mana costs life",
    )
    deck.write_text(text.format('"Sunlit Grove" = 8, Forest = 32'))
    assert cauldron("validate", str(deck), "--cards", str(cards)).returncode == 0


def test_603_10a_another_creature_and_an_opponents_creature_drains_of_a_users_cards() -> None:
    """CR 603.10a, 119.3: a user's "another creature you control dies" drain (Grieving Pup)
    does not see its own death, and "a creature an opponent controls dies" (Gloating Idol)
    sees only B's and C's: B and C lose 2 for each of A's two other creatures, C (the Idol's
    named target, 115.1) loses 1 and A gains 1 for each of B's and C's (both engines)."""
    out = _explain(CUSTOM / "drains_scenario.toml")
    assert out["life"] == {"A": 24, "B": 16, "C": 14}


def test_a_card_with_two_life_triggers_on_a_death_is_past_a_cap_of_the_batch_tables(
    tmp_path: Path,
) -> None:
    """The batch tables hold one life trigger on a creature's death a card, whichever its
    template (Massacre Wurm's or ``creature_dies_drain``): a second is refused naming the cap
    (exit 3); the reference engine plays both (B loses 1 and 2 as A's Bears die)."""
    cards = """
[[card]]
name = "Twin Leech"
mana_cost = "{2}{B}"
types = ["Enchantment"]
oracle = '''Whenever a creature dies, each opponent loses 1 life.
Whenever a creature an opponent controls dies, that player loses 2 life.'''
abilities = [
  { template = "creature_dies_drain", amount = 1 },
  { template = "opponent_creature_dies_lose_life", amount = 2 },
]
"""
    scenario = """
players = ["A", "B"]
active = "A"
battlefield = [
  { id = "leech", card = "Twin Leech", controller = "A" },
  { id = "bears", card = "Grizzly Bears", controller = "B" },
]
action = [{ do = "cast", card = "Wrath of God", by = "A" }]
"""
    out = _past_a_cap(tmp_path, cards, scenario, "Twin Leech", "ABILITIES_PER_TEMPLATE")
    assert out["life"] == {"A": 20, "B": 17}


_PLAGUE_CARDS = """
[[card]]
name = "Plague Herald"
mana_cost = "{1}{B}"
types = ["Creature"]
subtypes = ["Human", "Cleric"]
power = 2
toughness = 2
oracle = "{B}: Plague Herald deals 1 damage to each creature and each player."
abilities = [
  { template = "activated_damage_each_creature", amount = 1, each_player = true, cost = "{B}" },
]

[[card]]
name = "Cinder Wyrm"
mana_cost = "{4}{R}"
types = ["Creature"]
subtypes = ["Dragon"]
power = 4
toughness = 4
oracle = "{1}{R}, {T}: Cinder Wyrm deals 2 damage to each creature without flying."
abilities = [
  { template = "activated_damage_each_creature", amount = 2, without_flying = true, tap = true },
]

[[card]]
name = "Quake Drake"
mana_cost = "{2}{R}"
types = ["Creature"]
subtypes = ["Drake"]
power = 2
toughness = 2
keywords = ["flying"]
oracle = '''Flying
{X}{R}: Quake Drake deals twice X damage to each creature without flying.'''

[[card.abilities]]
template = "activated_damage_each_creature"
amount = 2
by_x = true
without_flying = true
cost = "{X}{R}"
"""


def test_120_3a_a_humans_damage_to_each_player_triggers_mikaeus(tmp_path: Path) -> None:
    """CR 120.3a, 603.2: a user's Human deals 1 damage to each creature and each player; B's
    Mikaeus, the Unhallowed sees a Human deal damage to B and destroys it. Mikaeus's +1/+1
    keeps B's Bears alive (3/3, 1 damage), A's Herald survives the damage, not the trigger
    (both engines)."""
    scenario = """
players = ["A", "B"]
active = "A"
battlefield = [
  { id = "herald", card = "Plague Herald", controller = "A" },
  { id = "mikaeus", card = "Mikaeus, the Unhallowed", controller = "B" },
  { id = "bears", card = "Grizzly Bears", controller = "B" },
]
action = [{ do = "activate", permanent = "herald" }]
"""
    out = _on_both_engines(tmp_path, _PLAGUE_CARDS, scenario)
    assert out["life"] == {"A": 19, "B": 19}
    assert [p["id"] for p in out["battlefield"]] == ["mikaeus", "bears"]
    assert out["graveyard"] == {"A": ["Plague Herald"], "B": []}


def test_702_9_activated_damage_to_each_creature_without_flying_spares_flyers(
    tmp_path: Path,
) -> None:
    """CR 702.9, 120.3e, 602.2: a user's "{1}{R}, {T}: 2 damage to each creature without
    flying" spares Pestilence Demon, kills the Bears, marks 2 on the Wyrm itself; a second
    activation is rejected, the Wyrm being tapped (107.5). No player is dealt damage."""
    scenario = """
players = ["A", "B"]
active = "A"
battlefield = [
  { id = "wyrm", card = "Cinder Wyrm", controller = "A" },
  { id = "demon", card = "Pestilence Demon", controller = "B" },
  { id = "bears", card = "Grizzly Bears", controller = "B" },
]
action = [{ do = "activate", permanent = "wyrm" }, { do = "activate", permanent = "wyrm" }]
"""
    out = _on_both_engines(tmp_path, _PLAGUE_CARDS, scenario)
    assert out["life"] == {"A": 20, "B": 20}
    assert [p["id"] for p in out["battlefield"]] == ["wyrm", "demon"]
    assert [r["rule"] for r in out["rejected"]] == ["107.5"]


def test_602_2b_a_users_amount_times_x_takes_each_activations_own_x(tmp_path: Path) -> None:
    """CR 602.2b, 601.2b, 120.3e: a user's ability deals 2 times the X announced for each
    activation to each creature without flying. X = 0 deals none (120.8); X = 1 marks 2 on
    Finks (3/2), which persists; X = 2 kills the returned Finks (2/1) for good and the Elite
    with its +1/+1 counter (3/3), which persists. The flying Drake is spared each time."""
    scenario = """
players = ["A", "B"]
active = "A"
battlefield = [
  { id = "drake", card = "Quake Drake", controller = "A" },
  { id = "finks", card = "Kitchen Finks", controller = "B" },
  { id = "elite", card = "Safehold Elite", controller = "B", counters = { "+1/+1" = 1 } },
]
action = [
  { do = "activate", permanent = "drake", x = 0 },
  { do = "activate", permanent = "drake", x = 1 },
  { do = "activate", permanent = "drake", x = 2 },
]
"""
    out = _on_both_engines(tmp_path, _PLAGUE_CARDS, scenario)
    assert [r["id"] for r in out["returned"]] == ["finks", "elite"]
    assert [(p["id"], p["counters"]) for p in out["battlefield"]] == [
        ("drake", {}),
        ("elite", {"-1/-1": 1}),
    ]
    assert out["life"] == {"A": 20, "B": 22} and out["rejected"] == []


def test_a_card_whose_token_is_past_a_cap_is_refused_by_name(tmp_path: Path) -> None:
    """The batch tables hold a card only with the token it makes as it dies: Brood Leech's
    token has two life triggers on a death (past ABILITIES_PER_TEMPLATE), so a scenario with
    Brood Leech is refused naming both (exit 3, one line), never handed to the kernel. The
    reference engine plays it: the Leech (one +1/+1 counter) dies to Wrath of God and makes
    one token (603.10a), which then sees no death."""
    cards = """
[[card]]
name = "Leech Spawn"
mana_cost = ""
types = ["Creature"]
subtypes = ["Leech"]
power = 1
toughness = 1
token_only = true
oracle = '''Whenever a creature dies, each opponent loses 1 life.
Whenever a creature an opponent controls dies, that player loses 2 life.'''
abilities = [
  { template = "creature_dies_drain", amount = 1 },
  { template = "opponent_creature_dies_lose_life", amount = 2 },
]

[[card]]
name = "Brood Leech"
mana_cost = "{2}{B}"
types = ["Creature"]
subtypes = ["Leech"]
power = 1
toughness = 1
oracle = "When Brood Leech dies, create a Leech Spawn token for each +1/+1 counter on it."
abilities = [{ template = "dies_create_token_per_counter", token = "Leech Spawn", kind = "+1/+1" }]
"""
    scenario = """
players = ["A", "B"]
active = "A"
battlefield = [{ id = "leech", card = "Brood Leech", controller = "A", counters = { "+1/+1" = 1 } }]
action = [{ do = "cast", card = "Wrath of God", by = "A" }]
"""
    words = ("Brood Leech", "Leech Spawn tokens it makes", "ABILITIES_PER_TEMPLATE")
    out = _past_a_cap(tmp_path, cards, scenario, *words)
    assert [(p["card"], p["token"]) for p in out["battlefield"]] == [("Leech Spawn", True)]


TUSK_AND_WALKER = """
[[card]]
name = "Beast Walker"
mana_cost = "{4}"
types = ["Artifact", "Creature"]
power = 2
toughness = 2
oracle = "Thopters as it dies, one per +1/+1 counter; a token as it leaves."
abilities = [
  { template = "dies_create_token_per_counter", token = "Thopter", kind = "+1/+1" },
  { template = "leaves_create_token", token = "{token}" },
]
"""
WALKER_DIES = """
players = ["A", "B"]
[[battlefield]]
id = "w"
card = "Beast Walker"
controller = "A"
counters = { "+1/+1" = 2 }
[[action]]
do = "destroy"
target = "w"
"""


def test_111_1_a_card_making_two_token_names_is_past_token_names_per_card(tmp_path: Path) -> None:
    """CR 111.1, 603.6c: a user's card that makes Thopters as it dies and a Beast as it
    leaves: the reference engine names them w.thopter1, w.thopter2 and w.beast1 (a series per
    name); the batch engine numbers a slot's tokens in one series, and refuses the card naming
    TOKEN_NAMES_PER_CARD (exit 3). Making Thopters both ways, it plays it: three Thopters."""
    reference = _past_a_cap(
        tmp_path, TUSK_AND_WALKER.replace("{token}", "Beast"), WALKER_DIES, "TOKEN_NAMES_PER_CARD"
    )
    tokens = sorted(p["id"] for p in reference["battlefield"])  # type: ignore[union-attr]
    assert tokens == ["w.beast1", "w.thopter1", "w.thopter2"]
    same = _on_both_engines(tmp_path, TUSK_AND_WALKER.replace("{token}", "Thopter"), WALKER_DIES)
    assert sorted(p["id"] for p in same["battlefield"]) == [f"w.thopter{k}" for k in (1, 2, 3)]


def test_111_1_a_token_no_card_file_has_is_one_line_exit_2(tmp_path: Path) -> None:
    """A user's card making a token that is no card of the library or of the run's card
    files is refused as the files are read: one line naming the file, the card and the token,
    exit 2 (the reference engine stopped with a traceback as the token was made)."""
    card_file, scenario_file = tmp_path / "cards.toml", tmp_path / "scenario.toml"
    card_file.write_text(TUSK_AND_WALKER.replace("{token}", "Gizmo"), "utf-8")
    scenario_file.write_text(WALKER_DIES, "utf-8")
    flags = ("--cards", str(card_file), "--engine")
    for engine in ("reference", "batch"):
        done = cauldron("explain", str(scenario_file), *flags, engine)
        assert done.returncode == 2, done.stderr
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
        assert "'Beast Walker'" in done.stderr and "'Gizmo'" in done.stderr, done.stderr


WALKERS = """
[[card]]
name = "Test Walker"
mana_cost = "{3}"
types = ["Planeswalker"]
oracle = ""
abilities = []
"""


def test_406_2_merciless_eviction_exiles_a_planeswalker_of_a_card_file(tmp_path: Path) -> None:
    """CR 406.2, 700.2: Merciless Eviction's planeswalkers mode exiles a user's planeswalker
    (the library has none), on both engines; the batch engine left it on the battlefield (its
    tables had no planeswalker type: ``IS_PLANESWALKER``)."""
    scenario = """
players = ["A", "B"]
battlefield = [{ id = "pw", card = "Test Walker", controller = "A" }]
action = [{ do = "cast", card = "Merciless Eviction", by = "B", mode = "planeswalkers" }]
"""
    out = _on_both_engines(tmp_path, WALKERS, scenario)
    assert out["exile"]["A"] == ["Test Walker"] and out["battlefield"] == []


def test_603_10a_cruel_celebrant_drains_as_a_planeswalker_of_yours_dies(tmp_path: Path) -> None:
    """CR 603.10a, 700.4: Cruel Celebrant watches its controller's creatures and planeswalkers
    die, Zulaport Cutthroat creatures only. A's planeswalker destroyed: B loses 1, A gains 1;
    B's planeswalker: nothing. Wrath of God then kills both drainers: each sees itself and the
    other (four triggers). A ends at 25, B at 15."""
    scenario = """
players = ["A", "B"]
battlefield = [
  { id = "cc", card = "Cruel Celebrant", controller = "A" },
  { id = "zc", card = "Zulaport Cutthroat", controller = "A" },
  { id = "mine", card = "Test Walker", controller = "A" },
  { id = "theirs", card = "Test Walker", controller = "B" },
]
action = [
  { do = "destroy", target = "mine" },
  { do = "destroy", target = "theirs" },
  { do = "cast", card = "Wrath of God", by = "B" },
]
"""
    out = _on_both_engines(tmp_path, WALKERS, scenario)
    assert out["life"] == {"A": 25, "B": 15}
    abilities = [(t["id"], t["ability"]) for t in out["stack_order"]]
    assert abilities[0] == ("cc", "life_loss") and len(abilities) == 5


BROOD = """
[[card]]
name = "Brood Egg"
mana_cost = ""
types = ["Creature"]
subtypes = ["Insect"]
power = 0
toughness = 1
token_only = true
oracle = "When this token leaves the battlefield, create a 1/1 Thopter token."
abilities = [{ template = "leaves_create_token", token = "Thopter" }]

[[card]]
name = "Brood Mother"
mana_cost = "{2}{G}"
types = ["Creature"]
subtypes = ["Insect"]
power = 2
toughness = 2
oracle = "When Brood Mother leaves the battlefield, create two Brood Egg tokens."
abilities = [{ template = "leaves_create_token", token = "Brood Egg", amount = 2 }]
"""


def test_111_1_tokens_made_by_a_token_are_its_own_series(tmp_path: Path) -> None:
    """CR 111.1, 603.6c, 704.5d: Brood Mother leaves and makes two Egg tokens; Wrath of God
    destroys them and each Egg's trigger makes a Thopter: each Thopter is the first of its
    Egg's series (``mother.brood_egg1.thopter1``), on both engines. The batch engine once
    counted an Egg's Thopters on the Egg's own number, and could put a Thopter in the slot of
    the Egg that made it (its trigger off the stack), a token that named itself."""
    scenario = """
players = ["A", "B"]
active = "A"
battlefield = [{ id = "mother", card = "Brood Mother", controller = "A" }]
action = [
  { do = "cast", card = "Wrath of God", by = "A" },
  { do = "cast", card = "Wrath of God", by = "B" },
]
"""
    out = _on_both_engines(tmp_path, BROOD, scenario)
    ids = sorted(p["id"] for p in out["battlefield"])
    assert ids == ["mother.brood_egg1.thopter1", "mother.brood_egg2.thopter1"]
