"""Make the static site's Python lighter to download: comments and docstrings blanked, every line kept,
and the standard library without what no page uses.

The browser runs this source and never shows it: the pages offer no help (``?``), no code completion
and no documentation. Each comment and docstring becomes an empty line, so a traceback still
names the right line. A module whose source reads any ``__doc__`` (``argparse``'s
``description=__doc__``, ``f.__doc__ += ...``) is kept as it is, and so is one that doesn't
parse here.
"""

from __future__ import annotations

import ast
import io
import tokenize

#: the codecs the pages can ask for (the rest of the standard library's ``encodings`` are tables for
#: other platforms' character sets): UTF and ASCII, Latin-1, ``zipfile``'s cp437, ``idna`` for
#: host names, and the escapes Python itself uses
ENCODINGS = {"__init__", "aliases", "ascii", "latin_1", "utf_8", "utf_8_sig", "utf_16", "utf_16_le",
             "utf_16_be", "utf_32", "utf_32_le", "utf_32_be", "cp437", "idna", "punycode", "charmap",
             "raw_unicode_escape", "unicode_escape", "base64_codec", "hex_codec"}


#: what no page runs in a browser: processes, doctests, mail, FTP and XML-RPC clients, a WSGI server
#: and the tools for Python's own source (``unittest`` stays: JupyterLite's piplite patches with its mock)
UNUSED = {"multiprocessing", "doctest", "pickletools", "xmlrpc", "mailbox", "wsgiref", "ftplib",
          "imaplib", "smtplib", "poplib", "trace", "modulefinder", "compileall", "tabnanny", "pyclbr",
          "zipapp", "wave", "turtle", "turtledemo", "idlelib", "tkinter", "lib2to3", "ensurepip", "venv",
          "this", "antigravity", "__hello__", "__phello__"}


def kept_in_stdlib(name: str) -> bool:
    """Tell whether a file of the standard library's zip is kept: not in ``UNUSED``, not an unused codec.

    >>> [kept_in_stdlib(n) for n in ("encodings/utf_8.py", "encodings/mac_roman.py", "json/decoder.py", "xmlrpc/client.py")]
    [True, False, True, False]
    """
    top = name.split("/")[0].removesuffix(".py")
    folder, _, module = name.rpartition("/")
    return top not in UNUSED and (folder != "encodings" or module.removesuffix(".py") in ENCODINGS
                                  or not module.endswith(".py"))


def _docstrings(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                yield first


def blank_docs(source: bytes) -> bytes:
    r"""Return ``source`` with its comments and docstrings blanked, each line where it was.

    >>> print(blank_docs(b"'''A module.'''\nimport os\ndef f():\n    '''Say.\n\n    More.'''\n    return 1  # one\n").decode())
    ""
    import os
    def f():
        ""
    <BLANKLINE>
    <BLANKLINE>
        return 1
    <BLANKLINE>
    """
    try:
        text = source.decode("utf-8")
        if "__doc__" in text:
            return source
        tree = ast.parse(text)
        comments = [t for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type == tokenize.COMMENT]
    except (SyntaxError, UnicodeDecodeError, ValueError, tokenize.TokenError):
        return source
    lines = [line.encode("utf-8") for line in text.splitlines(keepends=True)]
    # (first line, its byte column, last line, its byte column, what stands in), last first
    # an empty docstring stands in: still a docstring (so a ``from __future__`` import may follow),
    # and ``__doc__`` stays a string
    spans = [(d.lineno, d.col_offset, d.end_lineno, d.end_col_offset, b'""') for d in _docstrings(tree)]
    for t in comments:
        if not (t.start[0] <= 2 and b"coding" in lines[t.start[0] - 1]):
            line = lines[t.start[0] - 1]
            start = len(line.decode("utf-8")[:t.start[1]].encode("utf-8"))
            spans.append((t.start[0], start, t.start[0], len(line.rstrip(b"\r\n")), b""))
    for first, col, last, end, stand_in in sorted(spans, reverse=True):
        head, tail = lines[first - 1][:col], lines[last - 1][end:]
        if not stand_in:
            head = head.rstrip()
        if first == last:
            lines[first - 1] = head + stand_in + tail
        else:
            lines[first - 1:last] = [head + stand_in + b"\n", *[b"\n"] * (last - first - 1), tail]
    out = b"".join(lines)
    try:
        compile(out, "<site>", "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return source
    return out
