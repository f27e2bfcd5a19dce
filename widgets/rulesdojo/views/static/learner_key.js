// The browser's anonymous learner key: 32 random hex digits made once and kept in this browser's
// storage for the site, so every tab of the browser is the same learner and another browser (or a
// private window) another one. Each view sends it to the kernel when it connects; nothing is drawn.

const STORE = "rulesdojo-learner-key";
const SHAPE = /^[0-9a-f]{32}$/;

function learnerKey() {
  let key = null;
  try {
    key = window.localStorage.getItem(STORE);
  } catch (_) {
    // storage refused (a sandboxed frame): the key lasts while the page is open
  }
  if (key && SHAPE.test(key)) return key;
  const bytes = new Uint8Array(16);
  window.crypto.getRandomValues(bytes);
  key = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  try {
    window.localStorage.setItem(STORE, key);
  } catch (_) {
    // as above
  }
  return key;
}

const RETRY_MS = 1000; // until the kernel says it has a learner, as a page's first messages can wait
const TRIES = 30;

function render({ model }) {
  const key = learnerKey();
  let tries = 0;
  const send = () => {
    if (model.get("known") || tries >= TRIES) return;
    tries += 1;
    model.send({ learner_key: key });
    setTimeout(send, RETRY_MS);
  };
  send();
}

export default { render };
