"""The report layer: a journal's records read into a model, rendered as md, html and stats.

Reports read the recorded events and state, never the rendered text.

May import: ``solo.journal``, ``solo.engine``, ``solo.rules`` and the leaf modules. Never
``solo.play`` or ``solo.cli``.
"""
