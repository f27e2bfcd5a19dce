"""A traitlets model of one engine game: the traits views link to, and the methods they call."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from traitlets import Dict, HasTraits, Int, Tuple, Unicode, validate

from ..rules import CardSet, Game, RulesError
from ..rules.actions import (ActivateAbility, AdvanceStep, CastSpell, GetEnergy, PassPriority, PayEnergy,
                             PlayLand)
from ..rules.advance import resolve_top
from ..rules.describe import describe_said, refusal
from ..rules.errors import NoPendingChoice, ScenarioError
from ..rules.objects import STEPS
from ..scenarios.folder import listed, opened, scenarios_folder, uploaded
from ..scenarios.scenario import Scenario, start
from .lines import now_line, shortcut, solution_step
from .moves import dump, load
from .table import table

__all__ = ["GameModel", "STEPS", "scenario_choices"]


class GameModel(HasTraits):
    """Own one engine game and copy its result into traits after every action, at once.

    >>> m = GameModel.empty()
    >>> m.energy_of("Alice")
    0
    >>> m.get_energy("Alice", 2), m.pay_energy("Alice", 5), m.error_rule
    (True, False, '118.3')
    """

    players = Tuple(help="Each player: name, life, energy, counters, mana pool, zones; hand cards as "
                         "battlefield entries are, without the permanent's state.")
    battlefield = Tuple(help="Each permanent with its characteristics as the rules compute them, its "
                             "cost, type line, Oracle text, printed P/T and why it differs (pt_why), its "
                             "legal actions ([key, label]) and, when it has none, why_not {message, rule}.")
    stack = Tuple(help="Stack objects, top first.")
    waiting = Tuple(help="Triggered abilities waiting to be put on the stack: id, name, controller, text.")
    pending = Dict(allow_none=True, default_value=None,
                   help="The choice the game waits for, or None: kind, player, prompt, rule, options, "
                        "low, high, data (e.g. the amount to pay), labels (each option by name) and "
                        "form: how it is answered ('one' of the legal answers, 'several' of the options, "
                        "an 'order' of them, 'pay' or not, an 'amount').")
    log = Tuple(help="The engine's events, oldest first: (seq, rule, text, kind, player, said), ``text`` the "
                     "English sentence and ``said`` the same as a value any language can say.")
    outcomes = Tuple(help="Objects that left the stack: (name, 'resolved' | 'did not resolve').")
    legal = Tuple(help="What may be done now: (key, label, object id) for each legal action.")
    legal_said = Dict(help="The labels of ``legal`` as values any language can say, by key (as text), where the engine "
                           "has them (``rules.describe.describe_said``); the others are shown as ``legal`` says.")
    turn = Int(0)
    step = Unicode("")
    active = Unicode("")
    priority = Unicode("")
    error = Unicode("", help="Why the last action was rejected, in a learner's words.")
    error_rule = Unicode("", help="The rule the last rejected action broke.")
    scenario_name = Unicode("")
    version = Int(0, help="Bumped once per change, for views that redraw as a whole.")

    def __init__(self, game: Game | None = None, scenario: Scenario | None = None,
                 cards: CardSet | None = None, **kw):
        """``cards``: what the scenarios loaded later are played with (a ``Kit``'s; else the process's)."""
        super().__init__(**kw)
        self._scenario = scenario
        self._cards = cards
        self._game = game or Game(cards=cards or CardSet.shipped())
        self._actions: list = []
        self._marks: list[int] = []  # history length before each learner action, for undo
        self._log_of = None  # the engine log that ``log`` holds the rows of
        self._refresh()

    # --- building ---

    @classmethod
    def empty(cls, players=("Alice", "Nadia"), cards: CardSet | None = None) -> "GameModel":
        return cls(Game(list(players), cards=cards or CardSet.shipped()), cards=cards)

    @classmethod
    def from_scenario(cls, source, cards: CardSet | None = None) -> "GameModel":
        """Start from a scenario file path or a scenario dict; its actions are played too. ``cards``:
        what it is played with, if the scenario was given none."""
        scenario = _scenario(source, cards)
        return cls(start(scenario), scenario, cards)

    def load_scenario(self, source) -> bool:
        """Replace the game with a scenario's; a bad scenario sets the error and keeps the game."""
        try:
            scenario = _scenario(source() if callable(source) else source, self._cards)
            game = start(scenario)
        except (ScenarioError, RulesError) as exc:
            self._reject(exc)
            return False
        self._scenario, self._game, self._marks = scenario, game, []
        self._refresh()
        return True

    def load_named(self, folder: Path, name: str) -> bool:
        """Load the scenario file ``name`` from ``folder``; a name leading outside it is refused."""
        return self.load_scenario(lambda: opened(folder, name))

    def load_upload(self, name: str, content: bytes) -> bool:
        """Load an uploaded scenario file, read in memory; too large or malformed sets the error."""
        return self.load_scenario(lambda: uploaded(name, content))

    # --- reading (engine objects stay in the kernel) ---

    @property
    def game(self) -> Game:
        """The engine game, for lesson goals and tests; views read traits only."""
        return self._game

    def energy_of(self, name: str) -> int:
        return self._game.player(name).energy

    # --- acting ---

    def do(self, action) -> bool:
        """Apply an action (or the answer to the pending choice); on a rule breach set the error."""
        mark = len(self._game.history)
        try:
            self._game.apply(action)
        except RulesError as exc:
            self._reject(exc, action)
            return False
        self._marks.append(mark)
        self._refresh()
        return True

    def pass_all(self) -> bool:
        """Have every player pass in succession: the top object resolves (CR 117.4, 608.1).

        One learner action: ``undo`` takes all the passes back together.
        """
        return self.run(resolve_top)

    def run(self, steps) -> bool:
        """Make several engine changes as one learner action: ``steps(game)`` applies them.

        On a rule breach the game goes back to where it was and the error is set; ``undo`` takes
        the whole run back at once (a turn shortcut, a worked step of a lesson).
        """
        g = self._game
        mark = len(g.history)
        try:
            steps(g)
        except RulesError as exc:
            while len(g.history) > mark:
                g.undo()
            self._reject(exc)
            return False
        if len(g.history) > mark:
            self._marks.append(mark)
        self._refresh()
        return True

    # --- intents: what views and lessons ask for, in the game's words ---

    def play(self, key: int) -> bool:
        """Take the legal action listed under ``key`` in ``legal``: play a land, cast a spell,
        activate an ability, or give one of the pending choice's legal answers."""
        return self.do(self._actions[key])

    def answer(self, choice: dict, value) -> bool:
        """Answer the pending choice, as ``pending`` showed it, with a plain value: the ids chosen,
        an order of ids, an amount, or yes/no; the choice itself makes the answer of it."""
        pending = self._game.pending
        if pending is None or choice != self.pending:
            self._reject(NoPendingChoice("That choice isn't waiting any more: answer the one shown now."))
            return False
        return self.do(pending.answer(value))

    def advance(self, to: str) -> bool:
        """Move the turn on as one learner action: to a named step, or by a turn shortcut
        (``lines.SHORTCUTS``); a trigger met on the way stops it there."""
        return self.run(shortcut(to))

    def next_step(self) -> bool:
        """End this step: every player passes with the stack empty (CR 500.2)."""
        return self.do(AdvanceStep())

    def pass_priority(self) -> bool:
        """The player with priority passes (CR 117.3d)."""
        return self.do(PassPriority())

    def get_energy(self, player: str, amount: int) -> bool:
        """Give a player energy counters, as an effect would (CR 107.14, 122.1)."""
        return self.do(GetEnergy(player, amount))

    def pay_energy(self, player: str, amount: int) -> bool:
        """Have a player pay energy: remove that many energy counters, never more than they have."""
        return self.do(PayEnergy(player, amount))

    def mana_abilities(self) -> list[tuple[int, str]]:
        """Return the legal activations of mana abilities that name their mana: (key, label)."""
        return [(k, label) for k, label, _oid in self.legal
                if isinstance(self._actions[k], ActivateAbility) and self._actions[k].mana is not None]

    def play_step(self, step) -> bool:
        """Play one step of a task's solution (a scenario action, or practice energy) as one action."""
        if self._scenario is None:
            raise ScenarioError("a solution step is a task's, and this game was not started from a task")
        return self.run(solution_step(step, self._scenario))

    def now_line(self) -> str:
        """Say in one sentence what the game waits for now."""
        return now_line(self._game)

    def moves(self) -> str:
        """Return the moves made since the start, as text ``replay`` reads."""
        return dump(self._game.history)

    def replay(self, text: str | None) -> bool:
        """Play again moves kept by ``moves``; unreadable or refused moves leave the start as it is."""
        try:
            played = load(text) if text else []
        except ValueError:
            return False
        return self.run(lambda game: [game.apply(m) for m in played]) if played else True

    def undo(self) -> bool:
        """Take back the last learner action (all the engine steps it made)."""
        if not self._game.history:
            self._reject(RulesError("There is nothing to undo: this is the starting position."))
            return False
        mark = self._marks.pop() if self._marks else len(self._game.history) - 1
        while len(self._game.history) > mark:
            self._game.undo()
        self._refresh()
        return True

    def reset(self) -> None:
        """Go back to the starting position (the scenario's, or an empty game)."""
        self._game = start(self._scenario) if self._scenario else Game(
            [p.name for p in self._game.players], cards=self._game.cards)
        self._marks = []
        self._refresh()

    # --- copying the engine into traits ---

    def _reject(self, exc: RulesError, action=None) -> None:
        with self.hold_trait_notifications():
            self.error = refusal(self._game.state, action, exc)
            self.error_rule = exc.rule or ""

    def _refresh(self) -> None:
        g = self._game
        self._actions = list(g.legal_actions)
        legal = tuple((k, g.describe(a), _object_of(a)) for k, a in enumerate(self._actions))
        legal_said = {str(k): s for k, a in enumerate(self._actions) if (s := describe_said(g.state, a)) is not None}
        snap = table(g, legal)
        st = g.state
        with self.hold_trait_notifications():
            self.players = tuple(snap["players"])
            self.battlefield = tuple(snap["battlefield"])
            self.stack = tuple(snap["stack"])
            self.waiting = tuple(snap["waiting"])
            self.pending = snap["pending"]
            self.log = self._log_rows(g.state.log)
            self.outcomes = tuple((st.names.get(i, "?"), r) for i, r in st.outcomes.items())
            self.legal_said = legal_said
            self.legal = legal
            self.turn, self.step, self.active = st.turn, st.step, st.active
            self.priority = st.priority or ""
            self.error, self.error_rule = "", ""
            self.scenario_name = self._scenario.name if self._scenario else ""
            self.version = self.version + 1

    def _log_rows(self, log) -> tuple:
        # An action adds a few events to a log that can be thousands long: only those are copied.
        kept, self._log_of = self._log_of, log
        if kept is not None and log.extends(kept):
            return self.log + tuple(_row(ev) for ev in log.since(len(kept)))
        return tuple(_row(ev) for ev in log)

    @validate("players", "battlefield", "stack", "waiting", "log", "legal", "outcomes")
    def _tuple_of_records(self, proposal):
        value = proposal["value"]
        if not all(isinstance(x, (dict, tuple)) for x in value):
            raise ValueError(f"{proposal['trait'].name} holds records (dicts or tuples)")
        return value


def _row(ev) -> tuple:
    return (ev.seq, ev.rule, ev.text, ev.kind, ev.player, ev.said)


def _object_of(action) -> int | None:
    if isinstance(action, (PlayLand, CastSpell)):
        return action.card
    if isinstance(action, ActivateAbility):
        return action.source
    return None


def _scenario(source, cards: CardSet | None = None) -> Scenario:
    if isinstance(source, Scenario):
        scenario = source
    elif isinstance(source, dict):
        scenario = Scenario.from_dict(source)
    else:
        scenario = Scenario.from_file(Path(source))
    return dataclasses.replace(scenario, card_set=cards) if cards is not None and scenario.card_set is None else scenario


def scenario_choices(folder: Path | None = None) -> tuple[Path, list[tuple[str, str]]]:
    """Return the scenarios folder (the operator's, else the shipped one) and its (title, file name) list."""
    folder = folder or scenarios_folder()
    return folder, listed(folder)
