"""Teach the energy-counter and landfall rules with widgets backed by an exact engine."""
import sys

__version__ = "0.1.0"


def _load_card_files() -> None:
    """Register the shipped card files: the engine reads no YAML itself, so it is given them."""
    from .scenarios.cardfile import load_shipped
    load_shipped()


def _wire() -> None:
    from .rules import cards
    cards.use_loader(_load_card_files)
    if "IPython" in sys.modules:  # in a notebook a game shows as HTML: the views register it, never the engine
        from .views import show_games_as_html
        show_games_as_html()


_wire()
