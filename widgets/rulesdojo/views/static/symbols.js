// The game's symbols drawn from the shipped SVGs a model carries in its ``symbols`` trait; those SVGs
// come with the package and are the only markup ever parsed. Each symbol keeps its text alternative
// (the SVG's aria-label), so a screen reader says "energy", not nothing.

export function symbolMaker(model) {
  const cache = new Map();
  return (sym) => {
    const svgs = model.get("symbols");
    const key = /^\d+$/.test(sym) ? "generic" : sym;
    if (!(key in svgs)) return document.createTextNode(`{${sym}}`);
    if (!cache.has(sym)) {
      const tpl = document.createElement("template");
      tpl.innerHTML = svgs[key].replaceAll("{n}", sym); // shipped with the package, never data
      cache.set(sym, tpl.content.firstElementChild);
    }
    const span = document.createElement("span");
    span.className = "rd-sym";
    span.append(cache.get(sym).cloneNode(true));
    return span;
  };
}
