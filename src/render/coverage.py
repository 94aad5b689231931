"""How the citations' words were checked, counted over the whole fact base (the about page's table).

The markup is ``templates/table-checking.html.j2``."""
from __future__ import annotations

from markupsafe import Markup  # declared in pyproject.toml

from .figures import count_markup
from .tables import table
from .text import escape

CHECKING_ROWS = ("full-copy", "excerpt", "read", "not-found", "unchecked")


def checking_coverage(ctx) -> str:
    """How every citation's words were checked, counted from the data (kb.KnowledgeBase.coverage), and how many
    quotes carry their translation into each site language they are not written in."""
    cov = ctx.kb.coverage()
    rows = [(way, ctx.t("coverage." + way), cov[way], Markup(count_markup(ctx, cov[way], "citations-checked:" + way)))
            for way in CHECKING_ROWS]
    rows.append(("all", ctx.t("coverage.all"), cov["citations"],
                 Markup(count_markup(ctx, cov["citations"], "citations:all"))))
    # the label's words escaped, its {n} and {of} the counts' markup
    sentence = Markup(escape(ctx.t("coverage.translated"))
                      .replace(escape("{n}"), count_markup(ctx, cov["quotes-translated"], "citations:quotes-translated"))
                      .replace(escape("{of}"), count_markup(ctx, cov["quotes"], "citations:quotes")))
    return table(ctx, "table-checking.html.j2", "checking", [ctx.t("coverage.how"), ctx.t("coverage.count")], rows,
                 False, sentence=sentence)
