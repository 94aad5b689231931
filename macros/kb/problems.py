"""Problems found in contributor data, and how they are printed.

Every problem names the file, line and column, the logical path of the value
(``claims/benchmarks.yml > gptoss-e2e-jalapeno > sources[1]``), the rule that
was broken, what was wrong, and a hint for someone who has never read the code.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, order=True)
class Problem:
    file: str
    line: int
    column: int
    rule: str
    message: str
    hint: str = ""
    path: tuple = field(default=(), compare=False)

    @property
    def logical_path(self) -> str:
        parts = [self.file]
        for p in self.path:
            if isinstance(p, int):
                parts[-1] += f"[{p}]"
            else:
                parts.append(str(p))
        return " > ".join(parts)

    def __str__(self) -> str:
        hint = f" ({self.hint})" if self.hint else ""
        where = self.logical_path
        return f"{self.file}:{self.line}:{self.column}: {self.rule}: {where}: {self.message}{hint}"


class DataError(Exception):
    """Raised once, after loading, with every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(set(problems))
        super().__init__(f"{len(self.problems)} problem(s) in the fact base")

    def report(self) -> str:
        lines = [str(p) for p in self.problems]
        lines.append(f"{len(self.problems)} problem(s) found; nothing was published.")
        return "\n".join(lines)
