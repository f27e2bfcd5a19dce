"""The widgets a learner clicks: the only layer that imports ipywidgets.

Each view is imported when first asked for (PEP 562): ``import rulesdojo.views`` costs nothing, and
``from rulesdojo.views import Quiz`` loads the quiz, not the lesson views.
"""

from importlib import import_module

_WHERE = {"Board": "board", "ChoicePanel": "choices", "EnergyCounter": "energy", "EventLog": "log",
          "ManaVsEnergy": "mana", "OrderList": "order", "TriggerOrder": "order", "PaymentPrompt": "payment",
          "Quiz": "quiz", "Sandbox": "sandbox", "demo_scenarios": "sandbox", "StackView": "stack",
          "Trainer": "trainer"}

__all__ = ["Board", "ChoicePanel", "EnergyCounter", "EventLog", "ManaVsEnergy", "OrderList",
           "PaymentPrompt", "Quiz", "Sandbox", "StackView", "Trainer", "TriggerOrder", "demo_scenarios"]


def __getattr__(name: str):
    if name in _WHERE:
        value = getattr(import_module(f".{_WHERE[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(__all__))
