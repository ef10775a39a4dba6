"""Write [[card]] tables as TOML in the layout of ``engine/cards.toml`` (no TOML writer is a
dependency: the schema needs strings, integers, booleans, lists and inline tables only)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, Final

# The order of keys in a [[card]] table, as engine/cards.toml writes them.
KEY_ORDER: Final = (
    "name",
    "replaces",
    "mana_cost",
    "color_indicator",
    "supertypes",
    "types",
    "subtypes",
    "power",
    "toughness",
    "keywords",
    "oracle",
    "abilities",
)


def value(v: Any) -> str:
    """One TOML value: JSON's string escapes are TOML's (DEL aside), lists and inline tables
    written out."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(v, list):
        return "[" + ", ".join(value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"no TOML form for {type(v).__name__}")


def card_table(table: dict[str, Any]) -> str:
    """One ``[[card]]`` block; abilities one a line, as cards.toml lists them."""
    lines = ["[[card]]"]
    for key in KEY_ORDER:
        if key not in table:
            continue
        if key == "abilities" and table[key]:
            lines.append("abilities = [")
            lines += [f"  {value(a)}," for a in table[key]]
            lines.append("]")
        else:
            lines.append(f"{key} = {value(table[key])}")
    return "\n".join(lines) + "\n"


def library_text(tables: Iterable[dict[str, Any]], header: str) -> str:
    """A whole card file: a comment header, then one block per card."""
    comment = "".join(f"# {line}\n" for line in header.splitlines())
    return comment + "".join("\n" + card_table(t) for t in tables)
