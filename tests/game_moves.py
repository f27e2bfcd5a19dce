"""Moves the rules tests make again and again: both players passing, going on to the next turn."""

from __future__ import annotations

from rulesdojo.rules import DeclareAttackers, PassPriority


def both_pass(g) -> None:
    """Both players pass in succession: the top of the stack resolves, or the step ends."""
    g.apply(PassPriority())
    g.apply(PassPriority())


def to_next_turn(g, step: str | None = None) -> None:
    """Pass (attacking with nothing) until the next player's turn begins, or until ``step`` of it."""
    start = g.state.active
    while g.state.active == start or (step is not None and g.state.step != step):
        g.apply(DeclareAttackers(()) if g.pending is not None else PassPriority())
