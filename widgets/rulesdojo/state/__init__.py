"""Observable state: traitlets objects that mirror a live engine game (no ipywidgets here)."""

from .game_model import STEPS, GameModel, scenario_choices

__all__ = ["GameModel", "STEPS", "scenario_choices"]
