"""The commands as Python functions that return pandas DataFrames, for notebooks (SPEC section
7): ``run_experiment`` (``sim.run.experiment``), and here ``explain``, ``explain_trial``,
``load_run``, ``find_cards`` and ``run_bench``.

Bad input raises ``sim.errors.UserError`` with the command line's one-line message; a scenario
the batch engine stops at a declared cap raises ``sim.errors.OutsideShapes`` (the command's
exit code 3). Card files are this process's, as for a command: the batch engine builds its card
tables once, so a second, different set of card files is refused with one line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine import reference
from sim.config.cards import card_library, use_cards, use_file_cards
from sim.config.scenario import load_scenario, parse_scenario
from sim.errors import OutsideShapes, UserError
from sim.report.explain_text import render

if TYPE_CHECKING:
    import pandas as pd

    from engine.scenario import Scenario
    from sim.run.experiment import ExperimentResult

ENGINES = ("reference", "batch")


@dataclass(frozen=True)
class Explanation:
    """One scenario played out, or one trial of a run replayed on the reference engine."""

    outcome: dict[str, Any]  # the JSON outcome contract (SPEC 3), as ``explain --json`` prints
    text: str  # the explanation in words, as ``cauldron explain`` prints it
    log: pd.DataFrame  # columns ``rule`` and ``text``: what happened, in order
    agrees: bool | None = None  # a replayed trial: the batch engine's outcome is the same
    batch_cap: str = ""  # ... or the declared cap the batch engine stopped it at

    def __str__(self) -> str:
        return self.text

    @property
    def battlefield(self) -> pd.DataFrame:
        """The permanents as the scenario ends, one row each (the outcome's ``battlefield``)."""
        import pandas as pd

        return pd.DataFrame(self.outcome.get("battlefield", []))


def _log_frame(rows: Sequence[tuple[str, str]]) -> pd.DataFrame:
    import pandas as pd

    return pd.DataFrame(list(rows), columns=["rule", "text"])


def scenario_outcome(scenario: Scenario, engine: str, name: str) -> dict[str, Any]:
    """``scenario`` played on ``engine`` (``ENGINES``): its JSON outcome. On the batch
    engine, a scenario outside its shapes, or stopped at a declared cap, raises
    ``OutsideShapes`` naming ``name`` (SPEC 7: exit code 3, one line saying why)."""
    if engine not in ENGINES:
        raise UserError(f"explain: unknown engine {engine!r} (hint: one of {', '.join(ENGINES)})")
    if engine == "reference":
        return reference.run(scenario)
    from engine.batch.scenario import play_scenario
    from engine.batch.shapes import OutsideShapes as Outside
    from sim.run.warm import EXPLAIN, announce_compile, ran

    announce_compile(EXPLAIN, "scenarios")
    try:
        out, cap = play_scenario(scenario)
    except Outside as err:
        raise OutsideShapes(f"{name}: outside the batch engine's shapes: {err}") from None
    ran(EXPLAIN)
    if cap:
        raise OutsideShapes(f"{name}: the batch engine stops: {cap}")
    return out


def explain(
    scenario: str | Path | Mapping[str, Any],
    *,
    engine: str = "reference",
    cards: Sequence[str | Path] = (),
) -> Explanation:
    """Play one scenario (a file's path, or its parsed TOML as a dict, whose ``cards`` key is
    then relative to the working folder) on ``engine``, with the card files ``cards`` besides
    those the scenario names: ``cauldron explain FILE``."""
    if isinstance(scenario, Mapping):
        use_file_cards(scenario, "<scenario>", [str(c) for c in cards])
        parsed, name = parse_scenario(scenario), "<scenario>"
    else:
        parsed, name = load_scenario(Path(scenario), [str(c) for c in cards]), str(scenario)
    out = scenario_outcome(parsed, engine, name)
    log = [(str(e["rule"]), str(e["text"])) for e in out.get("log", [])]
    return Explanation(out, render(out), _log_frame(log))


def explain_trial(run: str | Path, trial: int, group: int = 0) -> Explanation:
    """Trial ``trial`` of sweep point ``group`` of the run in folder ``run``, rebuilt from
    its seeds and replayed on the reference engine, with whether the batch engine agreed:
    ``cauldron explain --run DIR --trial N --group G``."""
    from sim.config.cards import use_run_cards
    from sim.run.experiment import experiment_of_run
    from sim.run.replay import replay_trial

    use_run_cards(Path(run))
    replayed = replay_trial(experiment_of_run(Path(run)), group, trial).replayed()
    return Explanation(
        replayed.outcome,
        replayed.text,
        _log_frame(replayed.log),
        replayed.agrees,
        replayed.batch_cap,
    )


def load_run(folder: str | Path) -> ExperimentResult:
    """A run folder ``cauldron run`` wrote, read back as ``run_experiment`` returned it: the
    summary, one DataFrame per CSV (keyed by its name without ``.csv``), the manifest."""
    import pandas as pd

    from sim.report.data import load_run as read_folder
    from sim.run.experiment import ExperimentResult

    run = read_folder(Path(folder))
    tables: dict[str, pd.DataFrame] = {}
    for name in run.csv_files:
        if name == "summary.csv":
            continue
        try:
            tables[name.removesuffix(".csv")] = pd.read_csv(run.folder / name)
        except (OSError, ValueError) as err:
            raise UserError(f"{run.folder / name}: unreadable ({err})") from None
    return ExperimentResult(run.summary, tables, run.manifest, run.folder)


def find_cards(text: str = "", *, cards: Sequence[str | Path] = ()) -> pd.DataFrame:
    """The cards whose name, type or text contains ``text`` (all of them for ""), from the
    library and the card files ``cards``: ``cauldron cards TEXT``. One row a card."""
    import pandas as pd

    from engine.library import search_cards

    found = search_cards(text, card_library([str(c) for c in cards]))
    return pd.DataFrame(
        [
            {
                "name": card.name,
                "mana_cost": card.mana_cost.text,
                "mana_value": card.mana_cost.mana_value,
                "types": " ".join(sorted(card.supertypes) + sorted(card.types)),
                "subtypes": " ".join(sorted(card.subtypes)),
                "power": card.power,
                "toughness": card.toughness,
                "keywords": ", ".join(card.keywords),
                "templates": ", ".join(a.template for a in card.abilities),
                "oracle": card.oracle,
            }
            for card in found
        ],
        columns=[
            "name", "mana_cost", "mana_value", "types", "subtypes", "power", "toughness",
            "keywords", "templates", "oracle",
        ],
    )  # fmt: skip


def run_bench(
    workloads: Sequence[str] | None = None,
    *,
    trials: int | None = None,
    reference_trials: int = 300,
    cards: Sequence[str | Path] = (),
) -> pd.DataFrame:
    """Time the batch and reference engines on ``workloads`` (all when None), each in a
    process of its own: ``cauldron bench --json``, one row a workload."""
    import pandas as pd

    use_cards([str(c) for c in cards])
    from sim import bench as timing  # (it imports the engine, which builds its card tables)

    timing.check_count("trials", trials)
    timing.check_count("reference_trials", reference_trials)
    names = timing.workload_names(workloads)
    rows = timing.bench(
        trials=timing.TRIALS if trials is None else trials,
        reference_trials=reference_trials,
        names=names,
    )
    return pd.DataFrame(rows)
