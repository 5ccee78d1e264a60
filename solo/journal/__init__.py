"""The journal layer: the file a crawl is saved in.

Lonelog notation for every event (``notation``), the hidden record that ends each entry
(``record``) and the append-only, fsync'd, locked Markdown file that is read back on resume
(``store``).

May import: ``solo.engine``, ``solo.rules`` and the leaf modules.
"""
