"""The evidence-base engine: schema → load → check → derive.

Data flows one way: YAML files under ``data/`` are read by :mod:`kb.yamlsrc`,
validated against :mod:`kb.schema` by :mod:`kb.load`, cross-checked by
:mod:`kb.check`, and re-derived by :mod:`kb.derive`.  The result is a
:class:`kb.base.KnowledgeBase`, the only thing renderers ever see; :mod:`kb.query`
answers the questions they ask of it (a claim's standing, order, selections,
baselines, tiers), so that no renderer decides anything about the data.
"""
