"""Build the static practice site: the whole course in one page, running in the learner's browser.

The page (``host/page.js``) draws the widgets with ipywidgets' own widget manager and anywidget's
front end, bundled here from npm; the learner's Python runs in a web worker (``host/worker.js``):
the Pyodide runtime (npm ``pyodide``), the kit's wheel and the wheels it needs from PyPI, listed in
the site's own ``pyodide-lock.json``. Everything the page loads is in the folder, and a service
worker keeps it for use without a connection. Exams are not offered: in a static page every answer
is in the learner's browser.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

from .pages import WORKER, course_page, write_moved_pages, write_offline_worker
from .steps import SiteError, default_cache, run
from .wheels import (PYODIDE, dependency_wheels, kit_wheel, pyodide_runtime, with_kept_yaml, with_lessons,
                     write_runtime)

HOST = Path(__file__).resolve().parent / "host"
#: what the host's bundle is made from; the npm packages are those of ``package-lock.json``
HOST_FILES = ["package.json", "package-lock.json", "build.mjs", "page.js", "worker.js"]
COMPILE = HOST / "compile.mjs"
#: a file every built site holds, so that a build replaces only a folder that holds a site
MARK = "rulesdojo-site.json"


def host_bundle(cache: Path, dest: Path) -> list[str]:
    """Bundle the page's script and copy the worker's into ``dest`` (npm's packages installed in the
    cache as ``package-lock.json`` says, once); return the files written."""
    work = cache / "host"
    lock = (HOST / "package-lock.json").read_bytes()
    installed = work / "node_modules" / ".package-lock.json"
    stamp = work / "installed-from.sha256"
    work.mkdir(parents=True, exist_ok=True)
    for name in HOST_FILES:
        shutil.copy2(HOST / name, work / name)
    if not (installed.exists() and stamp.exists() and stamp.read_text() == hashlib.sha256(lock).hexdigest()):
        run(["npm", "ci", "--no-audit", "--no-fund", "--silent"], "installing the page's npm packages", cwd=work)
        stamp.write_text(hashlib.sha256(lock).hexdigest())
    dest.mkdir(parents=True, exist_ok=True)
    before = {p.name for p in dest.iterdir()}
    run(["node", "build.mjs", str(dest)], "bundling the page's script (esbuild)", cwd=work)
    return sorted(p.name for p in dest.iterdir() if p.name not in before)


def compile_ahead(runtime: Path, folder: Path, cache: Path) -> None:
    """Compile the Python of the standard library and of every wheel in ``folder`` ahead (``host/compile.mjs``,
    with the runtime's own Python), and write the lock's digests anew; each compiled zip is kept in the
    cache by what it was made from."""
    zips = sorted(folder.glob("*.whl")) + [folder / "python_stdlib.zip"]
    todo, made = [], {}
    for z in zips:
        key = hashlib.sha256(z.read_bytes() + COMPILE.read_bytes() + runtime.name.encode()).hexdigest()[:16]
        made[z] = cache / "compiled" / f"{key}-{z.name}"
        if not made[z].exists():
            todo += [str(z), str(made[z]) + ".new"]
    if todo:
        made[zips[0]].parent.mkdir(parents=True, exist_ok=True)
        run(["node", str(COMPILE), str(runtime), *todo], "compiling the site's Python ahead (Pyodide in Node)")
        for new in todo[1::2]:
            Path(new).rename(new.removesuffix(".new"))
    for z, compiled in made.items():
        shutil.copy2(compiled, z)
    lock_file = folder / "pyodide-lock.json"
    lock = json.loads(lock_file.read_text(encoding="utf-8"))
    for entry in lock["packages"].values():
        entry["sha256"] = hashlib.sha256((folder / entry["file_name"]).read_bytes()).hexdigest()
    lock_file.write_text(json.dumps(lock, indent=1), encoding="utf-8")


def check_folders(out: Path, lessons: Path) -> None:
    """Refuse a lessons folder without its course notebook, and an output folder that holds anything
    but a site built before (it is replaced).

    >>> check_folders(Path("build/new-site"), Path("/nowhere"))
    Traceback (most recent call last):
    rulesdojo.site.steps.SiteError: /nowhere has no index.ipynb: the site opens on the course map
    """
    if not (lessons / "index.ipynb").is_file():
        raise SiteError(f"{lessons} has no index.ipynb: the site opens on the course map")
    built_before = (out / MARK).exists() or (out / "jupyter-lite.json").exists()  # this build's, or the former one's
    if out.exists() and not (out.is_dir() and (not any(out.iterdir()) or built_before)):
        raise SiteError(f"{out} already holds something else than a site built before; the build replaces "
                        "its folder, so give a new or empty one")


def build_site(out: Path, lessons: Path, cache: Path | None = None, log=print, compiled: bool = True) -> Path:
    """Build the static site into ``out`` from the lessons in ``lessons``; return ``out``. With
    ``compiled``, its Python is compiled ahead (``compile_ahead``)."""
    cache = Path(cache or default_cache())
    out = Path(out).resolve()
    lessons = Path(lessons)
    check_folders(out, lessons)
    log(f"Pyodide {PYODIDE} from npm")
    runtime = pyodide_runtime(cache)
    info = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    log("the kit's wheel and its browser dependencies")
    kit = with_kept_yaml(with_lessons(kit_wheel(cache), lessons))
    wheels = [kit, *dependency_wheels(kit, info, cache)]
    part = out.with_name(out.name + ".part")
    shutil.rmtree(part, ignore_errors=True)
    packages = write_runtime(runtime, wheels, part / "pyodide", cache)
    if compiled:
        log("the site's Python compiled ahead")
        compile_ahead(runtime, part / "pyodide", cache)
    log("the page's script (npm)")
    host_bundle(cache, part)
    (part / "index.html").write_text(course_page(lessons), encoding="utf-8")
    write_moved_pages(part, lessons)
    (part / MARK).write_text(json.dumps({"pyodide": PYODIDE, "packages": packages}, indent=1), encoding="utf-8")
    write_offline_worker(part)
    shutil.rmtree(out, ignore_errors=True)
    part.rename(out)
    log(f"the site is in {out} ({WORKER} keeps it for use without a connection)")
    return out
