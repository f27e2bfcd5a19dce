"""Build the static practice site: lessons, sandbox and practice quiz running in the learner's browser.

JupyterLite's Voici app renders each notebook without its code and runs it with the Pyodide kernel.
Everything the page loads is in the folder: the Pyodide runtime (npm ``pyodide``), the kit's wheel
and its pure-Python dependencies as wheels listed in the site's own ``pyodide-lock.json``. Exams
are not offered: in a static page every answer is in the learner's browser.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from email.parser import Parser
from pathlib import Path

from . import site_source
from .quiz.browser import SITE_CELL
from .scenarios.yamlsource import KEPT, keep
from .site_source import blank_docs, kept_in_stdlib

#: the server and the mentor's pages stay on the server (the browser has the Pyodide kernel's ipykernel)
SERVER_ONLY = {"voila", "ipykernel"}
MENTOR_ONLY = {"trainer.ipynb"}
#: what the Pyodide kernel installs when it starts, beside what the kit needs
KERNEL_NEEDS = ["ipython", "comm", "micropip", "packaging"]
#: what the kernel asks for but the pages never use: each is an empty package in the lock (jedi is
#: IPython's code completion, 5 MB; Pyodide ships sqlite3 apart from its npm package)
EMPTY = {"jedi": "no code completion on these pages", "sqlite3": "no sqlite3 in this browser"}
#: files of a wheel that nothing in the pages runs: tests, type stubs, JupyterLab's and Notebook's
#: front-end files (the page has its own), the mentors' pages and the server's own modules
LEFT_OUT = re.compile(r"(^|/)(tests?|labextension|nbextension)/|\.pyi$|(^|/)py\.typed$|^[^/]+\.data/"
                      r"|^rulesdojo/(mentor/|voila_app\.py$|cli\.py$|__main__\.py$|site(_source)?\.py$)"
                      # Pygments' lexers, but Python's (IPython's tracebacks) and the index
                      r"|^pygments/lexers/(?!(__init__|_mapping|python)\.py$)"
                      # the terminal's: IPython's GUI event loops and its documentation and test
                      # plugins, prompt_toolkit's extras (telnet, ssh) and wcwidth's tables for each
                      # terminal program (asked for by name, absent ones read as none)
                      r"|^IPython/(sphinxext/|testing/plugin/|terminal/pt_inputhooks/(?!__init__\.py$))"
                      r"|^prompt_toolkit/contrib/|^wcwidth/table_grapheme_overrides/_known_")
#: classic Notebook's widget files: the page has JupyterLab's widget manager, the kernel a stand-in
NOT_LOADED = {"widgetsnbextension"}
#: the files of the npm package that the page loads
STDLIB = "python_stdlib.zip"
PYODIDE_FILES = ["pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", STDLIB]
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: the page's JupyterLab extensions: the kernel, the widget manager, anywidget's front end (no others
#: installed beside the kit, such as Notebook's or Voila's, which this page doesn't use)
EXTENSIONS = ["@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager", "anywidget"]

#: Voici writes links to notebooks as they are; on the site each notebook is a page of its own
LINK_SCRIPT = """<script>
document.addEventListener("click", (event) => {
  const a = event.target.closest && event.target.closest("a[href]");
  const href = a && a.getAttribute("href");
  if (href && /^[\\w.-]+\\.ipynb(#.*)?$/.test(href)) {
    event.preventDefault();
    window.location.href = href.replace(/\\.ipynb/, ".html");
  }
}, true);
</script>"""
PRACTICE_NOTE = ("<p class='rulesdojo-practice-note'>"
                 "This is the practice site: everything runs in your browser and nothing you do leaves it. "
                 "Exams are not offered here; your mentor gives them on a Rules Dojo server. "
                 "<span class='rulesdojo-offline' role='status'></span></p>")

#: Voici's app is placed over the whole body (its spinner while the kernel starts, then the notebook),
#: which hid the note under the page's title. The note lies above the app while the kernel starts,
#: then moves to the top of the shown notebook, to scroll with it above the title.
NOTE_SCRIPT = """<style>
.rulesdojo-practice-note{position:relative;z-index:1;font:14px/1.4 sans-serif;color:#111;margin:8px 16px;
  padding:.3em .6em;border-left:4px solid #1a5fb4;background:#eef3fb;overflow-wrap:anywhere}
</style>
<script>
new MutationObserver((changes, watch) => {
  const note = document.querySelector(".rulesdojo-practice-note");
  const cells = document.querySelector("#main #rendered_cells");  // shown once the notebook has run
  if (note && cells) { cells.prepend(note); watch.disconnect(); }
}).observe(document.documentElement, {childList: true, subtree: true});
</script>"""
#: The course page's map, made at build time and shown at once, while Python starts in the browser
#: (seconds): the learner reads it, and a link followed meanwhile is where the page opens once Python
#: runs (the address is read then). It goes when the page's own course page is drawn.
COURSE_NOW = """<div class='rulesdojo-course-now'>
<p class='rulesdojo-starting' role='status'>Python is starting in your browser: the lessons come alive in a
few seconds. The map is here meanwhile.</p>
{map}
</div>
<style>
.rulesdojo-course-now{{position:relative;z-index:1;background:#fff;font:15px/1.5 sans-serif;color:#111;
  margin:8px 16px;max-width:60em}}
.rulesdojo-course-now .rd-course{{padding-left:1.2em}} .rulesdojo-course-now .rd-course-card{{margin:.4em 0}}
.rulesdojo-course-now h3{{margin:.2em 0;font-size:1.05em}} .rulesdojo-course-now a{{color:#1a5fb4}}
.rulesdojo-course-now .rd-sym svg{{vertical-align:-.2em}} .rulesdojo-starting{{font-style:italic}}
</style>
<script>
new MutationObserver((changes, watch) => {{
  if (document.querySelector(".rd-course-page")) {{
    document.querySelector(".rulesdojo-course-now")?.remove();
    watch.disconnect();
  }}
}}).observe(document.documentElement, {{childList: true, subtree: true}});
</script>"""


def course_now(lessons: Path) -> str:
    """Return the course page's map as shown before Python runs (``COURSE_NOW``)."""
    from .lessons.app import map_before_python
    return COURSE_NOW.format(map=map_before_python(lessons))


#: JupyterLite's service worker (it answers the kernel's file drive through the page) is wrapped by one
#: that keeps every file the pages load, so that the site works without a connection after one visit
WORKER = "service-worker.js"
JUPYTERLITE_WORKER = "jupyterlite-service-worker.js"
#: what the pages load (the rest of JupyterLite's output is for its other apps)
OFFLINE_FOLDERS = ("voici", "extensions", "static", "api", "files")
#: once the page shows its first widget (the copy must not compete with the first load), ask the
#: worker to keep the site, and say when it can be used without a connection
OFFLINE_SCRIPT = """<script>
let rulesdojoNewer = false; // said once: what this page shows is a former build, whatever is kept after
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data !== "rulesdojo-newer") return;
    rulesdojoNewer = true;
    document.querySelectorAll(".rulesdojo-offline").forEach((e) => {
      e.textContent = "A newer version of this site is here: reload the page to use it.";
    });
  });
}
window.addEventListener("load", () => {
  const say = (text) => rulesdojoNewer
    || document.querySelectorAll(".rulesdojo-offline").forEach((e) => { e.textContent = text; });
  const cannot = "This browser can't keep the site for use without a connection (it needs the site served "
    + "over https, and a window that isn't private).";
  if (!("serviceWorker" in navigator)) { say(cannot); return; }
  const started = Date.now();
  const keep = () => {
    if (!document.querySelector(".jupyter-widgets") && Date.now() - started < 120000) {
      setTimeout(keep, 1000);
      return;
    }
    say("Saving the site in this browser for use without a connection...");
    const timeout = new Promise((_, no) => setTimeout(() => no(new Error("no service worker")), 60000));
    Promise.race([navigator.serviceWorker.ready, timeout]).then((reg) => new Promise((done, failed) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => event.data === "kept" ? done() : failed(new Error(event.data));
      reg.active.postMessage("rulesdojo-keep-offline", [channel.port2]);
    })).then(() => say("Ready for offline use: this browser keeps a copy of the site, so its lessons and "
                      + "the practice quiz open without a connection."))
      .catch((error) => {
        // A worker of a former build answers "newer" while the new build's worker takes over: ask that one.
        if (error.message === "newer" && tries++ < 10) { setTimeout(keep, 1000); return; }
        console.warn("keeping the site for offline use failed:", error); say(cannot);
      });
  };
  let tries = 0;
  keep();
});
</script>"""
#: first its own handlers (a copy in the cache answers first), then JupyterLite's (which answer the
#: kernel's file drive)
WORKER_JS = """{  // a block: JupyterLite's script, run in the same scope, has names of its own
const CACHE = "rulesdojo-offline-VERSION";
const FILES = LIST;
let stale = false;  // the server holds a newer build: this worker's copy is no longer shown
// Whether the server holds a newer build, asked as a page is opened (the worker's own script names its
// build), so that a new build is shown on the first visit after it instead of the kept copy.
// Offline, or with no answer within 2 s, the kept copy is shown; an answer that comes later and names
// a newer build is said on the open pages (the learner reloads when it suits them).
const tellPages = () => self.clients.matchAll({type: "window"})
  .then((pages) => pages.forEach((page) => page.postMessage("rulesdojo-newer")));
const newer = () => {
  if (stale) return Promise.resolve(true);
  let late = false;
  const asked = fetch(self.location.href, {cache: "no-store"}).then((r) => r.ok ? r.text() : "").then((text) => {
    stale = text.includes("rulesdojo-offline-") && !text.includes(CACHE);
    if (stale) self.registration.update();
    if (stale && late) tellPages();
    return stale;
  });
  return Promise.race([asked, new Promise((done) => setTimeout(() => { late = true; done(false); }, 2000))])
    .catch(() => false);
};
// Revalidated: the browser's HTTP cache may hold a former build's file under the same name.
const fromNetwork = (request) => fetch(request, {cache: "no-cache"});
self.addEventListener("message", (event) => {
  if (event.data !== "rulesdojo-keep-offline") return;
  const port = event.ports[0];
  if (stale) { port.postMessage("newer"); return; }
  event.waitUntil(caches.open(CACHE).then(async (cache) => {
    if ((await cache.keys()).length < FILES.length) {
      await cache.addAll(FILES.map((f) => new Request(f, {cache: "no-cache"})));
    }
    const old = (await caches.keys()).filter((k) => k.startsWith("rulesdojo-offline-") && k !== CACHE);
    await Promise.all(old.map((k) => caches.delete(k)));
    port.postMessage("kept");
  }).catch((error) => port.postMessage(String(error))));
});
self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin
      || url.pathname.endsWith("/api/service-worker-heartbeat")) return;
  event.stopImmediatePropagation();
  event.respondWith((request.mode === "navigate" ? newer() : Promise.resolve(stale)).then((isNewer) => isNewer
    ? fromNetwork(request)
    : caches.open(CACHE).then((cache) => cache.match(request, {ignoreSearch: true}))
      .then((kept) => kept || fromNetwork(request))));
});
}
importScripts("JUPYTERLITE");
""".replace("JUPYTERLITE", JUPYTERLITE_WORKER)


#: Voila's page template asks a CDN for icon fonts the lessons don't use
EXTERNAL_STYLESHEET = re.compile(r"<link[^>]*href=\"https?://[^>]*>\s*")
#: a rendered Markdown cell's opening tag, and a div's opening or closing tag
MARKDOWN_CELL = re.compile(r"<div(?=\s)[^>]*\bclass=\"[^\"]*\bjp-MarkdownOutput\b[^>]*>")
DIV_TAG = re.compile(r"<div(?=[\s>])[^>]*>|(</div\s*>)")


class SiteError(RuntimeError):
    """A step of the site build failed; the message says which and why."""


def _run(cmd: list[str], what: str, cwd: Path | None = None) -> None:
    done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if done.returncode:
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-15:])
        raise SiteError(f"{what} failed ({' '.join(map(str, cmd[:4]))} ...):\n{tail}")


def default_cache() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "rulesdojo" / "site"


def pyodide_version() -> str:
    """Return the Pyodide version the installed JupyterLite kernel is built for (runtime and lock must match)."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
    return PYODIDE_VERSION


def pyodide_runtime(cache: Path) -> Path:
    """Fetch the npm ``pyodide`` package of the kernel's version into the cache; return its folder."""
    version = pyodide_version()
    folder = cache / f"pyodide-{version}"
    if not (folder / "package" / "pyodide-lock.json").exists():
        cache.mkdir(parents=True, exist_ok=True)
        tgz = cache / f"pyodide-{version}.tgz"
        if not tgz.exists():
            _run(["npm", "pack", f"pyodide@{version}", "--pack-destination", str(cache)],
                 f"fetching the Pyodide runtime {version} from npm")
        with tarfile.open(tgz) as tar:
            tar.extractall(folder, filter="data")
    return folder / "package"


def kit_wheel(cache: Path) -> Path:
    """Build the kit's wheel from its source folder; return its path."""
    root = Path(__file__).resolve().parents[2]
    if not (root / "pyproject.toml").exists():
        raise SiteError(f"build-site builds the kit's wheel from its source folder; none found above {root}")
    dest = cache / "kit"
    shutil.rmtree(dest, ignore_errors=True)
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(dest), str(root)],
         "building the kit's wheel")
    return next(dest.glob("rulesdojo-*.whl"))


def with_lessons(kit: Path, lessons: Path) -> Path:
    """Put the lessons folder (its notebooks and YAML) in the kit's wheel in place of the shipped lessons.

    A page then finds its lessons also where the kernel can't see the site's files (its file drive
    needs the service worker, which a private window or a plain-http host refuses).
    """
    shipped = "rulesdojo/notebooks/"
    with zipfile.ZipFile(kit) as z:
        files = {n: z.read(n) for n in z.namelist() if not n.startswith(shipped)}
    for f in sorted(Path(lessons).rglob("*")):
        rel = f.relative_to(lessons)
        if f.is_file() and f.name not in MENTOR_ONLY and not any(
                p.startswith(".") or p == "__pycache__" for p in rel.parts) and f.suffix != ".sqlite3":
            files[shipped + rel.as_posix()] = f.read_bytes()
    return write_wheel(kit, files)


def with_kept_yaml(kit: Path) -> Path:
    """Read every YAML file of the kit's wheel once, here, and keep what was read in the wheel
    (``yamlsource.KEPT``): the pages then take each file as read instead of parsing it with the
    browser's pure-Python PyYAML."""
    with zipfile.ZipFile(kit) as z:
        files = {n: z.read(n) for n in z.namelist()}
    texts = [data.decode("utf-8") for name, data in files.items() if name.endswith((".yaml", ".yml"))]
    files[f"rulesdojo/{KEPT.name}"] = keep(texts)
    return write_wheel(kit, files)


def _metadata(wheel: Path):
    with zipfile.ZipFile(wheel) as z:
        name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        return Parser().parsestr(z.read(name).decode("utf-8")), z.namelist()


def _name(text: str) -> str:
    return re.sub(r"[-_.]+", "-", text).lower()


def _browser_env(info: dict) -> dict:
    python = info["python"]
    return {"python_version": ".".join(python.split(".")[:2]), "python_full_version": python,
            "sys_platform": "emscripten", "platform_system": "Emscripten", "platform_machine": "wasm32",
            "implementation_name": "cpython", "platform_python_implementation": "CPython",
            "os_name": "posix", "extra": ""}


def _requirements(wheel: Path, env: dict):
    from packaging.requirements import Requirement
    meta, _ = _metadata(wheel)
    for line in meta.get_all("Requires-Dist") or []:
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate(env):
            yield req


def dependency_wheels(kit: Path, info: dict, cache: Path) -> list[Path]:
    """Download pure-Python wheels of what the kit and the kernel need in the browser."""
    env = _browser_env(info)
    wanted = [str(r) for r in _requirements(kit, env) if _name(r.name) not in SERVER_ONLY | {"pyyaml"}]
    dest = cache / f"wheels-{info['abi_version']}"
    py = env["python_version"].replace(".", "")
    _run([sys.executable, "-m", "pip", "download", "--quiet", "--only-binary=:all:", "-d", str(dest),
          "--platform", f"pyodide_{info['abi_version']}_wasm32", "--python-version", env["python_version"],
          "--implementation", "cp", "--abi", f"cp{py}", *wanted, *KERNEL_NEEDS],
         "downloading the browser's wheels (each needs a pure-Python wheel on PyPI)")
    return sorted(dest.glob("*.whl"))


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def write_wheel(out: Path, files: dict[str, bytes]) -> Path:
    """Write a pure-Python wheel from ``files`` (its dist-info included, RECORD written here)."""
    dist_info = next(n for n in files if n.endswith(".dist-info/METADATA")).rsplit("/", 1)[0]
    files = {n: d for n, d in files.items() if not n.endswith("/RECORD")}
    files[f"{dist_info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: rulesdojo build-site\n"
                                   b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    lines = [f"{n},{_record_hash(d)},{len(d)}" for n, d in files.items()] + [f"{dist_info}/RECORD,,"]
    files[f"{dist_info}/RECORD"] = ("\n".join(lines) + "\n").encode()
    part = out.with_suffix(".part")
    with zipfile.ZipFile(part, "w", zipfile.ZIP_DEFLATED) as z:
        for n, d in files.items():
            z.writestr(n, d)
    part.rename(out)
    return out


def pure_pyyaml(version: str, cache: Path) -> Path:
    """Return a wheel of PyYAML's pure-Python path (its SafeLoader), made from the release for this machine.

    PyYAML publishes no wheel for Pyodide on PyPI; without its C part, ``yaml`` uses the pure loader.
    """
    out = cache / f"pyyaml-{version}-py3-none-any.whl"
    if out.exists():
        return out
    src = cache / "pyyaml-release"
    _run([sys.executable, "-m", "pip", "download", "--quiet", "--only-binary=:all:", "--no-deps",
          "-d", str(src), f"pyyaml=={version}"], f"downloading PyYAML {version}")
    binary = next(src.glob(f"[Pp]y[Yy][Aa][Mm][Ll]-{version}-*.whl"))
    with zipfile.ZipFile(binary) as z:
        files = {n: z.read(n) for n in z.namelist()
                 if not (n.endswith((".so", ".pyd")) or n.startswith("_yaml/"))}
    files[next(n for n in files if n.endswith(".dist-info/top_level.txt"))] = b"yaml\n"
    return write_wheel(out, files)


def empty_package(name: str, cache: Path) -> Path:
    """Return an empty package ``name`` for the lock (see ``EMPTY``).

    The Pyodide kernel installs it as it starts; ``import`` of it then fails as it does where it isn't
    installed, which IPython allows (no history without ``sqlite3``, no completion without ``jedi``).
    """
    out = cache / f"{name}-0-py3-none-any.whl"
    if out.exists():
        return out
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: 0\nSummary: {EMPTY[name]}\n".encode()
    return write_wheel(out, {f"{name}-0.dist-info/METADATA": meta})


def trim(wheel: Path, dest: Path, cache: Path) -> Path:
    """Write ``wheel`` into the folder ``dest`` without the files matching ``LEFT_OUT``, its Python
    blanked (``site_source``) and its metadata without the long description; kept in ``cache``.

    >>> bool(LEFT_OUT.search("pygments/lexers/lisp.py")), bool(LEFT_OUT.search("pygments/lexers/python.py"))
    (True, False)
    """
    def slim(z: zipfile.ZipFile) -> dict[str, bytes]:
        files = {}
        for n in z.namelist():
            if not n.endswith("/") and not LEFT_OUT.search(n):
                data = z.read(n)
                files[n] = (blank_docs(data) if n.endswith(".py")
                            else data.split(b"\n\n", 1)[0] + b"\n" if n.endswith(".dist-info/METADATA") else data)
        return files
    return Path(shutil.copy2(slimmed(wheel, cache, lambda out: write_wheel(out, slim(zipfile.ZipFile(wheel)))),
                             dest / wheel.name))


def slimmed(original: Path, cache: Path, make) -> Path:
    """Return the cached slim copy of the zip ``original``, made by ``make(path)`` when its files or
    the way it is made (this module and ``site_source``) changed; the copy made before is dropped."""
    key = hashlib.sha256()
    with zipfile.ZipFile(original) as z:  # its files, not the zip's dates
        for info in sorted(z.infolist(), key=lambda i: i.filename):
            key.update(info.filename.encode() + b"\0" + z.read(info) + b"\0")
    for module in (__file__, site_source.__file__):
        key.update(Path(module).read_bytes())
    out = cache / "slim" / f"{key.hexdigest()[:16]}-{original.name}"
    if not out.exists():
        out.parent.mkdir(parents=True, exist_ok=True)
        for before in out.parent.glob(f"*-{original.name}"):
            before.unlink()
        make(out.with_name(out.name + ".new")).rename(out)
    return out


def slim_stdlib(stdlib: Path, out: Path) -> Path:
    """Write Python's standard library zip to ``out`` without what the pages never use
    (``site_source.kept_in_stdlib``), its source blanked."""
    with zipfile.ZipFile(stdlib) as z, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as slim:
        for info in z.infolist():
            if kept_in_stdlib(info.filename):
                data = z.read(info)
                slim.writestr(info, blank_docs(data) if info.filename.endswith(".py") else data,
                              compress_type=zipfile.ZIP_DEFLATED if data else zipfile.ZIP_STORED)
    return out


def lock_entry(wheel: Path, env: dict) -> dict:
    """Describe a wheel as a ``pyodide-lock.json`` package (its imports and its dependencies' names)."""
    meta, names = _metadata(wheel)
    tops = {n.split("/")[0] if "/" in n else n.removesuffix(".py") for n in names if "/" in n or n.endswith(".py")}
    imports = sorted(t for t in tops if t.isidentifier() and t != "__pycache__")
    return {"name": _name(meta["Name"]), "version": meta["Version"], "file_name": wheel.name,
            "install_dir": "site", "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package", "imports": imports,
            "depends": sorted({_name(r.name) for r in _requirements(wheel, env)}),
            "unvendored_tests": False, "shared_library": False}


def write_runtime(runtime: Path, wheels: list[Path], dest: Path, cache: Path) -> list[str]:
    """Copy the runtime to ``dest`` with the wheels the page can load, and a lock listing exactly those.

    Only packages the page loads are kept: those the kit and the kernel need, and what they depend on
    in the browser.
    """
    dest.mkdir(parents=True, exist_ok=True)
    for f in PYODIDE_FILES:
        shutil.copy2(slimmed(runtime / f, cache, functools.partial(slim_stdlib, runtime / f))
                     if f == STDLIB else runtime / f, dest / f)
    original = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))
    env = _browser_env(original["info"])
    found = {e["name"]: (e, w) for w in wheels for e in [lock_entry(w, env)] if e["name"] not in NOT_LOADED}
    packages, todo = {}, ["rulesdojo", *EMPTY, *KERNEL_NEEDS]
    while todo:
        name = todo.pop()
        if name in found and name not in packages:
            entry, wheel = found[name]
            entry["depends"] = [d for d in entry["depends"] if d in found]
            packages[name] = entry
            todo += entry["depends"]
            entry["sha256"] = hashlib.sha256(trim(wheel, dest, cache).read_bytes()).hexdigest()
    lock = {"info": original["info"], "packages": dict(sorted(packages.items()))}
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return sorted(packages)


def extension_folders() -> list[str]:
    """Find the installed folder of each extension the page needs."""
    from jupyter_core.paths import jupyter_path
    found = []
    for name in EXTENSIONS:
        folders = [Path(p) / name for p in jupyter_path("labextensions") if (Path(p) / name / "package.json").exists()]
        if not folders:
            raise SiteError(f"the JupyterLab extension {name} is not installed (pip install 'rulesdojo[site]')")
        found.append(str(folders[0]))
    return found


def copy_lessons(lessons: Path, dest: Path) -> None:
    """Copy the lesson folder (notebooks and their data), leaving out the mentor's pages; each page
    first opens the progress kept in the browser."""
    shutil.copytree(lessons, dest, ignore=shutil.ignore_patterns(
        *MENTOR_ONLY, ".ipynb_checkpoints", "__pycache__", "*.sqlite3"))
    for page in dest.rglob("*.ipynb"):
        nb = json.loads(page.read_text(encoding="utf-8"))
        nb["cells"].insert(0, {"cell_type": "code", "id": "rulesdojo-progress", "execution_count": None,
                               "metadata": {}, "outputs": [],
                               "source": SITE_CELL})
        page.write_text(json.dumps(nb, indent=1), encoding="utf-8")


def untypeset(html: str) -> str:
    """Make each rendered Markdown cell a ``section`` in place of a ``div``, so that the page doesn't
    load MathJax (0.9 MB) to typeset prose that holds no TeX: Voici typesets ``div.jp-MarkdownOutput``.

    >>> untypeset('<div class="jp-MarkdownOutput"><div>a</div><p>b</p></div><div>c</div>')
    '<section class="jp-MarkdownOutput"><div>a</div><p>b</p></section><div>c</div>'
    """
    out, at = [], 0
    for opening in MARKDOWN_CELL.finditer(html):
        if opening.start() < at:
            continue  # inside the cell before
        depth = 1
        for tag in DIV_TAG.finditer(html, opening.end()):
            depth += 1 if tag.group(1) is None else -1
            if depth == 0:
                break
        else:
            return html  # not closed: the page stays as Voici wrote it
        out += [html[at:opening.start()], "<section", html[opening.start() + 4:tag.start()], "</section>"]
        at = tag.end()
    return "".join(out) + html[at:]


def finish_pages(out: Path, lessons: Path | None = None) -> None:
    """Open the site on the landing page; say on every page that it is for practice; fix notebook
    links; leave MathJax out (``untypeset``); on the course page, the map at once (``COURSE_NOW``)."""
    for page in (out / "voici").rglob("*.html"):
        text = untypeset(EXTERNAL_STYLESHEET.sub("", page.read_text(encoding="utf-8")))
        text = text.replace("</head>", LINK_SCRIPT + OFFLINE_SCRIPT + NOTE_SCRIPT + "</head>", 1)
        now = course_now(lessons) if lessons is not None and page.name == "course.html" else ""
        text = re.sub(r"(<body[^>]*>)", lambda m: m.group(1) + PRACTICE_NOTE + now, text, count=1)
        page.write_text(text, encoding="utf-8")
    # The whole course in one page (one Python for the visit) where the lessons have it.
    landing = next(page for page in ("voici/render/course.html", "voici/render/index.html")
                   if (out / page).is_file() or page.endswith("index.html"))
    (out / "index.html").write_text(
        "<!doctype html><meta charset='utf-8'><title>Rules Dojo</title>"
        # An icon of its own: without one a browser asks the host's root for /favicon.ico, outside
        # the site's folder when it is published under a path.
        "<link rel='icon' href='data:,'>"
        f"<meta http-equiv='refresh' content='0; url={landing}'>"
        f"<a href='{landing}'>Rules Dojo lessons</a>\n", encoding="utf-8")
    write_offline_worker(out)


def write_offline_worker(out: Path) -> Path:
    """Wrap JupyterLite's service worker in one that keeps every file the pages load; the copy's name
    changes with their contents, so a new build is kept anew."""
    (out / WORKER).rename(out / JUPYTERLITE_WORKER)
    files = sorted(p for folder in OFFLINE_FOLDERS for p in (out / folder).rglob("*") if p.is_file())
    names = ["./", "index.html", *(p.relative_to(out).as_posix() for p in files)]
    digest = hashlib.sha256()
    for p in [out / "index.html", *files]:
        digest.update(p.relative_to(out).as_posix().encode() + b"\0" + p.read_bytes())
    worker = out / WORKER
    worker.write_text(WORKER_JS.replace("VERSION", digest.hexdigest()[:16]).replace("LIST", json.dumps(names)),
                      encoding="utf-8")
    return worker


def check_folders(out: Path, lessons: Path) -> None:
    """Refuse a lessons folder without its landing page, and an output folder that holds anything but a
    site built before (it is replaced).

    >>> check_folders(Path("build/new-site"), Path("/nowhere"))
    Traceback (most recent call last):
    rulesdojo.site.SiteError: /nowhere has no index.ipynb: the site opens on that landing page
    """
    if not (lessons / "index.ipynb").is_file():
        raise SiteError(f"{lessons} has no index.ipynb: the site opens on that landing page")
    if out.exists() and not (out.is_dir() and (not any(out.iterdir()) or (out / "jupyter-lite.json").exists())):
        raise SiteError(f"{out} already holds something else than a site built before; the build replaces "
                        "its folder, so give a new or empty one")


def build_site(out: Path, lessons: Path, cache: Path | None = None, log=print) -> Path:
    """Build the static site into ``out`` from the notebooks in ``lessons``; return ``out``."""
    cache = Path(cache or default_cache())
    out = Path(out).resolve()
    check_folders(out, Path(lessons))
    log(f"Pyodide {pyodide_version()} from npm")
    runtime = pyodide_runtime(cache)
    info = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    log("the kit's wheel and its browser dependencies")
    kit = with_kept_yaml(with_lessons(kit_wheel(cache), Path(lessons)))
    yaml_version = json.loads((runtime / "pyodide-lock.json").read_text())["packages"]["pyyaml"]["version"]
    wheels = [kit, *dependency_wheels(kit, info, cache), pure_pyyaml(yaml_version, cache),
              *(empty_package(name, cache) for name in EMPTY)]
    with tempfile.TemporaryDirectory(prefix="rulesdojo-site-") as tmp:
        lite = Path(tmp)
        write_runtime(runtime, wheels, lite / "static" / "pyodide", cache)
        copy_lessons(Path(lessons), lite / "content")
        (lite / "jupyter-lite.json").write_text(json.dumps({
            "jupyter-lite-schema-version": 0,
            "jupyter-config-data": {"litePluginSettings": {KERNEL_PLUGIN: {
                "disablePyPIFallback": True,
                "loadPyodideOptions": {"packages": ["rulesdojo", "sqlite3"]}}}}}), encoding="utf-8")
        (lite / "jupyter_lite_config.json").write_text(json.dumps({
            "LiteBuildConfig": {"contents": ["content"], "output_dir": str(out), "no_sourcemaps": True,
                                "ignore_sys_prefix": ["federated_extensions"],
                                "federated_extensions": extension_folders()}}),
            encoding="utf-8")
        shutil.rmtree(out, ignore_errors=True)
        log("JupyterLite (Voici)")
        _run([sys.executable, "-c", "from voici_core.app import main; main()", "build", "--lite-dir", str(lite)], "jupyter lite build (voici)",
             cwd=lite)
    finish_pages(out, Path(lessons))
    return out
