// Shared by the table and the prose painter (the kernel puts this file in front of each module).
// symbolMaker(model)(sym) draws one symbol from the shipped SVGs the model carries in ``symbols``;
// those SVGs come with the package and are the only markup ever parsed.

function symbolMaker(model) {
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
