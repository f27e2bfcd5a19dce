// Order simultaneous triggers: drag and drop, or keyboard (arrow keys move the focused item).
// What the top of the list means (and the note on its first item) comes from the kernel, and so does
// every other word it shows, in the learner's language: `say` holds them, each a template whose
// {placeholders} are filled here.
const fill = (template, values) => template.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "rd-order";
  const help = document.createElement("p");
  help.id = `rd-order-help-${Math.random().toString(36).slice(2)}`;
  help.className = "rd-order-help";
  // A list of items, each a place the focus can be with its own Up/Down buttons: not a listbox, whose
  // options may hold no controls of their own (axe's nested-interactive).
  const list = document.createElement("ol");
  list.setAttribute("aria-describedby", help.id);
  function words() {
    help.textContent = `${model.get("help")} ${model.get("say").how}`;
    list.setAttribute("aria-label", model.get("label"));
  }
  words();
  const live = document.createElement("div");
  live.setAttribute("aria-live", "polite");
  live.className = "rd-order-live";
  root.append(help, list, live);
  el.append(root);

  let dragged = null;
  // The kernel's focus() (the decision an action opened) lands on the first item, unless the learner is
  // in the list already: the request comes after the action's answer, and a learner quicker than that
  // had the item they were moving taken from under their keys.
  model.on("msg:custom", (msg) => {
    if (msg && msg.do === "focus" && !list.contains(document.activeElement)) list.children[0]?.focus();
  });

  function labels() {
    const byId = new Map(model.get("items").map((it) => [it.id, it.label]));
    return model.get("order").map((id) => ({ id, label: byId.get(id) ?? String(id) }));
  }

  function move(from, to, focus) {
    const order = [...model.get("order")];
    if (to < 0 || to >= order.length || from === to) return;
    const [id] = order.splice(from, 1);
    order.splice(to, 0, id);
    // The item keeps the focus at once (draw() below), not a frame later: a second Alt+Up pressed
    // before that frame found nothing focused and was lost, as it was on a busy machine.
    keep = focus ? id : null;
    model.set("order", order);
    // Sent as a message of its own, not as a state update: ipywidgets holds a model's next update until
    // the kernel has finished its last, while a click on "Put them on the stack" goes at once, so a
    // confirm right after quick moves reached the kernel before the last move and confirmed an older
    // order. Messages go in the order they are sent, the click after the move.
    model.send({ order });
    keep = null;
    const moved = labels()[to];
    live.textContent = fill(model.get("say").moved, { item: moved.label, n: to + 1, total: order.length });
  }

  let keep = null; // the id of the item that is to have the focus after the next draw
  function draw() {
    // The list is drawn anew: the focus stays on the item it was on (or was moved), whatever redrew it.
    const inside = list.contains(document.activeElement) ? document.activeElement.closest("li") : null;
    const focused = keep !== null ? String(keep) : inside ? inside.dataset.id : null;
    list.replaceChildren();
    const items = labels();
    items.forEach((it, i) => {
      const li = document.createElement("li");
      li.tabIndex = 0;
      li.draggable = true;
      li.className = "rd-order-item";
      li.dataset.id = String(it.id);
      const note = i === 0 ? model.get("first_note") : "";
      const last = i === items.length - 1;
      const say = model.get("say");
      const place = { n: i + 1, total: items.length, item: it.label, note };
      li.setAttribute("aria-label", fill(note ? say.place_noted : say.place, place));
      const text = document.createElement("span");
      text.textContent = note ? fill(say.noted, place) : it.label;
      const up = document.createElement("button");
      up.type = "button";
      up.textContent = say.up;
      up.setAttribute("aria-label", fill(say.move_up, place));
      up.disabled = i === 0;
      up.addEventListener("click", () => move(i, i - 1, true));
      const down = document.createElement("button");
      down.type = "button";
      down.textContent = say.down;
      down.setAttribute("aria-label", fill(say.move_down, place));
      down.disabled = last;
      down.addEventListener("click", () => move(i, i + 1, true));
      li.append(text, up, down);
      li.addEventListener("keydown", (ev) => {
        if (ev.target !== li) return;
        if (ev.altKey && ev.key === "ArrowUp") { ev.preventDefault(); move(i, i - 1, true); }
        else if (ev.altKey && ev.key === "ArrowDown") { ev.preventDefault(); move(i, i + 1, true); }
        else if (ev.key === "ArrowUp") { ev.preventDefault(); list.children[i - 1]?.focus(); }
        else if (ev.key === "ArrowDown") { ev.preventDefault(); list.children[i + 1]?.focus(); }
      });
      li.addEventListener("dragstart", (ev) => {
        dragged = i;
        ev.dataTransfer.effectAllowed = "move";
        ev.dataTransfer.setData("text/plain", String(it.id));
      });
      li.addEventListener("dragover", (ev) => { ev.preventDefault(); li.classList.add("rd-over"); });
      li.addEventListener("dragleave", () => li.classList.remove("rd-over"));
      li.addEventListener("drop", (ev) => {
        ev.preventDefault();
        li.classList.remove("rd-over");
        if (dragged !== null) move(dragged, i, false);
        dragged = null;
      });
      list.append(li);
    });
    if (focused !== null) [...list.children].find((li) => li.dataset.id === focused)?.focus();
  }

  // New items are a new question or a new choice: what was said about the last one goes.
  function fresh() { live.textContent = ""; draw(); }
  model.on("change:order", draw);
  model.on("change:items", fresh);
  model.on("change:help", words);
  model.on("change:label", words);
  model.on("change:say", words);
  draw();
  return () => {
    model.off("change:order", draw);
    model.off("change:items", fresh);
    model.off("change:help", words);
    model.off("change:label", words);
    model.off("change:say", words);
  };
}

export default { render };
