// The expert's hint at a table that allows hints: a button at the player's turn, and the answer, the
// player's moves best first with the estimated chance of winning after each.  The server thinks (from the
// seat's own view alone) and answers this connection only.
import { h, clear } from "/static/dom.js";

// hints(slot, {send, act, label}): send(message) asks the server; act(action) makes a move; label(action, view)
// names a move.  The table calls draw(view) after each view, answered(message) on a "hint" message and
// failed() on an error.
export function hints(slot, { send, act, label }) {
  // the hint asked for, and its answer: {moves, options} (shown until the table moves on), or {moves, waiting}
  let hint = null;
  let view = null;
  const ask = () => {
    if (!send({ type: "hint", moves: view.moves })) return;
    hint = { moves: view.moves, waiting: true };
    draw(view);
  };
  // The expert's view of the player's moves, best first, each with its estimated chance of winning.
  const draw = (current) => {
    view = current;
    clear(slot);
    const mayAsk = view && view.hints && view.seat !== null && !view.over && !view.real_time && view.legal.length > 1;
    if (!mayAsk) return;
    const mine = hint && hint.moves === view.moves ? hint : null;
    const button = h("button", { type: "button", class: "hint-button", "data-testid": "hint-button", onclick: ask,
      disabled: mine && mine.waiting ? true : undefined }, mine && mine.waiting ? "Thinking…" : "Hint");
    if (!mine || !mine.options) return slot.append(h("div", { class: "hint-ask" }, button));
    const pct = (c) => (c === null ? "not tried" : `${Math.round(100 * c)}%`);
    slot.append(h("div", { class: "hint", "data-testid": "hint" },
      h("h2", {}, "The expert's view ", h("small", {}, "chance of winning after each move, best first")),
      h("ol", {}, mine.options.map((o, i) => h("li", { class: i === 0 ? "best" : "" },
        h("button", { type: "button", "data-hint": o.action, onclick: () => act(o.action) }, label(o.action, view)),
        h("span", { class: "bar", "aria-hidden": "true" }, h("span", { style: `width:${o.chance === null ? 0 : Math.round(100 * o.chance)}%` })),
        h("span", { class: "chance", "data-testid": "chance" }, pct(o.chance)))))));
  };
  const answered = (message) => {
    if (hint && hint.moves === message.moves) { hint = { moves: message.moves, options: message.options }; if (view) draw(view); }
  };
  const failed = () => {
    if (hint && hint.waiting) { hint = null; if (view) draw(view); }
  };
  return { draw, answered, failed };
}
