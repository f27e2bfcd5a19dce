// Draw the symbols in the notebook's Markdown cells ("{E}" -> the energy symbol, with its text
// alternative): Markdown is rendered by the page, not by the kernel, so the page draws them too.
// Text nodes are split and the symbols put in between; nothing is parsed as HTML. The pattern is the
// kernel's (rulesdojo.views.text.SYMBOL), so game text and prose read symbols the same way.

const PROSE = ".jp-RenderedMarkdown";

function paint(root, pattern, symbol) {
  for (const prose of root.querySelectorAll(PROSE)) {
    const walker = document.createTreeWalker(prose, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => (n.parentElement.closest("code, pre, script, style") ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT),
    });
    const found = [];
    while (walker.nextNode()) {
      pattern.lastIndex = 0;
      if (pattern.test(walker.currentNode.nodeValue)) found.push(walker.currentNode);
    }
    for (const node of found) {
      const text = node.nodeValue;
      const out = document.createDocumentFragment();
      let at = 0;
      pattern.lastIndex = 0;
      for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
        if (m.index > at) out.append(text.slice(at, m.index));
        out.append(symbol(m[1]));
        at = m.index + m[0].length;
      }
      if (at < text.length) out.append(text.slice(at));
      node.replaceWith(out);
    }
  }
}

function render({ model }) {
  const symbol = symbolMaker(model);
  const pattern = new RegExp(model.get("pattern"), "g");
  let queued = false;
  const again = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; paint(document.body, pattern, symbol); });
  };
  // Markdown cells render (and, in JupyterLab, re-render after an edit) at their own pace.
  const watch = new MutationObserver(again);
  watch.observe(document.body, { childList: true, subtree: true });
  again();
  return () => watch.disconnect();
}

export default { render };
