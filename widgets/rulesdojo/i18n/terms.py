"""The game's own terms in the learner's language, for any layer that says them (the page's views, the
lessons' "what now" line): a step's name.

>>> from rulesdojo.i18n import words_for
>>> step_words(words_for("en"), "upkeep", named=True), step_words(words_for("en"), "precombat main")
('upkeep step', 'precombat main')
"""

from __future__ import annotations

from . import Words


def step_words(words: Words, step: str, named: bool = False) -> str:
    """A step's name in ``words``' language ("untap"), or ``named`` as a step ("untap step")."""
    if named:
        return {"untap": words("untap step"), "upkeep": words("upkeep step"), "draw": words("draw step"),
                "precombat main": words("precombat main step"), "beginning of combat": words("beginning of combat step"),
                "declare attackers": words("declare attackers step"), "declare blockers": words("declare blockers step"),
                "combat damage": words("combat damage step"), "end of combat": words("end of combat step"),
                "postcombat main": words("postcombat main step"), "end": words("end step"),
                "cleanup": words("cleanup step")}.get(step, step)
    return {"untap": words("untap"), "upkeep": words("upkeep"), "draw": words("draw"),
            "precombat main": words("precombat main"), "beginning of combat": words("beginning of combat"),
            "declare attackers": words("declare attackers"), "declare blockers": words("declare blockers"),
            "combat damage": words("combat damage"), "end of combat": words("end of combat"),
            "postcombat main": words("postcombat main"), "end": words("end"), "cleanup": words("cleanup")}.get(step, step)
