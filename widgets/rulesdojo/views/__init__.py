"""The widgets a learner clicks: the only layer that imports ipywidgets.

Each view is imported when first asked for (PEP 562): ``import rulesdojo.views`` costs nothing, and
``from rulesdojo.views import Quiz`` loads the quiz, not the lesson views.
"""

import sys
from typing import TYPE_CHECKING

from ..lazy import names_from

if TYPE_CHECKING:  # what the type checker sees; at run time each is imported when first asked for
    from .board import Board
    from .choices import ChoicePanel
    from .energy import EnergyCounter
    from .log import EventLog
    from .mana import ManaVsEnergy
    from .order import OrderList, TriggerOrder
    from .payment import PaymentPrompt
    from .quiz import Quiz
    from .sandbox import Sandbox, demo_scenarios
    from .stack import StackView
    from .trainer import Trainer

_WHERE = {"Board": "board", "ChoicePanel": "choices", "EnergyCounter": "energy", "EventLog": "log",
          "ManaVsEnergy": "mana", "OrderList": "order", "TriggerOrder": "order", "PaymentPrompt": "payment",
          "Quiz": "quiz", "Sandbox": "sandbox", "demo_scenarios": "sandbox", "StackView": "stack",
          "Trainer": "trainer"}

__all__ = ["Board", "ChoicePanel", "EnergyCounter", "EventLog", "ManaVsEnergy", "OrderList",
           "PaymentPrompt", "Quiz", "Sandbox", "StackView", "Trainer", "TriggerOrder", "demo_scenarios"]


__getattr__ = names_from(__name__, _WHERE)


def show_games_as_tables(shell=None) -> None:
    """Register a ``Game`` with IPython's display formatter (the running shell's by default): a game
    shows as the table, read-only, drawn by the same module as every board.

    The formatter names the class by module, so neither side imports the other until a game is
    shown; outside IPython this does nothing.

    >>> show_games_as_tables()
    """
    if shell is None:
        ipython = sys.modules.get("IPython")
        shell = ipython.get_ipython() if ipython else None
    if shell is not None:
        shell.display_formatter.mimebundle_formatter.for_type_by_name(
            "rulesdojo.rules.game", "Game", _game_table)


def _game_table(game) -> dict:
    import ipywidgets as ipw

    from ..state import GameModel
    from .board import position
    from .modules import page_style
    return ipw.VBox([page_style(), position(GameModel(game))])._repr_mimebundle_()


def __dir__():
    return sorted(set(globals()) | set(__all__))
