"""Learning gain: how much better learners answer a ruling after its lesson than before it. No UI here.

Each lesson opens with "before you start" questions (a bank question per ruling, ungraded on the
page) and ends with its checks; a check answered right before its answer was shown is the "after".
Every learner counts once in a figure: their share right before and after are averaged over
learners, so a learner who answered more questions weighs no more than one who answered fewer.

The normalized gain (Hake) is ``(after - before) / (1 - before)``: the share of what there was to
learn that was learnt. Its 95% interval comes from the delta method over learners (the variances
and covariance of each learner's before and after shares), so it is exact arithmetic, the same
every time. Below ``MIN_LEARNERS`` learners the figure and its interval are given but no verdict
(no flag): the interval is then wide, and the normal approximation it rests on rough; a class that
small sees how wide, rather than a blank.

>>> rows = [Answer(f"k{i}", "lesson", "before", i % 2 == 0) for i in range(10)]
>>> rows += [Answer(f"k{i}", "lesson", "after", i < 8) for i in range(10)]
>>> g = gain_figures(rows)["lesson"]
>>> g.learners, g.before, g.after, round(g.gain, 2)
(10, 0.5, 0.8, 0.6)
>>> g.low < g.gain < g.high <= 1, g.no_gain
(True, False)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import fmean

#: fewer learners than this and a figure says nothing (see docs/exams.md)
MIN_LEARNERS = 10
#: the normal quantile of a two-sided 95% interval
Z95 = 1.959963984540054
#: practice answered at least this long after a ruling's lesson counts towards retention
RETENTION_DELAY = 24 * 3600.0
#: the part key under which a lesson's "before you start" answer on a ruling is kept
BEFORE = "before:"


@dataclass(frozen=True)
class Answer:
    """One answer a figure is made of: whose, in which group (a lesson, a ruling), before or after."""

    learner: str
    group: str
    phase: str  # "before" | "after"
    right: bool


@dataclass(frozen=True)
class Gain:
    """One group's figures: learners with both a before and an after, shares right, gain and interval."""

    learners: int
    before: float
    after: float
    gain: float | None  # None: everyone was right before (no room to gain)
    low: float | None   # None: one learner, no spread to make an interval of
    high: float | None

    @property
    def enough(self) -> bool:
        return self.learners >= MIN_LEARNERS

    @property
    def no_gain(self) -> bool:
        """Say whether the lesson is not shown to teach: the interval's lower bound is not above zero.

        The lower bound rather than the point: with a class-sized group, chance alone moves the
        point above zero often; a lesson is trusted only when the interval clears zero. Everyone
        right before is not a lesson that failed but before questions too easy: no flag, no gain.
        """
        return self.enough and self.low is not None and self.low <= 0


def normalized_gain(before: float, after: float) -> float | None:
    """Return ``(after - before) / (1 - before)``; None when everyone was right before.

    >>> normalized_gain(0.5, 0.75), normalized_gain(0.5, 0.25), normalized_gain(1.0, 1.0)
    (0.5, -0.5, None)
    """
    return None if before >= 1 else (after - before) / (1 - before)


def gain_interval(pairs: list[tuple[float, float]]) -> tuple[float, float, float] | None:
    """Return (gain, low, high): the normalized gain of per-learner (before, after) shares and its
    95% delta-method interval; None with fewer than two learners or everyone right before.

    With B, A the mean shares, g = (A - B) / (1 - B) has the derivatives 1 / (1 - B) in A and
    (A - 1) / (1 - B)^2 in B; its variance is theirs applied to the sample (co)variances, over n.
    The upper bound is at most 1, the most a gain can be.

    >>> g, low, high = gain_interval([(0, 1), (0, 0), (1, 1), (0, 1)])
    >>> round(g, 3), round(low, 3), high
    (0.667, 0.051, 1.0)
    >>> gain_interval([(0.5, 1.0)] * 12)  # every learner alike: no spread
    (1.0, 1.0, 1.0)
    """
    n = len(pairs)
    if n < 2:
        return None
    b = fmean(p[0] for p in pairs)
    a = fmean(p[1] for p in pairs)
    g = normalized_gain(b, a)
    if g is None:
        return None
    var_b = sum((p[0] - b) ** 2 for p in pairs) / (n - 1)
    var_a = sum((p[1] - a) ** 2 for p in pairs) / (n - 1)
    cov = sum((p[0] - b) * (p[1] - a) for p in pairs) / (n - 1)
    d_a, d_b = 1 / (1 - b), (a - 1) / (1 - b) ** 2
    se = math.sqrt(max(0.0, (d_a ** 2 * var_a + d_b ** 2 * var_b + 2 * d_a * d_b * cov) / n))
    return g, g - Z95 * se, min(1.0, g + Z95 * se)


def per_learner(rows: list[Answer]) -> dict[str, dict[str, tuple[float, float]]]:
    """Return, per group, each learner's (share right before, share right after), for the learners
    with both.

    >>> per_learner([Answer("k", "g", "before", False), Answer("k", "g", "after", True),
    ...              Answer("k", "g", "after", False), Answer("j", "g", "after", True)])
    {'g': {'k': (0.0, 0.5)}}
    """
    tally: dict[str, dict[str, dict[str, list[bool]]]] = {}
    for r in rows:
        tally.setdefault(r.group, {}).setdefault(r.learner, {"before": [], "after": []})[r.phase].append(r.right)
    return {group: {who: (fmean(t["before"]), fmean(t["after"]))
                    for who, t in sorted(people.items()) if t["before"] and t["after"]}
            for group, people in tally.items()}


def gain_figures(rows: list[Answer]) -> dict[str, Gain]:
    """Return each group's figures (groups with no learner having both a before and an after are left out)."""
    out = {}
    for group, people in per_learner(rows).items():
        if not people:
            continue
        pairs = list(people.values())
        before, after = fmean(p[0] for p in pairs), fmean(p[1] for p in pairs)
        found = gain_interval(pairs)
        g, low, high = found or (normalized_gain(before, after), None, None)
        out[group] = Gain(len(pairs), before, after, g, low, high)
    return out


def lesson_answers(parts, checks: dict[str, dict[str, list[str]]]) -> list[Answer]:
    """Turn the store's lesson rows into answers, grouped by lesson and by ruling.

    ``parts`` are (learner, lesson, part, first_try, done_at) rows; ``checks`` gives, per lesson,
    each check's rulings. A before answer on ruling R is part ``before:R``; a check is an after of
    its lesson, and of each of its rulings the learner answered a before question on in that lesson
    (so a ruling's before and after are the same lessons' for each learner).

    >>> rows = [("k", "02-x", "before:E2", 0, 1.0), ("k", "02-x", "fifteen", 1, 2.0), ("k", "02-x", "task", None, 2.0)]
    >>> [(a.group, a.phase, a.right) for a in lesson_answers(rows, {"02-x": {"fifteen": ["E2"]}})]
    [('02-x', 'before', False), ('E2', 'before', False), ('02-x', 'after', True), ('E2', 'after', True)]
    """
    seen: dict[tuple[str, str], list] = {}
    for learner, lesson, part, first, _at in parts:
        if lesson in checks and first is not None:
            seen.setdefault((learner, lesson), []).append((part, bool(first)))
    out = []
    for (learner, lesson), given in seen.items():
        befores = {part.removeprefix(BEFORE) for part, _ in given if part.startswith(BEFORE)}
        for part, right in given:
            if part.startswith(BEFORE):
                out += [Answer(learner, lesson, "before", right), Answer(learner, part.removeprefix(BEFORE), "before", right)]
            elif part in checks[lesson]:
                out.append(Answer(learner, lesson, "after", right))
                out += [Answer(learner, tag, "after", right) for tag in checks[lesson][part] if tag in befores]
    return out


@dataclass(frozen=True)
class Retention:
    """One ruling's practice a day or more after its lesson: learners, and their share right."""

    learners: int
    share: float

    @property
    def enough(self) -> bool:
        return self.learners >= MIN_LEARNERS


def retention(parts, checks: dict[str, dict[str, list[str]]], practice) -> dict[str, Retention]:
    """Return, per ruling, the share right of practice answers given ``RETENTION_DELAY`` or more after
    the learner's last check on that ruling (each learner's share, averaged over learners).

    ``practice`` holds (learner, rulings, right, answered_at) rows.

    >>> parts = [("k", "02-x", "fifteen", 1, 0.0)]
    >>> practice = [("k", ["E2"], True, 3600.0), ("k", ["E2"], False, 2 * 86400.0), ("k", ["E2"], True, 3 * 86400.0)]
    >>> retention(parts, {"02-x": {"fifteen": ["E2"]}}, practice)
    {'E2': Retention(learners=1, share=0.5)}
    """
    learnt: dict[tuple[str, str], float] = {}
    for learner, lesson, part, first, at in parts:
        for tag in checks.get(lesson, {}).get(part, []) if first is not None else []:
            learnt[learner, tag] = max(at, learnt.get((learner, tag), at))
    later: dict[str, dict[str, list[bool]]] = {}
    for learner, tags, right, at in practice:
        for tag in tags:
            if (learner, tag) in learnt and at >= learnt[learner, tag] + RETENTION_DELAY:
                later.setdefault(tag, {}).setdefault(learner, []).append(bool(right))
    return {tag: Retention(len(people), fmean(fmean(v) for v in people.values()))
            for tag, people in sorted(later.items())}


@dataclass(frozen=True)
class GainRow:
    """One row of the trainer's learning-gain tables, as the trainer shows it and ``rulesdojo results
    export --table gain`` writes it: ``table`` is lesson, ruling or retention; ``group`` the lesson's
    id or the ruling's tag, ``name`` what the trainer calls it. Shares and gains are from 0 to 1 (a
    gain from -inf to 1); None where there is none. ``few``: under ``MIN_LEARNERS`` learners, so the
    interval is wide and no verdict is given; ``no_gain``: the interval's lower bound is not above zero.
    """

    table: str
    group: str
    name: str
    learners: int
    before: float | None
    after: float | None
    gain: float | None
    low: float | None
    high: float | None
    few: bool
    no_gain: bool


def gain_rows(parts, checks: dict[str, dict[str, list[str]]], titles: dict[str, str], practice,
              ruling_name=str) -> list[GainRow]:
    """Return the learning-gain tables as rows: per lesson (in ``titles``' order), per ruling, and
    retention per ruling. ``parts``, ``checks`` and ``practice`` are as for ``lesson_answers`` and
    ``retention``; ``ruling_name`` names a ruling's tag.

    >>> rows = [("k", "02-x", "before:E2", 0, 1.0), ("k", "02-x", "fifteen", 1, 2.0)]
    >>> [(r.table, r.group, r.learners, r.gain, r.few) for r in gain_rows(rows, {"02-x": {"fifteen": ["E2"]}},
    ...                                                                    {"02-x": "2. X"}, [])]
    [('lesson', '02-x', 1, 1.0, True), ('ruling', 'E2', 1, 1.0, True)]
    """
    figures = gain_figures(lesson_answers(parts, checks))
    tags = sorted({t for c in checks.values() for ts in c.values() for t in ts})
    out = [GainRow("lesson", i, titles[i], *_figures(figures[i])) for i in titles if i in figures]
    out += [GainRow("ruling", t, ruling_name(t), *_figures(figures[t])) for t in tags if t in figures]
    out += [GainRow("retention", t, ruling_name(t), r.learners, None, r.share, None, None, None, not r.enough, False)
            for t, r in retention(parts, checks, practice).items()]
    return out


def _figures(g: Gain) -> tuple:
    return g.learners, g.before, g.after, g.gain, g.low, g.high, not g.enough, g.no_gain


def practice_rows(store, bank) -> list[tuple]:
    """Return (learner, rulings, right, answered_at) for every practice answer in a results store,
    the learner being the attempt's browser key, else its vouched name (as lesson progress is kept)."""
    records = {r.id: r for r in store.records(exam="") if r.mode == "practice"}
    out = []
    for a in store.attempts():
        rec = records.get(a.session)
        if a.mode == "practice" and rec is not None and a.question in bank:
            out.append((rec.learner_key or rec.candidate, bank[a.question].tags.get("rulings", []), a.correct,
                        a.answered_at))
    return out
