"""Typed reads from a parsed experiment file, each failing with the key path and a hint.

The experiment parsers (``experiment_config``, ``experiment_wipe``, ``experiment_mana``) read
every value through a ``Reader``, so every error names the file and the exact key.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from engine.library import Card, find_card, library
from sim.config.dists import Discrete, SeatDist
from sim.errors import MAX_PLACE, UserError, clip, echo

K = TypeVar("K")

SEAT_NAMES = ("active", "next", "third", "fourth", "fifth", "sixth")
MAX_PLAYERS = len(SEAT_NAMES)


def read_toml(path: Path) -> dict[str, Any]:
    """A TOML file parsed; UserError (one line naming the file) when it cannot be."""
    try:
        return tomllib.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        raise UserError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise UserError(f"{path}: is a folder, not a TOML file") from None
    except (OSError, UnicodeDecodeError) as err:
        raise UserError(f"{path}: cannot read: {err}") from None
    except tomllib.TOMLDecodeError as err:
        raise UserError(f"{path}: not valid TOML: {err}") from None


def unknown_card_hint(name: str) -> str:
    """Close names in the library, else where to look (and how to add one's own)."""
    close = [c.name for c in library().values() if name.lower()[:4] in c.name.lower()]
    if close:
        return "did you mean " + ", ".join(close[:3]) + "?"
    return "see `cauldron cards`; cards of your own load with --cards FILE"


def join(where: str, key: str | int) -> str:
    """The key path of ``key`` inside ``where`` (``slots[0].token``)."""
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{key}" if where else key


def _type_name(value: Any) -> str:
    return {
        bool: "boolean",
        int: "integer",
        float: "number",
        str: "string",
        list: "list",
        dict: "table",
    }.get(type(value), type(value).__name__)


class Reader:
    """Reads values out of one file's parsed TOML; ``source`` names the file in errors."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, problem: str, hint: str = "") -> UserError:
        tail = f" (hint: {hint})" if hint else ""
        place = f"{clip(where, MAX_PLACE)}: " if where else ""
        return UserError(f"{self.source}: {place}{problem}{tail}")

    def keys(self, table: Mapping[str, Any], allowed: set[str], where: str) -> None:
        for key in table:
            if key not in allowed:
                raise self.fail(
                    join(where, key), "unknown key", "allowed: " + ", ".join(sorted(allowed))
                )

    def table(self, data: Mapping[str, Any], key: str, where: str) -> dict[str, Any]:
        """A sub-table (empty if absent)."""
        value = data.get(key, {})
        if not isinstance(value, dict):
            raise self.fail(
                join(where, key), f"expected a table, got {_type_name(value)} {echo(value)}"
            )
        return value

    def tables(self, data: Mapping[str, Any], key: str, where: str) -> list[dict[str, Any]]:
        """An array of tables (``[[key]]``); absent is an empty list."""
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self.fail(join(where, key), "expected an array of tables", f"write [[{key}]]")
        return value

    def integer(self, value: Any, where: str, low: int, high: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(where, f"expected an integer, got {_type_name(value)} {echo(value)}")
        if not low <= value <= high:
            raise self.fail(where, f"{value} is out of range", f"between {low} and {high}")
        return value

    def text(self, value: Any, where: str, choices: tuple[str, ...] = ()) -> str:
        if not isinstance(value, str):
            raise self.fail(where, f"expected a string, got {_type_name(value)} {echo(value)}")
        if choices and value not in choices:
            raise self.fail(where, f"unknown value {echo(value)}", "one of " + ", ".join(choices))
        return value

    def boolean(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(where, f"expected true or false, got {_type_name(value)} {echo(value)}")
        return value

    def prob(self, value: Any, where: str) -> float:
        """A probability: a number in [0, 1] (or true/false)."""
        if isinstance(value, bool):
            return float(value)
        if not isinstance(value, int | float):
            raise self.fail(where, f"expected a probability, got {_type_name(value)} {echo(value)}")
        if not 0.0 <= value <= 1.0:
            raise self.fail(where, f"probability {value} is outside [0, 1]")
        return float(value)

    def weights(
        self, value: Any, where: str, key: Callable[[str, str], K]
    ) -> tuple[tuple[K, ...], tuple[float, ...]]:
        """A table ``{key = weight}``: keys parsed by ``key(name, path)``, weights >= 0, not all
        zero; returned normalized, in the file's order."""
        if not isinstance(value, dict) or not value:
            raise self.fail(where, "expected a table of weights", 'e.g. { "Kitchen Finks" = 2 }')
        keys: list[K] = []
        weights: list[float] = []
        for name, w in value.items():
            path = join(where, name)
            if isinstance(w, bool) or not isinstance(w, int | float) or w < 0 or w != w:
                raise self.fail(path, f"expected a weight >= 0, got {echo(w)}")
            keys.append(key(name, path))
            weights.append(float(w))
        total = sum(weights)
        if total <= 0 or total == float("inf"):
            raise self.fail(where, "impossible distribution: the weights sum to 0 (or overflow)")
        if len(set(keys)) != len(keys):
            raise self.fail(where, "a value is listed twice")
        return tuple(keys), tuple(w / total for w in weights)

    def count(self, value: Any, where: str, low: int, high: int, prob: bool = True) -> Discrete:
        """A small distribution over integers in [low, high]: an integer (fixed), a list
        (uniform), a table ``{ "0" = 8, "1" = 2 }`` (weights), or, with ``prob``, a number in
        [0, 1] (one with that probability, else zero)."""
        if isinstance(value, float | bool):
            if not prob:
                raise self.fail(where, f"expected an integer, a list or a table, got {echo(value)}")
            if low > 0 or high < 1:
                raise self.fail(where, f"a probability needs 0 and 1 in range [{low}, {high}]")
            return Discrete.bernoulli(self.prob(value, where))
        if isinstance(value, int):
            return Discrete.fixed(self.integer(value, where, low, high))
        if isinstance(value, list):
            return self._uniform_count(value, where, low, high)

        def as_int(name: str, path: str) -> int:
            try:
                number = int(name)
            except ValueError:
                raise self.fail(path, f"expected an integer key, got {echo(name)}") from None
            return self.integer(number, path, low, high)

        if not isinstance(value, dict):
            raise self.fail(
                where,
                f"expected a distribution, got {_type_name(value)} {echo(value)}",
                'an integer, a list, or a table such as { "0" = 8, "1" = 2 }',
            )
        values, probs = self.weights(value, where, as_int)
        return Discrete(values, probs)

    def _uniform_count(self, value: list[Any], where: str, low: int, high: int) -> Discrete:
        """A list of distinct integers in [low, high], each equally likely."""
        if not value:
            raise self.fail(where, "impossible distribution: the list is empty")
        items = [self.integer(v, join(where, i), low, high) for i, v in enumerate(value)]
        if len(set(items)) != len(items):
            raise self.fail(where, "a value is listed twice")
        return Discrete(tuple(items), tuple(1.0 / len(items) for _ in items))

    def card(self, name: str, where: str) -> Card:
        card = find_card(name)
        if card is None:
            raise self.fail(where, f"unknown card {echo(name)}", unknown_card_hint(name))
        return card

    def distinct_cards(self, value: Any, where: str, hint: str) -> tuple[str, ...]:
        """A non-empty list of distinct card names (a fixed order of cards), as the library
        names them."""
        if not isinstance(value, list) or not value:
            raise self.fail(where, "expected a non-empty list of cards", hint)
        names = tuple(
            self.card(self.text(v, join(where, i)), join(where, i)).name
            for i, v in enumerate(value)
        )
        if len(set(names)) != len(names):
            raise self.fail(where, "a card is listed twice")
        return names

    def seat(self, value: Any, where: str, n_min: int) -> SeatDist:
        """``"random"`` (uniform), a seat name (``"active"``, ``"next"``...), or a table of
        weights by seat name. Every player count the file allows (``n_min`` and up) must leave
        some seat with weight."""
        if value == "random":
            return SeatDist(None)
        if isinstance(value, str):
            value = {self.text(value, where, ("random", *SEAT_NAMES)): 1}

        def seat_index(name: str, path: str) -> int:
            return SEAT_NAMES.index(self.text(name, path, SEAT_NAMES))

        seats, probs = self.weights(value, where, seat_index)
        weights = [0.0] * MAX_PLAYERS
        for s, p in zip(seats, probs, strict=True):
            weights[s] = p
        if sum(weights[:n_min]) <= 0:
            raise self.fail(
                where,
                f"impossible distribution: no seat with weight among {n_min} players",
                "give weight to " + ", ".join(SEAT_NAMES[:n_min]),
            )
        while weights and weights[-1] == 0.0:
            weights.pop()
        return SeatDist(tuple(weights))
