"""The widgets a learner clicks: the only layer that imports ipywidgets."""

from .board import Board
from .choices import ChoicePanel
from .energy import EnergyCounter
from .log import EventLog
from .mana import ManaVsEnergy
from .order import OrderList, TriggerOrder
from .payment import PaymentPrompt
from .sandbox import Sandbox, demo_scenarios
from .stack import StackView

__all__ = ["Board", "ChoicePanel", "EnergyCounter", "EventLog", "ManaVsEnergy", "OrderList",
           "PaymentPrompt", "Sandbox", "StackView", "TriggerOrder", "demo_scenarios"]
