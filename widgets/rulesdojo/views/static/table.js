// The table: each player's side, their permanents and hand as cards with full Oracle text.
// Built with element APIs and textContent only; the one markup parsed is the shipped symbol SVGs
// (symbolMaker, from symbols.js, which the kernel puts in front of this module).
// One tab stop per card (its name button); Enter or Space opens its actions, a menu with arrow keys.
// After an action the focus stays on the card, or follows it to the zone it moved to (a moved card is
// a new object with a new id, CR 400.7), else goes to the first card: never to the page body.

let uid = 0;

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function render({ model, el: host }) {
  const symbol = symbolMaker(model);
  const root = el("div", "rd-table");
  host.append(root);
  let open = null; // id of the card whose menu is open
  let acted = null; // the card whose action was taken: its id, its name and the ids then on the table

  // Game text arrives split by the kernel: ["text", s], ["sym", "E"], ["rule", "603.3b"].
  function gameText(parts, tag = "span", cls = "") {
    const node = el(tag, cls);
    for (const [kind, value] of parts) {
      if (kind === "sym") node.append(symbol(value));
      else if (kind === "rule") node.append(el("span", "rd-rule", `CR ${value}`));
      else node.append(document.createTextNode(value));
    }
    return node;
  }

  function closeMenu(focusCard) {
    const id = open;
    open = null;
    draw();
    if (focusCard && id !== null) root.querySelector(`[data-card="${id}"] .rd-card-name`)?.focus();
  }

  function menu(card, nameButton) {
    const list = el("ul", "rd-menu");
    list.setAttribute("role", "menu");
    list.id = `rd-menu-${++uid}`;
    list.setAttribute("aria-label", `What you can do with ${card.name}`);
    nameButton.setAttribute("aria-controls", list.id);
    const items = [];
    if (card.actions.length) {
      for (const action of card.actions) {
        const item = gameText(action.label, "li", "rd-menu-item");
        item.setAttribute("role", "menuitem");
        item.tabIndex = -1;
        item.addEventListener("click", () => {
          acted = { id: card.id, name: card.name, ids: new Set(cardsOf(model.get("players")).map((c) => c.id)) };
          model.send({ do: action.key });
          closeMenu(true);
        });
        items.push(item);
      }
    } else {
      const why = card.why_not ? card.why_not.text : [["text", `${card.name} has no action to take right now.`]];
      const item = gameText(why, "li", "rd-menu-item rd-why-not");
      item.setAttribute("role", "menuitem");
      item.setAttribute("aria-disabled", "true");
      item.tabIndex = -1;
      items.push(item);
    }
    list.addEventListener("keydown", (ev) => {
      const at = items.indexOf(document.activeElement);
      if (ev.key === "ArrowDown") items[(at + 1) % items.length].focus();
      else if (ev.key === "ArrowUp") items[(at - 1 + items.length) % items.length].focus();
      else if (ev.key === "Home") items[0].focus();
      else if (ev.key === "End") items[items.length - 1].focus();
      else if (ev.key === "Escape" || ev.key === "Tab") { if (ev.key === "Escape") ev.preventDefault(); closeMenu(ev.key === "Escape"); return; }
      else if (ev.key === "Enter" || ev.key === " ") { if (at >= 0) items[at].click(); }
      else return;
      ev.preventDefault();
    });
    list.append(...items);
    return [list, items];
  }

  function cardNode(card, where) {
    const node = el("li", card.tapped ? "rd-card rd-tapped" : "rd-card");
    node.dataset.card = String(card.id);
    const textId = `rd-card-text-${++uid}`;
    const head = el("div", "rd-card-head");
    const readonly = model.get("readonly");
    const name = el(readonly ? "strong" : "button", "rd-card-name", card.name);
    head.append(name, gameText(card.cost, "span", "rd-cost"));
    const body = el("div", "rd-card-body");
    body.id = textId;
    const type = el("div", "rd-type", card.type_line);
    if (card.pt) {
      const pt = el("span", card.pt_why.length ? "rd-pt rd-changed" : "rd-pt", card.pt);
      if (card.pt_why.length) pt.append(document.createTextNode(` (printed ${card.printed_pt})`));
      type.append(" · ", pt);
    }
    body.append(type);
    if (card.pt_why.length) body.append(el("div", "rd-why", `Changed: ${card.pt_why.join("; ")}.`));
    if (card.state.length) {
      const badges = el("ul", "rd-badges");
      badges.setAttribute("aria-label", "State");
      for (const s of card.state) badges.append(el("li", "rd-badge", s));
      body.append(badges);
    }
    const oracle = el("div", "rd-oracle");
    for (const para of card.oracle) oracle.append(gameText(para, "p"));
    body.append(oracle);
    node.append(head, body);
    if (readonly) return node;
    name.type = "button";
    name.setAttribute("aria-haspopup", "menu");
    name.setAttribute("aria-expanded", String(open === card.id));
    name.setAttribute("aria-describedby", textId);
    name.addEventListener("click", () => {
      if (open === card.id) { closeMenu(true); return; }
      open = card.id;
      draw();
      root.querySelector(`[data-card="${card.id}"] [role="menuitem"]`)?.focus();
    });
    name.addEventListener("keydown", (ev) => {
      if (ev.key === "ArrowDown" && open !== card.id) { ev.preventDefault(); name.click(); }
    });
    if (open === card.id) node.append(menu(card, name)[0]);
    return node;
  }

  function zone(label, cards, empty) {
    const section = el("section", "rd-zone");
    const id = `rd-zone-${++uid}`;
    const h = el("h4", "rd-zone-name", label);
    h.id = id;
    section.append(h);
    if (!cards.length) { section.append(el("p", "rd-empty", empty)); return section; }
    const list = el("ul", "rd-cards");
    list.setAttribute("aria-labelledby", id);
    list.append(...cards.map((c) => cardNode(c, label)));
    section.append(list);
    return section;
  }

  function side(p) {
    const box = el("section", "rd-side");
    box.setAttribute("aria-label", `${p.name}'s side of the table`);
    const head = el("div", "rd-side-head");
    head.append(el("h3", "rd-player", p.name));
    const facts = el("p", "rd-facts");
    const bits = [];
    if (p.active) bits.push("active player");
    if (p.priority) bits.push("has priority");
    bits.push(`${p.life} life`);
    facts.append(document.createTextNode(bits.join(" · ") + " · mana pool: "));
    facts.append(p.pool.length ? gameText(p.pool) : document.createTextNode("empty"));
    head.append(facts);
    const energy = el("p", "rd-energy");
    energy.setAttribute("role", "status");
    energy.setAttribute("aria-label", `${p.name} has ${p.energy} energy`);
    for (let i = 0; i < Math.min(p.energy, 12); i++) energy.append(symbol("E"));
    energy.append(el("span", "rd-big", String(p.energy)), document.createTextNode(" energy"));
    head.append(energy);
    box.append(head, zone("Battlefield", p.battlefield, "No permanents."),
      zone("Hand", p.hand, "Empty hand."));
    const rest = el("p", "rd-zone-counts",
      `Library: ${p.library} · Graveyard: ${p.graveyard.join(", ") || "empty"}`);
    box.append(rest);
    return box;
  }

  function cardsOf(players) {
    return players.flatMap((p) => [...p.battlefield, ...p.hand]);
  }

  function nameButton(id) {
    return root.querySelector(`[data-card="${id}"] .rd-card-name`);
  }

  function firstCard() {
    return root.querySelector("button.rd-card-name");
  }

  // The same card, else the card of that name that is new to the table (it moved zones), else the first.
  function refocus(id) {
    let target = nameButton(id);
    if (!target && acted && String(acted.id) === id) {
      const moved = cardsOf(model.get("players")).find((c) => c.name === acted.name && !acted.ids.has(c.id));
      if (moved) target = nameButton(moved.id);
    }
    (target || firstCard())?.focus();
  }

  function draw() {
    const focused = document.activeElement;
    const focusCard = root.contains(focused) ? focused.closest("[data-card]")?.dataset.card : null;
    const players = model.get("players");
    if (open !== null && !cardsOf(players).some((c) => c.id === open)) open = null;
    root.replaceChildren(...players.map(side));
    if (focusCard && !root.contains(document.activeElement)) refocus(focusCard);
  }

  // The kernel asks for the focus when the control acted on is gone and no decision opened.
  function message(msg) {
    if (msg && msg.focus === "first" && !root.contains(document.activeElement)) firstCard()?.focus();
  }

  model.on("change:players", draw);
  model.on("msg:custom", message);
  draw();
  return () => { model.off("change:players", draw); model.off("msg:custom", message); };
}

export default { render };
