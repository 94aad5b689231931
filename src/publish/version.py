"""Which version of the data a build shows, read from git, never from the clock.

A page cites the commit it was built from and that commit's date, and links to
that exact version of ``data/`` when the repository's address is known (from
``repo_url`` in mkdocs.yml, else the ``KB_REPO_URL`` environment variable;
never guessed).  Where it is, each claim's page also links to a new issue about
it, and, where the branch the site is published from is known too
(``KB_REPO_BRANCH``), to the editor of the file that records it.  The commit's time also becomes ``SOURCE_DATE_EPOCH`` for the
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
# ...and for a new issue with a title and a text, and for editing a file on a branch (query values percent-encoded).
ISSUE_PATHS = {
    "github.com": "/issues/new?title={title}&body={body}",
    "gitlab.com": "/-/issues/new?issue%5Btitle%5D={title}&issue%5Bdescription%5D={body}",
    "codeberg.org": "/issues/new?title={title}&body={body}",
}
EDIT_PATHS = {
    "github.com": "/edit/{branch}/{path}",
    "gitlab.com": "/-/edit/{branch}/{path}",
    "codeberg.org": "/_edit/{branch}/{path}",
}


@dataclass(frozen=True)
class DataVersion:
    commit: str | None  # full commit id, or None outside git
    timestamp: int | None  # the commit's time (or SOURCE_DATE_EPOCH), seconds since the epoch
    modified: bool  # data/ has changes that are not committed
    repo_url: str | None  # the repository's address, where known
    branch: str | None = None  # the branch the site is published from (KB_REPO_BRANCH), where known

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
        base, host = self._repo()
        template = TREE_PATHS.get(host)
        return None if base is None or template is None else base + template.format(commit=self.commit)

    def _repo(self) -> tuple[str | None, str | None]:
        """The repository's address without a trailing slash or .git, and its host; (None, None) for one not http(s)."""
        if not self.repo_url:
            return None, None
        parts = urlsplit(self.repo_url)
        if parts.scheme not in ("http", "https"):
            return None, None
        base = self.repo_url.rstrip("/")
        return (base[:-4] if base.endswith(".git") else base), parts.netloc.lower()

    def issue_url(self, title: str, body: str) -> str | None:
        """Address of a new issue in the repository, its title and text filled in; None where the repository or its
        host's layout is not known (never guessed)."""
        from urllib.parse import quote

        base, host = self._repo()
        template = ISSUE_PATHS.get(host)
        if base is None or template is None:
            return None
        return base + template.format(title=quote(title, safe=""), body=quote(body, safe=""))

    def edit_url(self, path: str) -> str | None:
        """Address of the editor of ``path`` (from the repository's root) on the published branch; None where the
        repository, its host's layout or the branch is not known."""
        from urllib.parse import quote

        base, host = self._repo()
        template = EDIT_PATHS.get(host)
        if base is None or template is None or not self.branch:
            return None
        return base + template.format(branch=quote(self.branch, safe="/"), path=quote(path, safe="/"))


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


def repo_branch() -> str | None:
    """The branch the site is published from: KB_REPO_BRANCH (the publishing workflow sets it), else None."""
    branch = os.environ.get("KB_REPO_BRANCH", "").strip()
    return branch if branch and not branch.startswith("-") and ".." not in branch else None


def read(data_dir: Path, repo: str | None, branch: str | None = None) -> DataVersion:
    """The version of the data in ``data_dir``: the checkout's current commit and its time."""
    data_dir = Path(data_dir)
    head = _git(data_dir, "log", "-1", "--format=%H %ct") if data_dir.is_dir() else None
    inside = _git(data_dir, "rev-parse", "--is-inside-work-tree") == "true" if head else False
    if not head or not inside:
        epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
        return DataVersion(None, int(epoch) if epoch.isdigit() else None, False, repo, branch)
    commit, ts = head.split()
    status = _git(data_dir, "status", "--porcelain", "--untracked-files=all", "--", ".")
    return DataVersion(commit, int(ts), bool(status), repo, branch)


def source_date_epoch(version: DataVersion) -> str | None:
    """The value SOURCE_DATE_EPOCH takes for a build of ``version`` (None leaves the clock in charge)."""
    return None if version.timestamp is None else str(version.timestamp)
