"""Resolve the top of the stack: target checks, then the card's effect (CR 608).

An effect that needs a choice mid-resolution asks ``Resolution.choose``. The engine
then shows the choice as ``game.pending`` with the game as it stands at that point;
the answer replays the resolution from its start (a position the game's history keeps)
with the answers so far, so resolving is a pure function of the game and the answers.
"""

from __future__ import annotations

from typing import Any, Iterable

from . import engine as e
from .said import CardName, Listed, Said, Value, Whose, said
from . import query as q
from .auras import attach_on_entering
from .choices import Choice, OrderReplacementsChoice
from .history import clone
from .objects import CardObject, GameState, Permanent, StackItem
from .parts import run_all
from .targets import still_legal

class NeedChoice(Exception):
    def __init__(self, choice: Choice):
        super().__init__(choice.prompt)
        self.choice = choice


class Resolution:
    """Carry one resolution: the game, the object resolving, the answers given so far."""

    def __init__(self, st: GameState, item: StackItem, answers: tuple[Any, ...] = ()):
        self.st, self.item, self.answers, self._next = st, item, answers, 0
        self.vars: dict[str, Any] = {}  # what earlier effects left for later ones, e.g. the energy paid

    @property
    def controller(self) -> str:
        return self.item.controller

    def choose(self, choice: type[Choice], player: str, prompt: str | Said, rule: str, options: Iterable[Any] = (),
               low: int = 0, high: int = 0, data: dict[str, Any] | None = None) -> Any:
        """Return the answer already given to this choice, or pause the resolution to ask it; the
        prompt is English, or a sentence any language can say (``said``)."""
        if self._next < len(self.answers):
            self._next += 1
            return self.answers[self._next - 1]
        says = prompt if isinstance(prompt, Said) else None
        raise NeedChoice(choice(player, prompt.english if isinstance(prompt, Said) else prompt, rule,
                                tuple(options), low, high, item=self.item.id, answers=self.answers,
                                data=data or {}, said=says))

    def order_replacements(self, player: str, prompt: str, options: Iterable[int],
                           data: dict[str, Any]) -> tuple[int, ...]:
        """Have the affected player order the replacement effects on one event (CR 616.1)."""
        order: tuple[int, ...] = self.choose(OrderReplacementsChoice, player, prompt, "616.1", options=options,
                                             data=data)
        return order

    def source(self) -> Permanent | None:
        return q.permanent(self.st, self.item.source)

    def target_objects(self) -> list[Any]:
        """The targets still legal: player names, permanents and spells (CR 608.2b)."""
        return [t if isinstance(t, str) else q.permanent(self.st, t) or q.on_stack(self.st, t)
                for t in legal_targets(self.st, self.item)]


def legal_targets(st: GameState, item: StackItem) -> list[Any]:
    return still_legal(st, item.target_spec, item.controller, item.targets, item.data.get("x"))


def resolve_top(st: GameState, answers: tuple[Any, ...] = ()) -> GameState | None:
    """Resolve the top object of the stack, or pause it at a choice (``st.pending``).

    Return None when it resolved; when it paused, the position to replay it from.
    """
    restart: GameState = clone(st)
    item = st.stack[-1]
    res = Resolution(st, item, answers)
    try:
        _resolve(res)
    except NeedChoice as need:
        st.pending = need.choice
        return restart
    st.stack.remove(item)
    st.names[item.id] = item.name
    st.origins[item.id] = item.card.id if item.card is not None else item.source
    st.priority = st.active  # CR 117.3b: the active player gets priority after a resolution
    st.passes = 0
    return None


def _resolve(res: Resolution) -> None:
    st, item = res.st, res.item
    if item.target_spec and item.targets and not legal_targets(st, item):
        # CR 608.2b: every target illegal: it doesn't resolve and none of its effects happen.
        more = energy_notes(item.text)
        if item.card is not None:  # CR 608.2b itself puts the spell into its owner's graveyard
            more += (said("It goes to {who}'s graveyard.", who=_to_graveyard(st, item.card)),)
        e.log(st, "608.2b", said("{item} doesn't resolve: its every target is illegal, so none of its effects happen. "
                                 "{more} (It wasn't countered.)", item=stack_said(item), more=Listed(more, "sentences"))
              if more else said("{item} doesn't resolve: its every target is illegal, so none of its effects happen. "
                                "(It wasn't countered.)", item=stack_said(item)), "fizzle", item.controller)
        st.outcomes[item.id] = "did not resolve"
        return
    if item.data.get("if_this_has_counters") and not any(getattr(res.source(), "counters", {}).values()):
        e.log(st, "603.4", said("{item}: its \"if\" clause is false now ({card} has no counters), so it is removed "
                                "from the stack and does nothing.", item=stack_said(item), card=CardName(item.name)),
              "fizzle", item.controller)
        st.outcomes[item.id] = "did not resolve"
        return
    e.log(st, "608.1", said("{whose} {item} resolves.", whose=Whose(item.controller), item=stack_said(item)), "resolve",
          item.controller)
    if item.kind == "spell" and item.card is not None and q.card(st, item.card).is_permanent_card:
        st.outcomes[item.id] = "resolved"
        perm = e.enter(st, item.card.card, item.card.owner, item.controller, old_id=item.card.id,  # CR 608.3
                       cast_from=item.data.get("cast_from", ""))
        if item.targets:  # an Aura spell enters attached to what it targeted (CR 608.3c)
            attach_on_entering(st, perm, item.target_spec, item.targets[0])
        return
    run_all(res, item.effects)
    st.outcomes[item.id] = "resolved"
    if item.card is not None:
        owner = _to_graveyard(st, item.card)
        e.log(st, "608.2n", said("{card} goes to {who}'s graveyard.", card=CardName(item.name), who=owner), "zone",
              item.controller)


def energy_notes(text: str) -> tuple[Said, ...]:
    """What a spell or ability that doesn't resolve means for energy, from its text: no {E} is gotten
    (Energy ruling 9), and a "may pay" {E} can't be paid (Energy ruling 8), each only where the text has it.

    >>> [n.english for n in energy_notes("Choose target creature. You get {E}{E}{E}, then you may pay any amount of {E}.")]
    ['No energy is gotten (Energy ruling 9).', 'No energy can be paid, even if its controller wants to (Energy ruling 8).']
    >>> [n.english for n in energy_notes("Exile target nonland permanent an opponent controls. You get {E}{E}.")]
    ['No energy is gotten (Energy ruling 9).']
    >>> energy_notes("Return target creature to its owner's hand.")
    ()
    """
    low = text.lower()
    notes: tuple[Said, ...] = (said("No energy is gotten (Energy ruling 9)."),) if "get {e}" in low else ()
    if ("may pay" in low and "{e}" in low) or "pay any amount of {e}" in low:
        notes += (said("No energy can be paid, even if its controller wants to (Energy ruling 8)."),)
    return notes


def stack_said(item: StackItem) -> Value:
    """Name a spell or ability on the stack: "Shock", "Guide of Souls' reflexive triggered ability".

    >>> stack_said(StackItem(1, "reflexive", "Guide of Souls", "Alice", "", "")).english
    "Guide of Souls' reflexive triggered ability"
    """
    whose = Whose(CardName(item.name))
    if item.kind == "ability":
        return said("{whose} activated ability", whose=whose)
    if item.kind == "trigger":
        return said("{whose} triggered ability", whose=whose)
    if item.kind == "reflexive":
        return said("{whose} reflexive triggered ability", whose=whose)
    return CardName(item.name)


def _to_graveyard(st: GameState, card: CardObject) -> str:
    owner = q.player(st, card.owner)
    owner.graveyard.append(card)
    return owner.name


