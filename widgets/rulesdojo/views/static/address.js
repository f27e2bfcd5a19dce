// The course page's address: the URL's hash ("#/lesson/7/every-land") and the kernel's place agree.
// Back, forward and a typed or followed link change the hash: the kernel is told. The kernel moving
// the learner (a Continue button, an address that named no place) changes the hash: the browser keeps
// the step in its history. Draws one line, read out when the place changes, in its own element.
// Holds the page's language switch too (a labelled select; its words come from the kernel): tells the
// kernel the browser's languages and the learner's pick, and sets the document's lang.

const PREFIX = "#/";

function hashAddress() {
  const hash = window.location.hash;
  if (!hash.startsWith(PREFIX)) return "";
  try {
    return decodeURIComponent(hash.slice(PREFIX.length));
  } catch (_) {
    return hash.slice(PREFIX.length); // a malformed escape: the kernel says it names no place
  }
}

const inView = (el) => {
  const box = el.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight;
};

const WAIT_MS = 5000; // a place is drawn after the move; give up focusing and scrolling after this

// Once the place is drawn: the focus on its heading (so the keyboard and a screen reader carry on
// from there, not from a link now hidden), and the part asked for, else the top, into view.
function arrive(headingId, partId) {
  const started = performance.now();
  const shown = (id) => {
    const el = id ? document.getElementById(id) : null;
    return el && el.getClientRects().length ? el : null;
  };
  const look = () => {
    const heading = shown(headingId);
    const part = shown(partId);
    if ((heading || !headingId) && (part || !partId)) {
      if (heading) heading.focus({ preventScroll: true });
      // Into view by the element, not by the window: a page may scroll in a box of its own. A heading
      // already in view stays where it is, with what the page shows above it (the static site's note).
      if (part) part.scrollIntoView({ block: "start" });
      else if (heading && !inView(heading)) heading.scrollIntoView({ block: "start" });
      else if (!heading) window.scrollTo(0, 0);
    } else if (performance.now() - started < WAIT_MS) {
      requestAnimationFrame(look);
    }
  };
  requestAnimationFrame(look);
}

let switches = 0; // each switch's select gets an id of its own, for its label

// The language switch: a select labelled for screen readers, each language in its own name.
function languageSwitch(model) {
  const box = document.createElement("div");
  box.className = "rd-language";
  const label = document.createElement("label");
  const select = document.createElement("select");
  select.id = `rd-language-${++switches}`;
  label.htmlFor = select.id;
  box.append(label, select);
  const draw = () => {
    label.textContent = model.get("language_label");
    const languages = model.get("languages") || [];
    select.replaceChildren(...languages.map(([code, name]) => {
      const option = document.createElement("option");
      option.value = code;
      option.lang = code;
      option.textContent = name;
      return option;
    }));
    select.value = model.get("language");
    box.hidden = languages.length < 2;
    document.documentElement.lang = model.get("language");
  };
  select.addEventListener("change", () => {
    model.set("picked", select.value);
    model.save_changes();
    // Kept in the page's own storage too: the static site's map, drawn before Python runs, reads it.
    try { localStorage.setItem("rulesdojo-language", select.value); } catch (_) { /* storage refused */ }
  });
  for (const name of ["language", "languages", "language_label"]) model.on(`change:${name}`, draw);
  draw();
  return box;
}

function tellLanguages(model) {
  const wanted = (navigator.languages && navigator.languages.length ? navigator.languages
    : [navigator.language || ""]).join(",");
  if (wanted && model.get("browser_languages") !== wanted) {
    model.set("browser_languages", wanted);
    model.save_changes();
  }
}

function render({ model, el }) {
  el.append(languageSwitch(model));
  tellLanguages(model);
  const said = document.createElement("p");
  said.className = "rd-address-said"; // read out, not drawn (base.css)
  said.setAttribute("role", "status");
  const notice = document.createElement("p");
  notice.className = "rd-address-notice rd-note";
  notice.setAttribute("role", "alert");
  notice.hidden = true;
  el.append(said, notice);

  const tell = () => {
    const here = hashAddress();
    if (here !== model.get("address")) {
      model.set("address", here);
      model.save_changes();
    }
  };
  const follow = () => {
    const address = model.get("address");
    if (hashAddress() !== address) {
      // The map's address is "#/": the hash stays, so the page doesn't jump to its top by itself.
      window.location.hash = PREFIX + address;
    }
    const title = model.get("title");
    if (title) document.title = title;
    said.textContent = model.get("said");
    notice.textContent = model.get("notice");
    notice.hidden = !model.get("notice");
    arrive(model.get("focus_to"), model.get("scroll_to"));
  };
  window.addEventListener("hashchange", tell);
  model.on("change:step", follow); // the kernel has moved the learner (its step counts the moves)
  tell(); // a deep link or a reload: the hash the page opened with
  if (model.get("step") && hashAddress() === model.get("address")) follow();
  return () => window.removeEventListener("hashchange", tell);
}

export default { render };
