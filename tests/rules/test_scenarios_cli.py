"""The shipped scenario set passes through the command line, and the exit codes mean what they say."""

import json
import subprocess
import sys

import pathlib

SCENARIOS = pathlib.Path(__file__).resolve().parents[1] / "scenarios"


def rulesdojo(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "rulesdojo", *args], capture_output=True, text=True,
                          cwd=cwd)


def test_every_shipped_scenario_holds():
    out = rulesdojo("check", str(SCENARIOS))
    assert out.returncode == 0, out.stdout + out.stderr
    lines = [l for l in out.stdout.splitlines() if l.startswith(("PASS", "FAIL", "INVALID"))]
    assert lines and all(l.startswith("PASS") for l in lines)
    assert len(lines) == len(list(SCENARIOS.rglob("*.yaml")))


def test_failed_expectation_exits_1_and_says_what_differed(tmp_path):
    text = (SCENARIOS / "architect-cant-pay-eight-with-seven.yaml").read_text()
    (tmp_path / "wrong.yaml").write_text(text.replace("Alice: {energy: 0}", "Alice: {energy: 3}"))
    out = rulesdojo("check", str(tmp_path / "wrong.yaml"))
    assert out.returncode == 1
    assert "Alice energy: expected 3, got 0" in out.stdout


def test_invalid_file_exits_2_with_file_and_place_and_no_traceback(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nsetup:\n  players:\n    - name: Alice\n      enrgy: 3\n    - name: Nadia\n")
    out = rulesdojo("check", str(bad))
    assert out.returncode == 2
    assert str(bad) in out.stdout and "line 5" in out.stdout and "'enrgy'" in out.stdout
    assert "Traceback" not in out.stdout + out.stderr


def test_json_prints_each_final_state():
    out = rulesdojo("check", "--json", str(SCENARIOS / "architect-cant-pay-eight-with-seven.yaml"))
    data = json.loads(out.stdout)
    alice = next(p for p in data[0]["state"]["players"] if p["name"] == "Alice")
    assert data[0]["status"] == "pass" and alice["energy"] == 0


def test_an_engine_fault_is_one_line_naming_the_file_and_the_step_and_exits_3(tmp_path, monkeypatch):
    import io

    from rulesdojo import cli
    from rulesdojo.rules import game

    def broken(st, action):
        raise KeyError("landfall")
    monkeypatch.setattr(game, "_play_land", broken)   # a fault inside the engine, not in the file
    path = tmp_path / "plays.yaml"
    path.write_text("name: x\nsetup:\n  players:\n    - {name: Alice, hand: [Forest]}\n    - {name: Nadia}\n"
                    "actions:\n  - play: Forest\n", encoding="utf-8")
    good = SCENARIOS / "counterspell-counters-bolt.yaml"  # plays no land
    out = io.StringIO()
    assert cli.check([str(path), str(good)], False, out=out) == 3
    lines = out.getvalue().splitlines()
    assert lines[0] == (f"ERROR {path}: line 7, actions[1]: the rules engine failed (KeyError: 'landfall'); "
                        "this is a fault in Rules Dojo, not in the file")
    assert lines[1].startswith(f"PASS {good}")       # the other files are still checked
    assert lines[2] == "1 passed, 0 failed, 0 invalid, 1 engine errors"
    out = io.StringIO()
    assert cli.check([str(path)], True, out=out) == 3
    entry = json.loads(out.getvalue())[0]
    assert entry["status"] == "error" and "line 7, actions[1]" in entry["error"]


def test_a_bad_file_beside_an_engine_fault_still_says_invalid(tmp_path, monkeypatch):
    import io

    from rulesdojo import cli
    from rulesdojo.rules import game

    monkeypatch.setattr(game, "_play_land", lambda st, action: 1 / 0)
    fault = tmp_path / "a.yaml"
    fault.write_text("name: x\nsetup:\n  players: [{name: Alice, hand: [Forest]}, {name: Nadia}]\n"
                     "actions: [{play: Forest}]\n", encoding="utf-8")
    bad = tmp_path / "b.yaml"
    bad.write_text("name: x\nsetup: {}\n", encoding="utf-8")
    out = io.StringIO()
    assert cli.check([str(fault)], False, out=out) == 3
    out = io.StringIO()
    assert cli.check([str(bad)], False, out=out) == 2 and out.getvalue().startswith(f"INVALID {bad}")
