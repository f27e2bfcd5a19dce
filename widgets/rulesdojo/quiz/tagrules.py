"""What a ruling tag asks of a question, and the part of it lint can check in the played games.

A question tagged with a ruling must turn on that ruling: an Energy ruling 3 question offers a
payment of a fixed amount, a Landfall ruling 2 question has a permanent already on the battlefield
become a land. What a card says is not enough: an Energy ruling 5 question must ask about what can
happen between an "If you do" or "When you do" payment and its effect, not merely show a card that
says it. docs/questions.md says it in words for each tag; ``unmet`` checks it.

It reads what the engine recorded (the kinds of log event, what entered or became what, which
event a triggered ability waited for) and the question's own words, never the log's sentences.

>>> from rulesdojo.quiz import load_bank
>>> q = load_bank()["voltaic-brawler-if-you-do"]
>>> unmet(q, q.variant(seed=1), "E3") is None
True
>>> unmet(q, q.variant(seed=1), "L2")[:57]
'tagged Landfall ruling 2, but nothing already on the batt'
>>> turtle = load_bank()["thriving-turtle-pays-once"]  # its card says "If you do"; it asks only how much
>>> unmet(turtle, turtle.variant(seed=1), "E5")[:45]
'tagged Energy ruling 5, but the question does'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from .rulings import ruling

FIXED_PAY = re.compile(r"may pay (?:\{e\})+|may pay (?:one|two|three|four|five|six|seven|eight) \{e\}"
                       r"|unless (?:you|they|its controller|that player) pays? (?:\{e\})+")
DO_CLAUSE = re.compile(r"pay[^.]*\{e\}[^.]*\.\s+(?:if|when) you do")
#: Words of a question about acting around an "If you do" / "When you do" payment (Energy ruling 5).
TIMING = re.compile(r"respond|in response|right after|at that moment|before it|between|reflexive|priority")
#: Words of a policy question about a permanent that becomes a land (Landfall ruling 2).
BECOMES = re.compile(r"becom|already on the battlefield")
LANDFALL_TEXT = ("landfall", "land you control enters")
#: A landfall ability waits for this: "Whenever a land you control enters" (CR 207.2c).
LANDFALL = ("land_enters", "you")
PLAYS_LAND = re.compile(r"plays an? (?:forest|island|swamp|mountain|plains|land)|onto the battlefield")
TARGET_GONE = re.compile(r"bounce|returns? (?:it|the \w+) to|destroy|dies|hexproof|illegal|leaves")
SEGMENT = {"priority", "resolve", "cast", "play", "activate", "step"}


def _oracle(q, cards) -> str:
    """The Oracle texts of the cards the question is tagged with, in lower case."""
    return " ".join(cards.named(n).oracle for n in q.tags.get("cards", []) if cards.has_card(n)).lower()


def _asked(v) -> str:
    d = v.data
    return str({k: d.get(k) for k in ("ask", "options", "goal", "answer", "prompt")}).lower()


def _asked_words(v) -> str:
    """The question's own words (prompt, options, answer, lead), without the card text it quotes."""
    d = v.data
    text = " ".join(str(d.get(k) or "") for k in ("prompt", "options", "answer", "explanation_lead")).lower()
    return re.sub(r'\("[^"]*"\)|"[^"]*"', " ", text)


def _failed(games, words) -> bool:
    for g in games:
        st = g.state
        for sid, out in st.outcomes.items():
            name = st.names.get(sid, "")
            if out == "did not resolve" and g.cards.has_card(name) and all(
                    w in g.cards.named(name).oracle.lower() for w in words):
                return True
    return False


def _landfall_batch(games) -> bool:
    """Whether two or more landfall abilities triggered with no priority, step or action between."""
    for g in games:
        n = 0
        for e in g.log:
            if e.kind in SEGMENT:
                n = 0
            elif (e.about.trigger, e.about.whose) == LANDFALL:
                n += 1
                if n >= 2:
                    return True
    return False


def _by_kind(log) -> dict[str, list]:
    """The log's events by their kind ("enters", "becomes", ...)."""
    out: dict[str, list] = {}
    for e in log:
        out.setdefault(e.kind, []).append(e)
    return out


def _players_with_energy(games) -> int:
    return max((sum(1 for p in g.state.players if p.energy) for g in games), default=0)


@dataclass(frozen=True)
class Seen:
    """What lint can see of a played variant: the games, the question's words, its cards' Oracle
    text, and what the engine recorded (kinds of event, a land entering, something becoming one)."""

    q: Any
    v: Any
    games: list
    cards: Any
    asked: str  # the question's data that asks: ask, options, goal, answer, prompt (lower case)
    oracle: str  # the tagged cards' Oracle text (lower case)
    kinds: frozenset  # the kinds of log event the games recorded
    land_entered: bool
    became_land: bool  # a permanent already on the battlefield became a land (Landfall ruling 2)

    @classmethod
    def of(cls, q, v) -> Seen:
        games = v.games()
        cards = games[0].cards if games else q.cards()
        by_kind = _by_kind(e for g in games for e in g.log)
        return cls(q, v, games, cards, _asked(v), _oracle(q, cards), frozenset(by_kind),
                   any("Land" in e.about.types for e in by_kind.get("enters", ())),
                   any("Land" in e.about.types for e in by_kind.get("becomes", ())))

    @property
    def energy(self) -> bool:
        return "energy" in self.asked or "{e}" in self.asked or "energy" in self.kinds

    @property
    def landfall(self) -> bool:
        """Whether a tagged card has a landfall ability."""
        return any(w in self.oracle for w in LANDFALL_TEXT)

    @property
    def policy_text(self) -> str:
        return " ".join(str(self.v.data.get(k, "")) for k in ("source", "explanation")).lower()

    @property
    def target_gone(self) -> bool:
        return TARGET_GONE.search(self.asked) is not None


#: What each ruling tag needs of a question that plays its scenario.
PLAYED: dict[str, Callable[[Seen], bool]] = {
    "E1": lambda s: ("{e}" in s.asked or "{e}" in s.oracle) and s.energy,
    "E2": lambda s: s.energy,
    "E3": lambda s: bool(FIXED_PAY.search(s.oracle)),
    "E4": lambda s: bool(s.kinds & {"leaves", "zone", "control"}) or _players_with_energy(s.games) > 1
    or "'counters': {'energy'" in s.asked,
    "E5": lambda s: bool(DO_CLAUSE.search(s.oracle)) and TIMING.search(_asked_words(s.v)) is not None,
    "E6": lambda s: _players_with_energy(s.games) > 1,
    "E7": lambda s: ("mana" in s.kinds or "mana" in s.asked or "any type" in s.oracle) and s.energy,
    "E8": lambda s: _failed(s.games, ("may pay", "{e}")),
    "E9": lambda s: _failed(s.games, ("get {e}",)),
    "L1": lambda s: "landfall" in s.kinds or s.land_entered,
    "L2": lambda s: s.landfall and s.became_land,
    "L3": lambda s: _landfall_batch(s.games),
}
#: What each ruling tag needs of a policy question: no game is played, the situation is in the
#: prompt and the cards.
POLICY: dict[str, Callable[[Seen], bool]] = {
    **PLAYED,
    "E4": lambda s: s.target_gone or "each player" in s.asked,
    "E6": lambda s: "mtr 4.1" in s.policy_text or "status information" in s.policy_text,
    "E7": lambda s: "mana" in s.asked and s.energy,
    "E8": lambda s: s.target_gone and "may pay" in s.oracle and "target" in s.oracle,
    "E9": lambda s: s.target_gone and "get {e}" in s.oracle and "target" in s.oracle,
    "L1": lambda s: s.landfall and PLAYS_LAND.search(s.asked) is not None,
    "L2": lambda s: s.landfall and "lands in addition" in s.oracle and BECOMES.search(s.asked) is not None,
    "L3": lambda s: _landfall_cards(s) > 1 or "two lands" in s.asked,
}
WHY = {
    "E1": "no {E} symbol is counted as energy", "E2": "no player's energy is gotten, paid or asked",
    "E3": "no card offers a payment of a fixed amount of {E}",
    "E4": "no permanent leaves and no second player has energy",
    "E5": "the question doesn't ask what players can do between an \"If you do\" or \"When you do\" "
          "payment of {E} and its effect",
    "E6": "it isn't about tracking each player's energy total",
    "E7": "mana and energy don't meet", "E8": "no \"may pay\" {E} spell or ability fails to resolve",
    "E9": "no spell or ability that gives {E} fails to resolve", "L1": "no land enters",
    "L2": "nothing already on the battlefield becomes a land, with a landfall ability around",
    "L3": "no event gives two or more landfall triggers",
}


def _landfall_cards(s: Seen) -> int:
    """How many of the tagged cards have a landfall ability."""
    return sum(any(w in s.cards.named(n).oracle.lower() for w in LANDFALL_TEXT)
               for n in s.q.tags.get("cards", []) if s.cards.has_card(n))


def unmet(q, v, tag: str) -> str | None:
    """Return why the played variant doesn't test the ruling ``tag``, or None when it does."""
    checks = PLAYED if v.plays_game else POLICY
    if tag in checks and not checks[tag](Seen.of(q, v)):
        return f"tagged {ruling(tag).name}, but {WHY[tag]}"
    return None
