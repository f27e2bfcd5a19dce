// The static site's page: ipywidgets' own widget manager (ManagerBase) and anywidget's front end,
// drawing the widgets of the learner's Python, which runs in a web worker (worker.js) so that the
// page stays responsive while Python starts and works. Bundled at build time (build.mjs).
//
// Widget messages cross between the worker and the page as the Jupyter comm messages they are: the
// worker's Python sends each widget's "comm_open" and "comm_msg"; the page answers with the model's
// own "comm_msg"s, and the worker says "idle" once it has handled each (ipywidgets waits for that,
// as it waits for a kernel's idle status, before it sends the next update of a model).

import * as base from "@jupyter-widgets/base";
import * as controls from "@jupyter-widgets/controls";
import { ManagerBase } from "@jupyter-widgets/base-manager";
import { Widget } from "@lumino/widgets";
import anywidget from "anywidget";
import "@jupyter-widgets/base/css/index.css";
import "@jupyter-widgets/controls/css/widgets-base.css";
import "@jupyter-widgets/controls/css/labvariables.css";

const MODULES = {
  "@jupyter-widgets/base": base,
  "@jupyter-widgets/controls": controls,
  anywidget: anywidget(base),
};

/** The messages of one widget's comm, to and from the worker. */
class WorkerComm {
  constructor(host, commId, targetName) {
    this.host = host;
    this.comm_id = commId;
    this.target_name = targetName;
    this._onMsg = null;
    this._onClose = null;
  }
  on_msg(callback) { this._onMsg = callback; }
  on_close(callback) { this._onClose = callback; }
  send(data, callbacks, metadata, buffers) {
    return this.host.send({ type: "comm_msg", comm_id: this.comm_id, data }, buffers, callbacks);
  }
  close(data, callbacks) {
    return this.host.send({ type: "comm_close", comm_id: this.comm_id, data: data || {} }, [], callbacks);
  }
  open() { throw new Error("the page opens no comm: every widget is made by the learner's Python"); }
}

class PageManager extends ManagerBase {
  loadClass(className, moduleName, moduleVersion) {
    const module = MODULES[moduleName];
    if (module && module[className]) return Promise.resolve(module[className]);
    return Promise.reject(new Error(`no widget ${className} in ${moduleName}@${moduleVersion} on this page`));
  }
  _create_comm() {
    return Promise.reject(new Error("the page opens no comm: every widget is made by the learner's Python"));
  }
  _get_comm_info() { return Promise.resolve({}); }
}

/** The learner's Python in its worker, and the widgets it shows on this page. */
export class Host {
  constructor(workerUrl, place, say) {
    this.place = place;
    this.say = say;
    this.manager = new PageManager();
    this.comms = new Map();
    this.waiting = new Map();
    this.sent = 0;
    this.stopped = false;
    this.inbox = Promise.resolve();
    // started by the page's first script, as the page loaded (its messages kept meanwhile), else here
    const started = window.rulesdojoPython;
    this.worker = started ? started.worker : new Worker(workerUrl, { type: "module" });
    this.worker.onmessage = (event) => this.take(event.data);
    for (const message of started ? started.early.splice(0) : []) this.take(message);
    this.worker.onerror = (event) => this.stop("stopped", event.message || "no reason given");
    this.worker.onmessageerror = () => this.stop("unreadable");
  }

  send(message, buffers, callbacks) {
    if (this.stopped) return "";
    const id = `page-${++this.sent}`;
    if (callbacks) this.waiting.set(id, callbacks);
    const copies = (buffers || []).map((b) => new Uint8Array(b.buffer ? b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) : b));
    this.worker.postMessage({ ...message, msg_id: id, buffers: copies });
    return id;
  }

  /** Handle messages one after another, in the order sent: a widget's updates wait for its model. */
  take(message) {
    this.inbox = this.inbox.then(() => this.receive(message)).catch((error) => console.error(error));
  }

  async receive(message) {
    switch (message.type) {
      case "comm_open": {
        const comm = new WorkerComm(this, message.comm_id, message.target_name);
        this.comms.set(message.comm_id, comm);
        await this.manager.handle_comm_open(comm, {
          content: { comm_id: message.comm_id, target_name: message.target_name, data: message.data },
          metadata: message.metadata, buffers: message.buffers || [],
        });
        return;
      }
      case "comm_msg": {
        const comm = this.comms.get(message.comm_id);
        if (comm && comm._onMsg) {
          await comm._onMsg({ content: { comm_id: message.comm_id, data: message.data },
                              metadata: message.metadata, buffers: message.buffers || [] });
        }
        return;
      }
      case "comm_close": {
        const comm = this.comms.get(message.comm_id);
        this.comms.delete(message.comm_id);
        if (comm && comm._onClose) comm._onClose({ content: { comm_id: message.comm_id, data: message.data } });
        return;
      }
      case "idle": {
        const callbacks = this.waiting.get(message.msg_id);
        this.waiting.delete(message.msg_id);
        callbacks?.iopub?.status?.({ content: { execution_state: "idle" } });
        return;
      }
      case "display": {
        const model = await this.manager.get_model(message.model_id);
        const view = await this.manager.create_view(model);
        Widget.attach(view.luminoWidget, this.place);
        return;
      }
      case "timing":  // how long each step of the start took (in the worker), for the site's benchmark
        Object.assign((window.rulesdojoStart ??= {}), message.data);
        return;
      case "status":
        this.say(said(message.line));
        return;
      case "flushed":
        this.flushed?.();
        return;
      case "failed":
        this.stop(message.line, message.why);
        return;
      default:
        console.warn("a message this page doesn't know:", message.type);
    }
  }

  /** Have the worker write the kept results out (at most 3 s), then stop Python in this page. */
  async leave() {
    if (this.stopped) return;
    await new Promise((done) => {
      this.flushed = done;
      setTimeout(done, 3000);
      this.worker.postMessage({ type: "flush" });
    });
    this.stopped = true;
    this.worker.terminate();
    this.place.replaceChildren();  // the course's widgets no longer answer: they go
  }

  stop(line, why) {
    if (this.stopped) return;
    this.stopped = true;
    this.worker.terminate();
    this.say(`${said(line, why)} ${said("again")}`, true);
  }
}

/** A line of what the page says of Python, in the page's language: the shown practice note carries
 * them (rulesdojo.site.pages.python_lines); ``why`` is the browser's own account. */
function said(line, why = "") {
  const notes = [...document.querySelectorAll(".rulesdojo-practice-note")];
  const note = notes.find((n) => n.lang === document.documentElement.lang) || notes.find((n) => n.lang === "en");
  const key = "python" + line.replace(/(^|-)(\w)/g, (_, dash, c) => c.toUpperCase());
  return (note?.dataset[key] ?? line).replace("{why}", why);
}

const COURSE_LOCK = "rulesdojo-course";  // the page's first script asks for it (rulesdojo.site.pages)

/** Say at the top of the page that the course is open in another tab (``which``: "opened" or "moved"),
 * in the page's language, with the button that moves it here. */
function elsewhere(which) {
  const notes = [...document.querySelectorAll(".rulesdojo-elsewhere")];
  const note = notes.find((n) => n.lang === document.documentElement.lang) || notes.find((n) => n.lang === "en");
  if (!note) return;
  notes.forEach((n) => { n.hidden = n !== note; });
  note.querySelector("p").textContent = note.dataset[which];
  document.querySelectorAll(".rulesdojo-starting").forEach((line) => { line.textContent = note.dataset[which]; });
  const button = note.querySelector("button");
  button.disabled = false;
  button.onclick = () => {
    button.disabled = true;
    useHere();
  };
  button.focus();
}

/** Ask the tab that has the course to let it go, then open it here: the page starts again, and its
 * Python reads what the other tab kept. A tab that doesn't let go within 5 s (stopped, or asleep)
 * has it taken. */
function useHere() {
  const open = () => { location.reload(); return new Promise(() => {}); };  // held until this page goes
  new BroadcastChannel(COURSE_LOCK).postMessage("take");
  navigator.locks.request(COURSE_LOCK, { signal: AbortSignal.timeout(5000) }, open)
    .catch(() => navigator.locks.request(COURSE_LOCK, { steal: true }, open));
}

/** Let the course go to another tab that asks for it: what this one kept is written out first. */
function keepTab(host) {
  if (!window.BroadcastChannel) return;
  new BroadcastChannel(COURSE_LOCK).onmessage = async (event) => {
    if (event.data !== "take" || host.stopped) return;
    await host.leave();
    window.rulesdojoRelease?.();
    elsewhere("moved");
  };
}

/** Start the learner's Python; say how far it is in the map's status line, and a stop on top of the page. */
export async function start() {
  const place = document.getElementById("rulesdojo-app");
  const say = (text, stopped) => {
    if (stopped) {
      const alert = document.getElementById("rulesdojo-stopped");
      alert.textContent = text;
      alert.hidden = false;
      document.querySelectorAll(".rulesdojo-starting").forEach((line) => { line.textContent = said("see-top"); });
      return;
    }
    document.querySelectorAll(".rulesdojo-starting").forEach((line) => { line.textContent = text; });
  };
  if (!(await (window.rulesdojoTab ?? true))) {
    elsewhere("opened");
    return null;
  }
  const host = new Host(new URL("worker.js", import.meta.url), place, say);
  keepTab(host);
  return host;
}

start();
