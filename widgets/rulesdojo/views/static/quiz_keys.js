// Keyboard-first answering in the quiz: 1-9 choose that option of a choice question, Enter submits
// the answer and, once it is marked, goes on. One listener, on the question screen's own element:
// keys pressed elsewhere on the page are the page's. A key typed in a text box is the box's, and
// Enter on a button is the button's own click.

const TYPING = "input:not([type=radio]):not([type=checkbox]), textarea, select, [contenteditable='true']";

function render({ model, el }) {
  let screen = null;
  let waiting = true;
  const onKey = (ev) => {
    if (ev.ctrlKey || ev.altKey || ev.metaKey || ev.target.closest(TYPING)) return;
    const digit = /^[1-9]$/.test(ev.key);
    if (!digit && ev.key !== "Enter") return;
    if (ev.key === "Enter" && ev.target.closest("button")) return;
    ev.preventDefault();
    model.send({ key: ev.key });
  };
  const focusScreen = () => {
    // A new question: the focus comes to it, unless the learner has put it somewhere else on the page.
    // A place's heading, focused as the page moved there (and the question drawn after it), counts as
    // nowhere: the keys are for the question.
    const at = document.activeElement;
    const nowhere = !at || at === document.body || (/^H[1-3]$/.test(at.tagName) && at.getAttribute("tabindex") === "-1");
    if (screen && (nowhere || screen.contains(at))) screen.focus({ preventScroll: true });
  };
  const attach = () => {
    // Drawn before the page put it in place: inside a screen not yet in the document, the focus can't
    // go to it, and a key pressed then went nowhere. Wait until the screen is in the page.
    screen = el.closest(".rd-quiz-question");
    if (!screen || !screen.isConnected) {
      screen = null;
      if (waiting) setTimeout(attach, 50);
      return;
    }
    if (!screen.hasAttribute("tabindex")) screen.setAttribute("tabindex", "-1");
    screen.addEventListener("keydown", onKey);
    // The keys' hint shows from now on (quiz.css): the keys are heard.
    screen.dataset.keys = "heard";
    focusScreen();
  };
  attach();
  model.on("change:step", focusScreen);
  return () => {
    waiting = false;
    if (screen) { screen.removeEventListener("keydown", onKey); delete screen.dataset.keys; }
    model.off("change:step", focusScreen);
  };
}

export default { render };
