"""The ``rulesdojo`` command: check scenario files (and, as they arrive, serve and bank)."""

from __future__ import annotations

import argparse
import json
import sys

from .rules.errors import ScenarioError
from .rules.scenario import Scenario, load_scenarios, run


def check(paths: list[str], as_json: bool, out=sys.stdout) -> int:
    """Run scenario files; print a line each (or JSON); return 0 held, 1 failed, 2 invalid."""
    files = load_scenarios(paths)
    status = 0
    report = []
    if not files:
        print(f"rulesdojo check: no scenario files found in {' '.join(paths)}", file=sys.stderr)
        return 2
    for f in files:
        if not f.exists():
            line = f"INVALID {f}: no such file or folder"
            status = 2
            report.append({"file": str(f), "status": "invalid", "error": "no such file or folder"})
            if not as_json:
                print(line, file=out)
            continue
        try:
            s = Scenario.from_file(f)
        except ScenarioError as exc:
            status = 2
            report.append({"file": str(f), "status": "invalid", "error": str(exc)})
            if not as_json:
                print(f"INVALID {exc}", file=out)
            continue
        r = run(s)
        entry = {"file": str(f), "name": s.name, "status": r.status, "failures": r.failures}
        if r.error:
            entry["error"] = r.error
        if r.game is not None:
            entry["state"] = r.game.snapshot()
        report.append(entry)
        if r.status == "invalid":
            status = 2
            if not as_json:
                print(f"INVALID {r.error}", file=out)
        elif r.status == "fail":
            status = max(status, 1)
            if not as_json:
                print(f"FAIL {f}: {s.name}", file=out)
                for line in r.failures:
                    print(f"    {line}", file=out)
        elif not as_json:
            print(f"PASS {f}: {s.name}", file=out)
    if as_json:
        json.dump(report, out, indent=2, default=str)
        print(file=out)
    else:
        counts = {k: sum(1 for e in report if e["status"] == k) for k in ("pass", "fail", "invalid")}
        print(f"{counts['pass']} passed, {counts['fail']} failed, {counts['invalid']} invalid", file=out)
    return status


def bank_lint(path: str | None, out=None) -> int:
    """Lint a question bank folder (default: the shipped one); return 0 clean, 1 problems, 2 unreadable."""
    from .quiz.lint import lint_bank
    out = out or sys.stdout
    try:
        report = lint_bank(path)
    except Exception as exc:  # never a traceback
        print(f"ERROR {path}: the linter stopped: {exc.__class__.__name__}: {exc}", file=out)
        return 2
    for problem in report.problems:
        print(f"{'UNREADABLE' if report.unreadable else 'PROBLEM'} {problem}", file=out)
    print(report.summary(), file=out)
    return report.exit_code


def add_limit_options(p_serve) -> None:
    """Add the options that bound what a served kit exposes: kernels, culling, the scenarios folder."""
    p_serve.add_argument("--max-kernels", type=int, default=None, metavar="N",
                         help="most pages with a kernel at once; past it a page says the class is full "
                              "(default: what 3/4 of this machine's memory holds at 180 MB a kernel)")
    p_serve.add_argument("--cull-idle", type=float, default=None, metavar="SECONDS",
                         help="shut down the kernel of a closed page after this long idle (default 120)")
    p_serve.add_argument("--scenarios", default=None, metavar="DIR",
                         help="the folder the sandbox lists and opens scenarios from (default: the shipped "
                              "ones); nothing outside it is read")


def limit_kwargs(args) -> dict:
    """Return ``serve``'s keyword arguments for the options ``add_limit_options`` added."""
    from pathlib import Path
    kw = {"max_kernels": args.max_kernels, "scenarios": Path(args.scenarios) if args.scenarios else None}
    if args.cull_idle is not None:
        kw["cull_idle"] = args.cull_idle
    return kw


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="rulesdojo", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p_check = sub.add_parser("check", help="run scenario files and check their expectations")
    p_check.add_argument("paths", nargs="+", metavar="FILE_OR_DIR")
    p_check.add_argument("--json", action="store_true", help="print each final state as JSON")
    p_serve = sub.add_parser("serve", help="serve the lessons with Voila")
    p_serve.add_argument("--host", default="127.0.0.1")
    p_serve.add_argument("--port", type=int, default=8866)
    p_serve.add_argument("--pool-size", type=int, default=None,
                         help="preheated kernels kept ready per notebook (0: none; default 1, 3 with --class)")
    p_serve.add_argument("--class", dest="for_class", action="store_true",
                         help="serve a class from this machine: a larger kernel pool, idle kernels of closed "
                              "pages shut down after 2 minutes, the learner's name from the hub's header "
                              "(docs/deploy.md)")
    p_serve.add_argument("--lesson", default=None, metavar="NOTEBOOK",
                         help="with --class: today's lesson (e.g. 07-landfall.ipynb); its pages are "
                              "executed in advance, one per learner")
    p_serve.add_argument("--learners", type=int, default=30, help="with --lesson: how many to expect")
    p_serve.add_argument("--lessons", default=None, metavar="DIR", help="folder of notebooks to serve")
    add_limit_options(p_serve)
    p_bank = sub.add_parser("bank", help="work with a question bank")
    bank_sub = p_bank.add_subparsers(dest="bank_command", required=True)
    p_lint = bank_sub.add_parser("lint", help="check every question in a bank folder")
    p_lint.add_argument("path", nargs="?", default=None, metavar="PATH",
                        help="a folder of question files, or one file (default: the shipped bank)")
    args = parser.parse_args(argv)
    if args.command == "bank" and args.bank_command == "lint":
        return bank_lint(args.path)
    if args.command == "serve":
        from pathlib import Path

        from .serving import serve
        return serve(args.host, args.port, args.pool_size, Path(args.lessons) if args.lessons else None,
                     for_class=args.for_class, lesson=args.lesson,
                     learners=args.learners, **limit_kwargs(args))
    if args.command == "check":
        return check(args.paths, args.json)
    return 2


if __name__ == "__main__":
    sys.exit(main())
