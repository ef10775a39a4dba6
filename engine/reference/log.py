"""The event log: every step the engine takes, with the rule that caused it."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Event:
    rule: str
    text: str


@dataclass
class EventLog:
    events: list[Event] = field(default_factory=list)

    def add(self, rule: str, text: str) -> None:
        self.events.append(Event(rule, text))

    def as_dicts(self) -> list[dict[str, str]]:
        return [{"rule": e.rule, "text": e.text} for e in self.events]
