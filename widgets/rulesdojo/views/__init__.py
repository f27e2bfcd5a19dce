"""The widgets a learner clicks: the only layer that imports ipywidgets."""

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

__all__ = ["Board", "ChoicePanel", "EnergyCounter", "EventLog", "ManaVsEnergy", "OrderList",
           "PaymentPrompt", "Quiz", "Sandbox", "StackView", "Trainer", "TriggerOrder", "demo_scenarios"]
