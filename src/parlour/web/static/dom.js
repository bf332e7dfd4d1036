// A tiny element builder, so pages read as a tree without a framework or a build step.
export function h(tag, attrs = {}, ...children) {
  const svg = tag === "svg" || attrs.__svg;
  const el = svg ? document.createElementNS("http://www.w3.org/2000/svg", tag) : document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "__svg" || value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false || child === "") continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

// SVG elements: s("rect", {x: 1}) builds in the SVG namespace.
export function s(tag, attrs = {}, ...children) {
  return h(tag, { ...attrs, __svg: true }, ...children);
}

// A game's own style sheet, added once; the promise settles when it has loaded (or failed to), so that a module
// that awaits it at its top is drawn styled from its first frame, never measured or shown before its rules apply.
export function stylesheet(href) {
  let link = document.querySelector(`link[href="${href}"]`);
  if (!link) document.head.append(link = h("link", { rel: "stylesheet", href }));
  if (link.sheet || link.dataset.settled) return Promise.resolve();
  return new Promise((done) => {
    const settle = () => { link.dataset.settled = "1"; done(); };
    link.addEventListener("load", settle, { once: true });
    link.addEventListener("error", settle, { once: true });
  });
}

// A message in the box at the foot of the page, gone after four seconds.
export function toast(message) {
  const el = document.getElementById("toast");
  el.textContent = message;
  el.classList.add("show");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => el.classList.remove("show"), 4000);
}
