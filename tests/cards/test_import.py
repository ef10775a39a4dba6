"""``cauldron cards import`` and ``cauldron cards coverage`` end to end, and their errors at the
boundary: one line naming the place, exit code 2, nothing written (issue #14)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from engine.library import library, load_card_file
from sim.cards import jsonstream
from sim.cards.sources import read_cards
from sim.cli.main import main
from tests.cards.expectations import EXPECTED
from tests.helpers import cauldron

FIXTURE = Path(__file__).parent / "fixtures" / "scryfall_sample.json"


def _import(tmp_path: Path, source: Path = FIXTURE) -> int:
    out, report = tmp_path / "LIB.toml", tmp_path / "COVERAGE.csv"
    return main(["cards", "import", str(source), "--out", str(out), "--report", str(report)])


def test_import_writes_one_row_per_object_and_only_recognized_cards(tmp_path: Path) -> None:
    assert _import(tmp_path) == 0
    with open(tmp_path / "COVERAGE.csv", encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0])[:4] == ["name", "status", "templates", "reason"]
    assert {r["name"]: r["status"] for r in rows} == {n: s for n, (_, s, _) in EXPECTED.items()}
    assert all(r["reason"] for r in rows if r["status"] != "recognized")
    written = {c.name for c in load_card_file(tmp_path / "LIB.toml")}
    recognized = {n for n, (_, s, _) in EXPECTED.items() if s == "recognized"}
    faces = {"Branchloft Pathway", "Boulderloft Pathway", "Clearwater Pathway"}
    faces |= {"Murkwater Pathway"}
    assert written == (recognized - {n for n in recognized if " // " in n}) | faces


def test_an_imported_builtin_card_replaces_it_and_agrees_on_every_template(
    tmp_path: Path,
) -> None:
    assert _import(tmp_path) == 0
    text = (tmp_path / "LIB.toml").read_text("utf-8")
    imported = {c.name: c for c in load_card_file(tmp_path / "LIB.toml")}
    shared = [n for n in imported if n.lower() in library()]
    # every built-in card but the tokens (Thopter, Pirate)
    assert len(shared) == sum(not c.token_only for c in library().values())
    for name in shared:
        assert f'name = "{name}"\nreplaces = "{name}"' in text
        mine, builtin = imported[name], library()[name.lower()]
        assert mine.abilities == builtin.abilities, name
        assert sorted(mine.keywords) == sorted(builtin.keywords), name
        assert (mine.types, mine.subtypes, mine.supertypes) == (
            builtin.types,
            builtin.subtypes,
            builtin.supertypes,
        ), name
        assert (mine.power, mine.toughness, mine.mana_cost) == (
            builtin.power,
            builtin.toughness,
            builtin.mana_cost,
        ), name
        assert mine.colors == builtin.colors, name


def test_coverage_prints_counts_by_status_and_card_type(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _import(tmp_path) == 0
    capsys.readouterr()
    assert main(["cards", "coverage", str(tmp_path / "COVERAGE.csv")]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("252 card objects\n")
    assert "  recognized        203" in printed and "  skipped            11" in printed
    assert "by card type" in printed and "  Creature" in printed


def _mtgjson(tmp_path: Path) -> Path:
    finks = {
        "name": "Kitchen Finks",
        "manaCost": "{1}{G/W}{G/W}",
        "type": "Creature — Ouphe",
        "types": ["Creature"],
        "text": "When Kitchen Finks enters the battlefield, you gain 2 life.\nPersist (reminder)",
        "power": "3",
        "toughness": "2",
        "layout": "normal",
    }
    fire = {"name": "Fire // Ice", "faceName": "Fire", "side": "a", "layout": "split"}
    fire |= {"manaCost": "{1}{R}", "type": "Instant", "text": "Fire deals 2 damage divided."}
    ice = fire | {"faceName": "Ice", "side": "b", "text": "Tap target permanent."}
    funny = finks | {"name": "Blacker Lotus", "isFunny": True, "type": "Artifact"}
    data = {"Kitchen Finks": [finks], "Fire // Ice": [fire, ice], "Blacker Lotus": [funny]}
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps({"meta": {"version": "5"}, "data": data}), "utf-8")
    return path


def test_mtgjson_atomic_cards_are_detected_and_read(tmp_path: Path) -> None:
    assert _import(tmp_path, _mtgjson(tmp_path)) == 0
    with open(tmp_path / "COVERAGE.csv", encoding="utf-8", newline="") as f:
        rows = {r["name"]: r for r in csv.DictReader(f)}
    assert rows["Kitchen Finks"]["status"] == "recognized"
    assert rows["Kitchen Finks"]["templates"] == "persist etb_gain_life"
    assert rows["Fire // Ice"]["status"] == "unsupported"
    assert rows["Blacker Lotus"]["status"] == "skipped"


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 64, 4096])
def test_a_card_cut_by_a_chunk_boundary_is_read_whole(
    chunk: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(jsonstream, "CHUNK", chunk)
    names = [obj.name for obj in read_cards(FIXTURE)]
    assert names == [c["name"] for c in json.loads(FIXTURE.read_text("utf-8"))]


def _bad_inputs(tmp_path: Path) -> dict[str, tuple[str, str]]:
    """name -> (file content, text the one-line error must hold)."""
    whole = FIXTURE.read_text("utf-8")
    return {
        "truncated.json": (whole[: len(whole) // 2], "not valid JSON"),
        "garbage.json": ('[{"name": "X",, }]', "line 1, column"),
        "string.json": ('"cards"', "not an array or object"),
        "numbers.json": ("[1, 2]", "element [0]"),
        "rulings.json": ('[{"object": "ruling", "name": "x"}]', "'ruling' object"),
        "printings.json": ('{"meta": {}, "data": {"10E": {"cards": []}}}', "list of card faces"),
        "nodata.json": ('{"meta": {}}', 'no "data" object'),
        "empty.json": ("", "an empty file"),
        "trailing.json": ("[] []", "after the end"),
    }


@pytest.mark.parametrize(
    "name",
    [
        "truncated.json",
        "garbage.json",
        "string.json",
        "numbers.json",
        "rulings.json",
        "printings.json",
        "nodata.json",
        "empty.json",
        "trailing.json",
    ],
)
def test_a_bad_input_file_is_one_line_exit_2_and_writes_nothing(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content, expected = _bad_inputs(tmp_path)[name]
    source = tmp_path / name
    source.write_text(content, "utf-8")
    assert _import(tmp_path, source) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(source) in err and expected in err, err
    assert not (tmp_path / "LIB.toml").exists() and not (tmp_path / "COVERAGE.csv").exists()


@pytest.mark.parametrize("where", ["missing", "folder", "under_a_file", "same", "input"])
def test_a_bad_destination_or_source_is_one_line_exit_2(
    where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "afile").write_text("x", "utf-8")
    (tmp_path / "adir").mkdir()
    source, out, report = str(FIXTURE), str(tmp_path / "LIB.toml"), str(tmp_path / "C.csv")
    if where == "missing":
        source = str(tmp_path / "nope.json")
    elif where == "folder":
        out = str(tmp_path / "adir")
    elif where == "under_a_file":
        out = str(tmp_path / "afile" / "LIB.toml")
    elif where == "same":
        report = out
    else:
        out = source
    assert main(["cards", "import", source, "--out", out, "--report", report]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "hint:" in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["adir", "afile"]


def test_coverage_of_a_file_that_is_not_a_coverage_csv_is_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "x.csv"
    bad.write_text("a,b\n1,2\n", "utf-8")
    assert main(["cards", "coverage", str(bad)]) == 2
    assert "no column 'name'" in capsys.readouterr().err
    assert main(["cards", "coverage", str(tmp_path / "none.csv")]) == 2


def test_import_from_the_command_line(tmp_path: Path) -> None:
    out, report = tmp_path / "LIB.toml", tmp_path / "COVERAGE.csv"
    done = cauldron("cards", "import", str(FIXTURE), "--out", str(out), "--report", str(report))
    assert done.returncode == 0, done.stderr
    assert "203 recognized" in done.stdout
    listed = cauldron("cards", "--cards", str(out), "Pathway")
    assert listed.returncode == 0 and "Murkwater Pathway" in listed.stdout
