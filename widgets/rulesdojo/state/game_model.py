"""A traitlets model of one engine game: the traits views link to, and the methods they call."""

from __future__ import annotations

from pathlib import Path

from traitlets import Dict, HasTraits, Int, Tuple, Unicode, validate

from ..rules import Game, RulesError
from ..rules.actions import ActivateAbility, CastSpell, PassPriority, PlayLand
from ..rules.describe import refusal
from ..rules.errors import ScenarioError
from ..scenarios.cardfile import kit_cards
from ..scenarios.folder import listed, opened, scenarios_folder, uploaded
from ..scenarios.scenario import Scenario, start
from .table import table


class GameModel(HasTraits):
    """Own one engine game and copy its result into traits after every action, at once.

    >>> m = GameModel.empty()
    >>> m.energy_of("Alice")
    0
    >>> m.do(("not an action",))
    False
    >>> m.error_rule
    '117.1'
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
                        "low, high, data (e.g. the amount to pay) and labels (each option by name).")
    log = Tuple(help="The engine's events, oldest first: (seq, rule, text, kind, player).")
    outcomes = Tuple(help="Objects that left the stack: (name, 'resolved' | 'did not resolve').")
    legal = Tuple(help="What may be done now: (key, label, object id) for each legal action.")
    turn = Int(0)
    step = Unicode("")
    active = Unicode("")
    priority = Unicode("")
    error = Unicode("", help="Why the last action was rejected, in a learner's words.")
    error_rule = Unicode("", help="The rule the last rejected action broke.")
    scenario_name = Unicode("")
    version = Int(0, help="Bumped once per change, for views that redraw as a whole.")

    def __init__(self, game: Game | None = None, scenario: Scenario | None = None, **kw):
        super().__init__(**kw)
        self._scenario = scenario
        self._game = game or Game(cards=kit_cards())
        self._actions: list = []
        self._marks: list[int] = []  # history length before each learner action, for undo
        self._refresh()

    # --- building ---

    @classmethod
    def empty(cls, players=("Alice", "Nadia")) -> "GameModel":
        return cls(Game(list(players), cards=kit_cards()))

    @classmethod
    def from_scenario(cls, source) -> "GameModel":
        """Start from a scenario file path or a scenario dict; its actions are played too."""
        scenario = _scenario(source)
        return cls(start(scenario), scenario)

    def load_scenario(self, source) -> bool:
        """Replace the game with a scenario's; a bad scenario sets the error and keeps the game."""
        try:
            scenario = _scenario(source() if callable(source) else source)
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

    def action(self, key: int):
        """Return the engine action behind a ``legal`` entry's key."""
        return self._actions[key]

    def actions_for(self, object_id: int) -> list[tuple[int, str]]:
        """Legal actions that start from one card or permanent: (key, label)."""
        return [(k, label) for k, label, oid in self.legal if oid == object_id]

    # --- acting ---

    def do(self, action) -> bool:
        """Apply an action (or the answer to the pending choice); on a rule breach set the error."""
        mark = len(self._game.history)
        try:
            self._game.apply(action)
        except RulesError as exc:
            self._reject(exc, action)
            return False
        except (TypeError, AttributeError, KeyError):
            self._reject(RulesError(f"{action!r} isn't an action the game knows.", rule="117.1"))
            return False
        self._marks.append(mark)
        self._refresh()
        return True

    def pass_all(self) -> bool:
        """Have every player pass in succession: the top object resolves (CR 117.4, 608.1).

        One learner action: ``undo`` takes all the passes back together.
        """
        g = self._game
        if not g.stack:
            self._reject(RulesError("The stack is empty: there is nothing to resolve.", rule="117.4"))
            return False
        mark, depth = len(g.history), len(g.stack)
        try:
            while g.stack and len(g.stack) >= depth and g.pending is None and g.state.priority:
                top = g.stack[-1].id
                g.apply(PassPriority())
                if not g.stack or g.stack[-1].id != top or g.pending is not None:
                    break
        except RulesError as exc:
            while len(g.history) > mark:
                g.undo()
            self._reject(exc)
            return False
        self._marks.append(mark)
        self._refresh()
        return True

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

    answer = do

    def do_key(self, key: int) -> bool:
        return self.do(self._actions[key])

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
        snap = table(g, legal)
        st = g.state
        with self.hold_trait_notifications():
            self.players = tuple(snap["players"])
            self.battlefield = tuple(snap["battlefield"])
            self.stack = tuple(snap["stack"])
            self.waiting = tuple(snap["waiting"])
            self.pending = snap["pending"]
            self.log = tuple((ev.seq, ev.rule, ev.text, ev.kind, ev.player) for ev in g.log)
            self.outcomes = tuple((st.names.get(i, "?"), r) for i, r in st.outcomes.items())
            self.legal = legal
            self.turn, self.step, self.active = st.turn, st.step, st.active
            self.priority = st.priority or ""
            self.error, self.error_rule = "", ""
            self.scenario_name = self._scenario.name if self._scenario else ""
            self.version = self.version + 1

    @validate("players", "battlefield", "stack", "waiting", "log", "legal", "outcomes")
    def _tuple_of_records(self, proposal):
        value = proposal["value"]
        if not all(isinstance(x, (dict, tuple)) for x in value):
            raise ValueError(f"{proposal['trait'].name} holds records (dicts or tuples)")
        return value


def _object_of(action) -> int | None:
    if isinstance(action, (PlayLand, CastSpell)):
        return action.card
    if isinstance(action, ActivateAbility):
        return action.source
    return None


def _scenario(source) -> Scenario:
    if isinstance(source, Scenario):
        return source
    if isinstance(source, dict):
        return Scenario.from_dict(source)
    return Scenario.from_file(Path(source))


def scenario_choices(folder: Path | None = None) -> tuple[Path, list[tuple[str, str]]]:
    """Return the scenarios folder (the operator's, else the shipped one) and its (title, file name) list."""
    folder = folder or scenarios_folder()
    return folder, listed(folder)
