"""Where a click's time goes: lesson 1's "Get energy" against the bare button, message by message.

``make bench`` times a click from the click event to the DOM change that shows the answer. This
splits that round trip, inside the page, at the kernel's messages as they arrive on the page's
kernel websocket: the kernel's "busy" status (the click has reached the kernel), the first widget
update (the answer), and the DOM change that shows it (the page's own work is the last part). The
two pages are clicked in turns at the same pace as ``make bench`` (``bench.CLICK_GAP``), each on its
own Voila on 127.0.0.1, with the load average before and after.

Run: ``.venv/bin/python benchmarks/click_timeline.py [--clicks N]``. Not a test; it reports.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench import BARE, CLICK_GAP, LESSON_1_ENERGY, Server, calibrate, load_average  # noqa: E402
from common import BENCH, LESSONS, launch, machine_line, summary  # noqa: E402

# Installed before any page script: note when each message arrives on a websocket (its type, and
# for a widget message its method), in ms since navigation start.
ARRIVALS_JS = r"""
(() => {
  const seen = window.__arrivals = [];
  const text = (d) => typeof d === 'string' ? d : (d instanceof ArrayBuffer || ArrayBuffer.isView(d) ? new TextDecoder().decode(d) : '');
  const Socket = window.WebSocket;
  window.WebSocket = function (...args) {
    const ws = new Socket(...args);
    ws.addEventListener('message', (ev) => {
      const s = text(ev.data);
      const type = (s.match(/"msg_type":\s*"([a-z_]+)"/) || [])[1] || '';
      const method = (s.match(/"method":\s*"([a-z_]+)"/) || [])[1] || '';
      seen.push([performance.now(), type, method]);
    });
    const send = ws.send.bind(ws);
    ws.send = (data) => {
      const s = text(data);
      seen.push([performance.now(), 'sent ' + ((s.match(/"msg_type":\s*"([a-z_]+)"/) || [])[1] || ''), '']);
      return send(data);
    };
    return ws;
  };
  window.WebSocket.prototype = Socket.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
})();
"""

# Click, resolve at the DOM change that shows the answer with the arrivals since the click, as ms
# after it: [done, busy, first update].
SPLIT_JS = """
([buttonText, scopeSel, wanted]) => new Promise((resolve, reject) => {
  const btn = [...document.querySelectorAll('button')].find(b => b.textContent.trim() === buttonText);
  if (!btn) return reject('no button ' + buttonText);
  const scope = scopeSel ? btn.closest(scopeSel) : document.body;
  let t0 = null;
  btn.addEventListener('click', () => { t0 = performance.now(); }, {capture: true, once: true});
  const obs = new MutationObserver(() => {
    if (t0 === null || scope.querySelector(wanted) === null) return;
    obs.disconnect();
    const done = performance.now() - t0;
    const after = window.__arrivals.filter(([t]) => t >= t0).map(([t, type, method]) => [t - t0, type, method]);
    const sent = after.find(([, type]) => type === 'sent comm_msg');
    const busy = after.find(([, type]) => type === 'status');
    const update = after.find(([, type, method]) => type === 'comm_msg' && method === 'update');
    resolve([done, busy ? busy[0] : null, update ? update[0] : null, sent ? sent[0] : null,
             after.filter(([t, type]) => type.startsWith('sent') && t <= done).length]);
  });
  obs.observe(scope, {childList: true, subtree: true, characterData: true, attributes: true});
  btn.click();
  setTimeout(() => { obs.disconnect(); reject('no answer within 10 s'); }, 10000);
})
"""

PAGES = [("lesson 1 Get energy", LESSONS / "01-what-energy-is.ipynb", "Get energy", ".rd-view",
          lambda i: f'[aria-label="Alice has {LESSON_1_ENERGY + i} energy"]'),
         ("bare button", BENCH / BARE, "Click me", None, lambda i: f'.bare-label[data-n="{i}"]')]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clicks", type=int, default=40, help="timed clicks per page (default 40)")
    args = ap.parse_args()
    results = Path(tempfile.mkdtemp(prefix="rulesdojo-bench-results-")) / "results.sqlite3"
    outside: list[str] = []
    from playwright.sync_api import sync_playwright
    servers = [Server(nb, 0, results) for _, nb, *_ in PAGES]
    before = load_average()
    try:
        with sync_playwright() as pw:
            browser = launch(pw)
            try:
                pages = [calibrate(browser, s.page_url, outside, ARRIVALS_JS)[1].pages[0] for s in servers]
                splits: list[list] = [[] for _ in PAGES]
                for i in range(args.clicks + 3):  # three to warm up
                    for k, (_name, _nb, button, scope, wanted) in enumerate(PAGES):
                        time.sleep(CLICK_GAP)
                        split = pages[k].evaluate(SPLIT_JS, [button, scope, wanted(i + 1)])
                        if i >= 3 and None not in split[:3]:
                            splits[k].append(split)
            finally:
                browser.close()
    finally:
        for s in servers:
            s.stop()
    print(f"Measured on {machine_line()} ({time.strftime('%Y-%m-%d %H:%M')}), {args.clicks} clicks each; "
          f"{before} before, {load_average()} after; requests leaving 127.0.0.1: {len(outside)}")
    print("ms after the click, median (p95)  | click sent   | busy arrives | answer arrives | answer shown "
          "| page's part  | messages sent")
    print("----------------------------------|--------------|--------------|----------------|--------------"
          "|--------------|--------------")
    for (name, *_), rows in zip(PAGES, splits):
        if not rows:
            print(f"{name:<34}| no click answered with its messages seen")
            continue
        done, busy, update = (summary([r[j] for r in rows]) for j in range(3))
        page = summary([r[0] - r[2] for r in rows])
        sent = summary([r[3] if r[3] is not None else float("nan") for r in rows])
        count = summary([r[4] for r in rows])
        cells = [f"{s['median']:.1f} ({s['p95']:.1f})" for s in (sent, busy, update, done, page, count)]
        print(f"{name:<34}| " + " | ".join(f"{c:<12}" for c in cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
