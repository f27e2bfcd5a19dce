"""Change the game: the log, zone moves, counters, damage, tokens, and what triggers on them.

Every function here works on a ``GameState`` the caller owns (a working copy) and
writes each rules-relevant change to the log with its CR number.
"""

from __future__ import annotations

from itertools import islice
from math import factorial
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Protocol

from . import query as q
from .cards import Ability, Card
from .errors import CannotPay
from .lands import enters_tapped
from .parts import without_reminder
from .objects import (ENERGY, LOYALTY, MINUS_ONE, About, CardObject, Event, GameState, Permanent,
                      StackItem, Trigger)
from .statics import (AddTypes, CounterReplacement, NoCountersOn, NoCountersOnPlayers,
                      TokenReplacement)
from .happened import Entered, Happened, What
from . import player_effects as pe
from .said import CardName, Listed, Quote, Said, Value, Whose, english, said, said_n


def log(st: GameState, rule: str, says: Said, kind: str = "info", player: str | None = None,
        about: About = About()) -> None:
    """Add an event: ``says`` is its sentence (``said(...)``), kept as is and in English."""
    st.log = st.log.added(Event(len(st.log) + 1, rule, says.english, kind, player, about, says))


def new_id(st: GameState) -> int:
    st.next_id += 1
    return st.next_id - 1


def log_mode(st: GameState, who: str, name: str, mode: str) -> None:
    """Say the mode a modal spell's controller chose as it was cast (CR 700.2a)."""
    log(st, "700.2a", said("{who} chose {whose} mode as it was cast: \"{mode}\" Only that mode will "
                           "happen; it can't change later.", who=who, whose=Whose(CardName(name)),
                           mode=Quote(mode, name)), "choice", who)


def possessive(name: str) -> str:
    """Write a name's possessive: "Alice's", "Guide of Souls'".

    >>> possessive("Lotus Cobra"), possessive("Guide of Souls")
    ("Lotus Cobra's", "Guide of Souls'")
    """
    return f"{name}'" if name.endswith("s") else f"{name}'s"


# --- zones -----------------------------------------------------------------

def enter(st: GameState, name: str, owner: str, controller: str, *, token: bool = False,
          tapped: bool = False, old_id: int | None = None, by: str = "",
          cast_from: str = "") -> Permanent:
    """Put a permanent onto the battlefield and fire what triggers on its entering (CR 603.6a).

    ``cast_from`` names the zone the spell it was cast as came from ("hand"), for abilities that ask.
    """
    by_itself = not tapped and enters_tapped(st, name)
    tapped = tapped or by_itself
    perm = Permanent(new_id(st), name, owner, controller, token=token, tapped=tapped)
    if old_id is not None:
        st.moved[old_id] = perm.id
    st.battlefield.append(perm)
    what, entering = q.type_line(st, perm), About(q.types(st, perm) + q.subtypes(st, perm))
    log(st, "603.6a", _entered(controller, name, tapped, what, by), "enters", controller, entering)
    if by_itself:
        log(st, "614.1d", said("{card} enters tapped by its own static ability (CR 603.6d): a replacement "
                               "effect on how it enters, not a trigger, so it is never untapped on the "
                               "battlefield.", card=CardName(name)), "enters", controller, entering)
    c = q.card(st, perm)
    if c.loyalty:  # it enters with its printed loyalty (CR 306.5b): a replacement, counters "put" (122.6)
        put_counters(Direct(st), perm, LOYALTY, c.loyalty, putter=controller,
                     source="its printed loyalty as it enters (CR 306.5b)")
    _enters_as(st, perm, c)
    if q.is_type(st, perm, "Land") and controller not in st.lands_entered:
        st.lands_entered += (controller,)
    emit(st, [Happened.entered(perm, controller, cast_from)])
    return perm


def _entered(controller: str, name: str, tapped: bool, what: str, by: str) -> Said:
    """Say a permanent entered: a token names what created it (``by``)."""
    whose, card = Whose(controller), CardName(name)
    if by and tapped:
        return said("{whose} {card} token created by {source} enters the battlefield tapped ({types}).",
                    whose=whose, card=card, source=CardName(by), types=what)
    if by:
        return said("{whose} {card} token created by {source} enters the battlefield ({types}).",
                    whose=whose, card=card, source=CardName(by), types=what)
    if tapped:
        return said("{whose} {card} enters the battlefield tapped ({types}).", whose=whose, card=card,
                    types=what)
    return said("{whose} {card} enters the battlefield ({types}).", whose=whose, card=card, types=what)


def _enters_as(st: GameState, perm: Permanent, c: Card) -> None:
    """Say the types a permanent has as it enters beyond its card's, from continuous effects that
    apply the moment it is there (CR 603.6b); its own "are lands too" sees what is already there."""
    gained = [s for s in q.subtypes(st, perm) if s not in c.subtypes] + [
        t.lower() for t in q.types(st, perm) if t not in c.types]
    if gained:
        what = " ".join(gained)
        log(st, "603.6b", said("{card} is {a_type} as it enters: continuous effects apply the moment it "
                               "is on the battlefield, so it never enters without them.",
                               card=CardName(perm.card), a_type=_a(what)), "type", perm.controller)
    for static in c.statics:
        if isinstance(static, AddTypes):
            _already_there(st, perm, static)


def _already_there(st: GameState, src: Permanent, static: AddTypes) -> None:
    what = " ".join(static.subtypes + tuple(t.lower() for t in static.types))
    for other in st.battlefield:
        if other is not src and static.applies(src, other, q.card(st, other).types):
            card, a_type = CardName(other.card), _a(what)
            says = said("{card} becomes {a_type}, but it was already on the battlefield: it didn't enter, "
                        "so no landfall (Landfall ruling 2).", card=card, a_type=a_type) if (
                "Land" in static.types) else said("{card} becomes {a_type}, but it was already on the "
                                                  "battlefield: it didn't enter.", card=card, a_type=a_type)
            log(st, "603.6a", says, "becomes", src.controller, About(static.types + static.subtypes))


def _a(what: str) -> str:
    """A type with its English article ("an Elf", "a land"): the type words are the card's, in English."""
    return f"{'an' if what[0] in 'AEIOUaeiou' else 'a'} {what}"


def emit(st: GameState, events: list[Happened], sources: list[Permanent] | None = None) -> None:
    """Report what happened; each triggered ability waiting for it triggers (CR 603.2).

    Leaves-the-battlefield abilities look back in time: ``sources`` is the battlefield as it
    was just before the event (CR 603.10a).
    """
    sources = list(st.battlefield) if sources is None else sources
    now = {id(ev): q.types(st, ev.perm) + q.subtypes(st, ev.perm) if ev.perm is not None else ()
           for ev in events}
    hits = [(src, ab, ev) for src in sources for ab in q.card(st, src).triggered for ev in events
            if ab.trigger is not None and ab.trigger.matches(src, ev, now[id(ev)])]
    landfall = [ev.perm for _, ab, ev in hits
                if ab.trigger is not None and ab.trigger.event == "land_enters" and ev.perm is not None]
    if landfall:
        who = landfall[0].controller
        log(st, "603.6a", said("A land {who} controls entered, played or put there: landfall triggers "
                               "(CR 603.6a, 603.2; Landfall ruling 1); they trigger together, and its "
                               "controller puts them on the stack in any order (Landfall ruling 3).", who=who)
            if len(landfall) > 1 else said("A land {who} controls entered, played or put there: landfall "
                                           "triggers (CR 603.6a, 603.2; Landfall ruling 1).", who=who),
            "landfall", who)
    for src, ab, ev in hits:
        if src not in st.battlefield:
            log(st, "603.10a", said("{card} has left the battlefield, but its ability triggers on that "
                                    "event: leaves-the-battlefield abilities look back in time.",
                                    card=CardName(src.card)), "trigger", src.controller)
        fire(st, src, ab, _trigger_data(ev))


def _trigger_data(ev: Happened) -> dict[str, Any]:
    """What a trigger remembers of its event: the zone its source was cast from (Amped Raptor), the
    counters a permanent that left had (The Ozolith)."""
    if ev.kind is What.LEFT and ev.perm is not None and any(ev.perm.counters.values()):
        # the counters it had as it left (CR 603.10a): "put those counters on ..." (CR 122.8)
        return {"counters": {k: n for k, n in ev.perm.counters.items() if n}}
    cast_from = ev.info.cast_from if isinstance(ev.info, Entered) else ""
    return {"cast_from": cast_from} if cast_from else {}


def fire(st: GameState, src: Permanent, ab: Ability, data: dict[str, Any]) -> None:
    """Record that an ability triggered; it waits until a player would get priority (CR 603.3)."""
    if ab.trigger is not None and ab.trigger.if_this_has_counters:  # checked again as it resolves (CR 603.4)
        data = {**data, "if_this_has_counters": True}
    st.waiting.append(Trigger(new_id(st), src.controller, src.card, ab.said, ab.effects, src.id,
                              ab.target_spec, {**data, "source_name": src.card}))
    waited = About(trigger=ab.trigger.event, whose=ab.trigger.whose) if ab.trigger is not None else About()
    log(st, "603.2", said("{whose} {card} triggers: {ability}", whose=Whose(src.controller),
                          card=CardName(src.card), ability=ability_quote(q.card(st, src), ab)), "trigger",
        src.controller, waited)


def ability_quote(card: Card, ab: Ability) -> Quote:
    """An ability's words as a log sentence quotes them: with the line of its card's Oracle text they
    are, so a page can show that line as printed in its language."""
    lines = card.oracle.split("\n")
    at = next((i for i, line in enumerate(lines) if line == ab.text or without_reminder(line) == ab.said), -1)
    return Quote(ab.said, card.name, card.oracle, at)


def leave(st: GameState, perms: list[Permanent], zone: str, why: Said | None = None, rule: str = "",
          reasons: dict[int, tuple[Said, str]] | None = None) -> None:
    """Move permanents off the battlefield at once; counters on them cease to exist (CR 122.2).

    ``why`` says what happens to each, a clause after its name ("is destroyed"); ``reasons`` gives a
    permanent's own (why, rule) when they differ within one event.
    """
    if not perms:
        return
    before = list(st.battlefield)  # leaves-the-battlefield triggers look back (CR 603.10)
    had = {p.id: q.types(st, p) + q.subtypes(st, p) for p in perms}
    for p in perms:
        st.battlefield.remove(p)
        for other in st.battlefield:  # an attacker stays blocked when its blocker leaves (CR 509.1h)
            if other.blocking == p.id:
                other.blocking = None
        # Off the battlefield a double-faced card has only its front face (CR 712.8a).
        obj = CardObject(new_id(st), q.card(st, p).front or p.card, p.owner, token=p.token)
        st.moved[p.id] = obj.id
        st.last_controller[p.id] = p.controller  # "its controller" after it left (CR 608.2h)
        q.player(st, p.owner).zone(zone).append(obj)
        text, cite = (reasons or {}).get(p.id, (why, rule))
        assert text is not None, "leave says why each permanent leaves: why, or its reason"
        whose, card = Whose(p.controller), CardName(p.card)
        log(st, cite, said("{whose} {card} {what}; its counters ({counters}) cease to exist (CR 122.2).",
                           whose=whose, card=card, what=text, counters=_counter_text(p.counters))
            if p.counters else said("{whose} {card} {what}.", whose=whose, card=card, what=text),
            "leaves", p.controller)
    emit(st, [Happened.left(p, zone, had[p.id]) for p in perms], before)
    for p in perms:
        _release(st, p)


def _release(st: GameState, p: Permanent) -> None:
    """Return what ``p`` exiled until it left the battlefield, under its owner's control (CR 610.3c)."""
    for cid in p.holds:
        for pl in st.players:
            obj = next((o for o in pl.exile if o.id == cid), None)
            if obj is None:
                continue
            pl.exile.remove(obj)
            log(st, "610.3c", said("{card} has left the battlefield: {returned} returns from exile under its "
                                   "owner's control, as a new object (CR 400.7).", card=CardName(p.card),
                                   returned=CardName(obj.card)), "zone", pl.name)
            enter(st, obj.card, obj.owner, obj.owner, old_id=obj.id)


def sacrifice(st: GameState, perm: Permanent, why: Said) -> None:
    """Sacrifice a permanent: its controller puts it into its owner's graveyard (CR 701.21a); ``why``
    says what for, a clause ("is sacrificed to pay for its ability")."""
    kinds = q.types(st, perm) + q.subtypes(st, perm)
    leave(st, [perm], "graveyard", why, "701.21a")
    emit(st, [Happened.sacrificed(perm, kinds)])


def _counter_text(counters: dict[str, int]) -> Listed:
    return Listed(tuple(said("{n} {kind}", n=n, kind=k) for k, n in counters.items() if n), "comma")


def move_card(st: GameState, obj: CardObject, src: list[CardObject], dest: list[CardObject], *, top: bool = False) -> CardObject:
    """Move a card between two zones that are not the battlefield; it becomes a new object."""
    src.remove(obj)
    new = CardObject(new_id(st), obj.card, obj.owner, obj.token)
    st.moved[obj.id] = new.id
    if top:
        dest.insert(0, new)
    else:
        dest.append(new)
    return new


def draw(st: GameState, who: str, n: int = 1) -> None:
    p = q.player(st, who)
    for _ in range(n):
        if not p.library:
            p.drew_from_empty = True
            log(st, "704.5b", said("{who} can't draw from an empty library and will lose the game.", who=who),
                "draw", who)
            return
        card = move_card(st, p.library[0], p.library, p.hand)
        log(st, "121.1", said("{who} draws a card ({card}).", who=who, card=CardName(card.card)), "draw", who)


# --- energy and counters ---------------------------------------------------

def get_energy(res: Replacing, who: str, n: int, source: Value) -> int:
    """Give a player ``n`` energy counters: putting counters on a player (CR 107.14, 122.1)."""
    return put_counters(res, who, ENERGY, n, putter=who, source=source)


def pay_energy(st: GameState, who: str, n: int, why: Value, rule: str = "107.14") -> None:
    """Pay ``n`` energy: lose that many energy counters, or refuse if there aren't enough.

    ``rule`` names the cost payment: 602.2b while activating, 118.12 for a "may pay".
    """
    p = q.player(st, who)
    if n > p.energy:
        raise CannotPay(f"{who} has {p.energy} energy and can't pay {n} "
                        f"for {english(why)}: a cost can't be paid in part", rule="118.3")
    if n == 0:
        return
    p.counters[ENERGY] = p.energy - n
    energy_lost(st, who, n)
    cites = rule if rule == "107.14" else f"{rule}, 107.14"
    log(st, rule, said_n("{who} pays {n} energy for {what}: loses {n} energy counter (CR {rules}); {left} left.",
                         "{who} pays {n} energy for {what}: loses {n} energy counters (CR {rules}); {left} left.",
                         n, who=who, what=why, rules=cites, left=p.energy), "energy", who)


def energy_lost(st: GameState, who: str, n: int) -> None:
    """Count energy a player paid or lost this turn ("if you've paid or lost four or more {E} this
    turn"): paying energy is losing energy counters (CR 107.14)."""
    if n > 0:
        st.energy_lost = {**st.energy_lost, who: st.energy_lost.get(who, 0) + n}


class Replacing(Protocol):
    """What puts counters: the game it changes, and who orders the replacement effects (CR 616.1)."""

    st: GameState

    def order_replacements(self, player: str, prompt: str, options: Iterable[int],
                           data: dict[str, Any]) -> tuple[int, ...]: ...


class Direct:
    """Carry a change made outside any resolution; replacement effects apply in the order found."""

    def __init__(self, st: GameState):
        self.st = st

    def choose(self, choice: type[Any], player: str, prompt: str | Said, rule: str, options: Iterable[Any] = (),
               low: int = 0, high: int = 0, data: dict[str, Any] | None = None) -> tuple[Any, ...]:
        return tuple(options)

    def order_replacements(self, player: str, prompt: str, options: Iterable[int],
                           data: dict[str, Any]) -> tuple[int, ...]:
        return tuple(options)


def _replacements(st: GameState, target: str | Permanent, putter: str, kind: str) -> list[tuple[Permanent, CounterReplacement]]:
    return [(src, static) for src, static in q.statics(st, CounterReplacement)
            if static.applies(src, target, putter, kind,
                              () if isinstance(target, str) else q.types(st, target))]


def _apply_all(n: int, order: Iterable[CounterReplacement]) -> int:
    for static in order:
        if n <= 0:
            break
        n = static.change(n)
    return n


#: The orders of replacement effects tried to see whether their order changes the result.
ORDERS_TRIED = 720


def order_matters(n: int, statics: Sequence[CounterReplacement]) -> bool:
    """Say whether the order the replacement effects apply in can change how many counters are put.

    Two effects that change the number alike (two doublers) give the same result in either order,
    so only the orders of the distinct changes count (``_changes``): twelve Hardened Scales have
    one. Past ``ORDERS_TRIED`` of them the answer is yes without trying the rest: asking the
    player is always within the rules (CR 616.1), while trying every order would grow as k!.

    >>> from rulesdojo.rules.statics import CounterReplacement as R
    >>> order_matters(1, [R("double"), R("plus_one")]), order_matters(1, [R("double")] * 12)
    (True, False)
    >>> order_matters(3, [R("plus_one")] * 6 + [R("halve")] * 6)
    True
    """
    if n <= 0:  # nothing is put whatever the order: no effect applies (CR 616.1f)
        return False
    seen: set[int] = set()
    for order in islice(_changes(tuple(sorted(s.counters for s in statics))), ORDERS_TRIED):
        seen.add(_apply_all(n, [next(s for s in statics if s.counters == c) for c in order]))
        if len(seen) > 1:
            return True
    return _count_orders(statics) > ORDERS_TRIED


def _changes(kinds: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    """Yield each distinct order of ``kinds`` (a sorted tuple) once, lazily."""
    if not kinds:
        yield ()
        return
    for i, k in enumerate(kinds):
        if i and kinds[i - 1] == k:
            continue
        for rest in _changes(kinds[:i] + kinds[i + 1:]):
            yield (k,) + rest


def _count_orders(statics: Sequence[CounterReplacement]) -> int:
    """The number of distinct orders of the effects' changes: k! over the repeats'."""
    total = factorial(len(statics))
    for c in set(s.counters for s in statics):
        total //= factorial(sum(1 for s in statics if s.counters == c))
    return total


def put_counters(res: Replacing, target: str | Permanent, kind: str, n: int, putter: str, source: Value) -> int:
    """Put counters on a player (named) or a permanent, through Solemnity and replacements.

    Returns how many were put. Several replacement effects are ordered by the affected
    player or the affected permanent's controller (CR 616.1) when the order matters.
    """
    st, source = res.st, _source(source)
    if n <= 0:
        return 0
    who = _whose_card(target)
    if _no_counters(st, target, kind, source, who):
        return 0
    n = _replaced(res, target, putter, kind, n, who)
    if n <= 0:
        return 0
    # ``isinstance(target, str)`` each time, not a flag, so that the type checker narrows ``target``
    holder = q.player(st, target) if isinstance(target, str) else target
    holder.counters[kind] = holder.counters.get(kind, 0) + n
    if isinstance(target, str) and kind == ENERGY:
        log(st, "107.14", said("{who} gets {n} energy from {source}; {now} now.", who=target, n=n,
                               source=source, now=q.player(st, target).energy), "energy", target)
    else:
        log(st, "122.1", said_n("{who} gets {n} {kind} counter from {source}.",
                                "{who} gets {n} {kind} counters from {source}.", n, who=who, kind=kind,
                                source=source), "counters", putter)
    emit(st, [Happened.counters_put(None if isinstance(target, str) else target,
                                    target if isinstance(target, str) else None, kind)])
    return n


def _whose_card(target: str | Permanent) -> Value:
    """A player's name, or a permanent as "Alice's Forest"."""
    return target if isinstance(target, str) else said("{whose} {card}", whose=Whose(target.controller),
                                                       card=CardName(target.card))


def _no_counters(st: GameState, target: str | Permanent, kind: str, source: Value, who: Value) -> bool:
    """Say whether a "can't have counters" effect stops the counters; "can't" beats "can" (CR 101.2)."""
    if isinstance(target, str):
        for src, _ in q.statics(st, NoCountersOnPlayers)[:1]:
            log(st, "101.2", said("{card}: players can't get counters, and \"can't\" beats \"get\". {who} "
                                  "gets no {kind} from {source}.", card=CardName(src.card), who=target,
                                  kind=kind, source=source), "prevented", target)
            return True
        return False
    for src, cant in q.statics(st, NoCountersOn):
        if set(cant.no_counters_on) & set(q.types(st, target)):
            log(st, "101.2", said("{card}: counters can't be put on {what}. No {kind} counter is put.",
                                  card=CardName(src.card), what=who, kind=kind), "prevented", target.controller)
            return True
    return False


def _replaced(res: Replacing, target: str | Permanent, putter: str, kind: str, n: int, who: Value) -> int:
    """Apply the replacement effects that change how many counters are put, in the order the
    affected player chooses when it matters (CR 616.1); return how many are put."""
    st = res.st
    repl = _replacements(st, target, putter, kind)
    if len(repl) > 1 and order_matters(n, [s for _, s in repl]):
        repl = _chosen_order(res, repl, n, kind, english(who), target if isinstance(target, str) else target.controller)
    for src, static in repl:
        if n <= 0:  # nothing would be put any more: the other effects no longer apply (CR 616.1)
            break
        before, n = n, static.change(n)
        log(st, "614.1a", said("{whose} {card}: {before} {kind} becomes {after} ({effect}).",
                               whose=Whose(src.controller), card=CardName(src.card), before=before, kind=kind,
                               after=n, effect=Quote(static.said, src.card)), "replaced", putter)
    return n


def _chosen_order(res: Replacing, repl: list[tuple[Permanent, CounterReplacement]], n: int, kind: str, who: str,
                  chooser: str) -> list[tuple[Permanent, CounterReplacement]]:
    """Have the affected player choose the replacement effect to apply, then again among the rest,
    until their order no longer matters (CR 616.1, 616.1e, 616.1f); return them in that order."""
    names = {p.id: f"{p.controller}'s {p.card}" for p, _ in repl}
    chosen: list[tuple[Permanent, CounterReplacement]] = []
    left = list(repl)
    while len(left) > 1 and order_matters(_apply_all(n, [s for _, s in chosen]), [s for _, s in left]):
        picked = res.order_replacements(
            chooser, _order_prompt(names, chosen, n, kind, who), tuple(p.id for p, _ in left),
            {"names": names, "applied": tuple(p.id for p, _ in chosen)})
        for pid in picked:
            chosen.append(next(r for r in left if r[0].id == pid))
            left.remove(chosen[-1])
    chosen += left
    order = Listed(tuple(said("{whose} {card}", whose=Whose(p.controller), card=CardName(p.card))
                         for p, _ in chosen), "then")
    log(res.st, "616.1", said("{who} is affected, so chooses the order: {order}.", who=chooser, order=order),
        "choice", chooser)
    return chosen


def _order_prompt(names: dict[int, str], chosen: list[tuple[Permanent, CounterReplacement]], n: int, kind: str, who: str) -> str:
    """Ask for the next replacement effect, naming those already chosen (CR 616.1e)."""
    after = f" ({' then '.join(names[p.id] for p, _ in chosen)} first)" if chosen else ""
    return (f"Order the {'other ' if chosen else ''}replacement effects on {n} {kind} counter(s) "
            f"for {who}{after}")


# --- damage, life, tokens --------------------------------------------------

def _source(source: Value) -> Value:
    """What deals damage: a card's name, or already said ("Alice's Grizzly Bears")."""
    return CardName(source) if isinstance(source, str) else source


def deal_damage(st: GameState, source: Value, target: str | Permanent, n: int, infect: bool = False) -> None:
    """Deal damage: life loss, or damage marked; from a source with infect, counters (CR 120.3)."""
    if n <= 0 or _prevented(st, source, target, n):
        return
    if infect and (isinstance(target, str) or not q.is_type(st, target, "Planeswalker")):
        _infect_damage(st, source, target, n)
    elif isinstance(target, str):
        if _life_stays(st, target, n, "lose", "120.3a"):  # damage to a player is life loss
            return
        p = q.player(st, target)
        p.life -= n
        log(st, "120.3", said("{source} deals {n} damage to {who}; {who} is at {life} life.",
                              source=_source(source), n=n, who=target, life=p.life), "damage", target)
        _lost_life(st, target)
    else:
        _damage_permanent(st, source, target, n)


def _infect_damage(st: GameState, source: Value, target: str | Permanent, n: int) -> None:
    """Damage from a source with infect: poison counters on a player (CR 702.90b), -1/-1 counters
    on a creature (CR 702.90c)."""
    holder = q.player(st, target) if isinstance(target, str) else target
    kind, rule = ("poison", "702.90b") if isinstance(target, str) else (MINUS_ONE, "702.90c")
    holder.counters[kind] = holder.counters.get(kind, 0) + n
    log(st, rule, said_n("{source} has infect: its {n} damage to {what} is dealt as {n} {kind} counter.",
                         "{source} has infect: its {n} damage to {what} is dealt as {n} {kind} counters.", n,
                         source=_source(source), what=_whose_card(target), kind=kind),
        "damage", target if isinstance(target, str) else target.controller)


def _damage_permanent(st: GameState, source: Value, target: Permanent, n: int) -> None:
    """Damage to a planeswalker removes loyalty (CR 120.3c); to a creature it is marked (CR 120.3e)."""
    if q.is_type(st, target, "Planeswalker"):
        left = max(target.counters.get(LOYALTY, 0) - n, 0)
        target.counters[LOYALTY] = left
        log(st, "120.3c", said_n("{source} deals {n} damage to {whose} {card}: {n} loyalty counter removed, "
                                 "{left} loyalty left.", "{source} deals {n} damage to {whose} {card}: {n} "
                                 "loyalty counters removed, {left} loyalty left.", n, source=_source(source),
                                 whose=Whose(target.controller), card=CardName(target.card), left=left),
            "damage", target.controller)
    if q.is_type(st, target, "Creature") or not q.is_type(st, target, "Planeswalker"):
        target.damage += n
        log(st, "120.3", said("{source} deals {n} damage to {whose} {card} ({marked} marked, toughness "
                              "{toughness}).", source=_source(source), n=n, whose=Whose(target.controller),
                              card=CardName(target.card), marked=target.damage,
                              toughness=q.toughness(st, target)), "damage", target.controller)
        if target.damage >= q.toughness(st, target) > 0 and "indestructible" in q.keywords(st, target):
            log(st, "702.12b", said("{card} has indestructible: lethal damage doesn't destroy it.",
                                    card=CardName(target.card)), "rule", target.controller)


def _prevented(st: GameState, source: Value, target: str | Permanent, n: int) -> bool:
    """Damage to a player with protection from everything is prevented (CR 702.16j, 702.16e)."""
    shield = pe.has(st, target, "protection_from_everything")  # a player's only: None for a permanent
    if shield is not None and isinstance(target, str):
        log(st, "702.16j", said("{who} has protection from everything ({from_}): the {n} damage {source} "
                                "would deal is prevented.", who=target, from_=CardName(shield.source), n=n,
                                source=_source(source)), "prevented", target)
    return shield is not None


def _life_stays(st: GameState, who: str, n: int, how: str, rule: str) -> bool:
    """Say (and log) whether a player's life total can't change, so it doesn't (CR 119.7, 119.8)."""
    fixed = pe.has(st, who, "life_cant_change")
    if fixed is not None:
        says = said("{whose} life total can't change ({source}): {who} doesn't gain {n} life.",
                    whose=Whose(who), source=CardName(fixed.source), who=who, n=n) if how == "gain" else said(
            "{whose} life total can't change ({source}): {who} doesn't lose {n} life.",
            whose=Whose(who), source=CardName(fixed.source), who=who, n=n)
        log(st, rule, says, "prevented", who)
    return fixed is not None


def gain_life(st: GameState, who: str, n: int, source: str) -> None:
    if _life_stays(st, who, n, "gain", "119.7"):
        return
    p = q.player(st, who)
    p.life += n
    log(st, "119.3", said("{who} gains {n} life from {source}; {life} now.", who=who, n=n,
                          source=CardName(source), life=p.life), "life", who)


def create_tokens(st: GameState, controller: str, name: str, n: int, source: str) -> None:
    """Create tokens (CR 111.1); each Doubling Season its controller has doubles them."""
    for d, _ in q.statics(st, TokenReplacement, controller):
        log(st, "614.1a", said("{whose} {card}: {n} {token} token(s) become {doubled}.", whose=Whose(controller),
                               card=CardName(d.card), n=n, token=CardName(name), doubled=n * 2),
            "replaced", controller)
        n *= 2
    for _ in range(n):
        enter(st, name, controller, controller, token=True, by=source)


def pump(st: GameState, p: Permanent, power: int, toughness: int, source: str,
         gains: tuple[str, ...] = ()) -> None:
    p.eot_power += power
    p.eot_toughness += toughness
    p.eot_keywords += tuple(k for k in gains if k not in p.eot_keywords)
    # A +0/+0 is no pump: say only what it gains (a +1/+1 counter from the same ability is logged
    # apart, and lasts).
    card, now = CardName(p.card), f"{q.power(st, p)}/{q.toughness(st, p)}"
    pt, gained = f"{power:+d}/{toughness:+d}", Listed(gains)
    if (power or toughness) and gains:
        says = said("{card} gets {pt} and gains {keywords} until end of turn from {source} (now {now}).",
                    card=card, pt=pt, keywords=gained, source=CardName(source), now=now)
    elif gains:
        says = said("{card} gains {keywords} until end of turn from {source} (now {now}).", card=card,
                    keywords=gained, source=CardName(source), now=now)
    else:
        says = said("{card} gets {pt} until end of turn from {source} (now {now}).", card=card, pt=pt,
                    source=CardName(source), now=now)
    log(st, "611.2a", says, "pump", p.controller)


def pay_life(st: GameState, who: str, n: int, why: Value) -> None:
    """Pay ``n`` life as a cost: only with that much life or more; paying it is losing it (CR 119.4)."""
    p = q.player(st, who)
    if n > p.life:
        raise CannotPay(f"{who} has {p.life} life and can't pay {n} life for {english(why)}: a player pays life "
                        "only with a life total at least that high", rule="119.4")
    if n <= 0:  # paying 0 life is always possible and loses nothing (CR 119.4b)
        return
    p.life -= n
    log(st, "119.4", said("{who} pays {n} life for {what}: loses {n} life (CR 119.4); {life} now.", who=who, n=n,
                          what=why, life=p.life), "life", who)
    _lost_life(st, who)


def lose_life(st: GameState, who: str, n: int, source: str) -> int:
    """Make a player lose life; return how much was lost (CR 119.3)."""
    if n <= 0 or _life_stays(st, who, n, "lose", "119.8"):
        return 0
    p = q.player(st, who)
    p.life -= n
    log(st, "119.3", said("{who} loses {n} life from {source}; {life} now.", who=who, n=n,
                          source=CardName(source), life=p.life), "life", who)
    _lost_life(st, who)
    return n


def _lost_life(st: GameState, who: str) -> None:
    """Report a loss of life, with how many times that player lost life earlier this turn."""
    before = st.life_lost.get(who, 0)
    st.life_lost[who] = before + 1
    emit(st, [Happened.life_lost(who, before)])


def counter(st: GameState, item: StackItem, by: str) -> None:
    """Counter a spell: off the stack to its owner's graveyard, its costs not refunded (CR 701.6)."""
    st.stack.remove(item)
    st.names[item.id] = item.name
    st.origins[item.id] = item.card.id if item.card is not None else item.source
    st.outcomes[item.id] = "countered"
    log(st, "701.6a", said("{by} counters {whose} {card}: it is removed from the stack and doesn't resolve; "
                           "none of its effects happen. (Countered: not the same as a spell that doesn't "
                           "resolve because its every target is illegal, CR 608.2b.)", by=CardName(by),
                           whose=Whose(item.controller), card=CardName(item.name)), "counter", item.controller)
    if item.card is not None:
        owner = q.player(st, item.card.owner)
        owner.graveyard.append(item.card)
        log(st, "701.6b", said("{card} goes to {whose} graveyard; what was paid to cast it isn't refunded.",
                               card=CardName(item.name), whose=Whose(owner.name)), "zone", item.controller)
