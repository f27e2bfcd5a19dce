"""Serve the lessons with Voila: the one place that knows how they are served.

Code is hidden and never run from the page (Voila's defaults); the lesson folder
serves nothing but notebooks (rendered) and images; kernels are preheated so a
lesson opens fast.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import sys
import time
from pathlib import Path

from .hub import LEARNER_PAGES, Place
from .identity import ENV as IDENTITY_ENV
from .identity import Source, configured
from ..scenarios.folder import FOLDER_ENV
from ..shipped import landing_page, lessons_folder, notebooks

KERNEL_DEATH_CHECK = 1.0  # seconds between two looks at whether a kernel's process is alive
IMAGES = r".*\.(png|jpg|jpeg|gif|svg)"
DENIED = (r".*\.(ipynb|py|yaml|yml|json|sqlite3|db)$", r"(^|.*/)\..*")  # and hidden files


def voila_args(folder: Path, host: str = "127.0.0.1", port: int = 8866, pool_size: int = 1,
               fill_delay: float = 4.0, preheat: bool | None = None) -> list[str]:
    """Return the Voila command line for serving ``folder``.

    >>> args = voila_args(Path("lessons"), port=9000)
    >>> "--port=9000" in args and "--Voila.ip=127.0.0.1" in args
    True
    """
    return [
        sys.executable, "-m", "rulesdojo.serve.voila_app", str(folder), "--no-browser", f"--port={port}",
        f"--Voila.ip={host}", "--template=rulesdojo",
        "--VoilaConfiguration.strip_sources=True",
        "--VoilaConfiguration.show_tracebacks=False",
        "--VoilaConfiguration.allow_template_override=NO",  # ?template=lab|classic|reveal load CDNs
        "--VoilaConfiguration.allow_theme_override=NO",
        "--VoilaConfiguration.multi_kernel_manager_class=rulesdojo.serve.voila_app.DojoKernelManager",
        f"--VoilaConfiguration.file_allowlist={IMAGES}",
        *(f"--VoilaConfiguration.file_denylist={pattern}" for pattern in DENIED),
        f"--VoilaConfiguration.preheat_kernel={pool_size > 0 if preheat is None else preheat}",
        f"--VoilaConfiguration.default_pool_size={max(pool_size, 0)}",
        f"--VoilaKernelManager.fill_delay={fill_delay}",
        # Kernels talk to the server over Unix sockets in Voila's private connection folder (removed
        # when it stops), not TCP: a port picked for a kernel could be taken by another process
        # before the kernel bound it, and the kernel died ("Address already in use").
        "--KernelManager.transport=ipc",
        # A page's kernel that dies is found within a second (3 s by default): its page says at once
        # that its connection is lost, well within the 5 s a learner waits on a click.
        f"--KernelRestarter.time_to_dead={KERNEL_DEATH_CHECK}",
    ]


# Serving a class on one machine (``rulesdojo serve --class``): see docs/deploy.md for the figures.
CLASS_POOL_SIZE = 3       # preheated kernels per notebook: the first arrivals of a burst
CLASS_FILL_DELAY = 2.0    # seconds before refilling a pool, so the refill doesn't slow the page taken
CLASS_IOPUB_TIMEOUT = 60  # seconds the executor waits for a busy kernel's outputs while pools fill
def class_args() -> list[str]:
    """Return the Voila options a class adds to ``voila_args``: a longer executor wait.

    >>> class_args()
    ['--VoilaExecutor.iopub_timeout=60']
    """
    return [
        # While a class's pools fill, dozens of kernels run their notebooks at once; with nbclient's
        # default (4 s) the executor stops waiting for a busy kernel's outputs and the preheated page
        # comes out without its widgets ("Timeout waiting for IOPub output", measured here).
        f"--VoilaExecutor.iopub_timeout={CLASS_IOPUB_TIMEOUT}",
    ]


def voila_env(base: dict | None = None) -> dict:
    """Return an environment in which Voila finds the shipped ``rulesdojo`` page template."""
    env = dict(os.environ if base is None else base)
    share = str(Path(__file__).resolve().parents[1] / "share" / "jupyter")  # the package's, beside serve/
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (share, env.get("JUPYTER_PATH", "")) if p)
    return env


def lesson_pool_config(notebook: str, learners: int, others: int) -> dict:
    """Return Voila settings that keep ``learners`` pages of one notebook executed and waiting.

    A burst of a whole class on today's lesson then takes pages that are already rendered, instead
    of starting and running a kernel each while the others arrive; every other notebook keeps
    ``others`` ready. Serve it with ``fill_delay=CLASS_BURST_REFILL`` so refills wait for the burst to pass.

    >>> lesson_pool_config("07-landfall.ipynb", 30, 1)["VoilaKernelManager"]["kernel_pools_config"]
    {'default': {'pool_size': 1}, '07-landfall.ipynb': {'pool_size': 30}}
    """
    return {"VoilaKernelManager": {
        "kernel_pools_config": {"default": {"pool_size": others}, notebook: {"pool_size": learners}}}}


CLASS_BURST_REFILL = 90.0  # with a lesson's pool: refill after the arrivals, not during them

# Limits in every serve mode. A page that is closed leaves its kernel behind (Voila's shutdown
# request is refused for want of an XSRF token, voila issue 1458), so kernels with no page connected
# and idle for CULL_IDLE seconds are shut down; a connected learner's kernel is never culled, however
# long they read. Past the cap on pages with a kernel, a new page gets "the class is full".
CULL_IDLE = 120           # seconds a kernel with no page connected may stay idle
CULL_INTERVAL = 30        # how often to look for such kernels
# What one kernel adds to the machine's memory once its notebook's cells ran: its PSS (its own pages
# and its share of the libraries kernels share; RSS counts those in full, 69-73 MB), the largest
# measured (docs/deploy.md): lesson 7's page after a move, 56 MB (`benchmarks/kernel_memory.py`);
# every notebook's preheated kernel 50-52 MB (`benchmarks/kernel_memory.py --every-notebook`).
# The margin is for a long session's growth.
MB, GB = 2 ** 20, 2 ** 30
KERNEL_MEASURED = 56 * MB
KERNEL_MARGIN = 1.5
MEMORY_FOR_KERNELS = 0.75  # the share of the machine's memory the kernels may take


def machine_memory() -> float:
    """Return this machine's memory in bytes."""
    return float(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))


def default_max_kernels(pooled: int = 0, memory: float | None = None, kernel: float = KERNEL_MEASURED) -> int:
    """Return how many pages may have a kernel at once: the kernels 3/4 of the machine's memory holds
    at a measured ``kernel``'s size times the margin, less the ``pooled`` ones waiting for a page.

    >>> default_max_kernels(pooled=61, memory=24 * GB, kernel=56 * MB)
    158
    """
    memory = machine_memory() if memory is None else memory
    return max(1, int(memory * MEMORY_FOR_KERNELS // (kernel * KERNEL_MARGIN)) - pooled)


def sizing(pooled: int = 0, memory: float | None = None, kernel: float = KERNEL_MEASURED) -> str:
    """Say how ``default_max_kernels`` sized the cap, in the words the server prints when it starts.

    >>> print(sizing(pooled=61, memory=24 * GB, kernel=56 * MB))  # doctest: +NORMALIZE_WHITESPACE
    Rules Dojo: at most 158 pages with a kernel at once: 3/4 of 24.0 GB memory at 84 MB a kernel
    (56 MB measured, x1.5), less 61 preheated pages (--max-kernels N to change)
    """
    memory = machine_memory() if memory is None else memory
    return (f"Rules Dojo: at most {default_max_kernels(pooled, memory, kernel)} pages with a kernel at once: "
            f"3/4 of {memory / GB:.1f} GB memory at {kernel * KERNEL_MARGIN / MB:.0f} MB a kernel "
            f"({kernel / MB:.0f} MB measured, x{KERNEL_MARGIN:g}), less {pooled} preheated pages "
            "(--max-kernels N to change)")


def limit_args(max_kernels: int, cull_idle: float = CULL_IDLE, cull_interval: float | None = None,
               busy_limit: float | None = None) -> list[str]:
    """Return the Voila options that bound kernels: culling of closed pages' kernels, the cap, and
    (if given) the seconds a kernel may work on one page message before it is interrupted.

    >>> limit_args(30, cull_idle=60)[-1]
    '--DojoKernelManager.max_kernels=30'
    >>> limit_args(30, busy_limit=5)[-1]
    '--PacedConnection.busy_limit=5.0'
    """
    interval = cull_interval or min(CULL_INTERVAL, max(1, int(cull_idle) // 2))
    return [
        f"--MappingKernelManager.cull_idle_timeout={int(cull_idle)}",
        f"--MappingKernelManager.cull_interval={int(interval)}",
        "--MappingKernelManager.cull_connected=False",
        f"--DojoKernelManager.max_kernels={int(max_kernels)}",
        *([f"--PacedConnection.busy_limit={float(busy_limit)}"] if busy_limit is not None else []),
    ]


def run_until_stopped(args: list[str], cwd: Path, env: dict, grace: float = 20.0,
                      listening: tuple[str, int, str] | None = None) -> int:
    """Run Voila until it exits or this process gets SIGINT or SIGTERM; then stop it and its kernels.

    Voila runs in a session of its own, so Ctrl+C reaches it once, through here: it gets SIGTERM and
    shuts its kernels down; whatever is left after ``grace`` seconds is killed. ``listening`` is
    (host, port, message): the message is printed once Voila answers there.
    """
    proc = subprocess.Popen(args, cwd=cwd, env=env, start_new_session=True)
    stopped = []

    def stop(_signum, _frame):
        stopped.append(True)
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        if listening and _answers(proc, *listening[:2]):
            print(listening[2], flush=True)
        code = proc.wait()
        return 0 if stopped else code
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        _stop_family(proc, grace)


def _answers(proc: subprocess.Popen, host: str, port: int, timeout: float = 300) -> bool:
    """Wait until something listens on ``host:port`` (while ``proc`` runs, at most ``timeout`` s)."""
    host = "127.0.0.1" if host in ("", "0.0.0.0") else "::1" if host == "::" else host
    deadline = time.monotonic() + timeout
    while proc.poll() is None and time.monotonic() < deadline:
        try:
            with socket.create_connection((host, port), timeout=1):
                return True
        except OSError:
            time.sleep(0.2)
    return False


def _children(pid: int) -> list[int]:
    kids = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            kids += [int(k) for k in task.read_text().split()]
        except OSError:
            pass
    return kids


def _stop_family(proc: subprocess.Popen, grace: float) -> None:
    """Stop Voila if it still runs, and every kernel it left behind."""
    family = []
    todo = [proc.pid]
    while todo:
        kids = _children(todo.pop())
        family += kids
        todo += kids
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(grace)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    for pid in family:
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def identity_args(source: Source) -> list[str]:
    """Return the Voila options that hand the configured identity header (only it) to the kernels.

    >>> identity_args(Source("header", "X-Forwarded-User"))
    ['--VoilaConfiguration.http_header_envs=X-Forwarded-User']
    >>> identity_args(Source("hub"))
    []
    """
    return [f"--VoilaConfiguration.http_header_envs={source.header}"] if source.kind == "header" else []


def candidate_env(source: Source, results: Path | str | None = None, exams: Path | None = None,
                  cards: tuple = ()) -> dict:
    """Return the environment for the candidates' server: identity source, results (a file, or a
    database's URL, passed as given), exams folder, the card folders its games add to the shipped set.

    >>> candidate_env(Source("typed"), "postgresql://dojo@db.example/results")["RULESDOJO_RESULTS"]
    'postgresql://dojo@db.example/results'
    """
    from ..quiz.store import is_url  # the quiz package is not for every importer of this module
    env = voila_env()
    env[IDENTITY_ENV] = source.setting()
    if source.kind != "hub":
        env.pop("JUPYTERHUB_USER", None)  # only the configured place is read
    for name, path in (("RULESDOJO_RESULTS", results), ("RULESDOJO_EXAMS", exams)):
        if path is not None:
            env[name] = path if is_url(path) else str(Path(path).resolve())
    if cards:
        env["RULESDOJO_CARDS"] = os.pathsep.join(str(Path(c).resolve()) for c in cards)
    return env


def serve(host: str = "127.0.0.1", port: int = 8866, pool_size: int | None = None, folder: Path | None = None,
          for_class: bool = False, lesson: str | None = None, learners: int = 30,
          source: Source | None = None, results: Path | None = None, exams: Path | None = None,
          max_kernels: int | None = None, cull_idle: float = CULL_IDLE, scenarios: Path | None = None,
          hub: Place | None = None, busy_limit: float | None = None, cards: tuple = ()) -> int:
    """Start Voila on the lessons and wait; print the address of the landing page.

    ``for_class`` serves a class from one machine: a larger pool; with ``lesson`` (a notebook's file
    name), ``learners`` pages of it are executed in advance. ``source`` says where the learner's
    identity comes from (``rulesdojo.serve.identity``). The trainer is never served here. In every mode
    closed pages' kernels are culled after ``cull_idle`` seconds, at most ``max_kernels`` pages have
    a kernel (default: what the memory holds), a kernel working on one page message for ``busy_limit``
    seconds is interrupted (default: ``rulesdojo.serve.voila_app.BUSY_LIMIT``), and the sandbox opens scenarios from ``scenarios``
    only (default: the shipped ones). ``hub`` serves one learner's server under JupyterHub: at the
    hub's place, behind its sign-in, the learner being the hub user, no preheated kernels.
    """
    folder = folder or lessons_folder()
    if hub is not None:
        host, port, source = hub.host, hub.port, Source("hub")
        pool_size, max_kernels = pool_size or 0, max_kernels or LEARNER_PAGES
    source = source or configured()
    pool = (CLASS_POOL_SIZE if for_class else 1) if pool_size is None else pool_size
    args = voila_args(folder, host, port, pool,
                      fill_delay=CLASS_BURST_REFILL if lesson else CLASS_FILL_DELAY if for_class else 4.0,
                      preheat=True if lesson else None)
    notebooks = len(list(folder.glob("*.ipynb")))
    pooled = pool * notebooks + (learners - pool if lesson else 0)
    if not max_kernels:
        max_kernels = default_max_kernels(pooled)
        print(sizing(pooled), flush=True)
        if lesson and max_kernels < learners:
            print(f"Rules Dojo: fewer than the {learners} learners can have a page: give --max-kernels "
                  f"{learners} if the memory holds them, or a smaller --learners pool", flush=True)
    args += limit_args(max_kernels, cull_idle, busy_limit=busy_limit)
    if for_class:
        args += class_args()
    args += identity_args(source) + (hub.voila_args() if hub else [])
    env = candidate_env(source, results, exams, cards)
    if scenarios is not None:
        if not scenarios.is_dir():
            print(f"rulesdojo serve: --scenarios {scenarios}: no such folder", file=sys.stderr)
            return 2
        env[FOLDER_ENV] = str(scenarios.resolve())
    with tempfile.TemporaryDirectory() as config_dir:
        if lesson:
            if not (folder / lesson).exists():
                print(f"rulesdojo serve: no notebook {lesson!r} in {folder}", file=sys.stderr)
                return 2
            others = 1 if pool_size is None else pool_size
            (Path(config_dir) / "voila.json").write_text(json.dumps(lesson_pool_config(lesson, learners, others)))
            args += [f"--Voila.config_file_paths={config_dir}"]
        # Voila's start-up lines (each kernel started, each pool filled) would bury the address.
        args += ["--Voila.log_level=WARN"]
        address = (f"Rules Dojo: open http://{host}:{port}{hub.prefix if hub else '/'}voila/render/{landing_page(folder)}"
                   "  (Ctrl+C to stop)")
        return run_until_stopped(args, folder, env, listening=(host, port, address))


# --- the mentors' server: the trainer and the exam tools, on a port of their own, behind a token ---

MENTOR_PORT = 8867


def mentor_folder() -> Path:
    """Find the mentor notebooks (the trainer): shipped in the wheel, or the source tree's ``mentor/``."""
    return notebooks("mentor", "mentor", "trainer.ipynb")


def token_file(token: str) -> Path:
    """Write ``token`` to a file only its owner can read, in a folder of its own; return its path.

    The mentors' server reads its token from there: on its command line any account could read it
    with ``ps``.

    >>> path = token_file("s3cret"); path.read_text(), oct(path.stat().st_mode & 0o777)
    ('s3cret', '0o600')
    >>> import shutil; shutil.rmtree(path.parent)
    """
    path = Path(tempfile.mkdtemp(prefix="rulesdojo-token-")) / "token"  # the folder is 0700
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(token)
    return path


def mentor_args(folder: Path, token: Path, host: str = "127.0.0.1", port: int = MENTOR_PORT) -> list[str]:
    """Return the Voila command line for the mentors: no preheated kernels (every page reads the
    results when it opens) and every request refused without the token in the file ``token``.

    >>> mentor_args(Path("mentor"), Path("/run/token"))[-1]
    '--DojoVoila.token_file=/run/token'
    >>> any("s3cret" in arg for arg in mentor_args(Path("mentor"), Path("/run/token")))
    False
    """
    return [*voila_args(folder, host, port, pool_size=0), f"--DojoVoila.token_file={token}"]


def serve_mentor(host: str = "127.0.0.1", port: int = MENTOR_PORT, folder: Path | None = None,
                 results: Path | None = None, exams: Path | None = None, token: str | None = None,
                 hub: Place | None = None, cards: tuple = ()) -> int:
    """Serve the trainer and exam tools to mentors; print the address with its token and wait.

    ``hub`` serves them as a JupyterHub service instead: at the hub's place, admitting whom the hub
    grants access to the service (a mentors' group), with no token.
    """
    folder = folder or mentor_folder()
    env = candidate_env(Source("typed"), results, exams, cards)
    limits = limit_args(default_max_kernels())
    if hub is not None:
        print(f"Rules Dojo, mentors only: the hub's service at {hub.prefix}voila/render/trainer.ipynb", flush=True)
        return run_until_stopped([*voila_args(folder, hub.host, hub.port, pool_size=0), *hub.voila_args(), *limits],
                                 folder, env)
    token = token or secrets.token_urlsafe(24)
    print(f"Rules Dojo, mentors only: open http://{host}:{port}/voila/render/trainer.ipynb?token={token}"
          "  (requests without this token are refused; Ctrl+C to stop)", flush=True)
    secret = token_file(token)
    try:
        return run_until_stopped([*mentor_args(folder, secret, host, port), *limits], folder, env)
    finally:
        shutil.rmtree(secret.parent, ignore_errors=True)
