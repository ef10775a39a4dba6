"""Code shape: no function in ``engine/`` or ``sim/`` over 60 lines unless its docstring says
why (issue #10). Complexity (C901) is ruff's job, configured in pyproject.toml."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 60
REASON = "Long because"  # how a docstring says why a function may be longer


def _long_functions() -> tuple[int, list[str]]:
    seen, long = 0, []
    for folder in ("engine", "sim"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text("utf-8"))):
                if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                seen += 1
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_LINES and REASON not in (ast.get_docstring(node) or ""):
                    long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({lines})")
    return seen, long


def test_no_function_is_over_60_lines_without_a_reason() -> None:
    seen, long = _long_functions()
    assert seen > 500  # the scan found the code
    assert long == [], "functions over 60 lines:\n" + "\n".join(long)
