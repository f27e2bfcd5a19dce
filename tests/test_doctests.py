"""Every docstring example in the package runs as written."""

import doctest
import importlib
import pkgutil

import pytest

import rulesdojo

# Running __main__ runs the command line.
LEFT_OUT = {"rulesdojo.__main__"}
MODULES = [m.name for m in pkgutil.walk_packages(rulesdojo.__path__, "rulesdojo.")
           if m.name not in LEFT_OUT]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
