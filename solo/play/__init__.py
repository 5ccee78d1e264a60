"""The play layer: a sitting at the table.

The line rule and the one table of commands, the session that plays a line and saves it, the
prompt_toolkit REPL, batch play from a pipe, the player's own dice, and starting or resuming a
journal.

May import: ``solo.journal``, ``solo.engine``, ``solo.rules`` and the leaf modules. Never
``solo.report`` or ``solo.cli``.
"""
