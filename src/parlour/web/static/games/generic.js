// The fallback view: the observation as a readable list.  Every game can be
// played with it (the moves come from the server), and each game's own module
// draws the table properly.
import { h } from "/static/dom.js";

export function render(el, ctx) {
  el.append(h("div", { class: "panel" }, describe(ctx.obs)));
}

function describe(value) {
  if (Array.isArray(value)) return value.length && typeof value[0] === "object" ? h("ol", {}, value.map((v) => h("li", {}, describe(v)))) : value.join(" ");
  if (value && typeof value === "object") {
    return h("div", { class: "kv" }, Object.entries(value).flatMap(([k, v]) => [h("strong", {}, k), h("span", {}, describe(v))]));
  }
  return value === null ? "—" : String(value);
}
