"""The user's card files of a run: ``--cards FILE`` flags, an experiment or scenario file's
``cards = ["FILE"]`` key (paths relative to that file), a run folder's manifest (issue #14).

The batch engine builds its card tables once a process, so these are put in place
(``engine.library.use_card_files``) before anything imports it: this module imports no engine
but the library, and the CLI calls it first.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from engine.library import (
    Card,
    CardFile,
    LibraryError,
    card_files,
    load_card_files,
    use_card_files,
)
from sim.errors import MAX_PLACE, UserError, clip, echo

HINT = "a card file has the schema of engine/cards.toml; a `cards` key is relative to its file"


def card_error(err: LibraryError) -> UserError:
    """A card file's error as the command line reports it: one line, with a hint."""
    return UserError(str(err) if "(hint:" in str(err) else f"{err} (hint: {HINT})")


def use_cards(paths: Sequence[str | Path], sha256: Sequence[str] | None = None) -> None:
    """Make ``paths`` this process's card files; a bad file or a second set is one line."""
    try:
        use_card_files(paths, sha256)
    except LibraryError as err:
        raise card_error(err) from None


def card_library(paths: Sequence[str | Path]) -> dict[str, Card] | None:
    """The library with the card files ``paths`` read into it, without making them this
    process's (``cauldron cards --cards``); None without files (the library as it is)."""
    if not paths:
        return None
    try:
        return load_card_files(paths)
    except LibraryError as err:
        raise card_error(err) from None


def file_cards(data: Mapping[str, Any], path: Path | str) -> list[Path]:
    """The ``cards`` key of a parsed experiment or scenario file, relative to its folder."""
    value = data.get("cards", [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise UserError(
            f"{path}: cards: expected a list of card file paths, got {echo(value)}"
            ' (hint: cards = ["my_cards.toml"], relative to this file)'
        )
    folder = Path(path).parent
    return [folder / v for v in value]


def use_file_cards(data: Mapping[str, Any], path: Path | str, flags: Sequence[str] = ()) -> None:
    """Put in place the cards a file needs: ``flags`` (``--cards``) and its ``cards`` key."""
    named: list[str | Path] = [*flags, *file_cards(data, path)]
    first = {Path(p).resolve(): i for i, p in reversed(list(enumerate(named)))}
    use_cards([named[i] for i in sorted(first.values())])  # a file named twice is read once


def manifest_cards() -> list[dict[str, str]]:
    """The card files in use, as ``manifest.json`` lists them: path and SHA-256."""
    return [{"path": f.path, "sha256": f.sha256} for f in card_files()]


def run_cards(doc: Mapping[str, Any], source: Path) -> tuple[CardFile, ...]:
    """The card files a run's manifest (or checkpoint note) lists; one line if malformed."""
    listed = doc.get("card_files", [])
    try:
        return tuple(CardFile(str(e["path"]), str(e["sha256"])) for e in listed)
    except (KeyError, TypeError):
        raise UserError(f"{source}: card_files: not a list of {{path, sha256}}") from None


def use_run_cards(run_dir: Path, place: str = "--run") -> None:
    """Put in place the card files a run folder was made with, unchanged since (``explain
    --run``, and ``report`` for its replayed trials; ``place`` begins the error); a folder
    without a manifest is left to ``experiment_of_run`` to report."""
    for path in (run_dir / "manifest.json", run_dir / "checkpoints" / "run.json"):
        try:
            doc = json.loads(path.read_text("utf-8"))
        except (OSError, ValueError):
            continue
        doc = doc.get("identity", doc) if isinstance(doc, dict) else {}
        if isinstance(doc, dict):
            files = run_cards(doc, path)
            where = clip(str(run_dir), MAX_PLACE)
            try:
                use_card_files([f.path for f in files], [f.sha256 for f in files])
            except LibraryError as err:
                raise UserError(f"{place} {where}: {card_error(err)}") from None
            return
