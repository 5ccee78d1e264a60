"""The rules layer: procedure, table and oracle-style files read into frozen dataclasses.

It reads YAML (``yamlfile``), checks each block's keys against the one description of the
format (``schema``), compiles the expression language (``expr``) and dice (``dice``), builds
tables, effects and procedures, cross-checks them (``validate``, ``inline``) and finds the
shipped and the player's files (``catalog``, ``paths``).

May import: the leaf modules ``solo.errors`` and ``solo.defaults`` only. Nothing here knows
about a game in progress, a journal or a screen.
"""
