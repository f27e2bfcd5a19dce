"""Every docstring example in the package runs as written."""

import doctest
import importlib
import pkgutil
from concurrent.futures import ThreadPoolExecutor

import pytest

import rulesdojo

# Running __main__ runs the command line.
LEFT_OUT = {"rulesdojo.__main__"}
MODULES = [m.name for m in pkgutil.walk_packages(rulesdojo.__path__, "rulesdojo.")
           if m.name not in LEFT_OUT]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    with ThreadPoolExecutor(1) as pool:  # a thread of its own: Playwright's driver may run an event loop in this one
        result = pool.submit(doctest.testmod, module).result(600)
    assert result.failed == 0
