"""Lines of play on a game, for the lessons: what the game waits for now, a solution's steps,
practice energy, the turn shortcuts and the bounded search of the legal lines. Lessons take what
they need of the engine from here and from ``GameModel``, never from ``rulesdojo.rules``.

>>> from rulesdojo.rules import Game
>>> now_line(Game(["Alice", "Nadia"]))
"Alice has priority in Alice's precombat main phase, and the stack is empty: act, or move the turn on."
"""

from __future__ import annotations

from collections import Counter

from ..i18n import Words, words_for
from ..i18n.terms import step_words
from ..rules.actions import GetEnergy, OrderTriggers, PassPriority, PayEnergy
from ..rules.advance import MAIN_PHASES, NEXT_MAIN, NEXT_TURN, advance
from ..rules.choices import AttackersChoice
from ..rules.describe import describe, name_of
from ..rules.errors import RulesError, ScenarioError
from ..rules.search import NODE_BOUND, Reach, finish, reach, searching
from ..scenarios.scenario import ActionRunner, Scenario



def _words(msgid: str) -> str:
    """Mark a text for translation where it is written; the page says it in the learner's language."""
    return msgid


#: The turn shortcuts a task with the turn bar offers: (key, label, tooltip), in English; a page
#: shows them through its ``words``.
SHORTCUTS = (("no-attackers", _words("No attackers"), _words("Declare no attackers and go on to the end of combat")),
             ("next-main", _words("To the next main phase"), _words("Pass with an empty stack until the next main phase")),
             ("end-turn", _words("End the turn"), _words("Pass with an empty stack until the next player's turn")))
BEFORE_ATTACKERS = ("precombat main", "beginning of combat", "declare attackers")
#: The solution steps that are practice energy, not a scenario action: each one's engine action.
PRACTICE = {"get_energy": GetEnergy, "pay_energy": PayEnergy}


def _step_name(words: Words, step: str) -> str:
    if step == "precombat main":
        return words("precombat main phase")
    if step == "postcombat main":
        return words("postcombat main phase")
    return step_words(words, step, named=True)


def now_line(game, resolving: bool = True, words: Words = words_for("en")) -> str:
    """Say in one sentence what the game waits for now, as the rules give it, in ``words``' language.
    ``resolving``: offer Resolve top (a task turns it off where letting the top resolve loses its goal).

    >>> from rulesdojo.rules import Game
    >>> g = Game(["Alice", "Nadia"])
    >>> now_line(g, resolving=False)   # an empty stack: nothing to resolve either way
    "Alice has priority in Alice's precombat main phase, and the stack is empty: act, or move the turn on."
    """
    st = game.state
    if st.over:
        if st.winner:
            return words("The game is over: {winner} won.", winner=st.winner)
        return words("The game is over: nobody won.")
    if st.pending is not None:
        p = st.pending
        if isinstance(p, AttackersChoice):
            return words("{player} declares attackers: choose them, or press No attackers.", player=p.player)
        # A choice's prompt may name its chooser already ("Alice: put these ..."): say it once.
        prompt = p.prompt.removeprefix(f"{p.player}: ")
        return words("{player} chooses: {prompt}.", player=p.player, prompt=prompt)
    if st.stack:
        top = st.stack[-1]
        card = words.card(top.name) if top.name else top.name
        if not resolving:
            return words("{player} has priority, with {controller}'s {card} on top of the stack: respond while it "
                         "is there, or pass priority to the other player.", player=st.priority,
                         controller=top.controller, card=card)
        return words("{player} has priority, with {controller}'s {card} on top of the stack: pass (Resolve top) "
                     "so it resolves, or respond first.", player=st.priority, controller=top.controller, card=card)
    return words("{player} has priority in {active}'s {step}, and the stack is empty: act, or move the turn on.",
                 player=st.priority, active=st.active, step=_step_name(words, st.step))


def shortcut(key: str):
    """Return the engine steps of one turn shortcut (a key of ``SHORTCUTS``) or of moving the turn on
    to a named step, to give to ``GameModel.run``. A trigger met on the way stops there."""
    def run(game) -> None:
        st = game.state
        if key == "no-attackers":
            if st.step not in BEFORE_ATTACKERS and not (st.over or st.pending or st.stack):
                raise RulesError("Attackers are declared in the combat phase; this isn't before it.",
                                 rule="508.1")
            to = "end of combat"
        else:
            to = {"next-main": NEXT_MAIN, "end-turn": NEXT_TURN}.get(key, key)
        advance(game, to, no_attackers=True, stop_for_stack=True)
    return run


def solution_step(step, scenario: Scenario):
    """Return the engine steps of one solution step (a scenario action, or practice energy).

    Run on a game, they return what went otherwise than the step says (a ``rejected:`` step allowed).
    """
    def run(game) -> list[str]:
        who = game.state.priority or game.state.active
        verb = next((v for v in PRACTICE if isinstance(step, dict) and v in step), None)
        if verb is None:
            return ActionRunner(game, {}, scenario).step(step, "solution")
        game.apply(PRACTICE[verb](who, step[verb]))
        return []
    return run


def practice_left(solution, game) -> tuple:
    """Return the practice-energy moves of a solution not yet made in this game (each once)."""
    who = game.state.priority or game.state.active
    want = Counter((verb, n) for step in solution if isinstance(step, dict)
                   for verb, n in step.items() if verb in PRACTICE)
    made = Counter((verb, a.amount) for a in game.history if isinstance(a, (GetEnergy, PayEnergy))
                   for verb, kind in PRACTICE.items() if type(a) is kind)
    left = want - made
    return tuple(PRACTICE[verb](who, n) for (verb, n), k in sorted(left.items()) for _ in range(k))


__all__ = ["NODE_BOUND", "Reach", "RulesError", "SHORTCUTS", "ScenarioError", "finish", "now_line",
           "practice_left", "reach", "searching", "shortcut", "solution_step"]


def energy_move(action) -> tuple[str, str, int] | None:
    """Return a practice energy move as ("get" or "pay", the player, the amount); None for another move.

    >>> energy_move(PayEnergy("Alice", 2)), energy_move(PassPriority())
    (('pay', 'Alice', 2), None)
    """
    if isinstance(action, (GetEnergy, PayEnergy)):
        return ("get" if isinstance(action, GetEnergy) else "pay", action.player, action.amount)
    return None


def move_words(before, action) -> str:
    """Say a move as it changed the board in ``before`` (the game it was played in): a whole order of
    triggers (the last one on top), a pass that let the top of the stack resolve, or the move's words."""
    st = before.state
    if isinstance(action, OrderTriggers) and len(action.order) > 1:
        names = [name_of(st, r) for r in action.order]
        return (f"You put the triggers on the stack in this order: {', then '.join(names)}. The last one, "
                f"{names[-1]}, is on top and resolves first")
    if isinstance(action, PassPriority) and st.stack:
        top = st.stack[-1]
        return (f"{st.priority} passed priority with {top.controller}'s {top.name} on top of the stack, "
                "so it resolved")
    return f"“{describe(st, action)}”"
