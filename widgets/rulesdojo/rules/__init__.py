"""The rules engine: energy counters, the stack, targets and landfall. Standard library only.

>>> from rulesdojo.rules import Game, PlayLand
>>> g = Game(["Alice", "Nadia"])
>>> g.player("Alice").energy
0
"""

from .actions import (ActivateAbility, AdvanceStep, CastSpell, ChooseAmount, ChooseMana,
                      ChooseMay, ChooseObjects, ChoosePay, ChooseTargets, DeclareAttackers, DeclareBlockers,
                      GetEnergy, OrderReplacements, OrderTriggers, PassPriority, PayEnergy,
                      PlayLand)
from .cards import Card
from .cardset import CardSet
from .errors import (AmbiguousReference, CannotPay, IllegalAction, NoPendingChoice, RulesError,
                     ScenarioError, UnknownCard)
from .game import Game, LegalActions
from .objects import Event

__all__ = [
    "ActivateAbility", "AdvanceStep", "AmbiguousReference", "CannotPay", "Card", "CardSet", "CastSpell",
    "ChooseAmount", "ChooseMana", "ChooseMay", "ChooseObjects", "ChoosePay", "ChooseTargets", "DeclareAttackers",
    "DeclareBlockers", "Event", "Game", "GetEnergy", "PayEnergy", "IllegalAction", "LegalActions", "NoPendingChoice",
    "OrderReplacements", "OrderTriggers", "PassPriority", "PlayLand", "RulesError", "ScenarioError",
    "UnknownCard",
]
