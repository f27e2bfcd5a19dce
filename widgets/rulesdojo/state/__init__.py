"""Observable state: traitlets objects that mirror a live engine game (no ipywidgets here)."""

from .game_model import GameModel

__all__ = ["GameModel"]
