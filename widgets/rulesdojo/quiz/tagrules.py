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

from ..rules import query as rq
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


def unmet(q, v, tag: str) -> str | None:
    """Return why the played variant doesn't test the ruling ``tag``, or None when it does."""
    games, asked = v.games(), _asked(v)
    cards = games[0].cards if games else q.cards()
    oracle = _oracle(q, cards)
    by_kind = _by_kind(e for g in games for e in g.log)
    kinds = set(by_kind)
    energy = "energy" in asked or "{e}" in asked or "energy" in kinds
    landfall = any(w in oracle for w in LANDFALL_TEXT)
    text = " ".join(str(v.data.get(k, "")) for k in ("source", "explanation")).lower()
    # a land entered; something already on the battlefield became a land (no landfall, Landfall ruling 2)
    land_entered = any("Land" in e.about.types for e in by_kind.get("enters", ()))
    became_land = any("Land" in e.about.types for e in by_kind.get("becomes", ()))
    checks = {
        "E1": lambda: ("{e}" in asked or "{e}" in oracle) and energy,
        "E2": lambda: energy,
        "E3": lambda: bool(FIXED_PAY.search(oracle)),
        "E4": lambda: bool(kinds & {"leaves", "zone", "control"}) or _players_with_energy(games) > 1
        or "'counters': {'energy'" in asked,
        "E5": lambda: bool(DO_CLAUSE.search(oracle)) and TIMING.search(_asked_words(v)) is not None,
        "E6": lambda: ("mtr 4.1" in text or "status information" in text) if not v.plays_game
        else _players_with_energy(games) > 1,
        "E7": lambda: ("mana" in kinds or "mana" in asked or "any type" in oracle) and energy,
        "E8": lambda: _failed(games, ("may pay", "{e}")),
        "E9": lambda: _failed(games, ("get {e}",)),
        "L1": lambda: "landfall" in kinds or land_entered
        or (not v.plays_game and landfall and PLAYS_LAND.search(asked) is not None),
        "L2": lambda: landfall and became_land,
        "L3": lambda: _landfall_batch(games),
    }
    why = {
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
    if not v.plays_game:  # no game is played: the situation is in the prompt and the cards
        gone = TARGET_GONE.search(asked) is not None
        checks.update({
            "E4": lambda: gone or "each player" in asked,
            "E7": lambda: "mana" in asked and energy,
            "E8": lambda: gone and "may pay" in oracle and "target" in oracle,
            "E9": lambda: gone and "get {e}" in oracle and "target" in oracle,
            "L2": lambda: landfall and "lands in addition" in oracle and BECOMES.search(asked) is not None,
            "L3": lambda: sum(any(w in cards.named(n).oracle.lower() for w in LANDFALL_TEXT)
                              for n in q.tags.get("cards", []) if cards.has_card(n)) > 1 or "two lands" in asked,
        })
    if tag in checks and not checks[tag]():
        return f"tagged {ruling(tag).name}, but {why[tag]}"
    return None
