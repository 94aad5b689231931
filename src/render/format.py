"""Numbers, ranges and dates as each language writes them: the renderers' reader of :mod:`kb.display`.

The rules and the functions are :mod:`kb.display`'s, where what is published as data (:mod:`publish`) and
``kb diff`` read them too; the renderers call them through this module, as they read the vocabulary through
:mod:`render.labels`, and add only the markup (:mod:`render.figures`).
"""
from __future__ import annotations

from kb.display import (  # noqa: F401  (the one formatting, from one place; render imports it from here)
    COMPUTED_SIGNIFICANT, DATE_PATTERNS, LOCALES, canonical, canonical_number, computed_bounds, computed_canonical,
    computed_text, date, date_range, decimals, figure_text, integer, is_date, number, number_range, parse_date,
    bound_words, money, shows_currency, unit_symbol, value_text, with_unit,
)
