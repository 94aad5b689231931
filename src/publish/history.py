"""Each claim's own history, read from the repository's git history: when it was first recorded, when it last
changed, and what each change did to its figure, its status, its tier and its sources.

One pass per build: a single ``git log --raw`` over ``data/claims`` names every commit that touched a claims file
and the file's contents before and after (its blobs); a single ``git cat-file --batch`` reads those contents, each
once; each is parsed as YAML once.  A commit's changes are the claims whose record differs between the file before
and after it (a claim moved from one file to another in the same commit is compared across the two, not counted as
removed and added).  Merges bring no change of their own: what they merge is in the commits merged.

What the history cannot know it says (:attr:`History.known`, :attr:`History.shallow`): outside a git checkout there
is no history at all; in a shallow clone (CI may make one) the commits before the oldest it holds are missing, so a
claim already present there was recorded on or before that commit, not on it.  Nothing is read from the clock: two
builds of one commit show the same history.

Commit addresses are given where the repository's address is known (``repo_url`` in mkdocs.yml or KB_REPO_URL, as
:mod:`publish.version` reads it) and its host's layout is (:data:`COMMIT_PATHS`); never guessed.
"""
from __future__ import annotations

import datetime as dt
import json
import subprocess
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from urllib.parse import urlsplit

import yaml

COMMIT_PATHS = {  # host -> path of one commit after the repository's address
    "github.com": "/commit/{commit}",
    "gitlab.com": "/-/commit/{commit}",
    "codeberg.org": "/commit/{commit}",
}
CLAIMS = "claims"  # the folder of claims under data/
_ZERO = "0" * 40


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """YAML as data/ writes it: a number with decimals keeps its digits (1.80 stays 1.80, as kb.yamlsrc reads it),
    and a date stays the text it is written as."""


_Loader.add_constructor("tag:yaml.org,2002:float", lambda loader, node: Decimal(loader.construct_scalar(node)))
_Loader.add_constructor("tag:yaml.org,2002:timestamp", lambda loader, node: loader.construct_scalar(node))


@dataclass(frozen=True)
class Commit:
    sha: str
    time: int  # the committer's time, seconds since the epoch

    @property
    def short(self) -> str:
        return self.sha[:7]

    @property
    def date(self) -> str:
        return dt.datetime.fromtimestamp(self.time, dt.timezone.utc).date().isoformat()

    @property
    def iso(self) -> str:
        return dt.datetime.fromtimestamp(self.time, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True)
class Change:
    """What one commit did to one claim."""

    commit: Commit
    recorded: bool = False        # the commit added the claim
    present: bool = False         # the claim was there at the oldest commit a shallow copy holds: recorded then or before
    value: tuple | None = None    # (old, new) as written in data/, where the figure changed
    metric: tuple | None = None   # (old, new) metric ids, where the figure changed: each value is in its metric's unit
    status: tuple | None = None   # (old, new), where the status changed
    tier: tuple | None = None     # (old, new), where the evidence tier changed
    sources_added: tuple[str, ...] = ()
    sources_removed: tuple[str, ...] = ()
    other: bool = False           # anything else changed (its wording, caveats, quotes, conditions...)

    @property
    def correction(self) -> bool:
        """Whether the change is one a reader who cited the claim must learn of: its figure or its status."""
        return not (self.recorded or self.present) and (self.value is not None or self.status is not None)


@dataclass(frozen=True)
class ClaimHistory:
    changes: tuple[Change, ...]   # oldest first

    @property
    def first(self) -> Commit | None:
        """The commit that recorded the claim, where the history holds it."""
        return next((ch.commit for ch in self.changes if ch.recorded), None)

    @property
    def since(self) -> Commit | None:
        """In a shallow copy, the oldest commit it holds, where the claim was already present."""
        return next((ch.commit for ch in self.changes if ch.present), None)

    @property
    def last(self) -> Commit | None:
        """The last commit that changed the claim in any way (its recording included)."""
        return self.changes[-1].commit if self.changes else None


@dataclass
class History:
    known: bool = False                          # read from git at all
    shallow: bool = False                        # a shallow copy: commits before its oldest are missing
    oldest: Commit | None = None                 # in a shallow copy, its oldest commit
    repo_url: str | None = None
    claims: dict[str, ClaimHistory] = field(default_factory=dict)
    commits: int = 0                             # commits that touched data/claims

    def of(self, cid: str) -> ClaimHistory:
        return self.claims.get(cid) or ClaimHistory(())

    def commit_url(self, sha: str) -> str | None:
        """The address of one commit, only where the repository's address and its host's layout are known."""
        if not self.repo_url:
            return None
        parts = urlsplit(self.repo_url)
        template = COMMIT_PATHS.get(parts.netloc.lower())
        if parts.scheme not in ("http", "https") or template is None:
            return None
        base = self.repo_url.rstrip("/")
        base = base[:-4] if base.endswith(".git") else base
        return base + template.format(commit=sha)

    def corrections(self) -> list[tuple[str, Change]]:
        """(claim, change) for every change of a figure or a status, newest first, then by claim id."""
        out = [(cid, ch) for cid, h in self.claims.items() for ch in h.changes if ch.correction]
        return sorted(out, key=lambda x: (-x[1].commit.time, x[0], x[1].commit.sha))


def _git(cwd: Path, *args: str, data: bytes | None = None) -> bytes | None:
    try:
        out = subprocess.run(["git", "-C", str(cwd), *args], input=data, capture_output=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return out.stdout if out.returncode == 0 else None


def _blobs(cwd: Path, ids: list[str]) -> dict[str, dict]:
    """Each blob's claims (id -> record), read in one ``git cat-file --batch``; a file that does not parse as a
    mapping of records (an old version with a syntax error) gives none."""
    if not ids:
        return {}
    out = _git(cwd, "cat-file", "--batch", data=("\n".join(ids) + "\n").encode())
    found: dict[str, dict] = {}
    at = 0
    while out and at < len(out):
        end = out.index(b"\n", at)
        head = out[at:end].split()
        at = end + 1
        if len(head) < 3 or head[1] != b"blob":
            continue
        size = int(head[2])
        body, at = out[at:at + size], at + size + 1
        try:
            records = yaml.load(body, Loader=_Loader)
        except yaml.YAMLError:
            records = None
        found[head[0].decode()] = records if isinstance(records, dict) else {}
    return found


def _value(v):
    """A value as data/ writes it, in one form for comparing and showing: a range as a tuple."""
    if isinstance(v, list):
        return tuple(_value(x) for x in v)
    return v


def _sources(rec: dict) -> tuple[str, ...]:
    cits = rec.get("citations") if isinstance(rec, dict) else None
    return tuple(dict.fromkeys(c.get("source") for c in cits or () if isinstance(c, dict) and c.get("source")))


def _same(a, b) -> bool:
    return json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True, default=str)


def _compare(commit: Commit, old: dict, new: dict) -> Change | None:
    if not isinstance(old, dict) or not isinstance(new, dict) or _same(old, new):
        return None
    ov, nv = _value(old.get("value")), _value(new.get("value"))
    os_, ns = old.get("status", "reported"), new.get("status", "reported")
    ot, nt = old.get("tier"), new.get("tier")
    osrc, nsrc = _sources(old), _sources(new)
    rest = lambda r: {k: v for k, v in r.items() if k not in ("value", "status", "tier", "citations")}  # noqa: E731
    return Change(commit, value=(ov, nv) if ov != nv else None,
                  metric=(old.get("metric"), new.get("metric")) if ov != nv else None,
                  status=(os_, ns) if os_ != ns else None,
                  tier=(ot, nt) if ot != nt else None,
                  sources_added=tuple(s for s in nsrc if s not in osrc),
                  sources_removed=tuple(s for s in osrc if s not in nsrc),
                  other=not _same(rest(old), rest(new)) or _citations_differ(old, new))


def _citations_differ(old: dict, new: dict) -> bool:
    """Whether the citations changed beyond sources added or removed (a quote, a locator, a translation)."""
    keep = lambda r: [c for c in r.get("citations") or [] if isinstance(c, dict)]  # noqa: E731
    new_ids = set(_sources(new))
    old_ids = set(_sources(old))
    return not _same([c for c in keep(old) if c.get("source") in new_ids],
                     [c for c in keep(new) if c.get("source") in old_ids])


def read(data_dir: Path, repo_url: str | None = None) -> History:
    """The history of every claim under ``data_dir``/claims, from the git repository holding it."""
    data_dir = Path(data_dir)
    history = History(repo_url=repo_url)
    if not data_dir.is_dir() or (_git(data_dir, "rev-parse", "--is-inside-work-tree") or b"").strip() != b"true":
        return history
    history.known = True
    history.shallow = (_git(data_dir, "rev-parse", "--is-shallow-repository") or b"").strip() == b"true"
    raw = _git(data_dir, "log", "--reverse", "--date-order", "--root", "--no-renames", "--no-abbrev",
               "--format=%x01%H %ct %P", "--raw", "--", CLAIMS)
    if raw is None:
        history.known = False
        return history
    commits: list[tuple[Commit, bool, list[tuple[str, str, str]]]] = []  # (commit, parentless, [(path, old, new)])
    for chunk in raw.decode("utf-8", "replace").split("\x01")[1:]:
        lines = chunk.splitlines()
        head = lines[0].split()
        commit = Commit(head[0], int(head[1]))
        files = []
        for line in lines[1:]:
            if not line.startswith(":"):
                continue
            meta, _, path = line.partition("\t")
            parts = meta.split()
            if len(parts) >= 5 and path.endswith(".yml"):
                files.append((path, parts[2], parts[3]))
        commits.append((commit, len(head) == 2, files))
    if history.shallow:
        shallow = (_git(data_dir, "rev-parse", "--git-path", "shallow") or b"").decode().strip()
        path = Path(shallow) if Path(shallow).is_absolute() else data_dir / shallow
        bounds = set(path.read_text().split()) if path.is_file() else set()
        times = [int(t) for t in ((_git(data_dir, "log", "-1", "--format=%ct", sha) or b"").strip()
                                  for sha in sorted(bounds)) if t.isdigit()]
        if bounds and times:
            oldest = min(zip(times, sorted(bounds)))
            history.oldest = Commit(oldest[1], oldest[0])
    blobs = _blobs(data_dir, sorted({b for _, _, files in commits for _, o, n in files for b in (o, n) if b != _ZERO}))
    changes: dict[str, list[Change]] = {}
    for commit, parentless, files in commits:
        boundary = history.shallow and parentless
        before: dict[str, dict] = {}
        after: dict[str, dict] = {}
        for _, old, new in files:
            before.update(blobs.get(old, {}) if old != _ZERO else {})
            after.update(blobs.get(new, {}) if new != _ZERO else {})
        for cid, rec in after.items():
            if cid in before:
                ch = _compare(commit, before[cid], rec)
            else:
                ch = Change(commit, present=True) if boundary else Change(commit, recorded=True)
            if ch is not None:
                changes.setdefault(str(cid), []).append(ch)
        history.commits += 1
    history.claims = {cid: ClaimHistory(tuple(chs)) for cid, chs in changes.items()}
    return history
