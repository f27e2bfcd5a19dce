"""The static site's pages: the course page (its map drawn at build time, shown while Python starts),
the service worker that keeps the site for use without a connection, and the old addresses.
"""

from __future__ import annotations

import hashlib
import json
from html import escape
from pathlib import Path

#: The note at the top, in every language, shown as the map is (``PICK_MAP``). The offline status at its
#: end carries what it may say in the note's language (``offline_lines``): the script that keeps the
#: site (``OFFLINE_SCRIPT``) runs before Python and reads its words there.
PRACTICE_NOTE = "<p class='rulesdojo-practice-note' lang='{code}' hidden{python}>{note} {status}</p>"


def python_lines(words) -> dict[str, str]:
    """What the page says of the learner's Python as it starts or stops, by the name ``host/page.js``
    asks for, in ``words``' language; ``{why}`` is the browser's own account, as it gives it.

    >>> from rulesdojo.i18n import words_for
    >>> python_lines(words_for("es"))["again"][:20]
    'Recarga la página pa'
    """
    return {
        "ready": words("Python is ready: the course is being drawn…"),
        "cannot-start": words("Python couldn't start in this page ({why})."),
        "stopped": words("Python stopped in this page ({why})."),
        "unreadable": words("A message from Python couldn't be read."),
        "again": words("Reload the page to start again: what you finished is kept in this browser."),
        "see-top": words("Python stopped: the message at the top of the page says why."),
    }


def offline_lines(words) -> dict[str, str]:
    """What the offline status says, by the name ``OFFLINE_SCRIPT`` asks for, in ``words``' language.

    >>> from rulesdojo.i18n import words_for
    >>> offline_lines(words_for("en"))["ready"][:22]
    'Ready for offline use:'
    """
    return {
        "saving": words("Saving the site in this browser for use without a connection..."),
        "ready": words("Ready for offline use: this browser keeps a copy of the site, so its lessons and the "
                       "practice quiz open without a connection."),
        "cannot": words("This browser can't keep the site for use without a connection (it needs the site "
                        "served over https, and a window that isn't private)."),
        "newer": words("A newer version of this site is here: reload the page to use it."),
    }


def data_attributes(lines: dict[str, str], prefix: str = "") -> str:
    """A page element's ``data-`` attributes for ``lines``, escaped: what its script reads before Python.

    >>> data_attributes({"ready": "It's <ready>"}, "python-")
    " data-python-ready='It&#x27;s &lt;ready&gt;'"
    """
    return "".join(f" data-{prefix}{name}='{escape(text)}'" for name, text in lines.items())


def in_every_language(note) -> str:
    """Join ``note(code, words)`` for every language the kit speaks, one per line."""
    from ..i18n import LANGUAGES, words_for
    return "\n".join(note(code, words_for(code)) for code in LANGUAGES)


def offline_status(words) -> str:
    """The offline status, empty until the keeping script says something, with its lines in ``words``'
    language (``offline_lines``)."""
    return f"<span class='rulesdojo-offline' role='status'{data_attributes(offline_lines(words))}></span>"


def practice_notes() -> str:
    """Return the practice note in every language (``PRACTICE_NOTE``).

    >>> "data-ready='Listo" in practice_notes()
    True
    """
    def note(code, words) -> str:
        said = words("This is the practice site: everything runs in your browser and nothing you do leaves it. "
                     "Exams are not offered here; your mentor gives them on a Rules Dojo server.")
        return PRACTICE_NOTE.format(code=code, note=escape(said), status=offline_status(words),
                                    python=data_attributes(python_lines(words), "python-"))
    return in_every_language(note)


#: The course page's map, made at build time in every language and shown at once, while Python starts
#: in the browser (seconds): the learner reads it, and a link followed meanwhile is where the page opens
#: once Python runs (the address is read then). It goes when the page's own course page is drawn.
COURSE_NOW = """<div class='rulesdojo-course-now' lang='{code}' hidden>
<p class='rulesdojo-starting' role='status'>{starting}</p>
{map}
</div>"""
#: Which map (and practice note) shows: the language the learner last chose on this site (``address.js`` keeps it in
#: localStorage as the switch changes), else the browser's first offered one (as ``best_language``
#: matches it), else English; the page's ``lang`` follows. Run as the page is read: no other map flashes.
PICK_MAP = """<style>
.rulesdojo-course-now{position:relative;z-index:1;background:#fff;font:15px/1.5 sans-serif;color:#111;
  margin:8px 16px;max-width:60em}
.rulesdojo-course-now .rd-course{padding-left:1.2em} .rulesdojo-course-now .rd-course-card{margin:.4em 0}
.rulesdojo-course-now h3{margin:.2em 0;font-size:1.05em} .rulesdojo-course-now a{color:#1a5fb4}
.rulesdojo-course-now .rd-sym svg{vertical-align:-.2em} .rulesdojo-starting{font-style:italic}
</style>
<script>
(() => {
  const maps = [...document.querySelectorAll(".rulesdojo-course-now, .rulesdojo-practice-note")];
  let kept = null;
  try { kept = localStorage.getItem("rulesdojo-language"); } catch (_) { /* storage refused: the browser's */ }
  const wanted = [kept, ...(navigator.languages || [navigator.language])].filter(Boolean)
    .map((tag) => tag.toLowerCase().split(/[-_]/)[0]);
  const code = wanted.find((c) => maps.some((m) => m.lang === c)) || "en";
  maps.forEach((m) => { m.hidden = m.lang !== code; });
  document.documentElement.lang = code;
  // The page's language changed by its switch (address.js sets the lang): the note follows.
  const notes = maps.filter((m) => m.matches(".rulesdojo-practice-note"));
  new MutationObserver(() => {
    const now = document.documentElement.lang;
    if (notes.some((n) => n.lang === now)) notes.forEach((n) => { n.hidden = n.lang !== now; });
  }).observe(document.documentElement, {attributes: true, attributeFilter: ["lang"]});
})();
new MutationObserver((changes, watch) => {
  if (document.querySelector(".rd-course-page")) {
    document.querySelectorAll(".rulesdojo-course-now").forEach((m) => m.remove());
    watch.disconnect();
  }
}).observe(document.documentElement, {childList: true, subtree: true});
</script>"""


def course_now(lessons: Path) -> str:
    """Return the course page's map as shown before Python runs, one in each language
    (``COURSE_NOW``), and the script that shows the learner's (``PICK_MAP``).

    >>> from rulesdojo.lessons.outline import current_folder
    >>> html = course_now(current_folder()); [f"lang='{c}'" in html for c in ("en", "es", "ja")]
    [True, True, True]
    """
    from ..i18n import LANGUAGES, words_for
    from ..lessons.app import map_before_python
    maps = []
    for code in LANGUAGES:
        words = words_for(code)
        starting = words("Python is starting in your browser: the lessons come alive in a few seconds. "
                         "The map is here meanwhile.")
        maps.append(COURSE_NOW.format(code=code, starting=escape(starting),
                                      map=map_before_python(lessons, words)))
    return "\n".join(maps) + "\n" + PICK_MAP


#: One tab of a browser uses the course at a time: each tab's Python holds its own copy of the results
#: kept in the browser, and two writing it would each overwrite the other's (the last write won).
#: A tab that finds the course open in another one says so in every language (the page shows the
#: learner's, as ``PICK_MAP`` picks it), with a button that moves the course here (``host/page.js``).
ELSEWHERE = ("<div class='rulesdojo-elsewhere' lang='{code}' role='alert' hidden data-opened='{opened}' "
             "data-moved='{moved}'><p></p><button type='button'>{here}</button></div>")


def elsewhere_notes() -> str:
    """Return the note a tab shows when the course is open in another tab, in every language (``ELSEWHERE``).

    >>> "Usar el curso aquí" in elsewhere_notes()
    True
    """
    def note(code, words) -> str:
        opened = words("The course is open in another tab of this browser. One tab at a time keeps your "
                       "progress whole: go on there, or use it here.")
        moved = words("The course is open in another tab of this browser now. What you did here is kept.")
        return ELSEWHERE.format(code=code, opened=escape(opened), moved=escape(moved),
                                here=escape(words("Use the course here")))
    return in_every_language(note)


#: the course page: the practice note, the map made at build time, the place the course app is drawn
#: in (``host/page.js``), and a line that says at once when Python stopped
PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rules Dojo</title>
<link rel="icon" href="data:,">
<link rel="modulepreload" href="page.js">
<link rel="stylesheet" href="page.css">
<style>
body{{margin:0;font:14px/1.4 system-ui,sans-serif;color:#111;background:#fff}}
.rulesdojo-practice-note{{font:14px/1.4 sans-serif;color:#111;margin:8px 16px;padding:.3em .6em;
  border-left:4px solid #1a5fb4;background:#eef3fb;overflow-wrap:anywhere}}
#rulesdojo-stopped{{position:sticky;top:0;z-index:10;margin:0;padding:.6em 1em;background:#fde8e8;
  color:#7a1010;border-bottom:2px solid #c01c28;font:15px/1.4 sans-serif}}
#rulesdojo-app{{padding:0 16px 24px}}
.rulesdojo-elsewhere{{position:sticky;top:0;z-index:10;margin:0;padding:.6em 1em;background:#fff4d6;
  color:#3d2b00;border-bottom:2px solid #b57b00;font:15px/1.4 sans-serif}}
.rulesdojo-elsewhere p{{margin:0 0 .4em}}
.rulesdojo-elsewhere button{{font:inherit;padding:.35em .9em;border-radius:.3em;border:1px solid #1a5fb4;
  background:#1a5fb4;color:#fff;cursor:pointer}}
.rulesdojo-elsewhere button:focus-visible{{outline:3px solid #1a5fb4;outline-offset:2px}}
</style>
{offline}
</head>
<body>
<p id="rulesdojo-stopped" role="alert" hidden></p>
{elsewhere}
{note}
{now}
<main id="rulesdojo-app"></main>
<script>
// Python starts at once, while the page's script loads: its messages wait here for the page (page.js).
// It starts only in the one tab that holds the course (ELSEWHERE): a reload's former page lets go of it
// as it goes, which may be a moment after this page asks, so the ask waits that long for it.
window.rulesdojoTab = new Promise((given) => {{
  if (!navigator.locks) {{ given(true); return; }}
  navigator.locks.request("rulesdojo-course", {{signal: AbortSignal.timeout(1500)}}, () => {{
    given(true);
    return new Promise((release) => {{ window.rulesdojoRelease = release; }});  // held while the page is
  }}).catch(() => given(false));
}});
window.rulesdojoTab.then((mine) => {{
  if (!mine || !window.Worker) return;
  const worker = new Worker("worker.js", {{type: "module"}}), early = [];
  worker.onmessage = (event) => early.push(event.data);
  window.rulesdojoPython = {{worker, early}};
}});
</script>
<script type="module" src="page.js"></script>
</body></html>
"""

#: the site's service worker: it keeps every file of the site, so that the site works without a
#: connection after one visit
WORKER = "service-worker.js"
OFFLINE_SCRIPT = """<script>
let rulesdojoNewer = false; // said once: what this page shows is a former build, whatever is kept after
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data !== "rulesdojo-newer") return;
    rulesdojoNewer = true;
    document.querySelectorAll(".rulesdojo-offline").forEach((e) => { e.textContent = e.dataset.newer; });
  });
}
if ("serviceWorker" in navigator) {
  // the site's own worker, beside this page: it keeps the site's files (WORKER_JS)
  navigator.serviceWorker.register("service-worker.js").catch((error) => console.warn("no offline copy:", error));
}
window.addEventListener("load", () => {
  // Each note says it in its own language: its words are on its status (practice_notes).
  const say = (line) => rulesdojoNewer
    || document.querySelectorAll(".rulesdojo-offline").forEach((e) => { e.textContent = e.dataset[line]; });
  if (!("serviceWorker" in navigator)) { say("cannot"); return; }
  const started = Date.now();
  const keep = () => {
    if (!document.querySelector(".jupyter-widgets") && Date.now() - started < 120000) {
      setTimeout(keep, 1000);
      return;
    }
    say("saving");
    const timeout = new Promise((_, no) => setTimeout(() => no(new Error("no service worker")), 60000));
    Promise.race([navigator.serviceWorker.ready, timeout]).then((reg) => new Promise((done, failed) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => event.data === "kept" ? done() : failed(new Error(event.data));
      // A worker replaced by a new build's as it was asked never answers: ask again (keeping is
      // done once; asked again, the worker finds the copy made).
      setTimeout(() => failed(new Error("newer")), 20000);
      reg.active.postMessage("rulesdojo-keep-offline", [channel.port2]);
    })).then(() => say("ready"))
      .catch((error) => {
        // A worker of a former build answers "newer" while the new build's worker takes over: ask that
        // one as it takes the page over (installing it can take many seconds on a busy machine).
        if (error.message === "newer" && tries++ < 10) {
          const again = () => {
            clearTimeout(timer);
            navigator.serviceWorker.removeEventListener("controllerchange", again);
            keep();
          };
          const timer = setTimeout(again, 6000);
          navigator.serviceWorker.addEventListener("controllerchange", again);
          return;
        }
        console.warn("keeping the site for offline use failed:", error); say("cannot");
      });
  };
  let tries = 0;
  keep();
});
</script>"""
#: it answers from its copy first, and asks the server whether a newer build is there as a page opens
WORKER_JS = """const CACHE = "rulesdojo-offline-VERSION";
const FILES = LIST;
// The server holds a newer build: this worker's copy is no longer shown. Learnt while the worker runs,
// and forgotten when the browser stops it and starts it again for its next event (as it may at any
// time), so a newer build's worker on its way in is asked about too: the browser keeps that.
let stale = false;
const superseded = () => stale || Boolean(self.registration.installing || self.registration.waiting);
// Whether the server holds a newer build, asked as a page is opened (the worker's own script names its
// build), so that a new build is shown on the first visit after it instead of the kept copy.
// Offline, or with no answer within 2 s, the kept copy is shown; an answer that comes later and names
// a newer build is said on the open pages (the learner reloads when it suits them).
const tellPages = () => self.clients.matchAll({type: "window"})
  .then((pages) => pages.forEach((page) => page.postMessage("rulesdojo-newer")));
const newer = () => {
  if (superseded()) return Promise.resolve(true);
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
  // Asked anew: a former build's worker started again must not keep its copy over the newer one.
  event.waitUntil(newer().then((isNewer) => isNewer ? port.postMessage("newer") : caches.open(CACHE).then(async (cache) => {
    if ((await cache.keys()).length < FILES.length) {
      await cache.addAll(FILES.map((f) => new Request(f, {cache: "no-cache"})));
    }
    const old = (await caches.keys()).filter((k) => k.startsWith("rulesdojo-offline-") && k !== CACHE);
    await Promise.all(old.map((k) => caches.delete(k)));
    port.postMessage("kept");
  })).catch((error) => port.postMessage(String(error))));
});
self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith((request.mode === "navigate" ? newer() : Promise.resolve(superseded())).then((isNewer) => isNewer
    ? fromNetwork(request)
    : caches.open(CACHE).then((cache) => cache.match(request, {ignoreSearch: true}))
      .then((kept) => kept || fromNetwork(request))));
});
// Kept at once: a visit that loses its connection after the first page still has the site.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
"""




def write_offline_worker(out: Path) -> Path:
    """Write the service worker that keeps every file of the site; the copy's name changes with their
    contents, so a new build is kept anew."""
    files = sorted(p for p in out.rglob("*") if p.is_file() and p.name != WORKER)
    names = ["./", *(p.relative_to(out).as_posix() for p in files)]
    digest = hashlib.sha256()
    for p in files:
        digest.update(p.relative_to(out).as_posix().encode() + b"\0" + p.read_bytes())
    worker = out / WORKER
    worker.write_text(WORKER_JS.replace("VERSION", digest.hexdigest()[:16]).replace("LIST", json.dumps(names)),
                      encoding="utf-8")
    return worker


def course_page(lessons: Path) -> str:
    """The course page's HTML (``PAGE``) for the lessons folder."""
    return PAGE.format(offline=OFFLINE_SCRIPT, note=practice_notes(), now=course_now(lessons),
                       elsewhere=elsewhere_notes())


#: an address of the site's former build (a page per notebook), sent to its place in the course page;
#: an address given after the old page's ``#`` is kept
MOVED = """<!doctype html><meta charset="utf-8"><title>Rules Dojo</title><link rel="icon" href="data:,">
<script>location.replace({page} + (location.hash.length > 1 ? location.hash : {place}));</script>
<p>This page moved: <a href="{href}">open it in the course</a>.</p>
"""


def write_moved_pages(out: Path, lessons: Path) -> list[str]:
    """Write, at each page address of the former build (``voici/render/NAME.html``), a page that opens
    the same place in the course page; return the addresses written."""
    from ..lessons.app import in_app_href
    written = []
    for notebook in sorted(Path(lessons).glob("*.ipynb")):
        place = in_app_href(notebook.name)
        place = place if place.startswith("#/") else ""
        page = out / "voici" / "render" / (notebook.stem + ".html")
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(MOVED.format(page=json.dumps("../../index.html"), place=json.dumps(place),
                                     href="../../index.html" + place), encoding="utf-8")
        written.append(page.relative_to(out).as_posix())
    return written
