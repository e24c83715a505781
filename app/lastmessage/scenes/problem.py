"""One problem `scenes check` reports: the file, the entry and what is wrong (shared by the rule modules)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    source: str
    entry: str
    problem: str

    def __str__(self) -> str:
        return f"{self.source}: {self.entry}: {self.problem}" if self.entry else f"{self.source}: {self.problem}"
