"""What a task says and does beyond the board: the line that says what to do now, turn shortcuts,
and playing a task's solution one step at a time.

>>> from rulesdojo.rules import Game
>>> now_line(Game(["Alice", "Nadia"]))
"Alice has priority in Alice's precombat main phase, and the stack is empty: act, or move the turn on."
"""

from __future__ import annotations

from ..rules.actions import AdvanceStep, DeclareAttackers, GetEnergy, PayEnergy
from ..rules.errors import RulesError
from ..scenarios.scenario import ActionRunner, Scenario

MAIN_PHASES = ("precombat main", "postcombat main")
#: The turn shortcuts a task with the turn bar offers: (key, label, tooltip).
SHORTCUTS = (("no-attackers", "No attackers", "Declare no attackers and go on to the end of combat"),
             ("next-main", "To the next main phase", "Pass with an empty stack until the next main phase"),
             ("end-turn", "End the turn", "Pass with an empty stack until the next player's turn"))


def _step_name(step: str) -> str:
    return f"{step} phase" if step in MAIN_PHASES else f"{step} step"


def now_line(game) -> str:
    """Say in one sentence what the game waits for now, as the rules give it."""
    st = game.state
    if st.over:
        return f"The game is over: {st.winner or 'nobody'} won."
    if st.pending is not None:
        p = st.pending
        if p.kind == "declare_attackers":
            return f"{p.player} declares attackers: choose them, or press No attackers."
        return f"{p.player} must choose now: {p.prompt}."
    if st.stack:
        top = st.stack[-1]
        return (f"{st.priority} has priority, with {top.controller}'s {top.name} on top of the stack: "
                f"pass (Resolve top) so it resolves, or respond first.")
    return (f"{st.priority} has priority in {st.active}'s {_step_name(st.step)}, and the stack is empty: "
            f"act, or move the turn on.")


def shortcut(key: str):
    """Return the engine steps of one turn shortcut, to give to ``GameModel.run``."""
    def run(game) -> None:
        start_turn, start_step = game.state.turn, game.state.step
        for _ in range(40):
            st = game.state
            if st.over:
                return
            if key == "no-attackers" and st.step not in ("beginning of combat", "declare attackers") \
                    and st.step != start_step:
                return
            if key == "next-main" and st.step in MAIN_PHASES and (st.step != start_step or st.turn != start_turn):
                return
            if key == "end-turn" and st.turn != start_turn:
                return
            if st.pending is not None:
                if st.pending.kind != "declare_attackers":
                    raise RulesError(f"First answer the choice waiting for {st.pending.player}: "
                                     f"{st.pending.prompt}.", rule=st.pending.rule)
                game.apply(DeclareAttackers(()))
                continue
            if st.stack:
                if st.step == start_step and st.turn == start_turn:
                    raise RulesError("The stack isn't empty: resolve it (or respond) first.", rule="500.2")
                return  # something triggered on the way: stop so the learner sees it
            if key == "no-attackers" and st.step not in ("precombat main", "beginning of combat",
                                                          "declare attackers"):
                raise RulesError("Attackers are declared in the combat phase; this isn't before it.",
                                 rule="508.1")
            game.apply(AdvanceStep())
    return run


def solution_step(step, scenario: Scenario):
    """Return the engine steps of one solution step (a scenario action, or practice energy).

    Run on a game, they return what went otherwise than the step says (a ``rejected:`` step allowed).
    """
    def run(game) -> list[str]:
        who = game.state.priority or game.state.active
        if isinstance(step, dict) and "get_energy" in step:
            game.apply(GetEnergy(who, step["get_energy"]))
        elif isinstance(step, dict) and "pay_energy" in step:
            game.apply(PayEnergy(who, step["pay_energy"]))
        else:
            return ActionRunner(game, {}, scenario).step(step, "solution")
        return []
    return run


def is_refusal(step) -> bool:
    """Say whether a solution step shows a refusal (it changes nothing)."""
    return isinstance(step, dict) and "rejected" in step


def say_step(step) -> str:
    """Say one solution step as a learner would do it.

    >>> say_step({"order": ["Architect of the Untamed", "Lotus Cobra", "Steppe Lynx"]})
    'Order the triggers: Steppe Lynx on top of the stack (it resolves first), then Lotus Cobra, then Architect of the Untamed'
    >>> say_step({"cast": "Unsummon", "target": "Grizzly Bears"})
    'Cast Unsummon, targeting Grizzly Bears'
    """
    if isinstance(step, str):
        return {"pass": "Pass priority", "resolve": "Resolve top: everyone passes, and the top of the stack "
                "resolves"}.get(step, step)
    verb = next((k for k in step if k not in ("target", "targets", "mana", "ability", "as", "rejected")), "mana")
    arg = step[verb]
    names = ", ".join(map(str, arg)) if isinstance(arg, list) else str(arg)
    aims = step.get("target") or step.get("targets")
    aim = f", targeting {', '.join(map(str, aims)) if isinstance(aims, list) else aims}" if aims else ""
    said = {
        "play": f"Play {names}", "cast": f"Cast {names}{aim}", "activate": f"Activate {names}'s ability{aim}",
        "tap": f"Tap {names} for mana" + (f" ({{{step['mana']}}})" if "mana" in step else ""),
        "advance": f"Move the turn on to the {names} step",
        "attack": f"Attack with {names}" if arg else "Declare no attackers",
        "order": "Order the triggers: " + ", then ".join(
            [f"{n} on top of the stack (it resolves first)" if i == 0 else str(n)
             for i, n in enumerate(reversed(arg if isinstance(arg, list) else [arg]))]),
        "pay": "Pay" if arg is True else "Don't pay", "amount": f"Choose {arg}",
        "mana": f"Choose {{{arg}}}", "choose": f"Choose {names}" if arg else "Choose nothing",
        "target": f"Target {names}", "get_energy": f"Get {arg} energy", "pay_energy": f"Pay {arg} energy",
    }
    return said.get(verb, f"{verb.replace('_', ' ').capitalize()} {names}{aim}")
