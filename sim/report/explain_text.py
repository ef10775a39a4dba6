"""The human-readable form of an outcome: the rule-cited log, then the final state."""

from __future__ import annotations

from typing import Any

from engine.reference.mana import show_mana


def _counters(c: dict[str, int]) -> str:
    return ", ".join(f"{n} {k}" for k, n in c.items()) or "no counters"


def render(out: dict[str, Any]) -> str:
    """The log with its rule column aligned, then the result and the final state."""
    if out.get("engine") == "batch":
        lines = ["Batch engine: the outcome only (the reference engine explains each step)"]
    else:
        lines = ["Event log (rule: what happened)"]
    width = max((len(e["rule"]) for e in out["log"]), default=0)
    lines += [f"  {e['rule']:<{width}}  {e['text']}" for e in out["log"]]
    lines.append("")
    result = out["result"] + (f" ({out['reason']})" if out.get("reason") else "")
    lines.append(f"Result: {result}")
    if out["returned"]:
        order = ", ".join(f"{r['id']} ({r['controller']}, {r['by']})" for r in out["returned"])
        lines.append(f"Returned, in order: {order}")
    lines += _battlefield(out["battlefield"])
    lines.append("Life: " + ", ".join(f"{k} {v}" for k, v in out["life"].items()))
    lines += _zones(out)
    lines += _mana(out)
    for r in out["rejected"]:
        lines.append(f"Rejected: action {r['action']}: {r['reason']} ({r['rule']})")
    return "\n".join(lines)


def _battlefield(permanents: list[dict[str, Any]]) -> list[str]:
    lines = ["Battlefield:"]
    for p in permanents:
        pt = f" {p['power']}/{p['toughness']}" if p["power"] is not None else ""
        flags = [f for f, on in (("tapped", p["tapped"]), ("token", p["token"])) if on]
        if p["damage"]:
            flags.append(f"{p['damage']} damage")
        lines.append(
            f"  {p['id']}: {p['card']}{pt} ({p['controller']}, object {p['object']}, "
            f"{_counters(p['counters'])}{', ' + ', '.join(flags) if flags else ''})"
        )
    if not permanents:
        lines.append("  (empty)")
    return lines


def _zones(out: dict[str, Any]) -> list[str]:
    lines = []
    for zone in ("graveyard", "exile", "hand"):
        held = {k: v for k, v in out[zone].items() if v}
        if held:
            lines.append(
                f"{zone.capitalize()}: "
                + "; ".join(f"{k}: {', '.join(v)}" for k, v in held.items())
            )
    return lines


def _mana(out: dict[str, Any]) -> list[str]:
    lines = []
    pools = {k: {t: n for t, n in v.items() if n} for k, v in out["mana_pool"].items()}
    if any(pools.values()):
        lines.append(
            "Mana pools: "
            + "; ".join(f"{k}: " + (show_mana(v) if v else "empty") for k, v in pools.items())
        )
    if out["could_produce"]:
        lines.append(
            "Could produce: "
            + "; ".join(f"{k}: {''.join(v) or 'nothing'}" for k, v in out["could_produce"].items())
        )
    return lines
