"""The command-line layer: ``solo`` and its subcommands.

Parses arguments and hands each subcommand to the layer that does the work; writes exports to
files, devices and standard output; turns errors into one line and an exit code. Heavy
imports wait inside the subcommand that needs them, so ``solo --version`` and ``solo roll``
start fast.

May import every layer below it: ``solo.play``, ``solo.report``, ``solo.journal``,
``solo.engine``, ``solo.rules`` and the leaf modules.
"""
