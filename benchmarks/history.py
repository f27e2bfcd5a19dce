"""What a long game costs the engine: one action late in a game against one early, and the undo history's memory.

Two players take turns for as long as asked (each turn: tap a Forest for mana, draw, end every step,
discard to seven in cleanup); the position keeps its size (cards only move from library to hand to
graveyard), so a difference between an action after 10 actions and one after 2,000 is the history's
doing. An action's cost is the median of repeated ``apply`` calls on the same position (each undone
before the next); a legality probe is ``why_illegal`` on it. Memory is what tracemalloc counts as
still held once the game has played its actions (its state and every undo step). Not a test: it
prints the table (``make bench`` runs it).

    .venv/bin/python benchmarks/history.py [--actions 2000] [--repeat 200]
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
import tracemalloc

from rulesdojo.rules import ActivateAbility, AdvanceStep, Game, PassPriority

LIBRARY = 120  # cards per player: enough to draw from for 2,000 actions


def new_game() -> Game:
    g = Game(["Alice", "Nadia"], step="upkeep")
    for who in ("Alice", "Nadia"):
        g.add_permanent(who, "Forest")
        for i in range(LIBRARY):
            g.add_card(who, ("Forest", "Grizzly Bears", "Island")[i % 3], "library")
        for _ in range(7):
            g.add_card(who, "Grizzly Bears", "hand")
    return g


def next_action(g: Game):
    """Choose the driver's next action: answer a choice, tap a Forest in a main phase, else move on."""
    st = g.state
    if st.pending is not None:
        return next(iter(g.legal_actions))
    if st.step == "precombat main" and st.priority == st.active:
        for p in st.battlefield:
            if p.controller == st.active and not p.tapped:
                return ActivateAbility(p.id, 0, "G")
    return AdvanceStep() if not st.stack else PassPriority()


def play(g: Game, n: int) -> None:
    for _ in range(n):
        g.apply(next_action(g))


def per_action_ms(g: Game, repeat: int) -> tuple[float, float]:
    """Return the median ms of applying the next action (undone each time) and of probing it."""
    action = next_action(g)
    applied, probed = [], []
    for _ in range(repeat):
        t = time.perf_counter()
        g.apply(action)
        applied.append(time.perf_counter() - t)
        g.undo()
        t = time.perf_counter()
        g.why_illegal(action)
        probed.append(time.perf_counter() - t)
    return statistics.median(applied) * 1000, statistics.median(probed) * 1000


def held_bytes(actions: int) -> int:
    """Return the bytes a game holds after ``actions`` actions, beyond what it held at the start."""
    gc.collect()
    tracemalloc.start()
    g = new_game()
    gc.collect()
    start = tracemalloc.get_traced_memory()[0]
    play(g, actions)
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - start
    tracemalloc.stop()
    assert len(g.history) == actions
    return held


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--actions", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=200)
    args = ap.parse_args()
    rows = []
    timed = {}
    for n in (10, args.actions):
        g = new_game()
        play(g, n)
        timed[n] = per_action_ms(g, args.repeat)
    early, late = timed[10], timed[args.actions]
    rows.append((f"apply ms, after 10 / {args.actions} actions", f"{early[0]:.3f}", f"{late[0]:.3f}",
                 f"{late[0] / early[0]:.2f}x", "<= 1.5x"))
    rows.append((f"why_illegal ms, after 10 / {args.actions} actions", f"{early[1]:.3f}",
                 f"{late[1]:.3f}", f"{late[1] / early[1]:.2f}x", "<= 1.5x"))
    mb = held_bytes(args.actions) / 1e6
    rows.append((f"history of {args.actions} actions, MB", "", f"{mb:.2f}", "", "< 5 MB"))
    head = ("figure", "early", "late", "ratio", "target")
    widths = [max(len(str(r[i])) for r in (head, *rows)) for i in range(len(head))]
    for r in (head, tuple("-" * w for w in widths), *rows):
        print("| " + " | ".join(str(c).ljust(w) for c, w in zip(r, widths)) + " |")


if __name__ == "__main__":
    main()
