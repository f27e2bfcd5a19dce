// Draw a view's content from data: every node is built with element APIs, every text is a text node.
// A node is a string (text), ["sym", "E"] (a symbol), ["cite", "405.5"] (a rule named in the text),
// ["rule", "603.3b"] (a message's rule tag), ["ruling", name, nodes] (a ruling's name that shows its
// text on focus, hover and tap) or [tag, {attributes}, ...children] for the tags and attributes below;
// anything else is shown as text. The only markup parsed is the shipped symbol SVGs (symbols.js).
import { symbolMaker } from "./symbols.js";

const TAGS = new Set(["a", "b", "br", "caption", "code", "dd", "details", "div", "dl", "dt", "em", "h1", "h2",
  "h3", "h4", "i", "kbd", "li", "meter", "nav", "ol", "p", "section", "span", "strong", "summary", "table",
  "tbody", "td", "th", "thead", "tr", "ul"]);
const ATTRIBUTE = /^(class|role|id|lang|scope|colspan|rowspan|open|title|href|tabindex|reversed|min|max|value|aria-[a-z]+|data-[a-z-]+)$/;
const SAFE_HREF = /^(https?:|mailto:|[^:]*$)/i; // a relative link, or the web's own schemes

let uid = 0;

// The page-level switch "Show rule numbers": kept in this browser, told to every module by a window
// event (this tab) or a storage event (another tab); each module applies it to its own element.
const RULES_KEY = "rd-show-rules";
const RULES_EVENT = "rd-show-rules";
let rulesFallback = false; // where the browser keeps no storage (a private window may refuse it)

export function rulesShown() {
  try { return localStorage.getItem(RULES_KEY) === "1"; } catch { return rulesFallback; }
}

export function showRules(on) {
  rulesFallback = on;
  try { localStorage.setItem(RULES_KEY, on ? "1" : "0"); } catch { /* kept for this page only */ }
  window.dispatchEvent(new CustomEvent(RULES_EVENT, { detail: on }));
}

// Call apply(shown) now and whenever the switch changes; return the cleanup.
export function followRules(apply) {
  const now = () => apply(rulesShown());
  const stored = (ev) => { if (ev.key === RULES_KEY) now(); };
  window.addEventListener(RULES_EVENT, now);
  window.addEventListener("storage", stored);
  now();
  return () => { window.removeEventListener(RULES_EVENT, now); window.removeEventListener("storage", stored); };
}

export function builder(model) {
  const symbol = symbolMaker(model);

  function ruling(name, text) {
    const id = `rd-ruling-${++uid}`;
    const tip = el("span", "rd-ruling-text");
    tip.id = id;
    tip.setAttribute("role", "tooltip");
    tip.append(...text.map(build));
    const node = el("span", "rd-ruling", name);
    node.tabIndex = 0;
    node.setAttribute("aria-describedby", id);
    node.addEventListener("click", () => node.classList.toggle("rd-open")); // a tap, where there is no hover
    node.addEventListener("keydown", (ev) => { if (ev.key === "Escape") node.blur(); });
    node.append(tip);
    return node;
  }

  function build(node) {
    if (typeof node === "string" || typeof node === "number") return document.createTextNode(String(node));
    if (!Array.isArray(node) || typeof node[0] !== "string") return document.createTextNode(JSON.stringify(node));
    const [tag, ...rest] = node;
    if (tag === "sym") return symbol(String(rest[0]));
    if (tag === "cite") return el("span", "rd-cite", `CR ${rest[0]}`);
    if (tag === "rule") return el("span", "rd-rule", /^\d/.test(rest[0]) ? `CR ${rest[0]}` : String(rest[0]));
    if (tag === "ruling") return ruling(String(rest[0]), rest[1] || []);
    if (!TAGS.has(tag)) return document.createTextNode(rest.filter((x) => typeof x === "string").join(""));
    const out = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes(node) || {})) {
      if (!ATTRIBUTE.test(name) || (name === "href" && !SAFE_HREF.test(String(value)))) continue;
      if (value === true) out.setAttribute(name, "");
      else if (value !== false && value !== null) out.setAttribute(name, String(value));
    }
    out.append(...children(node).map(build));
    return out;
  }
  return build;
}

export function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

// A link to a part of a page ("lesson.ipynb#part-get-and-pay") names an element that a widget draws
// after the page has loaded, too late for the browser to scroll to it: the view that draws it does.
let arrived = false;

function scrollToTarget(root) {
  const id = decodeURIComponent(location.hash.slice(1));
  const target = !arrived && id ? root.querySelector(`[id="${CSS.escape(id)}"]`) : null;
  if (target) {
    arrived = true;
    requestAnimationFrame(() => target.scrollIntoView({ block: "start" }));
  }
}

// Make parent's children show nodes, keeping each shown node whose data hasn't changed and, for an
// element whose tag and attributes haven't, the element itself with its children kept the same way:
// a new log line is one new <li>, not a rebuilt list, and a kept node keeps the focus or an open
// tooltip. shown: what parent shows now, [{n, node}]; returns the same for nodes. A node's data is
// written out as text only once it is compared, so a first draw costs what building it costs.
function reconcile(parent, shown, nodes, build) {
  const unused = new Map();
  for (const s of shown) {
    const data = dataOf(s);
    if (!unused.has(data)) unused.set(data, []);
    unused.get(data).push(s);
  }
  const next = nodes.map((n) => {
    if (!unused.size) return { n, node: null };
    const data = JSON.stringify(n);
    const same = unused.get(data);
    return same && same.length ? same.shift() : { data, n, node: null };
  });
  const left = [...unused.values()].flat();
  for (const k of next) {
    if (k.node) continue;
    const tag = left.length ? head(k.n) : null;
    const like = tag === null ? -1 : left.findIndex((s) => head(s.n) === tag);
    if (like >= 0) { // the same element with other children
      const [s] = left.splice(like, 1);
      k.node = s.node;
      k.kids = reconcile(s.node, kids(s), children(k.n), build);
    } else {
      k.node = build(k.n);
    }
  }
  for (const s of left) s.node.remove();
  next.forEach((k, i) => { if (parent.childNodes[i] !== k.node) parent.insertBefore(k.node, parent.childNodes[i] || null); });
  return next;
}

function dataOf(s) {
  if (s.data === undefined) s.data = JSON.stringify(s.n);
  return s.data;
}

// An element node's tag and attributes, as text; null for text, a symbol, a rule or a ruling.
function head(n) {
  return Array.isArray(n) && TAGS.has(n[0]) ? JSON.stringify([n[0], attributes(n)]) : null;
}

function attributes(n) {
  return n[1] && !Array.isArray(n[1]) && typeof n[1] === "object" ? n[1] : null;
}

function children(n) {
  return n.slice(attributes(n) ? 2 : 1);
}

// What a shown element's children are (build made one DOM node for each of its child nodes).
function kids(s) {
  if (!s.kids) s.kids = children(s.n).map((n, i) => ({ n, node: s.node.childNodes[i] }));
  return s.kids;
}

function render({ model, el: host }) {
  const build = builder(model);
  const root = el("div", "rd-dom");
  host.append(root);
  const rules = (on) => root.querySelectorAll("details.rd-rules").forEach((d) => { d.open = on; });
  let shown = [];
  const draw = () => { shown = reconcile(root, shown, model.get("content"), build); rules(rulesShown()); };
  const redraw = () => { root.replaceChildren(); shown = []; draw(); };
  model.on("change:content", draw);
  model.on("change:symbols", redraw); // a symbol new to this view arrives beside the content that uses it
  draw();
  scrollToTarget(root);
  const unfollow = followRules(rules);
  return () => { model.off("change:content", draw); model.off("change:symbols", redraw); unfollow(); };
}

export default { render };
