"""Every test keeps learner progress and quiz results in its session's own file, never the user's."""

import os

import pytest


@pytest.fixture(autouse=True, scope="session")
def results_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("results") / "results.sqlite3"
    old = os.environ.get("RULESDOJO_RESULTS")
    os.environ["RULESDOJO_RESULTS"] = str(path)
    yield path
    if old is None:
        os.environ.pop("RULESDOJO_RESULTS", None)
    else:
        os.environ["RULESDOJO_RESULTS"] = old
