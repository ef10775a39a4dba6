"""Compare a JSON outcome with an ``.expect.json`` file (only the keys it lists matter)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.mana_types import MANA_TYPES


def _counters(c: Mapping[str, int] | None) -> dict[str, int]:
    return {k: v for k, v in (c or {}).items() if v}


def mismatches(exp: Mapping[str, Any], out: Mapping[str, Any]) -> list[str]:
    """Every way ``out`` differs from the expectation ``exp``; empty when it matches."""
    errs: list[str] = []
    if "result" in exp and out["result"] != exp["result"]:
        errs.append(f"result {out['result']!r} != {exp['result']!r}")
    if "returned" in exp and [r["id"] for r in out["returned"]] != exp["returned"]:
        errs.append(f"returned {[r['id'] for r in out['returned']]} != {exp['returned']}")
    errs += _board(exp, out)
    for player, want in exp.get("life", {}).items():
        if out["life"][player] != want:
            errs.append(f"life {player} {out['life'][player]} != {want}")
    errs += _mana(exp, out)
    if "rejected" in exp and sorted(r["action"] for r in out["rejected"]) != sorted(
        exp["rejected"]
    ):
        errs.append(f"rejected {out['rejected']} != {exp['rejected']}")
    for zone in ("graveyard", "exile"):
        errs += _zone(exp, out, zone)
    return errs


def _board(exp: Mapping[str, Any], out: Mapping[str, Any]) -> list[str]:
    errs: list[str] = []
    board = {p["id"]: p for p in out["battlefield"]}
    for pid, fields in exp.get("battlefield", {}).items():
        if pid not in board:
            errs.append(f"{pid} not on the battlefield")
            continue
        for key, want in fields.items():
            got = board[pid].get(key)
            if key == "counters":
                got, want = _counters(got), _counters(want)
            if got != want:
                errs.append(f"{pid}.{key} {got!r} != {want!r}")
    errs += [
        f"{pid} should not be on the battlefield" for pid in exp.get("absent", []) if pid in board
    ]
    for card, n in exp.get("count_card", {}).items():
        got = sum(1 for p in out["battlefield"] if p["card"].lower() == card.lower())
        if got != n:
            errs.append(f"count {card} {got} != {n}")
    return errs


def _mana(exp: Mapping[str, Any], out: Mapping[str, Any]) -> list[str]:
    errs: list[str] = []
    for player, want in exp.get("mana", {}).items():
        pool = out["mana_pool"][player]
        errs += [
            f"mana {player}.{t} {pool[t]} != {want.get(t, 0)}"
            for t in MANA_TYPES
            if pool[t] != want.get(t, 0)
        ]
    for pid, types in exp.get("could_produce", {}).items():
        got = out["could_produce"].get(pid)
        if got is None or sorted(got) != sorted(types):
            errs.append(f"could_produce {pid} {got} != {types}")
    return errs


def _zone(exp: Mapping[str, Any], out: Mapping[str, Any], zone: str) -> list[str]:
    errs: list[str] = []
    for player, cards in exp.get(f"{zone}_has", {}).items():
        have = [c.lower() for c in out[zone][player]]
        for c in cards:
            if c.lower() in have:
                have.remove(c.lower())
            else:
                errs.append(f"{zone} of {player} lacks {c}")
    for player, cards in exp.get(f"{zone}_lacks", {}).items():
        have = [c.lower() for c in out[zone][player]]
        errs += [f"{zone} of {player} has {c}" for c in cards if c.lower() in have]
    return errs
