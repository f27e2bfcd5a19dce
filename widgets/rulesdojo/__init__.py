"""Teach the energy-counter and landfall rules with widgets backed by an exact engine."""
import sys

__version__ = "0.1.0"

if "IPython" in sys.modules:  # in a notebook a game shows as the table: the views register it, never the engine
    from .views import show_games_as_tables
    show_games_as_tables()
