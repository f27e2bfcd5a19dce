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


# What `make test-fast` leaves out (the inner loop; `make test` runs everything): tests that drive
# chromium, and tests that start a server, a kernel, a virtual environment or PostgreSQL.
BROWSER = ("tests/browser/",)
SERVER = ("tests/notebooks/", "tests/test_runtime_install.py", "tests/test_hub.py", "tests/test_voila_app.py",
          "tests/test_serve_limits.py", "tests/test_kernel_websocket.py", "tests/test_page_gone.py")


def pytest_collection_modifyitems(config, items):
    for item in items:
        path = item.path.relative_to(config.rootpath).as_posix()
        if path.startswith(BROWSER):
            item.add_marker(pytest.mark.browser)
        if path.startswith(SERVER):
            item.add_marker(pytest.mark.server)
        if "postgresql" in item.nodeid or path.endswith("test_postgres_store.py"):
            item.add_marker(pytest.mark.postgresql)
