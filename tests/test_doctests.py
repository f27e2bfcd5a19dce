"""Every docstring example in the engine runs as written."""

import doctest
import importlib
import pkgutil

import pytest

import rulesdojo.rules as rules

MODULES = [m.name for m in pkgutil.iter_modules(rules.__path__, "rulesdojo.rules.")]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
