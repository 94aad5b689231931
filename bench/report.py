"""Where a benchmark script writes its tables: between its two marker comments in BENCHMARKS.md.

The text around the markers is written by hand and kept as it is; what lies between them is
replaced by each run. A report without the markers gets them at its end.
"""
from __future__ import annotations

from pathlib import Path


def markers(name: str) -> tuple[str, str]:
    """The begin and end comments of one script's section (``bench`` gives ``<!-- bench:begin -->``)."""
    return f"<!-- {name}:begin -->", f"<!-- {name}:end -->"


def write_section(text: str, path: Path, name: str, writer: str) -> None:
    """Replace the section ``name`` of ``path`` with ``text``, noting that ``writer`` writes it."""
    begin, end = markers(name)
    doc = path.read_text(encoding="utf-8") if path.exists() else f"# Benchmarks\n\n{begin}\n{end}\n"
    if begin not in doc or end not in doc:
        doc += f"\n{begin}\n{end}\n"
    head, rest = doc.split(begin, 1)
    _, tail = rest.split(end, 1)
    path.write_text(f"{head}{begin}\n<!-- written by {writer}; edit the text around it, not inside -->\n\n"
                    f"{text}\n{end}{tail}", encoding="utf-8")
