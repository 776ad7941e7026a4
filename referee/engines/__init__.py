"""Engines for the variants that the Durak engine's parameters cannot express (VARIANTS.md §5.4).

Each module here registers itself with :func:`referee.game.register` when imported, and may
export ``VARIANT_RULES: dict[str, Rules]`` (slug -> rules) and ``VARIANT_ALIASES`` for the
variant registry. :mod:`referee.game` imports every module of this package.
"""
