// The learner's Python, in a web worker: Pyodide from the site's own files, the kit's wheel and what
// it needs (listed in the site's pyodide-lock.json), then the course app, whose widgets the page draws.
// The Python side of the messages is rulesdojo.site.in_browser.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const post = (message) => self.postMessage(message);
// What went wrong in the browser's own words; the page says the rest in the learner's (page.js).
const failed = (why) => post({ type: "failed", line: "cannot-start", why });

// Pyodide waits for ever when its runtime can't be fetched (a connection lost as the page starts):
// a file of the site that can't be fetched while Python starts is said at once.
const fetchFile = self.fetch.bind(self);
let starting = true;
self.fetch = (resource, ...rest) => fetchFile(resource, ...rest).then((response) => {
  if (starting && !response.ok) failed(`${String(resource).split("/").pop()} answered ${response.status}`);
  return response;
}, (error) => {
  if (starting) failed(`${String(resource).split("/").pop()} couldn't be fetched: is the connection lost?`);
  throw error;
});
let host = null;
let pyodide = null;
let ready = false;  // the page's messages wait until the course and what its places need are loaded
const pending = [];
// The kit's packages that the course map doesn't need (the file formats of lessons and questions):
// loaded once the map is shown, before the page's first message is handled. The site's lock leaves
// them out of the kit's own dependencies (rulesdojo.site.wheels.LATER).
const LATER = ["pydantic"];

const handle = (message) => {
  try {
    const { buffers, ...fields } = message;
    host.receive(message.type, JSON.stringify(fields), buffers || []);
  } finally {
    post({ type: "idle", msg_id: message.msg_id });
  }
};

// The page asks before it lets another tab have the course: the results kept in the browser's storage
// are written out now, whatever the storage's own timing.
const flush = () => {
  if (!pyodide) { post({ type: "flushed" }); return; }
  pyodide.FS.syncfs(false, (error) => {
    if (error) console.warn("writing the results out failed:", error);
    post({ type: "flushed" });
  });
};

self.onmessage = (event) => {
  if (event.data && event.data.type === "flush") flush();
  else if (ready) handle(event.data);
  else pending.push(event.data);
};

(async () => {
  try {
    const began = performance.now();
    pyodide = await loadPyodide({
      indexURL: new URL("./pyodide/", import.meta.url).href,
      packages: ["rulesdojo"],
      stdout: (line) => console.log(line),
      stderr: (line) => console.warn(line),
    });
    post({ type: "timing", data: { "Pyodide and the wheels loaded": Math.round(performance.now() - began) } });
    post({ type: "status", line: "ready" });
    const inBrowser = pyodide.pyimport("rulesdojo.site.in_browser");
    host = await inBrowser.start((kind, text, buffers) => post({ ...JSON.parse(text), type: kind, buffers: buffers.toJs() }));
    await pyodide.loadPackage(LATER, { messageCallback: () => {} });
    starting = false;
    ready = true;
    pending.splice(0).forEach(handle);
    inBrowser.warm_up();
  } catch (error) {
    console.error(error);
    failed(String(error.message || error).split("\n").filter(Boolean).pop());
  }
})();
