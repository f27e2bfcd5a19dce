"""Errors the engine raises: each names the rule and reads as a sentence to a learner."""

from __future__ import annotations


class RulesError(ValueError):
    """Report something the rules don't allow, with the rule that says so.

    >>> e = RulesError("You can't do that.", rule="117.1")
    >>> (str(e), e.rule)
    ("You can't do that. (CR 117.1)", '117.1')
    """

    line: int | None = None  # the line of the file the refused setup came from, when a reader knows it

    def __init__(self, message: str, rule: str | None = None):
        self.message = message
        self.rule = rule
        super().__init__(f"{message} (CR {rule})" if rule else message)


class IllegalAction(RulesError):
    """Reject an action the rules forbid now; the game stays exactly as it was."""


class CannotPay(IllegalAction):
    """Reject a cost the player can't pay in full (CR 118.3)."""


class LoyaltyAbilityError(IllegalAction):
    """Reject a loyalty ability the rules don't allow now: a second one of the same permanent this
    turn, outside sorcery timing, or a minus cost larger than its loyalty (CR 606.3, 606.6)."""


class ChooseXError(IllegalAction):
    """Reject a value of X that wasn't announced, or can't be (CR 107.3a, 107.1b)."""


class NoPendingChoice(IllegalAction):
    """Reject an answer given when no choice is waiting."""


class UnknownCard(RulesError):
    """Name a card the engine does not know, with the closest names it does."""

    def __init__(self, name: str, close: list[str]):
        self.name = name
        self.close = close
        hint = f" Did you mean {', '.join(close)}?" if close else ""
        super().__init__(f"No card named {name!r} is in the card set.{hint}")


class AmbiguousReference(RulesError):
    """Reject a name that fits more than one object; give the ids to choose from."""


class ScenarioError(RulesError):
    """Report a malformed scenario: which file, which place in it, and what is wrong.

    >>> str(ScenarioError("unknown key 'enrgy'", file="a.yaml", place="setup.players[0]"))
    "a.yaml: setup.players[0]: unknown key 'enrgy'"
    """

    def __init__(self, message: str, file: str | None = None, place: str | None = None,
                 rule: str | None = None):
        self.file = file
        self.place = place
        self.detail = message
        where = ": ".join(p for p in (file, place) if p)
        text = f"{where}: {message}" if where else message
        super().__init__(text, rule=rule)
