"""The static site's Python: the Pyodide runtime from npm, the kit's wheel, and the wheels it needs in
the browser from PyPI, listed in the site's own ``pyodide-lock.json`` (only what the page loads).
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import re
import shutil
import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

from ..scenarios.yamlsource import KEPT, keep
from . import source
from .source import blank_docs, kept_in_stdlib
from .steps import SiteError, run

#: the runtime, from npm: Python 3.14, whose wheels on PyPI are tagged ``pyemscripten_2026_0_wasm32``
PYODIDE = "314.0.8"
#: the server's own packages, and PyYAML, which has no wheel for Pyodide on PyPI: the site's build
#: reads the kit's YAML files and the page takes them as read (``yamlsource.KEPT``); Babel, which
#: only the language commands use (the pages read the compiled ``.mo`` files with ``gettext``)
SERVER_ONLY = {"voila", "ipykernel", "pyyaml", "babel"}
#: what a wheel's metadata asks for that no page loads: the notebook front ends' widget files (the
#: page bundles its own widget manager) and IPython's code completion, which IPython does without
NOT_LOADED = {"widgetsnbextension", "jupyterlab-widgets", "jedi"}
#: the kit's dependencies that the course map doesn't need: the page's worker loads them once the map
#: is shown (``host/worker.js``'s ``LATER``), so they are left out of the kit's own entry in the lock
LATER = {"pydantic"}
MENTOR_ONLY = {"trainer.ipynb"}
#: files of a wheel that nothing in the pages runs: tests, type stubs, JupyterLab's and Notebook's
#: front-end files (the page has its own), the mentors' pages and the server's and the build's modules,
#: and the translations' sources (the lessons' ``locale/<code>/*.po``: the page reads the compiled ``.mo``)
LEFT_OUT = re.compile(r"(^|/)(tests?|labextension|nbextension)/|\.pyi$|(^|/)py\.typed$|^[^/]+\.data/|\.pot?$"
                      r"|^rulesdojo/(mentor/|cli\.py$|__main__\.py$)"
                      r"|^rulesdojo/serve/(?!(__init__|identity)\.py$)"  # a page's identity source, read by its Kit
                      r"|^rulesdojo/site/(?!(__init__|in_browser)\.py$)"
                      # the language commands' modules (Babel's; the pages read the compiled catalogs)
                      r"|^rulesdojo/i18n/(catalogs|checks|command|compile|extract|layout|lint|pofile)\.py$"
                      # Pygments' lexers, but Python's (IPython's tracebacks) and the index
                      r"|^pygments/lexers/(?!(__init__|_mapping|python)\.py$)"
                      # the terminal's: IPython's GUI event loops and its documentation and test
                      # plugins, prompt_toolkit's extras (telnet, ssh) and wcwidth's tables for each
                      # terminal program (asked for by name, absent ones read as none)
                      r"|^IPython/(sphinxext/|testing/plugin/|terminal/pt_inputhooks/(?!__init__\.py$))"
                      r"|^prompt_toolkit/contrib/|^wcwidth/table_grapheme_overrides/_known_")
#: the files of the npm package that the page loads
STDLIB = "python_stdlib.zip"
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", STDLIB]


def pyodide_runtime(cache: Path) -> Path:
    """Fetch the npm ``pyodide`` package (``PYODIDE``) into the cache; return its folder."""
    folder = cache / f"pyodide-{PYODIDE}"
    if not (folder / "package" / "pyodide-lock.json").exists():
        cache.mkdir(parents=True, exist_ok=True)
        tgz = cache / f"pyodide-{PYODIDE}.tgz"
        if not tgz.exists():
            run(["npm", "pack", f"pyodide@{PYODIDE}", "--pack-destination", str(cache)],
                f"fetching the Pyodide runtime {PYODIDE} from npm")
        with tarfile.open(tgz) as tar:
            tar.extractall(folder, filter="data")
    return folder / "package"


def kit_wheel(cache: Path) -> Path:
    """Build the kit's wheel from its source folder; return its path."""
    root = Path(__file__).resolve().parents[3]
    if not (root / "pyproject.toml").exists():
        raise SiteError(f"build-site builds the kit's wheel from its source folder; none found above {root}")
    dest = cache / "kit"
    shutil.rmtree(dest, ignore_errors=True)
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(dest), str(root)],
        "building the kit's wheel")
    return next(dest.glob("rulesdojo-*.whl"))


def with_lessons(kit: Path, lessons: Path) -> Path:
    """Put the lessons folder (its notebooks and YAML) in the kit's wheel in place of the shipped lessons:
    the course app reads its places from them."""
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
    (``yamlsource.KEPT``): the page takes each file as read, and carries no YAML parser."""
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


def platform_tag(info: dict) -> str:
    """The wheel tag of the runtime's platform.

    >>> platform_tag({"abi_version": "2026_0"})
    'pyemscripten_2026_0_wasm32'
    """
    return f"pyemscripten_{info['abi_version']}_wasm32"


def dependency_wheels(kit: Path, info: dict, cache: Path) -> list[Path]:
    """Download the wheels of what the kit needs in the browser, from PyPI (pure Python, or built for
    the runtime's platform, as pydantic-core is)."""
    env = _browser_env(info)
    wanted = [str(r) for r in _requirements(kit, env) if _name(r.name) not in SERVER_ONLY]
    dest = cache / f"wheels-{info['abi_version']}"
    py = env["python_version"].replace(".", "")
    run([sys.executable, "-m", "pip", "download", "--quiet", "--only-binary=:all:", "-d", str(dest),
         "--platform", platform_tag(info), "--python-version", env["python_version"],
         "--implementation", "cp", "--abi", f"cp{py}", *wanted],
        "downloading the browser's wheels (each needs a wheel for Pyodide or pure Python on PyPI)")
    return sorted(dest.glob("*.whl"))


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def write_wheel(out: Path, files: dict[str, bytes], tag: str = "py3-none-any") -> Path:
    """Write a wheel from ``files`` (its dist-info included, RECORD written here)."""
    dist_info = next(n for n in files if n.endswith(".dist-info/METADATA")).rsplit("/", 1)[0]
    files = {n: d for n, d in files.items() if not n.endswith("/RECORD")}
    files[f"{dist_info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: rulesdojo build-site\n"
                                   b"Root-Is-Purelib: " + (b"true" if tag.endswith("-any") else b"false")
                                   + b"\nTag: " + tag.encode() + b"\n")
    lines = [f"{n},{_record_hash(d)},{len(d)}" for n, d in files.items()] + [f"{dist_info}/RECORD,,"]
    files[f"{dist_info}/RECORD"] = ("\n".join(lines) + "\n").encode()
    part = out.with_suffix(".part")
    with zipfile.ZipFile(part, "w", zipfile.ZIP_DEFLATED) as z:
        for n, d in files.items():
            z.writestr(n, d)
    part.rename(out)
    return out


def _tag(wheel: Path) -> str:
    """The wheel's tag, from its file name (``name-version-py-abi-platform.whl``)."""
    return "-".join(wheel.name.removesuffix(".whl").split("-")[-3:])


def trim(wheel: Path, dest: Path, cache: Path) -> Path:
    """Write ``wheel`` into the folder ``dest`` without the files matching ``LEFT_OUT``, its Python
    blanked (``source``) and its metadata without the long description; kept in ``cache``.

    >>> bool(LEFT_OUT.search("pygments/lexers/lisp.py")), bool(LEFT_OUT.search("pygments/lexers/python.py"))
    (True, False)
    >>> bool(LEFT_OUT.search("rulesdojo/site/wheels.py")), bool(LEFT_OUT.search("rulesdojo/site/in_browser.py"))
    (True, False)
    >>> bool(LEFT_OUT.search("rulesdojo/notebooks/locale/ja/07-landfall.po"))
    True
    >>> [bool(LEFT_OUT.search(f"rulesdojo/i18n/{n}")) for n in ("locale/ja/LC_MESSAGES/content.mo", "__init__.py", "lint.py")]
    [False, False, True]
    """
    def slim(z: zipfile.ZipFile) -> dict[str, bytes]:
        files = {}
        for n in z.namelist():
            if not n.endswith("/") and not LEFT_OUT.search(n):
                data = z.read(n)
                files[n] = (blank_docs(data) if n.endswith(".py")
                            else data.split(b"\n\n", 1)[0] + b"\n" if n.endswith(".dist-info/METADATA") else data)
        return files
    made = slimmed(wheel, cache, lambda out: write_wheel(out, slim(zipfile.ZipFile(wheel)), _tag(wheel)))
    return Path(shutil.copy2(made, dest / wheel.name))


def slimmed(original: Path, cache: Path, make) -> Path:
    """Return the cached slim copy of the zip ``original``, made by ``make(path)`` when its files or
    the way it is made (this module and ``source``) changed; the copy made before is dropped."""
    key = hashlib.sha256()
    with zipfile.ZipFile(original) as z:  # its files, not the zip's dates
        for info in sorted(z.infolist(), key=lambda i: i.filename):
            key.update(info.filename.encode() + b"\0" + z.read(info) + b"\0")
    for module in (__file__, source.__file__):
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
    (``source.kept_in_stdlib``), its source blanked."""
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
    """Copy the runtime to ``dest`` with the wheels the page loads, and a lock listing exactly those:
    the kit and what it depends on in the browser. Return their names."""
    dest.mkdir(parents=True, exist_ok=True)
    for f in PYODIDE_FILES:
        shutil.copy2(slimmed(runtime / f, cache, functools.partial(slim_stdlib, runtime / f))
                     if f == STDLIB else runtime / f, dest / f)
    original = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))
    env = _browser_env(original["info"])
    found = {e["name"]: (e, w) for w in wheels for e in [lock_entry(w, env)] if e["name"] not in NOT_LOADED}
    packages, todo = {}, ["rulesdojo"]
    while todo:
        name = todo.pop()
        if name in found and name not in packages:
            entry, wheel = found[name]
            entry["depends"] = [d for d in entry["depends"] if d in found]
            packages[name] = entry
            todo += entry["depends"]
            entry["sha256"] = hashlib.sha256(trim(wheel, dest, cache).read_bytes()).hexdigest()
    packages["rulesdojo"]["depends"] = [d for d in packages["rulesdojo"]["depends"] if d not in LATER]
    lock = {"info": original["info"], "packages": dict(sorted(packages.items()))}
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return sorted(packages)
