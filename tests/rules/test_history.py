"""Undo through the kept states and the replayed ones is exact (the history's size is in make bench)."""

import importlib.util
from pathlib import Path

from rulesdojo.rules import Game, GetEnergy, PassPriority
from rulesdojo.rules.history import CHECKPOINT_EVERY

_spec = importlib.util.spec_from_file_location(
    "history_bench", Path(__file__).resolve().parents[2] / "benchmarks" / "history.py")
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


def test_undo_walks_back_through_every_position_exactly():
    g = bench.new_game()
    seen = [g.snapshot()]
    for _ in range(CHECKPOINT_EVERY * 3 + 5):
        g.apply(bench.next_action(g))
        seen.append(g.snapshot())
    while seen:
        assert g.snapshot() == seen.pop()
        g.undo()
    assert g.undo() is None


def test_a_change_to_the_position_between_actions_survives_undoing_later_actions():
    g = Game(["Alice", "Nadia"])
    for _ in range(CHECKPOINT_EVERY + 3):
        g.apply(GetEnergy("Alice", 1))
    g.add_permanent("Alice", "Grizzly Bears")
    g.set_counters("Nadia", "poison", 2)
    middle = g.snapshot()
    g.apply(PassPriority())
    g.apply(GetEnergy("Alice", 1))
    g.undo(), g.undo()
    assert g.snapshot() == middle
    g.undo()  # the change went with the action before it
    assert g.player("Nadia").counters == {} and g.player("Alice").energy == CHECKPOINT_EVERY + 2
