"""The lesson notebooks and the lessons behind them.

(a) hygiene: notebooks are committed clean (no outputs, counts or widget state; code cells are
    one-line calls into the package);
(b) every notebook runs top to bottom in a real kernel (executed in parallel, once per module);
(c) every Task's goal is reachable by a scripted line of learner actions, through the views the
    task shows, and isn't already true at the start; every Check's answer is computed by the
    engine, is stable, and equals the value the rules give (written here from RULES.md, not
    copied from the engine);
(d) the landing page lists every lesson in order, and each lesson's navigation line links its
    neighbours.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from rulesdojo.lessons import LESSONS, contents
from rulesdojo.lessons.framework import Check, Task
from rulesdojo.rules.actions import GetEnergy, PayEnergy
from rulesdojo.rules.scenario import Scenario, run

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "lessons").glob("*.ipynb"))
LESSON_NOTEBOOKS = sorted(p for p in NOTEBOOKS if re.match(r"\d\d-", p.name))
A = "Architect of the Untamed"


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


# --- (a) hygiene -------------------------------------------------------------------------

def _allowed_code(src: str, imported: set[str]) -> bool:
    """Imports from the package, and calls of names imported so far with literal arguments only."""
    for node in ast.parse(src).body:
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "rulesdojo":
            imported |= {a.asname or a.name for a in node.names}
            continue
        if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)):
            return False
        call = node.value
        base = call.func.value if isinstance(call.func, ast.Attribute) else call.func
        if not (isinstance(base, ast.Name) and base.id in imported):
            return False
        if not all(isinstance(a, ast.Constant) for a in [*call.args, *(k.value for k in call.keywords)]):
            return False
    return True


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_committed_clean(path):
    nb = _load(path)
    assert "widgets" not in nb.get("metadata", {}), "saved widget state in the notebook metadata"
    ids = [c.get("id") for c in nb["cells"]]
    imported: set[str] = set()
    assert all(ids) and len(set(ids)) == len(ids), "every cell needs its own id"
    for cell in nb["cells"]:
        assert "widgets" not in cell.get("metadata", {})
        if cell["cell_type"] != "code":
            assert "outputs" not in cell and not cell.get("attachments")
            continue
        assert cell.get("outputs") == [], f"{cell['id']} has outputs"
        assert cell.get("execution_count") is None, f"{cell['id']} has an execution count"
        src = "".join(cell["source"])
        assert len(src.splitlines()) <= 3, f"{cell['id']} is more than a call or two"
        assert _allowed_code(src, imported), f"{cell['id']} does more than call into the package: {src!r}"


@pytest.mark.parametrize("path", LESSON_NOTEBOOKS, ids=lambda p: p.name)
def test_lesson_notebook_shows_each_part_once(path):
    number = int(path.name[:2])
    lesson = LESSONS[number]
    assert path.name == lesson.notebook
    code = ["".join(c["source"]) for c in _load(path)["cells"] if c["cell_type"] == "code"]
    assert code[0] == f"from rulesdojo.lessons import progress, show\n\nprogress({number})"
    shown = [re.fullmatch(r'show\((\d+), "([\w-]+)"\)', c) for c in code[1:]]
    assert all(shown), "after the first cell, code cells are show(N, \"key\")"
    assert {int(m[1]) for m in shown} == {number}
    assert [m[2] for m in shown] == [p.key for p in lesson.parts]
    text = "".join("".join(c["source"]) for c in _load(path)["cells"] if c["cell_type"] == "markdown")
    assert "## Recap" in text
    assert any(isinstance(p, Task) for p in lesson.parts) and any(isinstance(p, Check) for p in lesson.parts)


# --- (b) every notebook runs ---------------------------------------------------------------

@pytest.fixture(scope="module")
def python3_kernel():
    """Make sure a ``python3`` kernel exists for this interpreter (a fresh venv may lack one)."""
    from jupyter_client.kernelspec import KernelSpecManager
    if "python3" not in KernelSpecManager().find_kernel_specs():
        subprocess.run([sys.executable, "-m", "ipykernel", "install", "--sys-prefix"], check=True,
                       capture_output=True)
    return "python3"


def _execute(path: Path, kernel: str):
    import nbclient
    import nbformat
    nb = nbformat.read(path, as_version=4)
    try:
        nbclient.NotebookClient(nb, timeout=60, kernel_name=kernel,
                                resources={"metadata": {"path": str(path.parent)}}).execute()
    except Exception as exc:  # reported per notebook by the test below
        return exc
    return nb


@pytest.fixture(scope="module")
def executed(python3_kernel):
    with ThreadPoolExecutor(max_workers=6) as pool:
        results = pool.map(lambda p: (p.name, _execute(p, python3_kernel)), NOTEBOOKS)
        return dict(results)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_executes(executed, path):
    nb = executed[path.name]
    assert not isinstance(nb, Exception), f"{path.name} failed: {nb}"
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert not [o for o in cell.outputs if o.output_type == "error"]
            assert cell.outputs, f"{cell.id} showed nothing"


# --- (c) tasks are reachable, checks are right ------------------------------------------------

# The line a learner would take for each task: scenario actions (docs/scenarios.md), plus the
# practice energy actions of lesson 1's counter.
SOLUTIONS = {
    (1, "get-and-pay"): [GetEnergy("Alice", 5), PayEnergy("Alice", 3)],
    (1, "leaving-takes-nothing"): [{"play": "Forest"}, "resolve", "pass",
                                   {"cast": "Unsummon", "target": A}, "resolve"],
    (2, "seven-isnt-eight"): [{"activate": A, "rejected": "118.3"}, {"play": "Forest"}, "resolve",
                              {"activate": A}, "resolve"],
    (3, "through-the-turn"): [{"play": "Swamp"}, {"order": [A, "Lotus Cobra"]}, "resolve",
                              {"mana": "G"}, "resolve", {"tap": "Swamp"},
                              {"advance": "declare attackers"}, {"attack": []}, {"advance": "upkeep"}],
    (3, "energy-into-mana"): [{"tap": "Aether Hub", "mana": "R"},
                              {"tap": "Servant of the Conduit", "mana": "G"},
                              {"cast": "Voltaic Brawler"}, "resolve", "resolve"],
    (4, "brawler-once"): [{"advance": "declare attackers"}, {"attack": ["Voltaic Brawler"]}, "resolve",
                          {"pay": True}, {"pay": True, "rejected": "117.1"}],
    (4, "banked-lightning"): [{"cast": "Harnessed Lightning", "target": "Beast"}, "resolve",
                              {"amount": 8, "rejected": "118.3"}, {"amount": 6}],
    (5, "save-the-bears"): ["pass", {"cast": "Unsummon", "target": "Grizzly Bears"}, "resolve", "resolve"],
    (6, "proliferate"): [{"cast": "Steady Progress"}, "resolve", {"choose": ["Alice"]}],
    (6, "doubling-season"): [{"play": "Forest"}, "resolve", {"activate": A}, "resolve"],
    (7, "every-land"): [{"play": "Forest"}, "resolve", {"cast": "Rampant Growth"}, "resolve",
                        {"choose": ["Plains"]}, "resolve"],
    (7, "choose-order"): [{"play": "Forest"}, {"order": [A, "Lotus Cobra", "Steppe Lynx"]}, "resolve"],
    (8, "ashaya"): [{"cast": "Ashaya, Soul of the Wild"}, "resolve", "resolve",
                    {"cast": "Grizzly Bears"}, "resolve", "resolve"],
    (9, "three-turns"): [{"play": "Forest"}, "resolve", {"advance": "declare attackers"}, {"attack": []},
                         {"advance": "precombat main"}, {"play": "Aether Hub"}, "resolve",
                         {"advance": "end"}, {"advance": "precombat main"}, {"play": "Plains"}, "resolve"],
    (10, "beast-this-turn"): [{"play": "Aether Hub"}, {"order": ["Lotus Cobra", "Aether Hub", A]},
                              "resolve", "resolve", "resolve", {"mana": "G"}, {"cast": "Rampant Growth"},
                              "resolve", {"choose": "Forest"}, {"order": ["Lotus Cobra", A]}, "resolve",
                              "resolve", {"mana": "G"}, {"activate": A}, "resolve"],
}

# Lines that look right but fall short: the goal must stay out of reach.
SHORT_LINES = {
    # Forest as the land play: 5 + 1 (Forest) + 1 (Rampant Growth's Forest) = 7 < 8.
    (10, "beast-this-turn", "forest land play"): [
        {"play": "Forest"}, {"order": [A, "Lotus Cobra"]}, "resolve", {"mana": "G"}, "resolve",
        {"cast": "Rampant Growth"}, "resolve", {"choose": "Forest"}, {"order": [A, "Lotus Cobra"]},
        "resolve", {"mana": "G"}, "resolve", {"activate": A, "rejected": "118.3"}],
    # Aether Hub, but {G} from the Hub's energy: 5 + 2 - 1 + 1 = 7 < 8.
    (10, "beast-this-turn", "green from the Hub"): [
        {"play": "Aether Hub"}, {"order": ["Lotus Cobra", "Aether Hub", A]}, "resolve", "resolve",
        "resolve", {"mana": "R"}, {"tap": "Aether Hub", "mana": "G"}, {"cast": "Rampant Growth"},
        "resolve", {"choose": "Forest"}, {"order": ["Lotus Cobra", A]}, "resolve", "resolve",
        {"mana": "G"}, {"activate": A, "rejected": "118.3"}],
    # Without the eighth energy the Architect can't be activated at all (118.3).
    (2, "seven-isnt-eight", "no land"): [{"activate": A, "rejected": "118.3"}],
}

# Which view lets the learner take each kind of action.
VIEW_FOR = {"play": {"board"}, "cast": {"board"}, "activate": {"board"}, "tap": {"board", "turn"},
            "pass": {"stack"}, "resolve": {"stack"}, "advance": {"turn"}, "attack": {"choices"},
            "block": {"choices"}, "choose": {"choices"}, "target": {"choices"}, "mana": {"choices"},
            "order": {"order"}, "pay": {"payment"}, "amount": {"payment"}, "energy": {"energy"}}


def _verb(action) -> str:
    if isinstance(action, (GetEnergy, PayEnergy)):
        return "energy"
    if isinstance(action, str):
        return action
    return next(k for k in action if k != "rejected" and k in VIEW_FOR)


def _play(scenario: dict, line: list):
    """Play the task's scenario then the line; every scenario step must go as written."""
    steps = [a for a in line if not isinstance(a, (GetEnergy, PayEnergy))]
    practice = [a for a in line if isinstance(a, (GetEnergy, PayEnergy))]
    assert not practice or not steps, "a line is either practice energy or scenario actions"
    result = run(Scenario.from_dict({**scenario, "actions": [*scenario.get("actions", []), *steps]}))
    assert result.status == "pass", (result.error, result.failures)
    for action in practice:
        result.game.apply(action)
    return result.game


TASKS = [(n, p) for n, lesson in LESSONS.items() for p in lesson.parts if isinstance(p, Task)]
CHECKS = [(n, p) for n, lesson in LESSONS.items() for p in lesson.parts if isinstance(p, Check)]


def test_every_task_has_a_solution():
    assert {(n, t.key) for n, t in TASKS} == set(SOLUTIONS)


@pytest.mark.parametrize("number,task", TASKS, ids=lambda x: x.key if isinstance(x, Task) else str(x))
def test_task_goal_is_reachable(number, task):
    line = SOLUTIONS[(number, task.key)]
    assert not task.goal(_play(task.scenario, [])), "the goal holds before the learner does anything"
    assert task.goal(_play(task.scenario, line))
    views = {v.partition(":")[0] for v in task.views}
    for action in line:
        assert VIEW_FOR[_verb(action)] & views, f"{task.key}: no view offers {_verb(action)}"


@pytest.mark.parametrize("number,key,why", list(SHORT_LINES), ids=lambda x: str(x))
def test_naive_line_falls_short(number, key, why):
    task = LESSONS[number].part(key)
    assert not task.goal(_play(task.scenario, SHORT_LINES[(number, key, why)]))


# The answer each check must have, from the rules (RULES.md), with the reasoning.
EXPECTED = {
    (1, "after-unsummon"): 2,                     # energy is on the player (E4, 122.1): 2 stays 2
    (1, "where-it-lives"): "On Alice",            # {E} is a counter on a player (E1, E4)
    (2, "fifteen"): 15 // 8,                      # one Beast; 7 can't pay eight (118.3)
    (2, "seven-activate"): "can't activate",      # 7 < 8: the cost can't be paid (118.3, E2)
    (3, "next-turn"): 2 + 1,                      # landfall +1; energy doesn't empty (E7, 500.4)
    (3, "reflecting-pool"): "no energy",          # any-type mana (106.7) is never energy (E7)
    (3, "ten-energy"): "No: energy can't pay",    # a mana cost needs mana (202.1a, E7)
    (4, "brawler-damage"): 3 + 1,                 # one payment, one +1/+1 (E3)
    (4, "if-you-do"): "same resolution",          # no priority mid-resolution (117.3b, E5)
    (4, "when-you-do"): "stays spent",            # reflexive trigger fizzles; cost already paid (E5)
    (5, "lightning-energy"): 2,                   # doesn't resolve: no +3 (E9), no payment (E8)
    (5, "what-happened"): "didn't resolve",       # 608.2b
    (6, "nadias-vorinclex"): 3 // 2,              # an opponent's Vorinclex halves, rounded down
    (6, "solemnity"): "8 banked still make",      # no counters gotten; banked energy payable
    (7, "lynx-power"): 0 + 2 + 2,                 # two lands entered (L1)
    (7, "opponents-land"): "Nothing",             # only lands *you* control (L1)
    (8, "ashaya-energy"): 1,                      # Ashaya enters as a land (603.6b); others only became lands (L2)
    (8, "beast-token"): "No: the token",          # Ashaya affects nontoken creatures only
    (9, "follow-totals"): 3 + 1 + 1 - 1 + 2,      # Hub ETB, landfall, Hub's colored mana, Servant; 6 < 8
    (9, "competitive-dice"): "No: at Competitive REL",  # MTR 2.14
    (9, "casual-dice"): "Yes: any clear",         # ruling E6
    (10, "forest-line"): 5 + 1 + 1,               # one landfall {E} per land; no land play left for the Hub
    (10, "unsummon-response"): "still created",   # cost paid; the ability is independent (113.7a)
}


def test_every_check_has_an_expected_answer():
    assert {(n, c.key) for n, c in CHECKS} == set(EXPECTED)


@pytest.mark.parametrize("number,check", CHECKS, ids=lambda x: x.key if isinstance(x, Check) else str(x))
def test_check_answer_matches_the_rules(number, check):
    want = EXPECTED[(number, check.key)]
    if check.is_policy:
        assert number == 9, "policy checks are only for tournament policy (lesson 9)"
        assert check.scenario is None and check.source
        assert "MTR 2.14" in check.rule or "E6" in check.rule
        answer = check.right_answer(None)
    else:
        result = run(Scenario.from_dict(check.scenario, source=check.key))
        assert result.status == "pass", (result.error, result.failures)  # rejected: steps really rejected
        answer = check.right_answer(check.played())
        assert check.right_answer(check.played()) == answer, "the engine's answer isn't stable"
    if isinstance(want, int):
        assert answer == want
    else:
        assert want in answer, f"{check.key}: engine says {answer!r}"
    assert "{answer}" in check.why and check.rule
    check.why.format(answer=answer)  # the feedback text formats


def test_policy_checks_say_dice_are_barred_at_competitive_rel():
    policy = [c for _, c in CHECKS if c.is_policy]
    assert policy and all("dice" in c.source for c in policy)
    assert all(n == 9 for n, c in CHECKS if c.is_policy)


# --- (d) the landing page and the navigation ----------------------------------------------------

def test_landing_page_lists_every_lesson_in_order():
    links = re.findall(r"href='([^']+)'", contents().value)
    assert links == [p.name for p in LESSON_NOTEBOOKS]
    assert [int(l[:2]) for l in links] == list(range(1, len(links) + 1)) == sorted(LESSONS)
    index = "".join("".join(c["source"]) for c in _load(ROOT / "lessons" / "index.ipynb")["cells"])
    assert "contents()" in index


@pytest.mark.parametrize("path", LESSON_NOTEBOOKS, ids=lambda p: p.name)
def test_navigation_line_links_the_neighbours(path):
    n = int(path.name[:2])
    last = "".join(_load(path)["cells"][-1]["source"]).splitlines()[-1]
    parts = []
    if n - 1 in LESSONS:
        parts.append(f"[← Previous: {LESSONS[n - 1].title}]({LESSONS[n - 1].notebook})")
    parts.append("[All lessons](index.ipynb)")
    if n + 1 in LESSONS:
        parts.append(f"[Next: {LESSONS[n + 1].title} →]({LESSONS[n + 1].notebook})")
    assert last == " · ".join(parts)
