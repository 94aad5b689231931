"""Report an error in a claim, or suggest a correction, from the claim's own page.

Two links in the reader's language, where the repository's address is known (mkdocs.yml's ``repo_url`` or
KB_REPO_URL: :mod:`publish.version`; never guessed): a new issue whose title names the claim and whose text gives
its page, its record (file and line under data/) and the data version, asking what is wrong and which source shows
it; and, where the branch the site is published from is known too (KB_REPO_BRANCH), the editor of the file that
records the claim.  A build that knows neither shows neither.
"""
from __future__ import annotations

from kb import query

from . import citing, urls


def links(ctx, cid: str) -> tuple[str | None, str | None]:
    """(the address of a new issue about the claim, the address of its record's editor), each None where unknown."""
    version = citing.SETTINGS.version
    if not version.repo_url:
        return None, None
    origin = query.origin(ctx.kb, "claims", cid)
    record = f"data/{origin.file}" if origin else None
    facts = [f"{ctx.t('kind.claim')}{ctx.t('colon')}{cid}"]
    if citing.SETTINGS.public:
        facts.append(f"{ctx.t('report.page')}{ctx.t('colon')}{citing.public_url(urls.page_url('claim', cid, ctx.lang))}")
    if origin:
        facts.append(f"{ctx.t('report.record')}{ctx.t('colon')}{record}:{origin.line}")
    if version.short:
        facts.append(f"{ctx.t('report.version')}{ctx.t('colon')}{version.short}")
    body = ctx.t("report.ask") + "\n\n" + "\n".join(f"- {f}" for f in facts) + "\n"
    issue = version.issue_url(ctx.t("report.title").replace("{id}", cid), body)
    return issue, version.edit_url(record) if record else None
