// The table in zones, as at a game: the opponents' sides above, the learner's below (the kernel sends
// the learner's side last). Creatures, other permanents and lands in their own rows, lands that read
// alike stacked with a count ("Forest ×3"), the hand as a row of cards; every card with its full
// Oracle text in a frame of its colors. Built with element APIs and text nodes only (dom.js's builder
// draws the game's text); the one markup parsed is the shipped symbol SVGs (symbols.js).
// One tab stop per card or stack (its name button); Enter, Space or ArrowDown opens its actions, a menu
// with arrow keys, Escape closes it. After an action the focus stays on the card or stack, or follows
// the card to where it went (a moved card is a new object with a new id, CR 400.7), else goes to the
// first card: never to the page body.
import { builder, el } from "./dom.js";

// Every word the table shows comes from the kernel in the learner's language: the zones' names and
// marks in `labels`, a side's and a card's own words in their `say`.
const OPPONENT_ZONES = ["hand", "lands", "others", "creatures"];
const LEARNER_ZONES = ["creatures", "others", "lands", "hand"];
let uid = 0;

function render({ model, el: host }) {
  const build = builder(model);
  const root = el("div", "rd-table");
  host.append(root);
  let open = null; // the key of the card whose menu is open
  let acted = null; // the card acted on: its key and name, and every id then on the table

  const text = (nodes, tag = "span", cls = "") => {
    const node = el(tag, cls);
    node.append(...nodes.map(build));
    return node;
  };
  const ids = (card) => card.ids || [card.id];
  // A card is known by its id; a stack by what its lands share, which stays while lands join or leave it.
  const keyOf = (side, zone, card) => (card.count
    ? JSON.stringify([side.name, zone, card.name, card.tapped, card.state]) : String(card.id));
  const cardsOf = (players) => players.flatMap((p) => LEARNER_ZONES.flatMap((zone) => p[zone]));
  const keysOf = (players) => new Set(players.flatMap((p) => LEARNER_ZONES.flatMap((zone) =>
    p[zone].map((card) => keyOf(p, zone, card)))));

  function closeMenu(focusCard) {
    const key = open;
    open = null;
    draw();
    if (focusCard && key !== null) nameButton(key)?.focus();
  }

  function menu(card, key, button) {
    const list = el("ul", "rd-menu");
    list.setAttribute("role", "menu");
    list.id = `rd-menu-${++uid}`;
    list.setAttribute("aria-label", card.say.menu);
    button.setAttribute("aria-controls", list.id);
    const items = [];
    for (const action of card.actions) {
      const item = text(action.label, "li", "rd-menu-item");
      item.addEventListener("click", () => {
        acted = { key, name: card.name, all: new Set(cardsOf(model.get("players")).flatMap(ids)) };
        model.send({ do: action.key });
        closeMenu(true);
      });
      items.push(item);
    }
    if (!items.length) {
      const why = card.why_not ? card.why_not.text : [card.say.none];
      const item = text(why, "li", "rd-menu-item rd-why-not");
      item.setAttribute("aria-disabled", "true");
      items.push(item);
    }
    for (const item of items) { item.setAttribute("role", "menuitem"); item.tabIndex = -1; }
    list.addEventListener("keydown", (ev) => {
      const at = items.indexOf(document.activeElement);
      if (ev.key === "ArrowDown") items[(at + 1) % items.length].focus();
      else if (ev.key === "ArrowUp") items[(at - 1 + items.length) % items.length].focus();
      else if (ev.key === "Home") items[0].focus();
      else if (ev.key === "End") items[items.length - 1].focus();
      else if (ev.key === "Escape" || ev.key === "Tab") {
        if (ev.key === "Escape") ev.preventDefault();
        closeMenu(ev.key === "Escape");
        return;
      } else if (ev.key === "Enter" || ev.key === " ") { if (at >= 0) items[at].click(); }
      else return;
      ev.preventDefault();
    });
    list.append(...items);
    return list;
  }

  function frameClasses(card) {
    const cls = ["rd-card", `rd-frame-${card.frame}`];
    if (card.frame === "land") cls.push(`rd-mana-${card.colors.length > 1 ? "multi" : card.colors[0] || "C"}`);
    if (card.tapped) cls.push("rd-tapped");
    if (card.wide) cls.push("rd-wide");
    return cls.join(" ");
  }

  function cardNode(side, zone, card) {
    const key = keyOf(side, zone, card);
    const node = el("li", frameClasses(card));
    node.dataset.card = key;
    node.dataset.ids = ids(card).join(" ");
    const readonly = model.get("readonly");
    const head = el("div", "rd-card-head");
    const name = el(readonly ? "strong" : "button", "rd-card-name", card.say.name);
    head.append(name);
    const described = [];
    const stacked = card.count > 1; // one land alone reads as any card: no "×1"
    if (stacked) {
      const count = el("span", "rd-count", card.counted);
      count.id = `rd-count-${++uid}`;
      described.push(count.id);
      head.append(count);
    }
    if (card.cost.length) head.append(text(card.cost, "span", "rd-cost"));
    const body = el("div", "rd-card-body");
    body.id = `rd-card-text-${++uid}`;
    described.push(body.id);
    const type = el("div", "rd-type", card.type_line);
    if (card.pt) {
      const pt = el("span", card.pt_why.length ? "rd-pt rd-changed" : "rd-pt", card.pt);
      if (card.pt_why.length) pt.append(card.say.printed);
      type.append(" · ", pt);
    }
    body.append(type);
    if (card.pt_why.length) body.append(el("div", "rd-why", card.say.changed));
    const state = stacked ? card.state_untapped : card.state; // a stack says it in its count
    if (state.length) {
      const badges = el("ul", "rd-badges");
      badges.setAttribute("aria-label", model.get("labels").state);
      for (const s of state) badges.append(el("li", "rd-badge", s));
      body.append(badges);
    }
    const oracle = el("div", "rd-oracle");
    const shown = card.printed.length ? card.printed : card.oracle;
    for (const para of shown) oracle.append(text(para, "p"));
    if (!card.english && !card.printed.length) oracle.lang = "en"; // no printed text: the Oracle's, marked
    body.append(oracle);
    if (!card.english) body.append(englishOracle(card));
    node.append(head, body);
    if (readonly) return node;
    name.type = "button";
    name.setAttribute("aria-haspopup", "menu");
    name.setAttribute("aria-expanded", String(open === key));
    name.setAttribute("aria-describedby", described.join(" "));
    name.addEventListener("click", () => {
      if (open === key) { closeMenu(true); return; }
      open = key;
      draw();
      root.querySelector(`[data-card="${CSS.escape(key)}"] [role="menuitem"]`)?.focus();
    });
    name.addEventListener("keydown", (ev) => {
      if (ev.key === "ArrowDown" && open !== key) { ev.preventDefault(); name.click(); }
    });
    if (open === key) node.append(menu(card, key, name));
    return node;
  }

  // In another language the English Oracle name and text stay one tap away: the judge's reference.
  function englishOracle(card) {
    const box = el("details", "rd-oracle-en");
    box.lang = "en";
    const summary = el("summary", "", model.get("labels").oracle);
    summary.lang = "";
    box.append(summary, el("strong", "", card.name));
    for (const para of card.oracle) box.append(text(para, "p"));
    return box;
  }

  function zoneNode(side, zone) {
    const box = el("section", `rd-zone rd-zone-${zone}`);
    const caption = el("h4", "rd-zone-name", model.get("labels")[zone]);
    caption.id = `rd-zone-${++uid}`;
    const list = el("ul", "rd-cards");
    list.setAttribute("aria-labelledby", caption.id);
    list.append(...side[zone].map((card) => cardNode(side, zone, card)));
    box.append(caption, list);
    return box;
  }

  function sideNode(p) {
    const box = el("section", p.learner ? "rd-side rd-learner" : "rd-side rd-opponent");
    box.setAttribute("aria-label", p.say.side);
    const head = el("div", "rd-side-head");
    head.append(el("h3", "rd-player", p.name));
    const facts = el("span", "rd-facts", p.say.facts);
    if (p.choosing || p.priority) facts.classList.add("rd-deciding");
    const pool = el("span", "rd-pool", `${p.say.pool} `);
    pool.append(p.pool.length ? text(p.pool) : p.say.empty);
    const energy = el("span", "rd-energy");
    energy.setAttribute("role", "status");
    energy.setAttribute("aria-label", p.say.energy);
    for (let i = 0; i < Math.min(p.energy, 12); i++) energy.append(build(["sym", "E"]));
    energy.append(el("span", "rd-big", String(p.energy)), ` ${p.say.energy_word}`);
    head.append(facts, energy, pool, el("span", "rd-zone-counts", p.say.counts));
    box.append(head);
    const zones = (p.learner ? LEARNER_ZONES : OPPONENT_ZONES).filter((zone) => p[zone].length);
    if (zones.length) {
      const rows = el("div", "rd-zones");
      rows.append(...zones.map((zone) => zoneNode(p, zone)));
      box.append(rows);
    }
    return box;
  }

  const nameButton = (key) => root.querySelector(`[data-card="${CSS.escape(key)}"] .rd-card-name`);
  const holding = (id) => [...root.querySelectorAll("[data-ids]")]
    .find((node) => node.dataset.ids.split(" ").includes(String(id)))?.querySelector(".rd-card-name");
  const firstCard = () => root.querySelector("button.rd-card-name");

  // The same card or stack; else the one now holding a card it held (a tapped land joins the tapped
  // stack); else, after an action, the card of that name new to the table (it moved zones); else the first.
  function refocus(key, held) {
    let target = nameButton(key) || held.map(holding).find(Boolean);
    if (!target && acted && acted.key === key) {
      const moved = cardsOf(model.get("players")).filter((c) => c.name === acted.name).flatMap(ids)
        .find((id) => !acted.all.has(id));
      if (moved !== undefined) target = holding(moved);
    }
    (target || firstCard())?.focus();
  }

  function draw() {
    const focused = document.activeElement;
    const card = root.contains(focused) ? focused.closest("[data-card]") : null;
    const players = model.get("players");
    if (open !== null && !keysOf(players).has(open)) open = null;
    root.replaceChildren(...players.map(sideNode));
    if (card && !root.contains(document.activeElement)) refocus(card.dataset.card, card.dataset.ids.split(" "));
  }

  // The kernel asks for the focus when the control acted on is gone and no decision opened.
  function message(msg) {
    if (msg && msg.focus === "first" && !root.contains(document.activeElement)) firstCard()?.focus();
  }

  model.on("change:players", draw);
  model.on("change:readonly", draw);
  model.on("change:labels", draw);
  model.on("msg:custom", message);
  draw();
  return () => {
    model.off("change:players", draw); model.off("change:readonly", draw); model.off("change:labels", draw);
    model.off("msg:custom", message);
  };
}

export default { render };
