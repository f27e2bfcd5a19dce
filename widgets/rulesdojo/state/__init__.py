"""Observable state: traitlets objects that mirror a live engine game (no ipywidgets here).

The game's model is handed out when first asked for: the course page's map (``state.course``) needs
no engine, and its first drawing doesn't wait for one.
"""

from typing import TYPE_CHECKING

from ..lazy import names_from

if TYPE_CHECKING:  # read lazily at run time (names_from below)
    from .game_model import STEPS, GameModel, scenario_choices

__all__ = ["GameModel", "STEPS", "scenario_choices"]
__getattr__ = names_from(__name__, dict.fromkeys(__all__, "game_model"))
