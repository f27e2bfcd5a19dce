"""A class without browsers: simulated learners that speak the page's protocol to a real Voila.

Each learner does what the Voila page does, over HTTP and the kernel websocket on 127.0.0.1 only:

- fetches the course page (``/voila/render/course.ipynb``, what ``/`` opens), reads the kernel id
  from its ``jupyter-config-data``, and with ``assets`` also fetches the scripts and styles the page names;
- opens ``/api/kernels/<id>/channels`` with the page's subprotocol (``v1.kernel.websocket.jupyter.org``,
  messages built with ``jupyter_client``'s ``Session``), asks for ``kernel_info``, opens the
  ``jupyter.widget.control`` comm and sends ``request_states``, as the widget manager does; the
  page is ready when every widget the page displays has its state; then it sends an anonymous
  learner key of its own, as the page's key widget does (each learner is a browser of its own);
- then, in that one page and kernel, takes lessons 6, 7 and 8 in a row and a practice quiz
  (``course_walk.py``): a move between places is what the page's address widget sends when the
  URL's hash changes, timed until the kernel has drawn the place; in a lesson it sends what a click
  sends (``method: custom`` with ``{"event": "click"}`` for a button, the table's ``{"do": key}``
  for a card's action, ``method: update`` for a value), each timed until the state update that
  answers it arrives, with think time between steps. The checks' answers come from the engine;
  lesson 7's trigger-order task is played by hand as the browser learner of ``class_load.py``
  plays it, the other tasks with "Show me the next move".

``python benchmarks/learners.py --learners 30 --within 60`` serves the course page as ``rulesdojo
serve --class --lesson course.ipynb`` does and prints page ready, click-to-update and move p50/p95,
errors, peak kernels and kernels per learner, kernel and Voila memory, CPU and the load average
before, during and after; ``--validate`` runs 2 learners of each kind, protocol and browser (timed
inside the page), on lesson 7's own page against one server and prints both. Bounded: at most
``MAX_LEARNERS`` learners and ``--limit`` seconds, after which everything stops.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import os
import random
import secrets
import re
import statistics
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import psutil
from jupyter_client.session import Session
from jupyter_server.services.kernels.connection.base import (deserialize_msg_from_ws_v1,
                                                              serialize_msg_to_ws_v1)
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from websockets.asyncio.client import connect

from rulesdojo.views.dom import plain

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import (BENCH, CLICK_JS, LESSONS, ROOT, kernels_of, launch_async, machine_line, pct,  # noqa: E402
                    start_voila, stop_voila, wait_until_idle)
from course_walk import COURSE, QUIZ_QUESTIONS, WALK, answers_of, take_course  # noqa: E402

LESSON = "07-landfall.ipynb"
PROTOCOL = "v1.kernel.websocket.jupyter.org"
CONTROL_VERSION = "1.0.0"  # the widget control comm's protocol, as the page's widget manager sends it
MAX_LEARNERS = 240
STEP_TIMEOUT = 60.0  # seconds a learner waits for one answer before it counts as an error
CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', re.S)
VIEWS = re.compile(r'"application/vnd.jupyter.widget-view\+json": \{"model_id": "([0-9a-f]+)"')
BROWSER_CONNECTIONS = 6  # a browser's parallel requests to one host
LEARNER_KEY = "rulesdojo-learner-key"  # what the learner key widget's module holds: the page sends its key through it


class Refused(RuntimeError):
    """The server answered with an error page (e.g. 503: the class is full)."""


@dataclass
class Page:
    """One learner's page: its kernel connection and the widget models it knows, by id."""

    base: str
    kernel_id: str
    views: list[str]
    models: dict = field(default_factory=dict)
    session: Session = field(default_factory=lambda: Session(username="learner"))
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    idle: dict = field(default_factory=dict)       # msg_id -> Event set when the kernel went idle after it
    replies: dict = field(default_factory=dict)    # msg_id -> Future of the first reply (shell or comm)
    ws: object = None
    reader: asyncio.Task | None = None

    # --- the connection ---

    async def connect(self) -> None:
        url = self.base.replace("http://", "ws://") + f"api/kernels/{self.kernel_id}/channels?session_id={self.session.session}"
        self.ws = await connect(url, subprotocols=[PROTOCOL], max_size=None, open_timeout=STEP_TIMEOUT,
                                compression=None)
        self.reader = asyncio.create_task(self._read())

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            self.reader.cancel()

    def send(self, msg_type: str, content: dict, metadata: dict | None = None) -> str:
        msg = self.session.msg(msg_type, content, metadata=metadata)
        msg_id = msg["header"]["msg_id"]
        self.idle[msg_id] = asyncio.Event()
        self.replies[msg_id] = asyncio.get_running_loop().create_future()
        asyncio.ensure_future(self.ws.send(serialize_msg_to_ws_v1(msg, "shell", pack=self.session.pack)))
        return msg_id

    async def _read(self) -> None:
        async for frame in self.ws:
            channel, parts = deserialize_msg_from_ws_v1(frame)
            header, parent, _meta, content = (json.loads(p) for p in parts[:4])
            self._handle(channel, header["msg_type"], parent.get("msg_id"), content)

    def _handle(self, channel: str, kind: str, parent: str | None, content: dict) -> None:
        if kind == "status" and content.get("execution_state") == "idle" and parent in self.idle:
            self.idle[parent].set()
            return
        if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            self.models[content["comm_id"]] = dict(content["data"].get("state", {}))
        elif kind == "comm_close":
            self.models.pop(content.get("comm_id"), None)
        elif kind == "comm_msg":
            data = content.get("data", {})
            if data.get("method") in ("update", "echo_update"):
                self.models.setdefault(content["comm_id"], {}).update(data.get("state", {}))
            elif data.get("method") == "update_states":
                for model_id, info in data["states"].items():
                    self.models[model_id] = dict(info["state"])
        else:
            if channel == "shell" and parent in self.replies and not self.replies[parent].done():
                self.replies[parent].set_result(content)
            return
        if parent in self.replies and not self.replies[parent].done():
            self.replies[parent].set_result(content)
        self.changed.set()

    async def until(self, holds, timeout: float = STEP_TIMEOUT) -> None:
        """Wait until ``holds()`` is true of the models (checked at every update that arrives)."""
        deadline = time.monotonic() + timeout
        while not holds():
            self.changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no answer within %.0f s" % timeout)
            await asyncio.wait_for(self.changed.wait(), left)

    # --- what the page does when it opens ---

    async def load_widgets(self) -> None:
        """Ask for the kernel's info, then every widget's state through the control comm, as the page does."""
        info = self.send("kernel_info_request", {})
        await asyncio.wait_for(self.replies[info], STEP_TIMEOUT)
        comm_id = str(uuid.uuid4())
        self.send("comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}},
                  {"version": CONTROL_VERSION})
        states = self.send("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}})
        await asyncio.wait_for(self.replies[states], STEP_TIMEOUT)
        self.send("comm_close", {"comm_id": comm_id, "data": {}})
        await self.until(lambda: all(v in self.models for v in self.views))
        key = secrets.token_hex(16)  # each learner is a browser of its own
        for m in [m for m, state in self.models.items() if LEARNER_KEY in str(state.get("_esm", ""))]:
            await asyncio.wait_for(self.idle[self.custom(m, {"learner_key": key})].wait(), STEP_TIMEOUT)

    # --- reading the widgets ---

    def children(self, model_id: str) -> list[str]:
        return [c.removeprefix("IPY_MODEL_") for c in self.models.get(model_id, {}).get("children", [])]

    def below(self, root: str) -> list[str]:
        """Return ``root`` and every widget inside it."""
        out, todo = [], [root]
        while todo:
            m = todo.pop()
            out.append(m)
            todo += self.children(m)
        return out

    def part(self, heading: str) -> str:
        """Return the lesson part whose own header says ``heading`` (as the browser learner's ``part``)."""
        for m in self.models:
            if any(heading in self.text(c) for c in self.children(m)):
                return m
        raise LookupError(f"no part headed {heading!r}")

    def find(self, root: str, **want) -> str:
        """Return the first widget inside ``root`` whose state has these values (``model=`` for its class)."""
        for m in self.below(root):
            s = self.models.get(m, {})
            if all((s.get("_model_name") if k == "model" else s.get(k)) == v for k, v in want.items()):
                return m
        raise LookupError(f"no widget {want} in the part")

    def says(self, root: str, text: str) -> bool:
        return any(text in self.text(m) for m in self.below(root))

    def text(self, model_id: str) -> str:
        """Return what a widget shows as text: a Dom's nodes, else its value (HTML entities read as characters)."""
        state = self.models.get(model_id, {})
        if isinstance(state.get("content"), list):
            return plain(state["content"])
        return html.unescape(str(state.get("value", "")))

    # --- what a learner's hand does ---

    def update(self, model_id: str, **state) -> str:
        return self.send("comm_msg", {"comm_id": model_id, "data": {"method": "update", "state": state,
                                                                      "buffer_paths": []}})

    def custom(self, model_id: str, content: dict) -> str:
        return self.send("comm_msg", {"comm_id": model_id, "data": {"method": "custom", "content": content}})

    async def click(self, model_id: str, holds, content: dict | None = None) -> float:
        """Send a click (or a custom message) and return the ms until ``holds()``; then wait for the kernel."""
        t0 = time.monotonic()
        msg = self.custom(model_id, content or {"event": "click"})
        await self.until(holds)
        ms = (time.monotonic() - t0) * 1000
        await asyncio.wait_for(self.idle[msg].wait(), STEP_TIMEOUT)
        return ms

    async def set(self, model_id: str, **state) -> None:
        """Change a value as a learner's typing or choosing does; wait until the kernel has taken it."""
        await self.wait_idle(self.update(model_id, **state))

    async def wait_idle(self, msg_id: str) -> None:
        """Wait until the kernel went idle after the message ``msg_id``."""
        await asyncio.wait_for(self.idle[msg_id].wait(), STEP_TIMEOUT)


async def open_page(client: AsyncHTTPClient, base: str, notebook: str, assets: list[str], rec: dict) -> Page:
    """Fetch the page and the files a browser loads with it (``assets``); connect to its kernel.

    Notes in ``rec`` the ms until the page arrived (``html_ms``) and from the websocket's opening to
    the widgets' states (``states_ms``): the server's share of page ready, as measured in the browser.
    """
    start = time.monotonic()
    response = await client.fetch(HTTPRequest(base + "voila/render/" + notebook,
                                              request_timeout=STEP_TIMEOUT * 3), raise_error=False)
    if response.code != 200:
        raise Refused(f"HTTP {response.code} for the page")
    rec["html_ms"] = (time.monotonic() - start) * 1000
    html = response.body.decode()
    lanes = asyncio.Semaphore(BROWSER_CONNECTIONS)

    async def fetch(path):
        async with lanes:
            await client.fetch(base + path, request_timeout=STEP_TIMEOUT)

    await asyncio.gather(*(fetch(a) for a in assets))
    found = CONFIG.search(html)
    if found is None:  # Voila's error page: the kernel died while starting (a port taken, for one)
        title = re.search(r"<title>(.*?)</title>", html, re.S)
        raise Refused(f"the page came without a kernel: {title.group(1).strip() if title else 'no title'}")
    config = json.loads(found.group(1))
    page = Page(base, config["kernelId"], sorted(set(VIEWS.findall(html))))
    await page.connect()
    opened = time.monotonic()
    await page.load_widgets()
    rec["states_ms"] = (time.monotonic() - opened) * 1000
    rec["ready_ms"] = (time.monotonic() - start) * 1000
    rec["kernel_id"] = page.kernel_id
    return page


async def record_assets(base: str, notebook: str = COURSE) -> list[str]:
    """Load the page once in chromium; return the paths of the files it fetched besides the page and the API.

    The protocol learners fetch the same files, so the server serves what a class of browsers asks for.
    """
    from playwright.async_api import async_playwright
    seen: list[str] = []
    async with async_playwright() as pw:
        browser = await launch_async(pw)
        try:
            ctx = await browser.new_context()
            await ctx.add_init_script(READY_JS if notebook == LESSON else COURSE_READY_JS)
            page = await ctx.new_page()
            page.on("request", lambda r: seen.append(r.url))
            await page.goto(base + "voila/render/" + notebook, wait_until="commit")
            await page.wait_for_function("window.__rd.ready !== null", polling=100, timeout=STEP_TIMEOUT * 3000)
        finally:
            await browser.close()
    paths = [u.removeprefix(base) for u in seen if u.startswith(base)]
    return [p for p in dict.fromkeys(paths) if not p.startswith(("api/", "voila/render/"))]


def answers() -> dict:
    """The right answers of lesson 7's two checks, from the engine (as the browser tests take them)."""
    from rulesdojo.lessons import lessons
    lesson = lessons()[7]
    return {key: lesson.part(key).variant().solution().right_answer_text for key in ("lynx-power", "opponents-land")}


async def take_lesson_7(page: Page, rec: dict, right: dict, think) -> None:
    """Order the three landfall triggers so Steppe Lynx resolves first, then answer both checks."""
    task = page.part("You choose the order")
    table = page.find(task, model="AnyModel", readonly=False)
    order = next(m for m in page.below(task) if "order" in page.models.get(m, {}))
    play = next(a["key"] for p in page.models[table]["players"] for c in p["hand"] for a in c["actions"]
                if a["words"] == "Play Forest")
    await think()
    rec["clicks_ms"].append(await page.click(table, lambda: len(page.models[order].get("items", [])) == 3,
                                             {"do": play}))
    await think()
    items = page.models[order]["items"]
    lynx = next(i["id"] for i in items if i["label"].startswith("Steppe Lynx"))
    await page.set(order, order=[lynx, *(i for i in page.models[order]["order"] if i != lynx)])
    put = page.find(task, description="Put them on the stack")
    resolve = page.find(task, description="Resolve top")
    await think()
    rec["clicks_ms"].append(await page.click(put, lambda: page.models[resolve].get("disabled") is False))
    await think()
    rec["clicks_ms"].append(await page.click(resolve, lambda: page.says(task, "✓ Done.")))

    check = page.part("what is Steppe Lynx's power?")
    await think()
    await page.set(page.find(check, model="TextModel"), value=right["lynx-power"])
    rec["clicks_ms"].append(await page.click(page.find(check, description="Check my answer"),
                                             lambda: page.says(check, "✓ Right.")))
    check = page.part("Nadia plays a Forest")
    radio = page.find(check, model="RadioButtonsModel")
    await think()
    await page.set(radio, index=page.models[radio]["_options_labels"].index(right["opponents-land"]))
    rec["clicks_ms"].append(await page.click(page.find(check, description="Check my answer"),
                                             lambda: page.says(check, "✓ Right.")))
    # Only this learner's actions: the board's energy and the progress are this page's own.
    players = page.models[table]["players"]
    rec["energy"] = [p["energy"] for p in players if p["name"] == "Alice"]
    rec["ok"] = rec["energy"] == [0] and any("3 of 4 steps done" in page.text(m) for m in page.models)


async def learner(i: int, base: str, arrive: float, t0: float, out: dict, think_s: tuple, assets: list[str],
                  client: AsyncHTTPClient, right: dict, known: dict, seed: int) -> None:
    """One learner's visit: the course page, three lessons in a row and the quiz in its one kernel."""
    rng = random.Random(seed * 1000 + i)

    async def think():
        await asyncio.sleep(rng.uniform(*think_s))

    await asyncio.sleep(max(0.0, t0 + arrive - time.monotonic()))
    rec = out.setdefault(i, {"arrive_s": arrive, "clicks_ms": [], "switches_ms": []})
    page = None
    try:
        page = await open_page(client, base, COURSE, assets, rec)

        async def lesson_7_by_hand(page, rec, think):
            await take_lesson_7(page, rec, right, think)

        await take_course(page, f"Learner {i + 1}", known, rec, think, {7: lesson_7_by_hand})
    except Exception as exc:  # a learner's failure is a figure, not a crash
        rec["error"] = f"{exc.__class__.__name__}: {str(exc)[:300]}"
    finally:
        rec["left_s"] = time.monotonic() - t0
        if page is not None:
            await page.close()


async def run_class(base: str, learners: int, within: float, think_s: tuple, assets: list[str], seed: int = 7) -> dict:
    """Let ``learners`` arrive at random within ``within`` seconds; return each one's record."""
    AsyncHTTPClient.configure(None, max_clients=max(10, learners))
    client = AsyncHTTPClient()
    rng = random.Random(seed)
    arrivals = sorted(rng.uniform(0, within) for _ in range(learners))
    right, known = answers(), answers_of()
    out: dict = {}
    t0 = time.monotonic()
    await asyncio.gather(*(learner(i, base, a, t0, out, think_s, assets, client, right, known, seed)
                           for i, a in enumerate(arrivals)))
    return out


class Usage:
    """CPU seconds of Voila and its kernels, the machine's CPU, peak kernels and kernel memory over a run."""

    def __init__(self, proc):
        self.proc = proc
        self.server = psutil.Process(proc.pid)
        self.cpu0 = self.server.cpu_times()
        self.machine0 = psutil.cpu_times()
        self.load0 = os.getloadavg()
        self.loads: list[float] = []  # the 1-minute load average, each second of the run
        self.peak_kernels = 0
        self.kernel_cpu: dict[int, float] = {}
        self.rss: dict[str, float] = {}  # kernel id -> peak RSS MB
        self.voila_rss = 0.0  # peak RSS MB of Voila itself
        self.kernels0 = len(kernels_of(proc))  # the pool's, before the class

    def sample(self) -> None:
        self.loads.append(os.getloadavg()[0])
        try:
            self.voila_rss = max(self.voila_rss, self.server.memory_info().rss / 2**20)
        except psutil.Error:
            pass
        kernels = kernels_of(self.proc)
        self.peak_kernels = max(self.peak_kernels, len(kernels))
        for k in kernels:
            try:
                t = k.cpu_times()
                self.kernel_cpu[k.pid] = t.user + t.system
                kid = re.search(r"kernel-([0-9a-f-]+)\.json", " ".join(k.cmdline()))
                if kid:
                    self.rss[kid.group(1)] = max(self.rss.get(kid.group(1), 0), k.memory_info().rss / 2**20)
            except psutil.Error:
                pass

    async def sampling(self, every: float = 1.0) -> None:
        while True:
            await asyncio.to_thread(self.sample)
            await asyncio.sleep(every)

    def figures(self, seconds: float, kernel_cpu0: dict) -> dict:
        t = self.server.cpu_times()
        server = (t.user + t.system) - (self.cpu0.user + self.cpu0.system)
        kernels = sum(v - kernel_cpu0.get(pid, 0.0) for pid, v in self.kernel_cpu.items())
        m0, m1 = self.machine0, psutil.cpu_times()
        busy = lambda c: c.user + c.system + c.nice + getattr(c, "irq", 0) + getattr(c, "softirq", 0)  # noqa: E731
        total = lambda c: busy(c) + c.idle + getattr(c, "iowait", 0)  # noqa: E731
        return {"voila_cpu_s": server, "kernels_cpu_s": kernels,
                "voila_cores": server / seconds, "kernels_cores": kernels / seconds,
                "machine_busy_pct": 100 * (busy(m1) - busy(m0)) / max(1e-9, total(m1) - total(m0)),
                "load_before": self.load0, "load_after": os.getloadavg(), "peak_kernels": self.peak_kernels,
                "kernels_before": self.kernels0, "kernels_seen": len(self.kernel_cpu),
                "voila_rss_mb_peak": self.voila_rss,
                "load_during": (min(self.loads, default=self.load0[0]), max(self.loads, default=self.load0[0]))}


def median(values) -> float:
    return statistics.median(values) if values else float("nan")


def figures(records: dict, usage: Usage | None = None) -> dict:
    ready = [r["ready_ms"] for r in records.values() if "ready_ms" in r]
    clicks = [c for r in records.values() for c in r["clicks_ms"]]
    switches = [c for r in records.values() for c in r.get("switches_ms", [])]
    f = {"learners": len(records), "finished": sum(1 for r in records.values() if r.get("ok")),
         "errors": sorted({r["error"] for r in records.values() if "error" in r}),
         "error_count": sum(1 for r in records.values() if "error" in r),
         "ready_p50": median(ready), "ready_p95": pct(ready, 95),
         "click_p50": median(clicks), "click_p95": pct(clicks, 95), "clicks": len(clicks),
         "switch_p50": median(switches), "switch_p95": pct(switches, 95), "switches": len(switches),
         # The kernels the learners' pages had, per learner: 1.0 when each visit, every move included,
         # stayed in the one kernel its page was given and no two learners shared one.
         "kernels_per_learner": len({r["kernel_id"] for r in records.values() if "kernel_id" in r})
         / max(1, sum(1 for r in records.values() if "kernel_id" in r))}
    if usage is not None:
        mine = [usage.rss[r["kernel_id"]] for r in records.values() if r.get("kernel_id") in usage.rss]
        f["kernel_rss_mb_p50"] = pct(mine, 50)
        f["kernel_rss_mb_max"] = max(mine, default=float("nan"))
    return f


def serve(learners: int, home: Path, notebook: str = COURSE):
    """Start Voila on the lessons as ``rulesdojo serve --class --lesson NOTEBOOK`` does, pool of ``learners`` pages."""
    from rulesdojo.serve.serving import (CLASS_BURST_REFILL, class_args, default_max_kernels, lesson_pool_config,
                                   limit_args, sizing)
    print(sizing(learners), flush=True)
    (home / "voila.json").write_text(json.dumps(lesson_pool_config(notebook, learners, 0)))
    return start_voila(LESSONS, home, {"RULESDOJO_RESULTS": str(home / "results.sqlite3")}, 0,
                       extra_args=(*limit_args(default_max_kernels(learners)), *class_args(),
                                   f"--Voila.config_file_paths={home}"),
                       fill_delay=CLASS_BURST_REFILL, preheat=True)


def wait_for_pool(proc, log: Path, size: int, until: float) -> None:
    """Wait until the pool has ``size`` kernels that have run their notebook (their CPU gone quiet)."""
    while time.monotonic() < until and (len(kernels_of(proc)) < size or "is filled with" not in log.read_text(errors="replace")):
        time.sleep(0.5)
    wait_until_idle(proc, until)


async def measure(base: str, proc, n: int, within: float, think_s: tuple, assets: list[str], limit: float) -> dict:
    usage = Usage(proc)
    usage.sample()
    cpu0 = dict(usage.kernel_cpu)
    sampler = asyncio.create_task(usage.sampling())
    t0 = time.monotonic()
    try:
        records = await asyncio.wait_for(run_class(base, n, within, think_s, assets), limit)
    except asyncio.TimeoutError:
        records = {}
    finally:
        sampler.cancel()
    usage.sample()
    out = figures(records, usage)
    out.update(usage.figures(time.monotonic() - t0, cpu0))
    out["seconds"] = time.monotonic() - t0
    return out


def capacity_run(n: int, args) -> dict:
    """One class of ``n`` learners against a fresh server; return its figures."""
    home = Path(tempfile.mkdtemp(prefix="rulesdojo-learners-"))
    pool = min(n, args.pool) + 1  # and one page for chromium, to learn what a browser fetches
    proc, base, log = serve(pool, home)
    try:
        started = time.monotonic()
        wait_for_pool(proc, log, pool, started + args.limit / 2)
        filled = time.monotonic() - started
        assets = asyncio.run(record_assets(base)) if args.assets else []
        r = asyncio.run(measure(base, proc, n, args.within, tuple(args.think), assets,
                                args.limit - filled))
        r["assets_per_page"] = len(assets)
        r.update({"pool": pool, "pool_ready_s": filled})
        return r
    finally:
        stop_voila(proc)


# In the browser, ready is when the lesson's first task shows its Forest and the progress reads 0 of 4.
READY_JS = """
(() => {
  window.__rd = {ready: null, wsOpen: null, states: null};
  const obs = new MutationObserver(() => {
    const forest = [...document.querySelectorAll('button')].find(b => b.textContent.trim() === 'Forest');
    if (forest && forest.checkVisibility() && document.body.textContent.includes('0 of 4 steps done')) {
      window.__rd.ready = performance.now();
      obs.disconnect();
    }
  });
  obs.observe(document, {childList: true, subtree: true, characterData: true, attributes: true});
  // When the kernel websocket opened and when the widgets' states arrived on it: the server's share.
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      if (!String(args[0]).includes('/channels')) return;
      this.addEventListener('open', () => { window.__rd.wsOpen = performance.now(); });
      const states = (e) => {
        if (typeof e.data !== 'string' && new TextDecoder().decode(e.data).includes('"update_states"')) {
          window.__rd.states = performance.now();
          this.removeEventListener('message', states);
        }
      };
      this.addEventListener('message', states);
    }
  };
})();
"""


# The course page is ready when its map's heading shows (as ``course_switch.py`` waits for it).
COURSE_READY_JS = """
(() => {
  window.__rd = {ready: null};
  const obs = new MutationObserver(() => {
    const map = [...document.querySelectorAll('h1, h2')].find(h => h.textContent.trim() === 'Lessons');
    if (map && map.checkVisibility()) {
      window.__rd.ready = performance.now();
      obs.disconnect();
    }
  });
  obs.observe(document, {childList: true, subtree: true, characterData: true, attributes: true});
})();
"""


async def browser_learner(browser, base: str, rec: dict, right: dict, think) -> None:
    """Take lesson 7 in chromium as ``take_lesson_7`` does, each click timed inside the page."""
    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    from learner import part
    ctx = await browser.new_context(viewport={"width": 1400, "height": 900})
    ctx.set_default_timeout(STEP_TIMEOUT * 1000)
    await ctx.add_init_script(READY_JS)
    page = await ctx.new_page()

    async def click(locator, scope, **wanted):
        ms = await page.evaluate(CLICK_JS, [await locator.element_handle(), await scope.element_handle(), wanted])
        rec["clicks_ms"].append(ms)

    try:
        await page.goto(base + "voila/render/" + LESSON, wait_until="commit")
        await page.wait_for_function("window.__rd.ready !== null", polling=100)
        rd = await page.evaluate("({...window.__rd, html: performance.getEntriesByType('navigation')[0].responseEnd})")
        rec["ready_ms"] = rd["ready"]
        rec["html_ms"], rec["states_ms"] = rd["html"], rd["states"] - rd["wsOpen"]
        task = part(page, "You choose the order")
        await think()
        await task.get_by_role("button", name="Forest", exact=True).click()  # opens the card's menu, in the page
        await click(task.get_by_role("menuitem", name="Play Forest"), task, shown="[role=listbox]")
        await think()
        await task.get_by_role("option").filter(has_text="Steppe Lynx").focus()
        for _ in range(3):
            await page.keyboard.press("Alt+ArrowUp")  # keyboard ordering: the Lynx goes on top
        await think()
        await click(task.get_by_role("button", name="Put them on the stack"), task, enabled="Resolve top")
        await think()
        await click(task.get_by_role("button", name="Resolve top"), task, text="✓ Done.")
        check = part(page, "what is Steppe Lynx's power?")
        await think()
        box = check.get_by_label("Your answer")
        await box.fill(right["lynx-power"])
        await box.press("Tab")
        await click(check.get_by_role("button", name="Check my answer"), check, text="✓ Right.")
        check = part(page, "Nadia plays a Forest")
        await think()
        await check.get_by_label(right["opponents-land"]).check()
        await click(check.get_by_role("button", name="Check my answer"), check, text="✓ Right.")
        rec["ok"] = await page.get_by_text("3 of 4 steps done").is_visible()
    except Exception as exc:
        rec["error"] = f"{exc.__class__.__name__}: {str(exc)[:300]}"
    finally:
        await ctx.close()


async def validate(base: str, pairs: int, think_s: tuple, assets: list[str]) -> dict:
    """Protocol and browser learners one after the other (ABAB...), on one server; return both records."""
    from playwright.async_api import async_playwright
    AsyncHTTPClient.configure(None, max_clients=10)
    client = AsyncHTTPClient()
    right = answers()
    rng = random.Random(7)

    async def think():
        await asyncio.sleep(rng.uniform(*think_s))

    out = {"protocol": {}, "browser": {}}
    async with async_playwright() as pw:
        browser = await launch_async(pw)
        try:
            for i in range(pairs):
                rec = out["protocol"].setdefault(i, {"clicks_ms": []})
                try:
                    page = await open_page(client, base, LESSON, assets, rec)
                    await take_lesson_7(page, rec, right, think)
                    await page.close()
                except Exception as exc:
                    rec["error"] = f"{exc.__class__.__name__}: {str(exc)[:300]}"
                await browser_learner(browser, base, out["browser"].setdefault(i, {"clicks_ms": []}), right, think)
        finally:
            await browser.close()
    return out


def validation(args) -> dict:
    """Two protocol learners and two browser learners against one server: print both figures."""
    home = Path(tempfile.mkdtemp(prefix="rulesdojo-learners-"))
    proc, base, log = serve(2 * args.validate + 1, home, LESSON)
    try:
        wait_for_pool(proc, log, 2 * args.validate + 1, time.monotonic() + args.limit / 2)
        assets = asyncio.run(record_assets(base, LESSON)) if args.assets else []
        load = os.getloadavg()
        out = asyncio.run(asyncio.wait_for(validate(base, args.validate, tuple(args.think), assets), args.limit))
    finally:
        stop_voila(proc)
    result = {kind: figures(records) for kind, records in out.items()}
    result["load_before"] = load
    result["records"] = out
    p, b = result["protocol"], result["browser"]
    print(f"Validation on {machine_line()}, load {load[0]:.1f}: {args.validate} protocol and {args.validate} "
          "browser learners, alternating, on one server (lesson 7, preheated pages)")
    print("| figure | protocol | browser | protocol / browser |")
    print("|---|---|---|---|")
    for kind, f in (("protocol", p), ("browser", b)):
        f["server_p50"] = statistics.median(r["html_ms"] + r["states_ms"] for r in out[kind].values() if "states_ms" in r)
    for key, name in (("ready_p50", "page ready p50 ms"),
                      ("server_p50", "  of it: the page, and the widgets' states after the websocket opened, p50 ms"),
                      ("click_p50", "click to update p50 ms"), ("click_p95", "click to update p95 ms")):
        print(f"| {name} | {p[key]:.0f} | {b[key]:.0f} | {p[key] / b[key]:.2f} |")
    print(f"finished: protocol {p['finished']}/{p['learners']}, browser {b['finished']}/{b['learners']}; "
          f"errors: {p['errors'] + b['errors']}")
    return result


def row(n, r) -> str:
    return (f"| {n:>4} | {r['finished']:>3}/{r['learners']:<3} | {r['ready_p50']:>6.0f} | {r['ready_p95']:>6.0f} | "
            f"{r['click_p50']:>5.0f} | {r['click_p95']:>5.0f} | {r['switch_p50']:>5.0f} | {r['switch_p95']:>5.0f} | "
            f"{r['error_count']:>3} | {r['peak_kernels']:>4} (pool {r['pool']}) | {r['kernels_per_learner']:.2f} | "
            f"{r.get('kernel_rss_mb_p50', float('nan')):>5.0f} | {r['voila_rss_mb_peak']:>5.0f} | "
            f"{r['voila_cores']:>5.2f} | {r['kernels_cores']:>5.2f} | "
            f"{r['machine_busy_pct']:>4.0f} | {r['load_before'][0]:>4.1f} | "
            f"{r['load_during'][0]:.1f}-{r['load_during'][1]:.1f} | {r['load_after'][0]:>4.1f} |")


HEAD = ("| learners | finished | ready p50 ms | ready p95 ms | click p50 ms | click p95 ms | move p50 ms "
        "| move p95 ms | errors | peak kernels | kernels per learner | kernel RSS MB | Voila RSS MB | Voila cores "
        "| kernel cores | CPU % | load before | load during | load after |")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--learners", type=int, nargs="*", default=[30, 60, 120],
                    help="class sizes, one run each (default 30 60 120)")
    ap.add_argument("--within", type=float, default=60.0, help="seconds over which they arrive")
    ap.add_argument("--think", type=float, nargs=2, default=[2.0, 6.0], help="think time range, seconds")
    ap.add_argument("--pool", type=int, default=60, help="most preheated pages (the rest start cold)")
    ap.add_argument("--no-assets", dest="assets", action="store_false",
                    help="fetch only the page, not the scripts a browser loads with it")
    ap.add_argument("--limit", type=float, default=900.0, help="hard limit per run, seconds")
    ap.add_argument("--validate", type=int, default=0, metavar="N",
                    help="instead: N protocol and N browser learners on one server, figures side by side")
    ap.add_argument("--out", default=str(BENCH / "learners_results.json"))
    args = ap.parse_args(argv)
    if args.validate:
        result = validation(args)
        Path(args.out).with_name("learners_validation.json").write_text(json.dumps(result, indent=2, default=str) + "\n")
        return 0
    results = {"machine": machine_line(), "when": time.strftime("%Y-%m-%d %H:%M"), "within_s": args.within,
               "think_s": args.think, "runs": {}}
    print(f"Protocol learners on {results['machine']}; the course page, lessons "
          f"{', '.join(map(str, WALK))} and a {QUIZ_QUESTIONS}-question practice quiz in one kernel each, "
          f"arriving within {args.within:.0f} s, think {args.think[0]:.0f}-{args.think[1]:.0f} s", flush=True)
    print(HEAD, flush=True)
    for n in args.learners:
        n = max(1, min(n, MAX_LEARNERS))
        r = capacity_run(n, args)
        results["runs"][str(n)] = r
        print(row(n, r), flush=True)
        Path(args.out).write_text(json.dumps(results, indent=2, default=str) + "\n")
        if r["finished"] < n:  # it broke: larger classes would only break more
            break
    print(f"JSON: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
