"""Learning gain on a simulated class: the figures equal the ones worked out by hand from the rows
written, on every backend of the results store; the interval's arithmetic; the flag."""

from __future__ import annotations

import math
import statistics

import pytest

from rulesdojo.lessons.data import load_lessons, shipped_folder
from rulesdojo.quiz.gain import Answer, gain_figures, gain_interval, lesson_answers
from rulesdojo.quiz.store import ResultStore

import simulated_class


def by_hand(pairs):
    """Work out mean shares, the normalized gain and its 95% delta-method interval from scratch."""
    b = statistics.mean(p[0] for p in pairs)
    a = statistics.mean(p[1] for p in pairs)
    g = (a - b) / (1 - b)
    bs, as_ = [p[0] for p in pairs], [p[1] for p in pairs]
    grad_a, grad_b = 1 / (1 - b), -(1 - a) / (1 - b) ** 2
    var = (grad_a ** 2 * statistics.variance(as_) + grad_b ** 2 * statistics.variance(bs)
           + 2 * grad_a * grad_b * statistics.covariance(bs, as_)) / len(pairs)
    return b, a, g, g - 1.96 * math.sqrt(var), min(1.0, g + 1.96 * math.sqrt(var))


def hand_pairs(rows, lesson, checks, ruling=None):
    """Each learner's (share right before, share right after) in a lesson (or on one of its rulings)."""
    out = []
    for who in sorted({r[0] for r in rows if r[1] == lesson}):
        mine = [r for r in rows if r[0] == who and r[1] == lesson]
        before = [r[3] for r in mine if r[2].startswith("before:") and (ruling is None or r[2] == f"before:{ruling}")]
        after = [r[3] for r in mine if r[2] in checks[lesson] and (ruling is None or ruling in checks[lesson][r[2]])]
        if before and after:
            out.append((sum(before) / len(before), sum(after) / len(after)))
    return out


@pytest.fixture(scope="module")
def checks():
    from rulesdojo.lessons.learner_progress import lesson_id
    return {lesson_id(l): {c.key: c.question.tags["rulings"] for c in l.checks}
            for l in load_lessons(shipped_folder()).values()}


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def taught(request, tmp_path_factory):
    """The simulated class in the results, on each backend: (a store reading them, the rows written)."""
    if request.param == "postgresql":
        server = request.getfixturevalue("postgres_server")
        where = server.url(server.new_database())
    else:
        where = tmp_path_factory.mktemp("gain") / f"r.{request.param}"
    rows = simulated_class.build(lambda: ResultStore(where))
    return ResultStore(where), rows


def test_the_simulated_class_gives_the_figures_worked_out_by_hand(taught, checks):
    store, rows = taught
    figures = gain_figures(lesson_answers(store.every_lesson_part(), checks))
    for lesson in simulated_class.BEHAVIOUR:
        pairs = hand_pairs(rows, lesson, checks)
        assert len(pairs) == simulated_class.LEARNERS
        b, a, g, low, high = by_hand(pairs)
        got = figures[lesson]
        assert got.learners == 40
        assert (got.before, got.after, got.gain) == pytest.approx((b, a, g))
        assert (got.low, got.high) == pytest.approx((low, high), abs=1e-4)  # 1.96 against the exact quantile
    assert figures["02-cant-pay-more"].before == 0.25 and figures["02-cant-pay-more"].after == pytest.approx(0.8)
    # per ruling: Energy ruling 3's before question and the three checks of lesson 4 that test it
    b, a, g, low, high = by_hand(hand_pairs(rows, "04-may-pay", checks, "E3"))
    assert (figures["E3"].before, figures["E3"].after, figures["E3"].gain) == pytest.approx((b, a, g))
    assert not figures["E3"].no_gain and not figures["02-cant-pay-more"].no_gain
    # lesson 5: six learners, its figure and its wide interval, and no verdict: too few to say
    few = figures["05-fizzle"]
    assert few.learners == 6 and not few.enough and not few.no_gain
    b, a, g, low, high = by_hand(hand_pairs(rows, "05-fizzle", checks))
    assert (few.before, few.after, few.gain) == pytest.approx((b, a, g))
    assert (few.low, few.high) == pytest.approx((low, high), abs=1e-3) and few.high - few.low > 0.5


def test_a_lesson_with_no_gain_is_flagged(taught, checks):
    store, _rows = taught
    fig = gain_figures(lesson_answers(store.every_lesson_part(), checks))["03-energy-isnt-mana"]
    assert fig.before == 0.5 and fig.after == pytest.approx(0.45) and fig.gain == pytest.approx(-0.1)
    assert fig.low < 0 and fig.no_gain


def test_a_gain_whose_interval_reaches_zero_is_flagged_though_its_point_is_above():
    """Twelve learners, the point above zero, the lower bound below it: not shown to teach."""
    rows = [Answer(f"k{i}", "l", "before", i < 6) for i in range(12)]
    rows += [Answer(f"k{i}", "l", "after", i < 5 or i in (6, 7)) for i in range(12)]
    fig = gain_figures(rows)["l"]
    assert fig.gain == pytest.approx((7 / 12 - 0.5) / 0.5) and fig.gain > 0
    assert fig.low < 0 < fig.high and fig.no_gain


def test_the_interval_arithmetic_on_four_learners_worked_out_on_paper():
    """Before (0, 0, 1, 0), after (1, 0, 1, 1): B = 1/4, A = 3/4, g = 2/3; the sample variances are
    1/4 each and the covariance 1/12; the gradient (4/3, -4/9) gives a variance of
    (16/9 * 1/4 + 16/81 * 1/4 - 2 * 16/27 * 1/12) / 4 = 8/81, so the interval is 2/3 -+ 1.96 * sqrt(8/81),
    its top cut at 1."""
    g, low, high = gain_interval([(0, 1), (0, 0), (1, 1), (0, 1)])
    assert g == pytest.approx(2 / 3)
    assert low == pytest.approx(2 / 3 - 1.959964 * math.sqrt(8 / 81))
    assert high == 1.0


def test_everyone_right_before_leaves_no_room_to_gain():
    rows = [Answer(f"k{i}", "l", phase, True) for i in range(12) for phase in ("before", "after")]
    fig = gain_figures(rows)["l"]
    assert fig.before == 1 and fig.gain is None and not fig.no_gain
