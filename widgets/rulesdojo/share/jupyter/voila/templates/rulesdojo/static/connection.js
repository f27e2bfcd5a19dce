// Tell the learner, in words and at once, when the page's link to its kernel is gone: the server
// stopped or restarted, or the kernel died (the server then closes the page's socket). Voila's own
// page retries in silence and its widgets just stop answering, so this watches the kernel's
// websocket itself. Loaded before Voila's scripts, so every kernel socket the page opens is watched.
(function () {
  "use strict";
  var Native = window.WebSocket;
  var CHANNELS = /\/api\/kernels\/[^/?]+\/channels/;
  var leaving = false;  // the learner is leaving the page: its sockets close, nothing is lost
  var closed = false;

  function say() {
    if (document.getElementById("rulesdojo-lost")) {
      return;
    }
    var note = document.createElement("div");
    note.id = "rulesdojo-lost";
    note.setAttribute("role", "alert");
    var words = document.createElement("p");
    words.textContent = "Connection to the lesson server lost. Your answers up to now are saved. " +
      "Reload the page to continue.";
    var reload = document.createElement("button");
    reload.type = "button";
    reload.textContent = "Reload";
    reload.addEventListener("click", function () { window.location.reload(); });
    note.append(words, reload);
    document.body.prepend(note);
    reload.focus();
  }

  function lost() {
    closed = true;
    if (!leaving && document.body) {
      say();
    }
  }

  function Watched(url, protocols) {
    var socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    if (CHANNELS.test(String(url))) {
      socket.addEventListener("close", lost);
    }
    return socket;
  }
  Watched.prototype = Native.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (name) { Watched[name] = Native[name]; });
  window.WebSocket = Watched;

  // Voila shuts the kernel down when the page unloads; should the page stay after all, it has no kernel.
  window.addEventListener("beforeunload", function () {
    leaving = true;
    window.setTimeout(function () {
      leaving = false;
      if (closed) {
        say();
      }
    }, 2000);
  });

  // A widget marked disconnected (the widget manager's own word that its kernel is gone).
  document.addEventListener("DOMContentLoaded", function () {
    var watch = new MutationObserver(function (changes) {
      if (changes.some(function (c) { return c.target.classList.contains("jupyter-widgets-disconnected"); })) {
        watch.disconnect();
        lost();
      }
    });
    watch.observe(document.body, {subtree: true, attributes: true, attributeFilter: ["class"]});
  });
}());
