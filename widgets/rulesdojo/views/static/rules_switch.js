// The page-level switch "Show rule numbers": opens every view's "Rules" disclosure, remembered in
// this browser. It sets the switch; each module applies it to its own element (dom.js).
import { el, followRules, showRules } from "./dom.js";

function render({ model, el: host }) {
  const label = el("label", "rd-rules-switch");
  const box = document.createElement("input");
  box.type = "checkbox";
  const words = document.createTextNode("");
  const say = () => { words.nodeValue = " " + (model.get("label") || ""); }; // words from the kernel
  label.append(box, words);
  say();
  model.on("change:label", say);
  host.append(label);
  const changed = () => showRules(box.checked);
  box.addEventListener("change", changed);
  const unfollow = followRules((on) => { box.checked = on; });
  return () => { box.removeEventListener("change", changed); model.off("change:label", say); unfollow(); };
}

export default { render };
