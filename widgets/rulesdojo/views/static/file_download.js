// A button that asks the kernel for a file and saves what comes back as a real download (a Blob),
// so nothing large sits in the page until the mentor asks for it.
export default {
  render({ model, el }) {
    const button = document.createElement("button");
    button.className = "jupyter-button widget-button rd-download";
    button.type = "button";
    // The widget button's fixed width clips a long label; this one is as wide as its words.
    button.style.width = "auto";
    const label = () => { button.textContent = model.get("label"); };
    label();
    model.on("change:label", label);
    button.addEventListener("click", () => model.send({ event: "download" }));
    model.on("msg:custom", (msg, buffers) => {
      if (!msg || msg.event !== "file") return;
      const url = URL.createObjectURL(new Blob(buffers, { type: msg.type }));
      const link = document.createElement("a");
      link.href = url;
      link.download = msg.filename;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60000);
    });
    el.appendChild(button);
  },
};
