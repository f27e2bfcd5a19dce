"""The static site's Python, made lighter: it runs as before, each line where it was."""

from __future__ import annotations

import json.decoder
import textwrap
import types
from pathlib import Path

from rulesdojo.site.source import blank_docs, kept_in_stdlib


def lines_run(code: types.CodeType) -> list:
    """Each code object's name and the lines its instructions start on, nested ones too."""
    found = [(code.co_name, sorted({line for *_, line in code.co_lines() if line is not None}))]
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            found += lines_run(const)
    return found


def run(source: bytes, name: str) -> types.ModuleType:
    module = types.ModuleType(name)
    exec(compile(source, name, "exec"), module.__dict__)
    return module


def test_a_blanked_module_runs_as_before_with_its_lines_in_place():
    source = Path(json.decoder.__file__).read_bytes()
    blanked = blank_docs(source)
    assert len(blanked) < 0.8 * len(source)
    assert blanked.count(b"\n") == source.count(b"\n")
    before, after = run(source, "before"), run(blanked, "after")
    text = '{"energy": [1, 2.5, "\\u00e9"], "ok": true}'
    assert after.JSONDecoder().decode(text) == before.JSONDecoder().decode(text)
    # every statement is on the line it was on, so a traceback names the same line
    assert lines_run(compile(blanked, "x", "exec")) == lines_run(compile(source, "x", "exec"))
    assert after.JSONDecoder.__doc__ == "" and after.JSONDecoder.decode.__doc__ == ""


def test_a_module_docstring_before_a_future_import_and_odd_text_stay_valid():
    source = textwrap.dedent('''\
        # -*- coding: utf-8 -*-
        """Cards: « Æther Hub » & friends."""
        from __future__ import annotations
        def f(x):  # keeps "#" inside strings
            """Only a docstring, then code."""
            return "a # b" + x
        class C:
            """Only a docstring."""
        ''').encode()
    blanked = blank_docs(source)
    module = run(blanked, "odd")
    assert module.f("!") == "a # b!"
    assert b"friends" not in blanked and b"keeps" not in blanked and b"coding: utf-8" in blanked
    assert blanked.count(b"\n") == source.count(b"\n")


def test_a_module_that_reads_a_docstring_or_does_not_parse_is_kept_as_it_is():
    reads = b'"""Usage: x."""\nimport argparse\nparser = argparse.ArgumentParser(description=__doc__)\n'
    assert blank_docs(reads) == reads
    broken = b'def f(:\n    """Doc."""\n'
    assert blank_docs(broken) == broken


def test_the_standard_library_keeps_what_the_kernel_imports():
    kept = ["encodings/utf_8.py", "encodings/cp437.py", "encodings/idna.py", "unittest/mock.py",
            "asyncio/events.py", "json/decoder.py", "concurrent/futures/thread.py"]
    left_out = ["encodings/mac_roman.py", "multiprocessing/pool.py", "xmlrpc/client.py", "doctest.py"]
    assert [n for n in kept if not kept_in_stdlib(n)] == []
    assert [n for n in left_out if kept_in_stdlib(n)] == []
