"""The rulesdojo command: check scenarios, serve the lessons (or the mentors' trainer), lint, list and show
 the question bank, lint lessons, cards and exams, export results, build the static site, configure a hub,
 work with the translations."""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import time
from typing import Any

from .i18n import command as i18n
from .kit import Kit
from .quiz.report import TABLES
from .rules.errors import ScenarioError
from .scenarios.cardfile import with_folders
from .scenarios.scenario import Scenario, engine_fault, load_scenarios, run



def write_class_table(rows, row_type, name: str, fmt: str, out_path, out) -> None:
    """Write a class's table (learning gain, retention) as CSV or as JSON under ``name``, to a file or ``out``."""
    from .quiz.report import table as report_table
    from .quiz.report import write_csv
    target = open(out_path, "w", newline="", encoding="utf-8") if out_path else (out or sys.stdout)
    try:
        if fmt == "json":
            head, cells = report_table(rows, row_type, text=False)
            json.dump({name: [dict(zip(head, c)) for c in cells]}, target, indent=2, ensure_ascii=False)
            target.write("\n")
        else:
            write_csv(rows, target, row_type)
    finally:
        if out_path:
            target.close()

def check(paths: list[str], as_json: bool, out=sys.stdout, cards: tuple = ()) -> int:
    """Run scenario files with the shipped cards and those in the folders ``cards``; print a line
    each (or JSON).

    Return 0 all held, 1 an expectation failed, 2 a file was invalid, 3 the engine failed on a file
    (a fault in the kit, said in one line naming the file and the step; never a traceback).
    """
    files = load_scenarios(paths)
    card_set = with_folders(cards)
    status = 0
    report: list[dict[str, Any]] = []
    if not files:
        print(f"rulesdojo check: no scenario files found in {' '.join(paths)}", file=sys.stderr)
        return 2
    for f in files:
        if not f.exists():
            line = f"INVALID {f}: no such file or folder"
            status = max(status, 2)
            report.append({"file": str(f), "status": "invalid", "error": "no such file or folder"})
            if not as_json:
                print(line, file=out)
            continue
        try:
            s = Scenario.from_file(f, card_set)
        except ScenarioError as exc:
            status = max(status, 2)
            report.append({"file": str(f), "status": "invalid", "error": str(exc)})
            if not as_json:
                print(f"INVALID {exc}", file=out)
            continue
        except Exception as exc:  # noqa: BLE001 - a fault in the reader: one line, never a traceback
            status = 3
            report.append({"file": str(f), "status": "error", "error": engine_fault(str(f), "reading", exc)})
            if not as_json:
                print(f"ERROR {report[-1]['error']}", file=out)
            continue
        r = run(s)
        entry: dict[str, Any] = {"file": str(f), "name": s.name, "status": r.status, "failures": r.failures}
        if r.error:
            entry["error"] = r.error
        if r.game is not None and r.status != "error":
            entry["state"] = r.game.snapshot()
        report.append(entry)
        if r.status == "error":
            status = 3
            if not as_json:
                print(f"ERROR {r.error}", file=out)
        elif r.status == "invalid":
            status = max(status, 2)
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
        counts = {k: sum(1 for e in report if e["status"] == k) for k in ("pass", "fail", "invalid", "error")}
        errors = f", {counts['error']} engine errors" if counts["error"] else ""
        print(f"{counts['pass']} passed, {counts['fail']} failed, {counts['invalid']} invalid{errors}", file=out)
    return status


def lint(linter, path: str | None, out=None) -> int:
    """Lint a question bank or a lesson folder (default: the shipped one); print each problem.

    Return 0 clean, 1 problems, 2 unreadable.
    """
    out = out or sys.stdout
    try:
        report = linter(path)
    except Exception as exc:  # never a traceback
        print(f"ERROR {path}: the linter stopped: {exc.__class__.__name__}: {exc}", file=out)
        return 2
    for problem in report.problems:
        print(f"{'UNREADABLE' if report.unreadable else 'PROBLEM'} {problem}", file=out)
    print(report.summary(), file=out)
    return report.exit_code


def _read_bank(path: str | None, out):
    """Return the bank at ``path`` (the shipped one for None), or None once it is said why it can't be read."""
    from .quiz.model import QuestionError, load_bank
    try:
        return load_bank(path) if path else load_bank()
    except (QuestionError, OSError) as exc:
        print(f"ERROR {path}: {exc}", file=out)
        return None


def bank_stats(path: str | None, out=None) -> int:
    """Print a question bank's figures per ruling and its totals; 2 when it can't be read."""
    from .quiz.stats import bank_figures, figures_table
    out = out or sys.stdout
    bank = _read_bank(path, out)
    if bank is None:
        return 2
    print(figures_table(bank_figures(bank)), file=out)
    return 0


def bank_list(path: str | None, out=None) -> int:
    """Print every question of a bank, one a line: its id (what an exam file's ``questions.ids``
    names), kind, difficulty, rulings and first line; 2 when the bank can't be read.

    >>> bank_list(None, out=io.StringIO())
    0
    """
    from .quiz.report import first_line
    out = out or sys.stdout
    bank = _read_bank(path, out)
    if bank is None:
        return 2
    for q in bank:
        rulings = ",".join(q.tags.get("rulings", [])) or "-"
        print(f"{q.id}  {q.kind}  difficulty {q.difficulty}  {rulings}  {first_line(str(q.prompt), 70)}", file=out)
    print(f"{len(bank)} question{'' if len(bank) == 1 else 's'} in {bank.path or 'the shipped bank'}", file=out)
    return 0


def bank_show(ids: list[str], every_variant: bool, as_json: bool, path: str | None = None, out=None) -> int:
    """Print the questions ``ids`` name (every one for none): each variant's prompt (the first only
    unless ``every_variant``), options, computed answer and explanation, as text or one JSON
    document; 1 when a question can't be played (each said, as `bank lint` says it), 2 for an id
    the bank doesn't hold or a bank that can't be read.

    >>> bank_show(["no-such-question"], False, False, out=io.StringIO())
    2
    """
    from .quiz.show import UnknownQuestion, as_text, pick, shown
    out = out or sys.stdout
    bank = _read_bank(path, out)
    if bank is None:
        return 2
    try:
        questions = pick(bank, ids)
    except UnknownQuestion as exc:
        print(f"ERROR {exc.args[0]}", file=out)
        return 2
    docs, broken = [], 0
    for q in questions:
        try:
            docs.append(shown(q, every_variant))
        except ScenarioError as exc:  # a question that doesn't play: say so, as `bank lint` would
            print(f"PROBLEM {exc}", file=sys.stderr if as_json else out)
            broken += 1
    if as_json:
        json.dump({"bank": bank.path or "shipped", "questions": docs}, out, indent=2, ensure_ascii=False,
                  default=str)
        print(file=out)
    else:
        print("\n\n".join(as_text(d) for d in docs), file=out)
    return 1 if broken else 0


def _lint_cards(kit: Kit, folders: list[str]):
    """The cards a lint plays its files' games with: the kit's, with ``folders``' added (None: the
    shipped ones alone)."""
    if not kit.cards and not folders:
        return None
    from .scenarios.cardfile import with_folders
    return with_folders([*kit.cards, *folders])


def check_card_folders(folders: list[str]) -> int:
    """Read mentors' card folders before anything is served or run; 2 when a file can't be read."""
    from pathlib import Path

    from .scenarios.cardfile import CardFileError, card_files, read_card
    for folder in folders:
        files = card_files(Path(folder)) if os.path.isdir(folder) else []
        if not files:
            print(f"rulesdojo: --cards {folder}: no card files (*.yaml) in it", file=sys.stderr)
            return 2
        try:
            for path in files:
                read_card(path)
        except CardFileError as exc:
            print(f"rulesdojo: --cards {folder}: {exc}", file=sys.stderr)
            return 2
    return 0


def add_limit_options(p_serve) -> None:
    """Add the options that bound what a served kit exposes: kernels, culling, busy kernels, the scenarios folder."""
    p_serve.add_argument("--max-kernels", type=int, default=None, metavar="N",
                         help="most pages with a kernel at once; past it a page says the class is full "
                              "(default: what 3/4 of this machine's memory holds at 1.5 times a measured kernel, "
                              "less the preheated pages; the server says it when it starts)")
    p_serve.add_argument("--cull-idle", type=float, default=None, metavar="SECONDS",
                         help="shut down the kernel of a closed page after this long idle (default 120)")
    p_serve.add_argument("--busy-limit", type=float, default=None, metavar="SECONDS",
                         help="interrupt a kernel that works on one message from its page this long, and tell "
                              "the learner (default 30; 0: never)")
    p_serve.add_argument("--scenarios", default=None, metavar="DIR",
                         help="the folder the sandbox lists and opens scenarios from (default: the shipped "
                              "ones); nothing outside it is read")


def limit_kwargs(args) -> dict:
    """Return ``serve``'s keyword arguments for the options ``add_limit_options`` added."""
    from pathlib import Path
    kw = {"max_kernels": args.max_kernels, "scenarios": Path(args.scenarios) if args.scenarios else None}
    if args.cull_idle is not None:
        kw["cull_idle"] = args.cull_idle
    if args.busy_limit is not None:
        kw["busy_limit"] = args.busy_limit
    return kw


def build_site(out: str, lessons: str | None, cache: str | None) -> int:
    """Build the static site; print each step, then where it is and its size; 0 built, 1 failed."""
    from pathlib import Path

    from .serve.serving import lessons_folder
    from .site.build import SiteError, build_site as build
    try:
        site = build(Path(out), Path(lessons) if lessons else lessons_folder(),
                     Path(cache) if cache else None, log=lambda step: print(f"building: {step}"))
    except (SiteError, OSError) as exc:
        print(f"rulesdojo build-site: {exc}", file=sys.stderr)
        return 1
    size = sum(f.stat().st_size for f in site.rglob("*") if f.is_file())
    print(f"built {site} ({size / 1e6:.1f} MB); serve the folder with any static web server, at any path, "
          f"e.g. python -m http.server -d {site}")
    return 0


def write_hub_config(args, out=None) -> int:
    """Print the JupyterHub configuration, or write it to ``args.config``; 0 written, 1 not, 2 refused."""
    from pathlib import Path

    from .serve.hub import HubError, config
    try:
        text = config(Path(args.results) if args.results else None, Path(args.exams) if args.exams else None,
                      args.mentors or None, args.mentor_port, args.authenticator, args.mentors_password_env,
                      tuple(name.strip() for name in (args.allow or "").split(",") if name.strip()))
    except HubError as exc:
        print(f"rulesdojo hub: {exc}", file=sys.stderr)
        return 2
    if args.config == "-":
        print(text, end="", file=out or sys.stdout)
        return 0
    try:
        Path(args.config).write_text(text, encoding="utf-8")
    except OSError as exc:
        print(f"rulesdojo hub: can't write {args.config}: {exc.strerror}", file=sys.stderr)
        return 1
    print(f"wrote {args.config}; start the hub with: jupyterhub -f {args.config}")
    return 0


#: the class's tables, which take no --exam: table -> what it is called in a message
CLASS_TABLES = {"gain": "learning gain", "retention": "retention of rulings"}


def export_results(fmt: str, exam: str, table: str | None, results: str | None, exams: str | None,
                   out_path: str | None, out=None) -> int:
    """Write one exam's trainer tables as CSV (one table) or one JSON document; 2 on bad arguments.

    Every problem is one plain line on stderr; nothing is written then.
    """
    from pathlib import Path

    from .quiz.exam import load_exams
    from .quiz.model import load_bank
    from .quiz.report import Results, document, tables, write_csv
    from .quiz.store import ResultStore, default_path, is_url

    def refuse(why: str) -> int:
        print(f"rulesdojo results export: {why}", file=sys.stderr)
        return 2
    if fmt == "json" and table and table not in CLASS_TABLES:
        return refuse("--table picks the one table a CSV holds; the JSON document holds them all "
                      "(but the learning gain and retention: --table gain, --table retention)")
    if table in CLASS_TABLES and exam:
        return refuse(f"the {CLASS_TABLES[table]} is the class's, not an exam's: --table {table} takes no --exam")
    if table not in CLASS_TABLES and not exam:
        return refuse("give --exam ID (or --table gain for the learning gain, --table retention for reviews)")
    where = str(results or default_path())
    if not is_url(where) and not Path(where).is_file():
        return refuse(f"no results file at {where} (give --results FILE or set RULESDOJO_RESULTS)")
    if exams and not Path(exams).is_dir():
        return refuse(f"no exam folder at {exams}")
    store = ResultStore(where)
    bank = load_bank()
    if table in CLASS_TABLES:
        export = _export_gain if table == "gain" else _export_retention
        return export(store, bank, fmt, out_path, out) if not store.problem else \
            refuse(f"the results can't be read: {store.problem}")
    files, _problems = load_exams(exams, bank=bank)
    found = Results.from_store(store, files, time.time())
    if store.problem:
        return refuse(f"the results can't be read: {store.problem}")
    known = sorted(set(found.exams()) | {e.id for e in files})
    if exam not in known:
        return refuse(f"no exam {exam!r} in {where} or the exam files "
                      f"(exams: {', '.join(known) if known else 'none'})")
    target = open(out_path, "w", newline="", encoding="utf-8") if out_path else (out or sys.stdout)
    try:
        if fmt == "json":
            json.dump(document(found, exam, bank), target, indent=2, ensure_ascii=False)
            target.write("\n")
        else:
            kind, rows = tables(found, exam, bank)[table or "answers"]
            write_csv(rows, target, kind)
    finally:
        if out_path:
            target.close()
    return 0


def optimize_review(learner: str, results: str | None) -> int:
    """Fit one learner's scheduler parameters to their review log and keep them; print what happened
    in one plain line (on stderr when nothing was kept: 1)."""
    from pathlib import Path

    from .quiz.review import optimize
    from .quiz.store import ResultStore, default_path, is_url
    where = results or str(default_path())
    if not is_url(where) and not Path(where).is_file():
        print(f"rulesdojo review optimize: no results file at {where} (give --results FILE or set "
              "RULESDOJO_RESULTS)", file=sys.stderr)
        return 2
    store = ResultStore(where)
    kept, said = optimize(store, learner, time.time())
    print(said if kept else f"rulesdojo review optimize: {said}", file=sys.stdout if kept else sys.stderr)
    return 0 if kept else 1


def _export_retention(store, _bank, fmt: str, out_path: str | None, out) -> int:
    """Write the class's reviews per ruling: predicted recall today and in 30 days, retention measured."""
    from .quiz.retention import RetentionRow, class_retention
    from .quiz.rulings import ruling
    rows = class_retention(store, time.time(), lambda t: ruling(t).name)
    if store.problem:
        print(f"rulesdojo results export: the results can't be read: {store.problem}", file=sys.stderr)
        return 2
    write_class_table(rows, RetentionRow, "retention", fmt, out_path, out)
    return 0


def _export_gain(store, bank, fmt: str, out_path: str | None, out) -> int:
    """Write the trainer's learning-gain tables (per lesson, per ruling, retention) as CSV or JSON."""
    from .lessons import lessons
    from .quiz.gain import GainRow, gain_rows, practice_rows
    from .quiz.rulings import ruling
    from .lessons.pages import lesson_checks
    checks, titles = lesson_checks(lessons())
    rows = gain_rows(store.every_lesson_part(), checks, titles, practice_rows(store, bank), lambda t: ruling(t).name)
    write_class_table(rows, GainRow, "gain", fmt, out_path, out)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run one ``rulesdojo`` command; a reader that stops early (``| head``) ends it quietly.

    >>> main(["cards", "lint", "/no/such/folder"])
    UNREADABLE /no/such/folder: no such file or folder
    0 card file(s) checked, 1 problem(s)
    2
    """
    try:
        status = _command(argv)
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        # The reader is gone: point stdout at nothing so the interpreter's own flush at exit
        # doesn't print a second error.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _command(argv: list[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="rulesdojo", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p_check = sub.add_parser("check", help="run scenario files and check their expectations")
    p_check.add_argument("paths", nargs="+", metavar="FILE_OR_DIR")
    p_check.add_argument("--json", action="store_true", help="print each final state as JSON")
    p_check.add_argument("--cards", action="append", default=[], metavar="DIR",
                         help="a folder of card files to add to the kit's cards (docs/cards.md)")
    p_serve = sub.add_parser("serve", help="serve the lessons with Voila")
    p_serve.add_argument("--host", default="127.0.0.1")
    p_serve.add_argument("--port", type=int, default=8866)
    p_serve.add_argument("--pool-size", type=int, default=None,
                         help="preheated kernels kept ready per notebook (0: none; default 1, 3 with --class)")
    p_serve.add_argument("--class", dest="for_class", action="store_true",
                         help="serve a class from this machine: a larger kernel pool, a patient executor "
                              "(docs/deploy.md)")
    p_serve.add_argument("--lesson", default=None, metavar="NOTEBOOK",
                         help="with --class: today's lesson (e.g. 07-landfall.ipynb); its pages are "
                              "executed in advance, one per learner")
    p_serve.add_argument("--learners", type=int, default=30, help="with --lesson: how many to expect")
    p_serve.add_argument("--lessons", default=None, metavar="DIR", help="folder of notebooks to serve")
    p_serve.add_argument("--cards", action="append", default=[], metavar="DIR",
                         help="a folder of card files to add to the kit's cards (docs/cards.md)")
    p_serve.add_argument("--user-header", default=None, metavar="HEADER",
                         help="the one request header your authenticating proxy sets to the learner's name "
                              "(e.g. X-Forwarded-User); no other header or typed name is used")
    p_serve.add_argument("--identity", choices=("hub", "typed"), default=None,
                         help="hub: the learner is JUPYTERHUB_USER (a per-user server under JupyterHub); "
                              "typed: learners type their name (default: hub when JUPYTERHUB_USER is set)")
    p_serve.add_argument("--results", default=None, metavar="FILE|URL",
                         help="the results file, or a postgresql:// URL for a database machines share "
                              "(default: $RULESDOJO_RESULTS or ~/.local/share/rulesdojo/)")
    p_serve.add_argument("--exams", default=None, metavar="DIR",
                         help="folder of exam files (default: $RULESDOJO_EXAMS or the shipped example)")
    p_serve.add_argument("--mentor", action="store_true",
                         help="serve the trainer and exam tools to mentors instead, on their own port "
                              "(default 8867), refusing requests without the token printed at start")
    p_serve.add_argument("--hub", action="store_true",
                         help="serve as a learner's own server under JupyterHub (the command its spawner "
                              "runs; with --mentor, as the hub's mentors' service): the hub's address and "
                              "sign-in, the learner being the hub user (docs/deploy.md)")
    add_limit_options(p_serve)
    p_hub = sub.add_parser("hub", help="configure JupyterHub to serve the kit, one server per learner")
    p_hub.add_argument("--config", nargs="?", const="-", required=True, metavar="FILE",
                       help="write jupyterhub_config.py to FILE (default: print it)")
    p_hub.add_argument("--results", default=None, metavar="FILE",
                       help="the results file every learner's server and the mentors' share")
    p_hub.add_argument("--exams", default=None, metavar="DIR", help="folder of exam files")
    p_hub.add_argument("--mentors", default="mentors", metavar="GROUP",
                       help="the hub group whose members reach the mentors' server (default: mentors; "
                            "'' for no mentors' server)")
    p_hub.add_argument("--mentor-port", type=int, default=8867, metavar="PORT",
                       help="the port the mentors' server listens on, on 127.0.0.1 (default 8867)")
    p_hub.add_argument("--authenticator", default=None, metavar="CLASS",
                       help="the hub's authenticator (e.g. shared-password, oauthenticator.GitHubOAuthenticator); "
                            "one password for every name (dummy, shared-password) is refused with a mentors' "
                            "group unless mentors have their own password (docs/deploy.md)")
    p_hub.add_argument("--mentors-password-env", default=None, metavar="VARIABLE",
                       help="with --authenticator shared-password: the environment variable holding the "
                            "mentors' own password, read by the hub as it starts")
    p_hub.add_argument("--allow", default=None, metavar="NAME,NAME",
                       help="admit only these hub users (default: everyone the authenticator signs in)")
    p_site = sub.add_parser("build-site", help="build the static practice site (the course in the learner's browser, no server)")
    p_site.add_argument("out", metavar="OUT", help="folder to write the site into (replaced)")
    p_site.add_argument("--lessons", default=None, metavar="DIR", help="folder of notebooks (default: the kit's)")
    p_site.add_argument("--cache", default=None, metavar="DIR",
                        help="where downloads are kept between builds (default: ~/.cache/rulesdojo/site)")
    p_bank = sub.add_parser("bank", help="work with a question bank")
    bank_sub = p_bank.add_subparsers(dest="bank_command", required=True)
    p_lint = bank_sub.add_parser("lint", help="check every question in a bank folder")
    p_lint.add_argument("path", nargs="?", default=None, metavar="PATH",
                        help="a folder of question files, or one file (default: the shipped bank)")
    p_lint.add_argument("--cards", action="append", default=[], metavar="DIR",
                        help="a folder of card files the questions' games are played with, besides the "
                             "kit's (as serve --cards gives them; repeat for more)")
    p_blist = bank_sub.add_parser("list", help="list every question: id (as exam files name it), kind, "
                                  "difficulty, rulings and first line")
    p_blist.add_argument("path", nargs="?", default=None, metavar="PATH",
                         help="a folder of question files (default: the shipped bank)")
    p_bstats = bank_sub.add_parser("stats", help="print per ruling: questions, cards, shapes, varying answers")
    p_bstats.add_argument("path", nargs="?", default=None, metavar="PATH",
                          help="a folder of question files (default: the shipped bank)")
    p_bshow = bank_sub.add_parser("show", help="print questions with each variant's prompt, options, "
                                  "computed answer and explanation")
    p_bshow.add_argument("ids", nargs="*", metavar="ID", help="question ids (default: every question)")
    p_bshow.add_argument("--variants", choices=("first", "all"), default="first",
                         help="show every variant, or the first only (default)")
    p_bshow.add_argument("--json", action="store_true", help="print one JSON document, for tools")
    p_bshow.add_argument("--bank", default=None, metavar="DIR",
                         help="a folder of question files (default: the shipped bank)")
    p_lesson = sub.add_parser("lesson", help="work with lesson files")
    lesson_sub = p_lesson.add_subparsers(dest="lesson_command", required=True)
    p_llint = lesson_sub.add_parser("lint", help="check every lesson file in a folder: each solution "
                                    "reaches its goal, each check has one computed answer")
    p_llint.add_argument("path", nargs="?", default=None, metavar="PATH",
                         help="a folder of lesson files, or one file (default: the shipped lessons)")
    p_llint.add_argument("--cards", action="append", default=[], metavar="DIR",
                         help="a folder of card files the lessons' games are played with, besides the "
                              "kit's (as serve --cards gives them; repeat for more)")
    p_cards = sub.add_parser("cards", help="work with card files")
    cards_sub = p_cards.add_subparsers(dest="cards_command", required=True)
    p_clint = cards_sub.add_parser("lint", help="check card files: their shape, and that each ability's "
                                   "parts say what the Oracle text says")
    p_clint.add_argument("path", nargs="?", default=None, metavar="PATH",
                         help="a folder of card files, or one file (default: the kit's cards)")
    p_exam = sub.add_parser("exam", help="work with exam files")
    exam_sub = p_exam.add_subparsers(dest="exam_command", required=True)
    p_elint = exam_sub.add_parser("lint", help="check exam files against the question bank")
    p_elint.add_argument("path", nargs="?", default=None, metavar="PATH",
                         help="a folder of exam files, or one file (default: $RULESDOJO_EXAMS or the example)")
    p_review = sub.add_parser("review", help="work with learners' spaced review")
    review_sub = p_review.add_subparsers(dest="review_command", required=True)
    p_optimize = review_sub.add_parser("optimize", help="fit the scheduler's parameters to one learner's own "
                                       "review log and keep them for their practice (needs fsrs[optimizer])")
    p_optimize.add_argument("--learner", required=True, metavar="KEY",
                            help="the learner: the name the server vouches for, or the browser's learner key")
    p_optimize.add_argument("--results", default=None, metavar="FILE|URL",
                            help="the results (default: $RULESDOJO_RESULTS or the user's own file)")
    p_results = sub.add_parser("results", help="work with the quiz results")
    results_sub = p_results.add_subparsers(dest="results_command", required=True)
    p_export = results_sub.add_parser("export", help="write one exam's trainer tables, or the learning gain or "
                                      "retention, as CSV or JSON")
    p_export.add_argument("--format", required=True, choices=("csv", "json"))
    p_export.add_argument("--exam", default=None, metavar="ID", help="the exam's id (not with --table gain)")
    p_export.add_argument("--table", default=None, choices=(*TABLES, *CLASS_TABLES),
                          help="with csv: the exam's table to write (default: answers); gain (csv or json): the "
                               "trainer's learning-gain tables, for every lesson and ruling; retention (csv or "
                               "json): per ruling, the class's predicted recall today and in 30 days and the "
                               "share right on reviews due after a week or more")
    p_export.add_argument("--results", default=None, metavar="FILE|URL",
                          help="the results (default: $RULESDOJO_RESULTS or the user's own file)")
    p_export.add_argument("--exams", default=None, metavar="DIR",
                          help="folder of exam files, for titles and pass marks (default: $RULESDOJO_EXAMS)")
    p_export.add_argument("--out", default=None, metavar="FILE", help="write here (default: standard output)")
    i18n.add_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "i18n":
        return i18n.run(args)
    kit = Kit.from_environment()  # the command's kit: $RULESDOJO_RESULTS, _EXAMS, _CARDS... (``rulesdojo.kit``)
    if args.command == "review":
        return optimize_review(args.learner, args.results or kit.results)
    if args.command == "results":
        return export_results(args.format, args.exam, args.table, args.results or kit.results,
                              args.exams or (str(kit.exams) if kit.exams else None), args.out)
    if args.command == "cards":
        from .scenarios.cardfile import lint_cards
        return lint(lint_cards, args.path)
    if getattr(args, "cards", None):
        bad = check_card_folders(args.cards)
        if bad:
            return bad
    if args.command == "exam" and args.exam_command == "lint":
        from .quiz.exam import lint_exams
        return lint_exams(args.path or kit.exams)
    if args.command == "bank" and args.bank_command == "lint":
        from .quiz.lint import lint_bank
        return lint(lambda path: lint_bank(path, _lint_cards(kit, args.cards)), args.path)
    if args.command == "bank" and args.bank_command == "list":
        return bank_list(args.path)
    if args.command == "bank" and args.bank_command == "show":
        return bank_show(args.ids, args.variants == "all", args.json, args.bank)
    if args.command == "bank" and args.bank_command == "stats":
        return bank_stats(args.path)
    if args.command == "lesson" and args.lesson_command == "lint":
        from .lessons.lint import lint_lessons
        return lint(lambda path: lint_lessons(path, _lint_cards(kit, args.cards)), args.path)
    if args.command == "serve":
        from pathlib import Path

        from .serve.identity import IdentityError, Source
        from .quiz.store import is_url
        from .serve.serving import MENTOR_PORT, serve, serve_mentor
        results = (args.results if is_url(args.results) else Path(args.results)) if args.results else None
        if is_url(args.results or os.environ.get("RULESDOJO_RESULTS")):
            try:
                import psycopg  # noqa: F401
            except ImportError:
                parser.error("results in PostgreSQL need psycopg, which is not installed here: "
                             "pip install 'rulesdojo[postgresql]'")
        exams = Path(args.exams) if args.exams else None
        hub = None
        if args.hub:
            from .serve.hub import HubError, Place
            if args.user_header or args.identity:
                parser.error("--hub takes the learner from the hub: no --user-header or --identity")
            try:
                hub = Place.from_env()
            except HubError as exc:
                parser.error(str(exc))
        if args.mentor:
            return serve_mentor(args.host, MENTOR_PORT if args.port == 8866 else args.port,
                                results=results, exams=exams, hub=hub, cards=tuple(args.cards))
        if args.user_header and args.identity:
            parser.error("give --user-header or --identity, not both: identity comes from one place")
        try:
            source = Source.parse(f"header:{args.user_header}") if args.user_header else (
                Source.parse(args.identity) if args.identity else None)
        except IdentityError as exc:
            parser.error(str(exc))
        return serve(args.host, args.port, args.pool_size, Path(args.lessons) if args.lessons else None,
                     for_class=args.for_class, lesson=args.lesson,
                     learners=args.learners, source=source, results=results, exams=exams, hub=hub,
                     cards=tuple(args.cards), **limit_kwargs(args))
    if args.command == "hub":
        return write_hub_config(args)
    if args.command == "build-site":
        return build_site(args.out, args.lessons, args.cache)
    if args.command == "check":
        return check(args.paths, args.json, cards=tuple(args.cards))
    return 2


if __name__ == "__main__":
    sys.exit(main())
