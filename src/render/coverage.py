"""How the citations' words were checked, counted over the whole fact base (the about page's table)."""
from __future__ import annotations

from .figures import count_markup
from .tables import table
from .text import escape

CHECKING_ROWS = ("full-copy", "excerpt", "read", "unchecked")


def checking_coverage(ctx) -> str:
    """How every citation's words were checked, counted from the data (kb.KnowledgeBase.coverage), and how many
    quotes carry their translation into each site language they are not written in."""
    cov = ctx.kb.coverage()
    rows = [f'<tr data-checked="{way}"><th scope="row">{escape(ctx.t("coverage." + way))}</th>'
            f'<td data-sort="{cov[way]}">{count_markup(ctx, cov[way], "citations-checked:" + way)}</td></tr>'
            for way in CHECKING_ROWS]
    rows.append(f'<tr data-checked="all"><th scope="row">{escape(ctx.t("coverage.all"))}</th>'
                f'<td data-sort="{cov["citations"]}">{count_markup(ctx, cov["citations"], "citations:all")}</td></tr>')
    out = table(ctx, "checking", [ctx.t("coverage.how"), ctx.t("coverage.count")], rows, False)
    sentence = (escape(ctx.t("coverage.translated"))
                .replace(escape("{n}"), count_markup(ctx, cov["quotes-translated"], "citations:quotes-translated"))
                .replace(escape("{of}"), count_markup(ctx, cov["quotes"], "citations:quotes")))
    return out + f'\n<p class="kb-coverage-translated">{sentence}</p>'
