"""Effects by family, each a small frozen dataclass registered under its card-file name."""

from . import choices, conditions, counters, damage, energy, mana, permanents, stack, zones  # noqa: F401
