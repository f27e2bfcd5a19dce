// The page-level switch "Show rule numbers": opens every view's "Rules" disclosure, remembered in
// this browser. It sets the switch; each module applies it to its own element (dom.js).
import { el, followRules, showRules } from "./dom.js";

// Its words come from the kernel, in the learner's language.
function render({ model, el: host }) {
  const label = el("label", "rd-rules-switch");
  const box = document.createElement("input");
  box.type = "checkbox";
  const words = document.createTextNode("");
  const said = () => { words.textContent = ` ${model.get("label")}`; };
  said();
  label.append(box, words);
  host.append(label);
  const changed = () => showRules(box.checked);
  box.addEventListener("change", changed);
  model.on("change:label", said);
  const unfollow = followRules((on) => { box.checked = on; });
  return () => { box.removeEventListener("change", changed); model.off("change:label", said); unfollow(); };
}

export default { render };
