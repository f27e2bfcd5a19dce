"""``rulesdojo i18n``: bring the catalogs up to the English (``update``), compile them for the pages
(``compile``), check the translations (``lint``). docs/translating.md says how a mentor uses them.

Bad input (an unknown language, a malformed ``.po`` file or English source file) is one line naming the file, the line and
what is wrong, and exit status 2.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from .catalogs import ROOT
from .pofile import CatalogError


def add_parser(sub) -> None:
    """The ``i18n`` command and its three verbs, on the command line's subparsers ``sub``."""
    p = sub.add_parser("i18n", help="work with the translations: update the catalogs from the English, "
                       "compile them, check them (docs/translating.md)")
    verbs = p.add_subparsers(dest="i18n_command", required=True)
    p_update = verbs.add_parser("update", help="bring the languages' catalogs up to the English: the "
                                "lessons' and questions' texts, the interface's and the engine's strings")
    p_update.add_argument("languages", nargs="*", metavar="LANG", help="language codes (default: every one)")
    verbs.add_parser("compile", help="compile every language's catalogs into the .mo files the pages read "
                     "(translations marked fuzzy are left out)")
    p_lint = verbs.add_parser("lint", help="check the translations: missing and stale ones, and placeholders, "
                              "symbols, rule numbers, link targets and card names that differ")
    p_lint.add_argument("language", nargs="?", metavar="LANG", help="a language code (default: every one)")
    p_lint.add_argument("--allow-missing", action="store_true",
                        help="texts not translated yet are a warning, not a failure")
    p_lint.add_argument("--verbose", action="store_true", help="list each text not translated yet")


def run(args, out=None, root: Path = ROOT) -> int:
    """Run an ``i18n`` verb from parsed arguments; return the exit status."""
    out = out or sys.stdout
    try:
        import babel  # noqa: F401
    except ImportError:
        print("rulesdojo i18n: the language commands need Babel: pip install Babel", file=sys.stderr)
        return 2
    try:
        if args.i18n_command == "update":
            return update(args.languages, out, root)
        if args.i18n_command == "compile":
            return compile_all(out, root)
        return lint(args.language, args.allow_missing, args.verbose, out, root)
    except CatalogError as exc:
        print(f"rulesdojo i18n: {exc}", file=sys.stderr)
        return 2


def _shown(path: Path, root: Path) -> str:
    return str(path.relative_to(root) if path.is_relative_to(root) else path)


def update(asked: list[str], out, root: Path = ROOT) -> int:
    from . import catalogs, extract
    from .layout import languages
    codes = languages(asked)
    fresh = extract.templates(extract.sources(root), root)
    written = extract.write_templates(fresh, root)
    for code in codes:
        written += catalogs.update(code, root) + extract.update(code, fresh, root)
    for path in written:
        print(_shown(path, root), file=out)
    counts = ", ".join(f"{len([m for m in cat if m.id])} {domain}" for domain, cat in fresh.items())
    print(f"{len(written)} file(s) written for {', '.join(codes)}; strings in the code: {counts}", file=out)
    return 0


def compile_all(out, root: Path = ROOT) -> int:
    from .compile import compile_language
    from .layout import translated_languages
    codes = translated_languages()
    written = [p for code in codes for p in compile_language(code, root)]
    for path in written:
        print(_shown(path, root), file=out)
    print(f"{len(written)} .mo file(s) written for {', '.join(codes)} (the others were current)", file=out)
    return 0


def lint(asked: str | None, allow_missing: bool, verbose: bool, out, root: Path = ROOT) -> int:
    from . import extract
    from .layout import domain_files, languages
    from .lint import lint as lint_language
    codes = languages([asked] if asked else None)
    # the strings in the code, to tell a stale interface or engine translation, if any is translated
    has_code_strings = any(domain_files(code, d, root) for code in codes for d in ("interface", "engine"))
    fresh = extract.templates(extract.sources(root), root) if has_code_strings else None
    failed = [report(code, lint_language(code, root, fresh), allow_missing, verbose, out, root) for code in codes]
    return 1 if any(failed) else 0


def report(code: str, findings: list, allow_missing: bool, verbose: bool, out, root: Path = ROOT) -> bool:
    """Print a language's findings: each problem, then the texts not translated (a count per file,
    or each with ``verbose``); return whether the language fails."""
    problems = [f for f in findings if not f.missing]
    missing = Counter(f.path for f in findings if f.missing)
    label = "warning: " if allow_missing else ""
    lines = [f.where(root) for f in problems] + (
        [f"{label}{f.where(root)}" for f in findings if f.missing] if verbose else
        [f"{label}{_shown(path, root)}: {n} text(s) not translated" for path, n in sorted(missing.items())])
    for line in lines:
        print(line, file=out)
    print(f"{code}: {len(problems)} problem(s), {sum(missing.values())} text(s) not translated in "
          f"{len(missing)} file(s)", file=out)
    return bool(problems or (missing and not allow_missing))
