"""The Kubernetes configuration shipped in docs/deploy/ parses, holds the values docs/deploy.md gives
for it, reads results from PostgreSQL with the password from a Secret, and its image installs what
the store needs. (Neither is built or installed here: no Docker engine, no cluster.)"""

import re
import tomllib
from pathlib import Path

import yaml

from rulesdojo.quiz.pgstore import PostgresResultStore
from rulesdojo.quiz.store import ResultStore

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "docs" / "deploy"
UNITS = {"K": 10 ** 3, "M": 10 ** 6, "G": 10 ** 9, "Ki": 2 ** 10, "Mi": 2 ** 20, "Gi": 2 ** 30}


def _values() -> dict:
    return yaml.safe_load((DEPLOY / "z2jh-values.yaml").read_text())


def _at(values: dict, dotted: str):
    for key in dotted.split("."):
        values = values[key]
    return values


def _bytes(quantity: str) -> int:
    number, unit = re.fullmatch(r"(\d+)([KMG]i?)", quantity).groups()
    return int(number) * UNITS[unit]


def test_the_values_file_holds_what_the_deployment_guide_says():
    guide = (ROOT / "docs" / "deploy.md").read_text()
    section = guide[guide.index("### The Kubernetes configuration"):guide.index("### The arithmetic")]
    rows = re.findall(r"^\| `([\w.]+)` \| `([^`]+)` \|", section, re.M)
    values = _values()
    assert len(rows) >= 10
    for setting, claimed in rows:
        assert _at(values, setting) == yaml.safe_load(claimed), setting


def test_memory_and_cpu_limits_are_above_their_guarantees():
    single = _values()["singleuser"]
    assert 0 < _bytes(single["memory"]["guarantee"]) <= _bytes(single["memory"]["limit"])
    assert 0 < single["cpu"]["guarantee"] <= single["cpu"]["limit"]


def test_every_pod_writes_results_to_postgresql_with_the_password_from_a_secret():
    env = _values()["singleuser"]["extraEnv"]
    assert isinstance(ResultStore(env["RULESDOJO_RESULTS"]), PostgresResultStore)
    assert ":" not in env["RULESDOJO_RESULTS"].split("//", 1)[1].split("@")[0]  # no password in the URL
    assert env["PGPASSWORD"]["valueFrom"]["secretKeyRef"]["key"] == "password"


def test_the_image_installs_the_store_driver_and_runs_what_the_values_run():
    docker = (DEPLOY / "Dockerfile").read_text()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    python = re.search(r"^FROM python:(\d+)\.(\d+)", docker, re.M).groups()
    assert tuple(map(int, python)) >= tuple(map(int, project["requires-python"].lstrip(">=").split(".")))
    extras = re.findall(r'"rulesdojo\[([\w,]+)\]"', docker)
    assert extras and all(e in project["optional-dependencies"] for e in extras[0].split(","))
    assert "postgresql" in extras[0].split(",")
    cmd = re.search(r"^CMD (\[.*\])", docker, re.M).group(1)
    assert yaml.safe_load(cmd) == _values()["singleuser"]["cmd"]
    assert re.search(r"^USER (\S+)", docker, re.M).group(1) not in ("root", "0")
