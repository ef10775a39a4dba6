"""Issue 12: a seeded mutator over the shipped scenario and experiment files, run through
``validate``, ``explain`` on both engines and a small ``run``.

Every outcome must be a clean one: exit 0, or one line on stderr with exit 2 (bad input) or 3
(past a batch-engine cap, with the reason). A traceback, a hang (a time limit per command),
an ``unsupported`` outcome without a reason, or a memory blow-up (the child process runs
under an address-space limit, so a runaway allocation is a MemoryError traceback) fails.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
import resource
import subprocess
import sys
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SEED = 12
FILES_PER_KIND = {"scenario": 240, "experiment": 24}
SECONDS_PER_COMMAND = 60
MEMORY_LIMIT = 4 * 2**30  # bytes of address space for the child that runs the corpus
EXTREMES = ("0", "-1", "32768", "40000", "2147483648", "9223372036854775807", "1e308", "nan")
STRINGS = ('"' + "x" * 5000 + '"', '"é☃"', '""', "[]", "{}", '[["persist"]]')
NUMBER = re.compile(r"(?<![\w.\"])-?\d+(\.\d+)?(?![\w.\"])")


def _mutate(text: str, rng: random.Random) -> str:
    """One random change of the kinds a hostile user makes: a number made extreme, a value
    of the wrong type, a deleted or repeated line, a truncated file."""
    lines = text.splitlines()
    i = rng.randrange(len(lines))
    kind = rng.random()
    if kind < 0.45 and NUMBER.search(lines[i]):
        lines[i] = NUMBER.sub(lambda _: rng.choice(EXTREMES), lines[i], count=1)
    elif kind < 0.6 and "=" in lines[i]:
        key = lines[i].split("=", 1)[0]
        lines[i] = f"{key}= {rng.choice(STRINGS)}"
    elif kind < 0.75:
        del lines[i]
    elif kind < 0.85:
        lines.insert(i, lines[i])
    else:
        return text[: rng.randrange(len(text))]
    return "\n".join(lines) + "\n"


def _small(text: str) -> str:
    """An experiment cut down to a run that takes a moment."""
    text = re.sub(r"(?m)^trials\s*=.*$", "trials = 1024", text)
    return re.sub(r"(?m)^batch_size\s*=.*$", "batch_size = 512", text)


def _call(argv: list[str]) -> tuple[int | None, str, str, str]:
    """(exit code, stdout, stderr, problem) of one in-process ``cauldron`` command."""
    from sim.cli.main import main
    from tests.helpers import time_limit

    out, err = io.StringIO(), io.StringIO()
    try:
        with (
            time_limit(SECONDS_PER_COMMAND),
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(err),
        ):
            try:
                code: int | None = main(argv)
            except SystemExit as done:
                code = done.code if isinstance(done.code, int) else 2
    except BaseException:  # any escape is the finding
        return None, "", "", traceback.format_exc(limit=4)
    return code, out.getvalue(), err.getvalue(), ""


def _problem(argv: list[str], code: int | None, out: str, err: str) -> str:
    if code not in (0, 2, 3):
        return f"exit {code}"
    if code in (2, 3) and (err.count("\n") != 1 or "Traceback" in err):
        return "not one line: " + err[:300]
    if code == 0 and "--json" in argv:
        outcome = json.loads(out)
        if outcome["result"] == "unsupported" and not outcome.get("reason"):
            return "unsupported without a reason"
    return ""


def _commands(kind: str, path: Path, out: Path) -> list[list[str]]:
    if kind == "experiment":
        return [["validate", str(path)], ["run", str(path), "--jobs", "1", "--out", str(out)]]
    return [
        ["validate", str(path)],
        ["explain", str(path)],
        ["explain", str(path), "--json"],
        ["explain", str(path), "--json", "--engine", "batch"],
    ]


def fuzz(folder: Path) -> dict[str, object]:
    """Run the corpus; return the findings and what ran (for the test's own checks)."""
    rng = random.Random(SEED)
    sources = {
        "scenario": sorted(
            [*ROOT.glob("tests/scenarios/*.toml"), *ROOT.glob("experiments/scenarios/*.toml")]
        ),
        "experiment": sorted(
            p for p in ROOT.glob("experiments/*.toml") if p.name != "EXAMPLE.toml"
        ),
    }
    findings: list[str] = []
    ran: Counter[str] = Counter()
    for kind, count in FILES_PER_KIND.items():
        for n in range(count):
            source = rng.choice(sources[kind])
            text = source.read_text("utf-8")
            mutated = _mutate(_small(text) if kind == "experiment" else text, rng)
            path = folder / f"{kind}{n}.toml"
            path.write_text(mutated, "utf-8")
            for argv in _commands(kind, path, folder / f"run{n}"):
                code, out, err, crash = _call(argv)
                ran[f"{argv[0]} exit {code}"] += 1
                problem = crash or _problem(argv, code, out, err)
                if problem:
                    findings.append(
                        f"{source.name} -> {path.name}: {' '.join(argv[:1])}: {problem}"
                    )
    return {"findings": findings, "ran": dict(ran)}


def test_mutated_files_give_clean_answers_only(tmp_path: Path) -> None:
    """The corpus runs in a child process under an address-space limit (a runaway allocation
    fails there, not on the machine); the child prints its findings as JSON."""
    child = subprocess.run(
        [
            sys.executable,
            "-c",
            f"import json, sys; from tests.hostile.test_fuzz import fuzz; "
            f"from pathlib import Path; print(json.dumps(fuzz(Path({str(tmp_path)!r}))))",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT)),
        check=False,
    )
    assert child.returncode == 0, child.stderr[-2000:]
    report = json.loads(child.stdout.strip().splitlines()[-1])
    assert report["findings"] == []
    ran = report["ran"]
    # the corpus reached every command, both clean refusals and real answers
    for command in ("validate", "explain", "run"):
        assert ran.get(f"{command} exit 0", 0) > 0, ran
        assert ran.get(f"{command} exit 2", 0) > 0, ran
