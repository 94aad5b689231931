"""Which version of the data a build shows, read from git, never from the clock.

A page cites the commit it was built from and that commit's date, and links to
that exact version of ``data/`` when the repository's address is known (from
``repo_url`` in mkdocs.yml, else the ``KB_REPO_URL`` environment variable;
never guessed).  The commit's time also becomes ``SOURCE_DATE_EPOCH`` for the
build (see :func:`source_date_epoch`), so that MkDocs' sitemap dates and
compressed files carry the commit's date rather than the day of the build, and
two builds of one commit are identical byte for byte.

Built outside a git checkout (a copied data folder, a source archive), the
version is unknown and pages say so; ``SOURCE_DATE_EPOCH``, when set, still
dates the build.
"""
from __future__ import annotations

import datetime as dt
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

# Hosts whose address for a folder at a commit is known: host -> path template after the repository.
TREE_PATHS = {
    "github.com": "/tree/{commit}/data",
    "gitlab.com": "/-/tree/{commit}/data",
    "codeberg.org": "/src/commit/{commit}/data",
}


@dataclass(frozen=True)
class DataVersion:
    commit: str | None  # full commit id, or None outside git
    timestamp: int | None  # the commit's time (or SOURCE_DATE_EPOCH), seconds since the epoch
    modified: bool  # data/ has changes that are not committed
    repo_url: str | None  # the repository's address, where known

    @property
    def short(self) -> str | None:
        return self.commit[:7] if self.commit else None

    @property
    def date(self) -> str | None:
        """The version's date, YYYY-MM-DD in UTC."""
        if self.timestamp is None:
            return None
        return dt.datetime.fromtimestamp(self.timestamp, dt.timezone.utc).date().isoformat()

    @property
    def tree_url(self) -> str | None:
        """Address of data/ at this commit, only where the host's layout is known and data/ is as committed."""
        if not (self.commit and self.repo_url) or self.modified:
            return None
        parts = urlsplit(self.repo_url)
        template = TREE_PATHS.get(parts.netloc.lower())
        if parts.scheme not in ("http", "https") or template is None:
            return None
        base = self.repo_url.rstrip("/")
        base = base[:-4] if base.endswith(".git") else base
        return base + template.format(commit=self.commit)


def _git(cwd: Path, *args: str) -> str | None:
    try:
        out = subprocess.run(["git", "-C", str(cwd), *args], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return out.stdout.strip() if out.returncode == 0 else None


def repo_url(config_repo_url: str | None) -> str | None:
    """mkdocs.yml's repo_url if set, else KB_REPO_URL, else None."""
    url = (config_repo_url or os.environ.get("KB_REPO_URL") or "").strip()
    return url if url.startswith(("https://", "http://")) else None


def read(data_dir: Path, repo: str | None) -> DataVersion:
    """The version of the data in ``data_dir``: the checkout's current commit and its time."""
    data_dir = Path(data_dir)
    head = _git(data_dir, "log", "-1", "--format=%H %ct") if data_dir.is_dir() else None
    inside = _git(data_dir, "rev-parse", "--is-inside-work-tree") == "true" if head else False
    if not head or not inside:
        epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
        return DataVersion(None, int(epoch) if epoch.isdigit() else None, False, repo)
    commit, ts = head.split()
    status = _git(data_dir, "status", "--porcelain", "--untracked-files=all", "--", ".")
    return DataVersion(commit, int(ts), bool(status), repo)


def source_date_epoch(version: DataVersion) -> str | None:
    """The value SOURCE_DATE_EPOCH takes for a build of ``version`` (None leaves the clock in charge)."""
    return None if version.timestamp is None else str(version.timestamp)
