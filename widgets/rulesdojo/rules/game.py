"""The game object: apply actions, undo them, list what is legal now, show the state."""

from __future__ import annotations

from itertools import islice
from collections.abc import Iterable
from typing import Any, Iterator

from . import casting, checks, legal
from . import engine as e
from .said import CardName, Value, Whose, said, said_n
from . import query as q
from . import turn
from .actions import (CHOICE_ACTIONS, ActivateAbility, AdvanceStep, CastSpell, GetEnergy,
                      PassPriority, PayEnergy, PlayLand)
from .cards import Ability
from .cardset import CardSet
from .checks import Plan
from .choices import Choice
from .errors import CannotPay, IllegalAction, NoPendingChoice, RulesError
from .history import History, clone
from .mana import TYPE_NAMES, TYPE_SAID, TYPES, ManaCost, pay_from_pool, pool_said, pool_text
from .describe import describe
from .objects import (ENERGY, LOYALTY, STEP_NAMES, STEPS, ZONES, CardObject, Event, GameState, Log, Permanent, Player,
                      StackItem, read_only, STEP_SAID)
from .loyalty import pay_loyalty
from .manatriggers import tapped_for_mana
from .resolve import resolve_top
from .happened import Happened



class Game:
    """Hold one game: its state, its log, and the actions taken, each one undoable.

    >>> g = Game(["Alice", "Nadia"])
    >>> forest = g.add_card("Alice", "Forest", "hand")
    >>> _ = g.add_permanent("Alice", "Architect of the Untamed")
    >>> _ = g.apply(PlayLand(forest))
    >>> g.player("Alice").energy, len(g.stack)
    (0, 1)
    >>> _ = g.apply(PassPriority()); _ = g.apply(PassPriority())
    >>> g.player("Alice").energy
    1
    >>> _ = g.undo(); g.player("Alice").energy
    0
    """

    def __init__(self, players: Iterable[str] = ("Alice", "Nadia"), *, active: str | None = None,
                 step: str = "precombat main", turn_number: int = 2, seed: int = 0,
                 cards: CardSet | None = None) -> None:
        names = list(players)
        if len(names) < 2 or len(set(names)) != len(names):
            raise IllegalAction("A game needs two or more players with different names.", rule="102.1")
        if step not in STEP_NAMES:
            raise IllegalAction(f"Unknown step {step!r}; steps are: {', '.join(STEP_NAMES)}.", rule="500.1")
        st = GameState(players=[Player(n) for n in names], active=active or names[0],
                       turn=turn_number, step=step, cards=CardSet.shipped() if cards is None else cards)
        if st.active not in names:
            raise IllegalAction(f"The active player {st.active!r} isn't in the game.", rule="102.1")
        st.rng.seed(seed)
        st.priority = st.active if step in turn.PRIORITY_STEPS else None
        self._state = st
        self._history = History(lambda st, action, replay: _dispatch(st, action, replay)[0])
        self._replay: GameState | None = None  # where the paused resolution replays from

    # --- setting up a position (no triggers fire, nothing is logged as played) ---

    def add_card(self, who: str, name: str, zone: str = "hand", *, owner: str | None = None) -> int:
        """Put a card in a player's library, hand, graveyard or exile (owned by ``owner``, by default
        that player); return its object id."""
        if zone not in ZONES:
            raise IllegalAction(f"Unknown zone {zone!r}; zones are: {', '.join(ZONES)}.", rule="400.1")
        c = self._state.cards.named(name)
        st = self._state
        # A back face's card is its front (CR 712.8a).
        obj = CardObject(e.new_id(st), c.front or c.name, q.player(st, owner).name if owner else who)
        q.player(st, who).zone(zone).append(obj)
        self._history.changed_outside_actions()
        return obj.id

    def add_permanent(self, who: str, name: str, *, tapped: bool = False, sick: bool = False,
                      counters: dict[str, int] | None = None, damage: int = 0, token: bool = False,
                      owner: str | None = None) -> int:
        """Put a permanent onto the battlefield as part of a starting position; return its id.

        A planeswalker has its printed loyalty unless ``counters`` says how many loyalty counters
        (CR 306.5b)."""
        c = self._state.cards.named(name)
        if c.loyalty and LOYALTY not in (counters or {}):
            counters = {**(counters or {}), LOYALTY: c.loyalty}
        q.player(self._state, who)
        if "Instant" in c.types or "Sorcery" in c.types:
            raise IllegalAction(f"{c.name} is an {c.types[0].lower()}: it can't be on the battlefield.",
                                rule="110.4a")
        st = self._state
        p = Permanent(e.new_id(st), c.name, owner or who, who, token=token or c.token, tapped=tapped,
                      sick=sick, counters=dict(counters or {}), damage=damage)
        st.battlefield.append(p)
        self._history.changed_outside_actions()
        return p.id

    def set_player(self, who: str, *, life: int | None = None, energy: int | None = None,
                   counters: dict[str, int] | None = None, mana: dict[str, int] | None = None) -> None:
        """Set a player's life, counters or mana pool as part of a starting position.

        ``energy`` is the number of energy counters; ``counters`` sets those kinds (0 removes one);
        ``mana`` is the whole pool by type, e.g. ``{"R": 2}``. Nothing triggers and nothing is
        logged, as with ``add_permanent``; undo takes it back with the action before it.

        >>> g = Game(["Alice", "Nadia"]); g.set_player("Alice", life=7, energy=3, mana={"G": 2})
        >>> alice = g.player("Alice"); alice.life, alice.energy, alice.pool["G"]
        (7, 3, 2)
        """
        p = q.player(self._state, who)
        if life is not None and (not isinstance(life, int) or isinstance(life, bool)):
            raise IllegalAction(f"A life total is a whole number, not {life!r}.", rule="119.1")
        counts = dict(counters or {}, **({} if energy is None else {ENERGY: energy}))
        for n in counts.values():
            _check_count(n)
        pool = dict(mana or {})
        for t, n in pool.items():
            if t not in TYPES:
                raise IllegalAction(f"{t!r} isn't a type of mana; types are: {', '.join(TYPES)}.",
                                    rule="106.1b")
            _check_count(n, "An amount of mana")
        if life is not None:
            p.life = life
        for kind, n in counts.items():
            _set_count(p.counters, kind, n)
        if mana is not None:
            p.pool = {t: pool.get(t, 0) for t in TYPES}
        self._history.changed_outside_actions()

    def set_counters(self, holder: str | int, kind: str, n: int) -> None:
        """Give a player (by name) or a permanent (by id) exactly ``n`` counters of ``kind``.

        A change to the position, not an action: nothing triggers, no replacement effect applies,
        it is logged as a setup change, and undo takes it back with the action before it.

        >>> g = Game(["Alice", "Nadia"]); g.set_counters("Alice", "energy", 3)
        >>> g.player("Alice").energy, g.log[-1].text
        (3, 'Set up: Alice now has 3 energy counters.')
        """
        _check_count(n)
        st = self._state
        target = q.player(st, holder) if isinstance(holder, str) else q.present(st, holder)
        _set_count(target.counters, kind, n)
        what = CardName(target.card) if isinstance(target, Permanent) else str(holder)
        e.log(st, "122.1", said_n("Set up: {what} now has {n} {kind} counter.", "Set up: {what} now has {n} {kind} counters.",
                                  n, what=what, kind=kind), "setup")
        self._history.changed_outside_actions()

    # --- reading (read-only views: a game changes only through actions and the setup above) ---

    @property
    def cards(self) -> CardSet:
        """The card set the game is played with (its copies share it)."""
        return self._state.cards

    @property
    def state(self) -> GameState:
        """The current state, as a read-only view (``ReadOnly``): apply actions to change it.

        >>> g = Game(["Alice", "Nadia"]); g.state.step, g.state.battlefield
        ('precombat main', ())
        """
        return read_only(self._state)

    @property
    def log(self) -> Log:
        return self._state.log

    @property
    def stack(self) -> tuple[StackItem, ...]:
        return read_only(self._state.stack)

    @property
    def pending(self) -> Choice | None:
        return read_only(self._state.pending)

    @property
    def players(self) -> tuple[Player, ...]:
        return read_only(self._state.players)

    def player(self, name: str) -> Player:
        """Return the player named ``name`` as a read-only view.

        >>> g = Game(["Alice", "Nadia"]); g.player("Alice").counters["energy"] = 2
        Traceback (most recent call last):
        ...
        rulesdojo.rules.objects.ReadOnlyError: This mapping of the game's is read-only: a game changes only through Game.apply (actions) or its setup methods (add_card, add_permanent, set_player, set_counters).
        """
        return read_only(q.player(self._state, name))

    def permanent(self, pid: int) -> Permanent | None:
        """Return the permanent with id ``pid`` as a read-only view, or None if it isn't on the battlefield."""
        return read_only(q.permanent(self._state, pid))

    @property
    def history(self) -> list[Any]:
        return self._history.actions()

    # --- acting ---

    def apply(self, action: object) -> list[Event]:
        """Take an action or answer the pending choice; return the new log events.

        Raises a ``RulesError`` naming the rule when the action isn't legal now;
        the game is then exactly as it was.
        """
        before = self._state
        work, replay = _dispatch(clone(before), action, self._replay)
        self._history.record(before, action, self._replay)
        self._state, self._replay = work, replay
        return work.log.since(len(before.log))

    def undo(self) -> Any:
        """Take back the last action; return it, or None when there is nothing to undo."""
        taken = self._history.take_back()
        if taken is None:
            return None
        self._state, action, self._replay = taken
        return action

    def fork(self) -> "Game":
        """Return a game at this position with no history: playing on it leaves this one as it is.

        >>> g = Game(["Alice", "Nadia"])
        >>> f = g.fork(); _ = f.apply(AdvanceStep())
        >>> g.state.step, f.state.step, f.history == [AdvanceStep()]
        ('precombat main', 'beginning of combat', True)
        """
        other = object.__new__(Game)
        other._state = clone(self._state)
        other._history = History(self._history._replay)
        other._replay = self._replay
        return other

    def forget_history(self) -> None:
        """Make the current position the start: undo stops here."""
        self._history.clear()

    def is_legal(self, action: object) -> bool:
        return self.why_illegal(action) is None

    def why_illegal(self, action: object) -> RulesError | None:
        """Return the error ``action`` would raise now (naming the rule), or None if it is legal."""
        try:
            _dispatch(clone(self._state), action, self._replay)
        except RulesError as exc:
            return exc
        return None

    @property
    def legal_actions(self) -> "LegalActions":
        return LegalActions(self)

    def generate_legal_actions(self) -> Iterator[Any]:
        """Yield every action legal now, as ``legal_actions`` lists them: the pending choice's
        answers (all of them), or else the player with priority's activations, land plays and
        spells from hand, then activations on the battlefield, passing, and moving on.

        >>> g = Game(["Alice", "Nadia"]); forest = g.add_card("Alice", "Forest")
        >>> list(g.generate_legal_actions())
        [PlayLand(card=1, back=False), PassPriority(), AdvanceStep()]
        """
        st = self._state
        if st.over:
            return
        if st.pending is not None:
            yield from st.pending.legal_answers(st)
            return
        if st.priority is None:
            return
        yield from legal.from_hand(st, st.priority)
        yield from legal.from_battlefield(st, st.priority)
        yield PassPriority()
        if not st.stack:
            yield AdvanceStep()

    def describe(self, action: object) -> str:
        """Say an action in a learner's words, e.g. ``Play Forest``."""
        return describe(self._state, action)

    def snapshot(self, log: bool = True) -> dict[str, Any]:
        """Return the whole state as plain data: equal snapshots mean equal games; without ``log``
        the position alone (its cost then doesn't grow with the game's length).

        >>> g = Game(["Alice", "Nadia"]); _ = g.apply(AdvanceStep())
        >>> len(g.snapshot()["log"]), "log" in g.snapshot(log=False)
        (2, False)
        """
        return snapshot(self._state, log)


#: The most answers to one pending choice that ``legal_actions`` lists. A choice among subsets
#: has 2^n answers (twenty creatures that can attack: a million): past this many the listing
#: stops and says so in ``cut``, and a "several" choice is still answered whole (any legal
#: answer is accepted, listed or not).
ANSWERS_LISTED = 512


class LegalActions:
    """A view of what may be done now: iterate it, or test an action with ``in``.

    ``cut`` says, once it has been iterated, whether the pending choice had more answers than the
    ``ANSWERS_LISTED`` it listed.
    """

    def __init__(self, game: Game) -> None:
        self._game = game
        self.cut = False

    def __contains__(self, action: object) -> bool:
        return self._game.is_legal(action)

    def __iter__(self) -> Iterator[Any]:
        actions = self._game.generate_legal_actions()
        if self._game.pending is None:
            yield from actions
            return
        yield from islice(actions, ANSWERS_LISTED)
        self.cut = next(actions, None) is not None

    def __len__(self) -> int:
        return sum(1 for _ in self)


def _check_count(n: object, what: str = "A number of counters") -> None:
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise IllegalAction(f"{what} is a whole number, zero or more, not {n!r}.",
                            rule="122.1" if what.endswith("counters") else "106.4")


def _set_count(counters: dict[str, int], kind: str, n: int) -> None:
    if n:
        counters[kind] = n
    else:
        counters.pop(kind, None)


def _dispatch(st: GameState, action: object, replay: GameState | None) -> tuple[GameState, GameState | None]:
    """Carry out an action on a working copy; return it and where a paused resolution replays from."""
    if st.over:
        raise IllegalAction(f"The game is over: {st.winner or 'nobody'} won.", rule="104.2a")
    replay_next = None
    if st.pending is not None:
        st, replay_next = _answer(st, action, replay)
    elif isinstance(action, CHOICE_ACTIONS):
        raise NoPendingChoice("There is no choice to make right now.", rule="117.1")
    elif isinstance(action, (GetEnergy, PayEnergy)):
        _practice_energy(st, action)
    elif isinstance(action, PlayLand):
        _play_land(st, action)
    elif isinstance(action, CastSpell):
        _cast(st, action)
    elif isinstance(action, ActivateAbility) and q.permanent(st, action.source) is None:
        _activate_from_hand(st, action)
    elif isinstance(action, ActivateAbility):
        _activate(st, action)
    elif isinstance(action, PassPriority):
        replay_next = turn.pass_priority(st, checks.acting_player(st))
    elif isinstance(action, AdvanceStep):
        _advance(st)
    else:
        raise IllegalAction(f"{action!r} isn't an action.", rule="117.1")
    turn.settle(st)
    return st, replay_next


def _answer(st: GameState, action: object, replay: GameState | None) -> tuple[GameState, GameState | None]:
    """Answer the pending choice; mid-resolution, resolve again from its start with the answers
    so far (CR 608.2). Return the working state and where a paused resolution replays from."""
    choice = st.pending
    assert choice is not None  # _dispatch answers only a pending choice
    value = choice.check(st, action)
    if replay is not None:
        st = clone(replay)
        return st, resolve_top(st, choice.answers + (value,))
    st.pending = None
    turn.carry_on(st, choice, value)
    return st, None


def _advance(st: GameState) -> None:
    """All players pass in succession with an empty stack: the step ends (CR 500.2)."""
    who = checks.acting_player(st)
    if st.stack:
        raise IllegalAction("The stack isn't empty: pass priority to resolve it first.", rule="500.2")
    e.log(st, "500.2", said("All players pass with an empty stack: the {step} ends.", step=STEP_SAID[st.step]),
          "priority", who)
    turn.end_step(st)


def _practice_energy(st: GameState, a: GetEnergy | PayEnergy) -> None:
    q.player(st, a.player)
    if not isinstance(a.amount, int) or isinstance(a.amount, bool) or a.amount < 1:
        raise IllegalAction("Get or pay one or more energy.", rule="107.14")
    if isinstance(a, PayEnergy):
        e.pay_energy(st, a.player, a.amount, said("practice"))
    else:
        e.get_energy(e.Direct(st), a.player, a.amount, said("an effect"))


def _play_land(st: GameState, a: PlayLand) -> None:
    obj = checks.check_play_land(st, a)
    who = checks.acting_player(st)
    face = checks.played_face(st, obj, a)
    q.player(st, who).hand.remove(obj)
    st.land_plays += 1
    e.log(st, "305.1", said("{who} plays {card}: a special action; it doesn't use the stack.", who=who,
                            card=CardName(face.name)), "play", who)
    if a.back:
        e.log(st, "712.12", said("{face} is the back face of {card}: {who} chose that land face, and it enters with "
                                 "that face up, having only its characteristics (CR 712.8f).", face=CardName(face.name),
                                 card=CardName(obj.card), who=who), "play", who)
    e.enter(st, face.name, obj.owner, who, old_id=obj.id)
    st.passes = 0


def _cast(st: GameState, a: CastSpell) -> None:
    obj, plan = checks.check_cast(st, a)
    who = checks.acting_player(st)
    c = q.card(st, obj)
    q.player(st, who).hand.remove(obj)
    item = casting.put_on_stack(st, who, c, obj, tuple(a.targets), a.mode, data={"cast_from": "hand"})
    _pay_mana(st, who, c.mana_cost, plan, " while casting", spare=obj.id)
    casting.pay_sacrifice(st, c.name, a.sacrifice)
    st.passes = 0
    casting.become_cast(st, who, item, c)


def _pay_mana(st: GameState, who: str, cost: ManaCost, plan: Plan | dict[str, int], when: str, spare: int | None = None) -> None:
    """Pay a mana cost: activate the planned mana abilities, then spend from the pool (CR 601.2g-h).

    ``plan`` is either the abilities to activate (the game's choice, which keeps mana the rest
    of the hand needs) or the pool left after the mana the player named.
    """
    p = q.player(st, who)
    if isinstance(plan, dict):
        spent = {t: p.pool[t] - plan[t] for t in p.pool}
        p.pool = dict(plan)
    else:
        for pid, _, t in plan:
            _add_mana(st, q.present(st, pid), t, "601.2g", when)
        left = pay_from_pool(p.pool, cost, tuple(checks.needed_colors(st, who, spare)))
        if left is None:
            raise CannotPay(f"{who} can't pay {cost}{when}: a cost can't be paid in part.", rule="601.2h")
        spent = {t: p.pool[t] - left[t] for t in p.pool}
        p.pool = left
    if cost.mana_value:
        e.log(st, "601.2h", said("{who} pays {cost} with {pool}.", who=who, cost=str(cost), pool=pool_said(spent)),
              "mana", who)


def _add_mana(st: GameState, perm: Permanent, t: str, rule: str, when: str = "") -> None:
    perm.tapped = True
    p = q.player(st, perm.controller)
    p.pool[t] += 1
    values: dict[str, Value] = {"who": p.name, "card": CardName(perm.card), "mana": f"{{{t}}}", "color": TYPE_SAID[t]}
    e.log(st, rule, said("{who} taps {card} for {mana} ({color}) while casting: a mana ability, so it doesn't use "
                         "the stack.", **values) if when == " while casting" else
          said("{who} taps {card} for {mana} ({color}) while activating: a mana ability, so it doesn't use the stack.",
               **values) if when == " while activating" else
          said("{who} taps {card} for {mana} ({color}): a mana ability, so it doesn't use the stack.", **values),
          "mana", p.name)
    tapped_for_mana(st, perm)


def _activate(st: GameState, a: ActivateAbility) -> None:
    perm, ab, mana, plan = checks.check_activate(st, a)
    who = checks.acting_player(st)
    if ab.is_mana_ability:  # no stack: pay the cost, then the mana is added at once (CR 605.3b)
        _pay_cost(st, who, perm, ab, plan, "mana ability", a.sacrifice)
        if mana is None:
            if ab.tap:
                perm.tapped = True
            e.log(st, "106.7", said("{who} taps {card}: no land {who} controls could produce any type of mana, so "
                                    "it adds none (CR 106.7, 106.5).", who=who, card=CardName(perm.card)) if ab.tap
                  else said("{who} activates {card}: no land {who} controls could produce any type of mana, so it "
                            "adds none (CR 106.7, 106.5).", who=who, card=CardName(perm.card)), "mana", who)
        elif ab.tap:
            _add_mana(st, perm, mana, "605.3b")
        else:
            q.player(st, who).pool[mana] += 1
            e.log(st, "605.3b", said("{who} adds {mana} ({color}) with {card}: a mana ability, so it doesn't use the "
                                     "stack.", who=who, mana=f"{{{mana}}}", color=TYPE_SAID[mana],
                                     card=CardName(perm.card)), "mana", who)
        return
    # The ability goes on the stack first, then its costs are paid (CR 602.2a, 602.2b -> 601.2h).
    item = StackItem(e.new_id(st), "ability", perm.card, who, ab.said, ab.effects, tuple(a.targets),
                     ab.target_spec, source=perm.id, data={} if a.x is None else {"x": a.x})
    st.stack.append(item)
    card, ability = CardName(perm.card), e.ability_quote(q.card(st, perm), ab)
    e.log(st, "602.2a", said("{who} activates {card} targeting {target}: {ability} It goes on the stack; then its "
                             "costs are paid.", who=who, card=card, target=q.target_said(st, a.targets[0]),
                             ability=ability) if a.targets else
          said("{who} activates {card}: {ability} It goes on the stack; then its costs are paid.", who=who, card=card,
               ability=ability), "activate", who)
    if a.x is not None:
        e.log(st, "107.3a", said("{who} announces X = {x} as the ability is activated; X is {x} while it is on the "
                                 "stack.", who=who, x=a.x), "choice", who)
    if ab.tap:
        perm.tapped = True
    assert ab.cost is not None  # an activated ability has a cost (q.abilities)
    if ab.cost.loyalty is not None:
        pay_loyalty(st, perm, ab.cost.loyalty, who)
    _pay_cost(st, who, perm, ab, plan, "ability", a.sacrifice, a.x or 0)
    st.passes = 0


def _activate_from_hand(st: GameState, a: ActivateAbility) -> None:
    obj, ab, plan = checks.check_activate_from_hand(st, a)
    who = checks.acting_player(st)
    item = StackItem(e.new_id(st), "ability", obj.card, who, ab.said, ab.effects)
    st.stack.append(item)
    e.log(st, "602.2a", said("{who} activates {whose} ability from their hand: {ability}. It's an ability, not a "
                             "spell, so the card's own timing doesn't apply; it goes on the stack, then its costs "
                             "are paid (CR 702.29a).", who=who, whose=Whose(CardName(obj.card)),
                             ability=e.ability_quote(q.card(st, obj), ab)), "activate", who)
    _pay_cost(st, who, obj, ab, plan, "ability")
    st.passes = 0


def _pay_cost(st: GameState, who: str, perm: Permanent | CardObject, ab: Ability, plan: Plan | dict[str, int], what: str,
              sacrifice: tuple[int, ...] = (), x: int = 0) -> None:
    """Pay an activation's costs other than {T}: mana, energy (X of it for "Pay X {E}"), life,
    sacrificing the permanent, discarding the card (CR 602.2b, 601.2h)."""
    assert ab.cost is not None  # an activated ability has a cost (q.abilities)
    if ab.cost.mana:
        _pay_mana(st, who, ab.cost.mana_cost, plan, " while activating")
    paid_for = said("{card}'s mana ability", card=CardName(perm.card)) if what == "mana ability" else said(
        "{card}'s ability", card=CardName(perm.card))
    if ab.energy or x:
        e.pay_energy(st, who, ab.energy + x, paid_for, "602.2b")
    if ab.cost.life:
        e.pay_life(st, who, ab.cost.life, paid_for)
    if ab.cost.sacrifice == "self":
        assert isinstance(perm, Permanent)  # a card in hand discards itself; a permanent is sacrificed
        e.sacrifice(st, perm, said("is sacrificed to pay for its ability"))
    for pid in sacrifice:  # "Sacrifice a land": the one chosen as the cost is paid (CR 602.2b, 601.2h)
        e.sacrifice(st, q.present(st, pid), said("is sacrificed to pay for {whose} ability",
                                                 whose=Whose(CardName(perm.card))))
    if ab.cost.discard:
        p = q.player(st, who)
        assert isinstance(perm, CardObject)
        e.move_card(st, perm, p.hand, p.graveyard)
        e.log(st, "701.9a", said("{who} discards {card} to pay the cost.", who=who, card=CardName(perm.card)), "zone",
              who)


def snapshot(st: GameState, log: bool = True) -> dict[str, Any]:
    """Return the state as plain data (JSON-ready), its log too if ``log``."""

    return {
        "turn": st.turn, "active": st.active, "step": st.step,
        "phase": dict((s, ph) for ph, s in STEPS)[st.step],
        "priority": st.priority, "land_plays": st.land_plays, "over": st.over, "winner": st.winner,
        "players": [_player_data(st, p) for p in st.players],
        "battlefield": [_permanent_data(st, p) for p in st.battlefield],
        "stack": [{"id": s.id, "kind": s.kind, "name": s.name, "controller": s.controller,
                   "text": s.text, "targets": list(s.targets)} for s in reversed(st.stack)],
        "waiting": [{"id": t.id, "name": t.name, "controller": t.controller} for t in st.waiting],
        "phased_out": [{"id": ph.perm.id, "card": ph.perm.card, "owner": ph.perm.owner,  # CR 702.26b
                        "controller": ph.perm.controller, "tapped": ph.perm.tapped} for ph in st.phased_out],
        "pending": None if st.pending is None else st.pending.snapshot(),
        "outcomes": {str(k): v for k, v in st.outcomes.items()},
        **({"log": [[ev.seq, ev.rule, ev.text] for ev in st.log]} if log else {}),
        "next_id": st.next_id,
    }


def _player_data(st: GameState, p: Player) -> dict[str, Any]:
    def zone(objs: list[CardObject]) -> list[dict[str, Any]]:
        return [{"id": o.id, "card": o.card, "owner": o.owner, "token": o.token} for o in objs]

    return {
        "name": p.name, "life": p.life, "energy": p.energy, "counters": dict(p.counters),
        "mana_pool": dict(p.pool), "lost": p.lost,
        "emblems": [f"Permanents of type {em.to_type} you control have {em.grants} (from {em.source})"
                    for em in st.emblems if em.owner == p.name],
        **{z: zone(p.zone(z)) for z in ZONES}}


def _permanent_data(st: GameState, p: Permanent) -> dict[str, Any]:
    creature = q.is_type(st, p, "Creature")
    return {
        "id": p.id, "card": p.card, "owner": p.owner, "controller": p.controller,
        "token": p.token, "tapped": p.tapped, "sick": p.sick, "counters": dict(p.counters),
        "damage": p.damage, "power": q.power(st, p) if creature else None,
        "toughness": q.toughness(st, p) if creature else None,
        "types": list(q.types(st, p)), "subtypes": list(q.subtypes(st, p)),
        "keywords": list(q.keywords(st, p)), "attacking": p.attacking,
        "blocked_by": p.blocked_by, "blocking": p.blocking,
        "equips": next((o.card for o in q.equipped(st, p)), None),
        "eot": [p.eot_power, p.eot_toughness, list(p.eot_keywords)]}
