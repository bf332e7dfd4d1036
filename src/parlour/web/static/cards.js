// Cards drawn by Parlour itself, as SVG: a big readable value in the corners and
// the middle, a caption, and the colours that matter in each game (team,
// nation, region, red or black).  No artwork is copied from the old packs.
import { s } from "/static/dom.js";

// card({corner: "7", middle: "7", caption: "England", colour: "#c0392b", band: "#1f4e9c",
//       badge: "3", faceDown: false, size: "" | "small" | "big", title: "tooltip", attrs: {...}})
export function card(opts = {}) {
  const { corner = "", middle = "", caption = "", colour = "#1d1d1f", band = null, badge = null,
    faceDown = false, size = "", title = "", attrs = {}, struck = false } = opts;
  const svg = blank(title || `${middle} ${caption}`.trim(), { size, attrs, title });
  if (faceDown) {
    svg.append(
      edge(band || "#7a2334", "#fff", 3),
      s("rect", { x: 11, y: 11, width: 78, height: 122, rx: 5, fill: "none", stroke: "#fff8", "stroke-width": 2, "stroke-dasharray": "4 3" }),
      // a plain lozenge, as on a pack's back: no letter for anyone to read as a code
      s("path", { d: "M50 50 L66 72 L50 94 L34 72 Z", fill: "none", stroke: "#fff", "stroke-width": 2.5 }));
    return svg;
  }
  svg.append(edge("#fffdf7"));
  if (band) svg.append(s("rect", { x: 2, y: 110, width: 96, height: 32, rx: 0, fill: band }),
    s("rect", { x: 2, y: 130, width: 96, height: 12, rx: 9, fill: band }));
  svg.append(
    s("text", { x: 10, y: 26, "font-size": 22, "font-weight": 700, fill: colour }, corner),
    s("text", { x: 90, y: 26, "font-size": 22, "font-weight": 700, fill: colour, "text-anchor": "end" }, badge ?? ""),
    s("text", { x: 50, y: 78, "font-size": middle.length > 3 ? 22 : 40, "font-weight": 800, fill: colour, "text-anchor": "middle" }, middle));
  if (caption) {
    svg.append(s("text", {
      x: 50, y: 130, "font-size": caption.length > 11 ? 10 : 13, "font-weight": 600,
      fill: band ? "#fff" : colour, "text-anchor": "middle",
    }, caption));
  }
  if (struck) svg.append(s("line", { x1: 8, y1: 136, x2: 92, y2: 8, stroke: "#c0392b", "stroke-width": 6, opacity: 0.8 }));
  return svg;
}

// The blank card every drawing starts from: 100 × 144, labelled, with the classes
// card, the game's own (kind), the size and any in attrs; a title is its tooltip.
export function blank(label, { kind = "", size = "", attrs = {}, title = "" } = {}) {
  const cls = ["card", kind, size, attrs.class].filter(Boolean).join(" ");
  const svg = s("svg", { viewBox: "0 0 100 144", role: "img", "aria-label": label, ...attrs, class: cls });
  if (title) svg.append(s("title", {}, title));
  return svg;
}

// The card's rounded edge, filled.
export const edge = (fill, stroke = "#333", width = 1.5) =>
  s("rect", { x: 2, y: 2, width: 96, height: 140, rx: 9, fill, stroke, "stroke-width": width });

// Words broken into at most three lines of about max characters, for a name on a card.
export function wrap(text, max) {
  const lines = [];
  for (const w of text.split(" ")) {
    if (lines.length && `${lines[lines.length - 1]} ${w}`.length <= max) lines[lines.length - 1] += ` ${w}`;
    else lines.push(w);
  }
  return lines.slice(0, 3);
}

// Makes a drawn element a button for one legal action (click, Enter or Space).
export function clickable(el, action, act, label) {
  el.classList.add("clickable", "legal-glow");
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("data-action", action);
  if (label) el.setAttribute("aria-label", label);
  el.addEventListener("click", () => act(action));
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); event.stopPropagation(); act(action); }
  });
  return el;
}

// Makes a drawn element that is not a legal action now answer a click (or Enter) by
// asking the server why: the rules, not this page, say what is wrong with it.
export function refusable(el, action, refuse, label) {
  if (!refuse) return el;
  el.classList.add("refusable");
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-disabled", "true");
  el.setAttribute("data-refused", action);
  if (label) el.setAttribute("aria-label", label);
  el.addEventListener("click", () => refuse(action));
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); event.stopPropagation(); refuse(action); }
  });
  return el;
}

// A row of cards (a hand) as one stop of the Tab key, a roving focus: the Left and Right arrow keys move the focus
// to the card before or after, Home and End to the first and the last; Tab goes on past the row.  The card that had
// the focus last keeps the row's stop (the first card at the start).  items: the row's cards in order, or a function
// of the row that finds them.
export function rovingFocus(row, items) {
  const cards = (typeof items === "function" ? items(row) : items).filter((el) => el.getAttribute("tabindex") === "0");
  if (cards.length < 2) return row;
  cards.forEach((el) => el.setAttribute("data-roving", ""));
  const stop = (card) => cards.forEach((el) => el.setAttribute("tabindex", el === card ? "0" : "-1"));
  stop(cards[0]);
  row.addEventListener("focusin", (event) => {
    const card = cards.find((el) => el === event.target || el.contains(event.target));
    if (card) stop(card);
  });
  row.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const at = cards.findIndex((el) => el === event.target || el.contains(event.target));
    if (at < 0) return;
    const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    const to = event.key === "Home" ? 0 : event.key === "End" ? cards.length - 1 : step ? at + step : null;
    if (to === null) return;
    event.preventDefault();
    const card = cards[Math.min(Math.max(to, 0), cards.length - 1)];
    stop(card);
    card.focus();
  });
  return row;
}
