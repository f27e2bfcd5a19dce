"""Changes to permanents: +N/+N until end of turn, keywords, new subtypes, returning to hand, destroying."""

from __future__ import annotations

from dataclasses import dataclass

from .. import engine as e
from ..said import CardName, Whose, said
from .. import query as q
from ..objects import Permanent
from ..parts import CardError, Effect, Resolving, effect, field, known_keywords, reads_only


@effect("pump")
@dataclass(frozen=True)
class Pump(Effect):
    """This permanent or the target gets +P/+T (and gains keywords) until end of turn (CR 611.2).

    >>> Pump("self", 1, 1, ("trample",)).words()
    ('+1/+1', 'trample', 'until end of turn')
    """

    what: str = field(choices=("self", "target", "each_creature_you_control", "equipped"), default="self")
    power: int | str = field(kind="change", default=0)
    toughness: int | str = field(kind="change", default=0)
    gains: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for n, label in ((self.power, "pump's power"), (self.toughness, "pump's toughness")):
            reads_only(n, ("paid", "its_power"), label)
        known_keywords(self.gains, "pump's gains")
        words = {n for n in (self.power, self.toughness) if isinstance(n, str)}
        if words and self.power != self.toughness:  # "+X/+X": one amount read for both
            raise CardError(f"pump's power and toughness are both {' or '.join(sorted(words))} or both "
                            f"numbers, not {self.power!r} and {self.toughness!r}")

    def run(self, res: Resolving) -> None:
        if self.what == "self":
            src = res.source()
            if src is None:
                e.log(res.st, "113.7a", said("{card} has left the battlefield: the ability resolves but there is "
                                             "nothing to give {pt}.", card=CardName(res.item.name), pt=self._pt()),
                      "rule", res.controller)
                return
            hit = [src]
        elif self.what == "each_creature_you_control":
            hit = q.creatures_of(res.st, res.controller)
        elif self.what == "equipped":
            hit = q.equipped(res.st, res.source())
        else:
            hit = [t for t in res.target_objects() if not isinstance(t, str)]
        for p in hit:
            power, toughness = (_amount(res, p, n) for n in (self.power, self.toughness))
            e.pump(res.st, p, power, toughness, _source(res), self.gains)

    def _pt(self) -> str:
        if isinstance(self.power, str):  # both read the same amount (checked as it is read)
            return "+X/+X"
        return f"{self.power:+d}/{self.toughness:+d}"

    def words(self) -> tuple[str, ...]:
        if self.power == "its_power":
            return ("+X/+X", "where X is its power") + tuple(self.gains) + ("until end of turn",)
        pt = (self._pt(),) if self.power or self.toughness else ()
        return pt + tuple(self.gains) + ("until end of turn",)


def _amount(res: Resolving, p: Permanent, n: int | str) -> int:
    """A number, the energy paid, or "X, where X is its power" counted as it resolves (CR 608.2h)."""
    if n == "its_power":
        x = q.power(res.st, p)
        e.log(res.st, "608.2h", said("X is {whose} power as the ability resolves: {x}.",
                                     whose=Whose(CardName(p.card)), x=x), "rule", res.controller)
        return x
    if n == "paid":
        paid: int = res.vars.get("paid", 0)
        return paid
    assert isinstance(n, int)  # the part's reader allows a number, "paid" or "its_power"
    return n



def _source(res: Resolving) -> str:
    """Name what pumps: a landfall trigger says "landfall", as the log always did."""
    return "landfall" if res.item.kind == "trigger" and res.item.text.startswith("Landfall") else res.item.name


@effect("becomes")
@dataclass(frozen=True)
class Becomes(Effect):
    """The target becomes the given subtypes in addition to its other types (CR 205.1b)."""

    subtypes: tuple[str, ...] = ()
    what: str = field(choices=("target",), default="target")

    def run(self, res: Resolving) -> None:
        st = res.st
        for p in res.target_objects():
            if isinstance(p, str):
                continue
            new = tuple(s for s in self.subtypes if s not in q.subtypes(st, p))
            p.added_subtypes += new
            types = " ".join(self.subtypes)
            e.log(st, "205.1b", said("{card} becomes {a_type} in addition to its other types.", card=CardName(p.card),
                                     a_type=f"{'an' if types[:1] in 'AEIOU' else 'a'} {types}"), "type", p.controller)

    def words(self) -> tuple[str, ...]:
        return tuple(self.subtypes)


@effect("return_to_hand")
@dataclass(frozen=True)
class ReturnToHand(Effect):
    """Return the target permanent to its owner's hand (CR 400.3)."""

    what: str = field(choices=("target", "self"), default="target")

    def run(self, res: Resolving) -> None:
        hit = [res.source()] if self.what == "self" else res.target_objects()
        for p in hit:
            if p is None:
                e.log(res.st, "113.7a", said("{card} has already left the battlefield: nothing returns.",
                                             card=CardName(res.item.name)), "rule", res.controller)
            elif not isinstance(p, str):
                e.leave(res.st, [p], "hand", said("returns to its owner's hand"), "400.3")

    def words(self) -> tuple[str, ...]:
        return ("Return", "to its owner's hand")


@effect("attach")
@dataclass(frozen=True)
class Attach(Effect):
    """Attach this Equipment to the target creature (CR 701.3a, 301.5b)."""

    what: str = field(choices=("target",), default="target")

    def run(self, res: Resolving) -> None:
        src = res.source()
        for p in res.target_objects():
            if src is None or isinstance(p, str):
                continue
            src.attached_to = p.id
            e.log(res.st, "701.3a", said("{card} is attached to {target}: it equips it.", card=CardName(src.card),
                                         target=CardName(p.card)), "rule", res.controller)

    def words(self) -> tuple[str, ...]:
        return ("Attach to",)


@effect("untap")
@dataclass(frozen=True)
class Untap(Effect):
    """Untap the target, or the permanent an earlier effect of this ability put onto the battlefield
    (CR 701.26b)."""

    what: str = field(choices=("found", "target"), default="found")

    def run(self, res: Resolving) -> None:
        hit = (res.target_objects() if self.what == "target" else
               [q.permanent(res.st, pid) for pid in res.vars.get("found", ())])
        for p in hit:
            if p is not None and not isinstance(p, str) and p.tapped:
                p.tapped = False
                e.log(res.st, "701.26b", said("{card} untaps.", card=CardName(p.card)), "rule", res.controller)

    def words(self) -> tuple[str, ...]:
        return ("untap it",) if self.what == "target" else ("untap that land",)


@effect("sacrifice")
@dataclass(frozen=True)
class Sacrifice(Effect):
    """Sacrifice this permanent: its controller puts it into its owner's graveyard (CR 701.21a)."""

    what: str = field(choices=("self",), default="self")

    def run(self, res: Resolving) -> None:
        src = res.source()
        if src is None:
            e.log(res.st, "113.7a", said("{card} has already left the battlefield: nothing to sacrifice.",
                                         card=CardName(res.item.name)), "rule", res.controller)
            return
        e.sacrifice(res.st, src, said("is sacrificed by its own ability"))

    def words(self) -> tuple[str, ...]:
        return ("sacrifice",)


@effect("destroy")
@dataclass(frozen=True)
class Destroy(Effect):
    """Destroy the target, or every permanent of the listed types at once (CR 701.8a).

    >>> Destroy().words(), Destroy(all=("Artifact", "Creature")).words()
    (('Destroy',), ('Destroy all', 'artifacts', 'creatures'))
    """

    what: str = field(choices=("target",), default="target")
    all: tuple[str, ...] = ()

    def run(self, res: Resolving) -> None:
        st = res.st
        if self.all:
            hit = [p for p in st.battlefield if any(q.is_type(st, p, t) for t in self.all)]
        else:
            hit = [p for p in res.target_objects() if isinstance(p, Permanent)]
        for p in [p for p in hit if "indestructible" in q.keywords(st, p)]:
            hit.remove(p)
            e.log(st, "702.12b", said("{whose} {card} has indestructible: it can't be destroyed.",
                                      whose=Whose(p.controller), card=CardName(p.card)), "rule", p.controller)
        e.leave(st, hit, "graveyard", said("is destroyed"), "701.8a")

    def words(self) -> tuple[str, ...]:
        return ("Destroy all",) + tuple(f"{t.lower()}s" for t in self.all) if self.all else ("Destroy",)
