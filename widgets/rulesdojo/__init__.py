"""Teach the energy-counter and landfall rules with widgets backed by an exact engine."""
__version__ = "0.1.0"


def _load_card_files() -> None:
    """Register the shipped card files: the engine reads no YAML itself, so it is given them."""
    from .scenarios.cardfile import load_shipped
    load_shipped()


def _wire() -> None:
    from .rules import cards
    cards.use_loader(_load_card_files)


_wire()
