"""Name every part a card file may use: the effect families, each effect registered under its
card-file name as its module defines it (``parts.effect``), with the statics and triggers below them.

Whatever builds cards from data (``CardSet``) imports this module, so every name is known before
the first card is read; the parts themselves import nothing above them.

>>> from .parts import EFFECTS
>>> "get_energy" in EFFECTS and "choose_mode" in EFFECTS
True
"""

from .effects import (animate, choices, conditions, control, counters, damage, emblems, energy, lands, mana,
                      moving, permanents, stack, zones)

FAMILIES = (animate, choices, conditions, control, counters, damage, emblems, energy, lands, mana, moving,
            permanents, stack, zones)
