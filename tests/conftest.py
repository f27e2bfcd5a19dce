"""Every test keeps learner progress and quiz results in its session's own file (and what can't be
written yet in its own data folder), never the user's."""

import os

import pytest


@pytest.fixture(autouse=True, scope="session")
def results_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("results") / "results.sqlite3"
    old = os.environ.get("RULESDOJO_RESULTS")
    os.environ["RULESDOJO_RESULTS"] = str(path)
    old_data = os.environ.get("XDG_DATA_HOME")
    os.environ["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("data"))
    yield path
    if old_data is None:
        os.environ.pop("XDG_DATA_HOME", None)
    else:
        os.environ["XDG_DATA_HOME"] = old_data
    if old is None:
        os.environ.pop("RULESDOJO_RESULTS", None)
    else:
        os.environ["RULESDOJO_RESULTS"] = old
