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
    const ask = () => model.send({ event: "download" });
    const urls = new Set();
    const save = (msg, buffers) => {
      if (!msg || msg.event !== "file") return;
      const url = URL.createObjectURL(new Blob(buffers, { type: msg.type }));
      urls.add(url);
      const link = document.createElement("a");
      link.href = url;
      link.download = msg.filename;
      link.hidden = true;
      el.appendChild(link); // inside this widget's own element, gone once followed
      link.click();
      link.remove();
      setTimeout(() => { URL.revokeObjectURL(url); urls.delete(url); }, 60000);
    };
    label();
    model.on("change:label", label);
    model.on("msg:custom", save);
    button.addEventListener("click", ask);
    el.appendChild(button);
    return () => {
      model.off("change:label", label);
      model.off("msg:custom", save);
      button.removeEventListener("click", ask);
      urls.forEach((url) => URL.revokeObjectURL(url));
    };
  },
};
