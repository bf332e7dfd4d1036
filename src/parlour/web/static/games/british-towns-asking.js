// British Towns, the asking game: choose a player, then a town to ask them for.
// Only the asks the server lists as legal are clickable; every ask so far is
// public and shown, newest first.
import { h } from "/static/dom.js";
import { clickable, refusable } from "/static/cards.js";
import { addressed, listed, person, plural, possessive, seatName } from "/static/words.js";
import { byRegion, endHead, endSummary, keyCard, regionChip, regionPhrase, resultWords, shortName, townCard, townName, colourOf, regionOf } from "/static/games/british-towns-common.js";

let chosen = null;       // the rules name ("P2") of the player the person is about to ask
// Whether the keyboard's focus was last on this page's own controls (the players to ask, the towns, the asks heard):
// where a move takes that control away and leaves nothing to decide (his ask was refused: the turn passed), the
// focus goes to the asks heard, which say what happened, rather than to the page's body.
let engaged = false;
const OURS = ".bt-seats, .bt-ask, .bt-history";
let myTurn = false;
let everyOpen = false;   // whether the person opened the list of every ask (on a phone): it stays open move after move
document.addEventListener("focusin", (event) => { engaged = Boolean(event.target.closest && event.target.closest(OURS)); });

function asksByTarget(legal) {
  const out = new Map();
  for (const a of legal) {
    const [verb, who, card] = a.split(" ");
    if (verb !== "ask") continue;
    if (!out.has(who)) out.set(who, []);
    out.get(who).push(card);
  }
  return out;
}

export function render(el, ctx) {
  const { obs, view, legal, act, readOnly } = ctx;
  const names = obs.seat_names || [];
  const me = obs.seat;
  const targets = readOnly ? new Map() : asksByTarget(legal);
  if (!targets.has(chosen)) chosen = targets.size ? [...targets.keys()][0] : null;
  const laidBy = {};
  (obs.laid || []).forEach((regions, seat) => regions.forEach((r) => { laidBy[r] = seat; }));

  // -- the players round the table: at his turn a player picks whom to ask here ------------------------
  const seats = h("div", { class: "bt-seats", "data-focus": targets.size ? "the players to ask" : undefined }, names.map((n, i) => {
    const canAsk = targets.has(n);
    const out = obs.out?.[i];
    const box = h(canAsk ? "button" : "div", {
      class: `bt-seat${i === me ? " mine" : ""}${n === chosen ? " chosen" : ""}${(obs.to_move || []).includes(i) ? " turn" : ""}${out ? " out" : ""}`,
      "data-target": canAsk ? n : undefined, type: canAsk ? "button" : undefined,
      "aria-pressed": canAsk ? String(n === chosen) : undefined,
      title: canAsk ? `Ask ${seatName(view, i)} for a card` : undefined,
    },
    h("div", { class: "bt-seat-name" }, seatName(view, i), addressed(view, i) ? " (you)" : "",
      (obs.to_move || []).includes(i) && !view.over ? h("span", { class: "bt-to-play" }, " ◀ to play") : ""),
    h("div", { class: "bt-seat-count" }, out ? "out: no cards left" : plural(obs.hand_sizes?.[i] ?? 0, "card")),
    (obs.laid?.[i] || []).length ? h("div", { class: "bt-seat-laid" }, obs.laid[i].map((r) => regionChip(r))) : "");
    if (canAsk) box.addEventListener("click", () => { chosen = n; if (ctx.redraw) ctx.redraw(); else { el.replaceChildren(); render(el, ctx); } });
    // at his turn, a player who may not be asked (himself, or one out of the game) says why when clicked
    else if (targets.size && obs.hand?.length) refusable(box, `ask ${n} ${obs.hand[0]}`, ctx.refuse, `${seatName(view, i)}: cannot be asked`);
    return box;
  }));

  // -- the ask: the towns this player may be asked for, region by region --------------------------------
  let askPanel = "";
  if (chosen) {
    const who = seatName(view, chosen);
    // on a phone the log of asks lies under the dock: here, where the choice is made, every ask since the person's
    // own last ask (the others' turns, all of them together, in the order made), and every ask so far folded below
    const phone = window.matchMedia("(max-width: 600px)").matches;
    const all = obs.asks || [];
    let since = all.length;
    while (since > 0 && all[since - 1].asker !== me) since -= 1;
    const fresh = since === 0 || since < all.length;           // (else his own asks are the newest: the last three)
    const recent = phone ? (fresh ? all.slice(since) : all.slice(-3)) : [];
    const words = (a) => `${person(view, a.asker, { start: true })} asked ${person(view, a.asked)} for ${townName(a.card)}${a.got ? ": got it" : ": not held"}`;
    askPanel = h("div", { class: "panel bt-ask decision-area" },
      recent.length ? h("div", { class: "bt-recent", "data-testid": "recent-asks" },
        h("span", { class: "bt-recent-head" }, fresh && since > 0 ? `Since your last ask (${recent.length}), newest first:`
          : fresh ? `Asks so far (${recent.length}), newest first:` : "Your last asks, newest first:"),
        // (newest first, as every other list of asks on the page: one order, said the same way)
        h("ol", { reversed: true, tabindex: "0", "aria-label": "The asks since your last, newest first" },
          recent.slice().reverse().map((a) => h("li", { class: `bt-recent-ask${a.got ? " got" : ""}` }, words(a))))) : "",
      phone && all.length > recent.length ? h("details", { class: "bt-every-ask", "data-testid": "every-ask", open: everyOpen || undefined,
        ontoggle: (event) => { everyOpen = event.target.open; } },
        h("summary", {}, `Every ask so far (${all.length}), newest first`),
        h("ol", { reversed: true, tabindex: "0", "aria-label": "Every ask so far, newest first" },
          all.slice().reverse().map((a) => h("li", { class: `bt-recent-ask${a.got ? " got" : ""}` }, words(a))))) : "",
      h("h3", {}, `Ask ${who} for…`),
      h("div", { class: "bt-ask-groups" }, byRegion(targets.get(chosen)).map(([r, cards]) => h("div", { class: "bt-ask-group", style: `--rc:${colourOf(r)}` },
        regionChip(r), cards.map((c) => clickable(h("span", { class: "bt-ask-town" }, shortName(c)), `ask ${chosen} ${c}`, act,
          `Ask ${who} for ${townName(c)}`))))));
  }

  // -- my hand -------------------------------------------------------------------------------
  // (on a phone the hand is written as names by region: ten cards drawn would not leave room for the ask)
  const narrow = window.matchMedia("(max-width: 600px)").matches;
  const hand = obs.hand ? h("div", { class: "panel bt-hand hand-area" },
    h("h3", {}, `${addressed(view, me) ? "Your" : possessive(seatName(view, me))} hand (${obs.hand.length})`),
    !obs.hand.length ? h("p", {}, addressed(view, me) ? "You have no cards left." : "No cards left.")
      : narrow ? h("div", { class: "bt-ask-groups bt-hand-names" }, byRegion(obs.hand).map(([r, cards]) => h("span", { class: "bt-ask-group" },
        regionChip(r), cards.map((c) => h("span", { class: "bt-ask-town", "data-card": c, style: `--rc:${colourOf(r)}` }, shortName(c))))))
        : h("div", { class: "bt-groups" }, byRegion(obs.hand).map(([r, cards]) => h("div", { class: "bt-group", style: `--rc:${colourOf(r)}` },
          h("div", { class: "row" }, cards.map((c) => townCard(c))))))) : "";
  // a card of his own hand, clicked at his turn, says why it cannot be asked for
  if (hand && chosen) hand.querySelectorAll("[data-card]").forEach((c) =>
    refusable(c, `ask ${chosen} ${c.dataset.card}`, ctx.refuse, `${townName(c.dataset.card)}: in your hand`));

  // -- the asks so far, newest first ------------------------------------------------------------
  const asks = obs.asks || [];
  const history = h("div", { class: "panel bt-history" }, h("h3", {}, `Asks heard (${asks.length})`, asks.length ? h("span", { class: "muted-light" }, ", newest first") : ""),
    asks.length ? h("ol", { reversed: true, tabindex: "0", "aria-label": "Every ask so far, newest first" }, asks.slice().reverse().map((a) => h("li", { class: a.got ? "got" : "" },
      h("b", {}, person(view, a.asker, { start: true })), " asked ", h("b", {}, person(view, a.asked)), " for ",
      h("span", { class: "bt-town", style: `--rc:${colourOf(regionOf(a.card))}` }, townName(a.card)),
      a.got ? " and got it" : ": not held")))
      : h("p", { class: "muted-light" }, "Nobody has asked yet."));

  // (at his turn on a laptop the page keeps the whole key in the room above the dock, with the players to ask; on a
  // phone the two would not fit together: the players come first, the key is a scroll away)
  el.append(h("div", { class: "bt-layout asking" },
    h("div", { class: "bt-main" }, seats, keyCard(obs, view, laidBy, { focus: targets.size > 0 && !narrow }), askPanel, hand),
    h("div", { class: "bt-side" }, history)));
  // (after the table has put the focus back where it could: a focus fallen to the body goes to the asks heard, and
  // when the turn comes back to him, from there to the first town he may ask for)
  const turnCame = targets.size > 0 && !myTurn;
  myTurn = targets.size > 0;
  if (engaged && !readOnly) requestAnimationFrame(() => {
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    const ask = askPanel && askPanel.querySelector("[data-action]");
    const list = history.querySelector("ol");
    if (turnCame && ask && ask.isConnected && (lost || active.closest(".bt-history, .bt-seats"))) ask.focus({ preventScroll: true });
    else if (lost && list && list.isConnected) list.focus({ preventScroll: true });
  });
}

export function label(action, view) {
  const [verb, who, card] = action.split(" ");
  if (verb !== "ask") return action;
  return `Ask ${seatName(view, who)} for ${townName(card)}`;
}

export function status(view) {
  if (view.over || view.seat === null) return "";
  if (view.observation.out?.[view.seat]) return "You have no cards left, so you are out: watch the rest of the game (every ask is listed at the side).";
  if (view.legal.length) return "Your turn: choose a player, then a town to ask for.";
  return "";
}

export function resultText(result, view) {
  return resultWords(result, view, "regions", "region");
}

// Words for a move just made, in the past tense: who was asked for what, and the answer.
export function describe(action, view) {
  const [verb, who, card] = action.split(" ");
  if (verb !== "ask") return action;
  const asks = view.observation.asks || [];
  const last = asks[asks.length - 1];
  const asked = seatName(view, who) === seatName(view, view.seat) && !view.onlooker ? "you" : seatName(view, who);
  const answer = last && last.card === card ? (last.got ? " and got it" : asked === "you"
    ? "; you did not have it, so the turn passed to you" : `; not held, so the turn passed to ${asked}`) : "";
  return `asked ${asked} for ${townName(card)}${answer}`;
}

// A region completed is news at the table (the player who had a card of it sees where it went): "Arthur laid down
// the REGION"; "You laid down the REGION and the OTHER".
export function announce(prev, view) {
  if (!prev) return null;
  const before = prev.observation.laid || [];
  const said = (view.observation.laid || []).map((regions, seat) => {
    const fresh = regions.filter((r) => !(before[seat] || []).includes(r));
    if (!fresh.length) return null;
    const who = person(view, seat, { start: true });
    return `${who} laid down ${listed(fresh.map(regionPhrase))}`;
  }).filter(Boolean);
  // (and the end: the news says so, over the last region laid)
  const end = !prev.over && view.over && view.result && !view.result.abandoned ? `Game over: ${endHead(view)}.` : "";
  return said.length || end ? [said.length ? `${said.join("; ")}.` : "", end].filter(Boolean).join(" ") : null;
}

// The end: who collected how many regions, and what parted players level on regions.
export function ending(view) {
  const r = view.result;
  if (!r) return "";
  const names = view.observation.seat_names;
  const best = Math.max(...names.map((n) => r.regions[n]));
  const top = names.filter((n) => r.regions[n] === best);
  const who = (n) => seatName(view, names.indexOf(n));
  let why;
  if (top.length === 1) why = `${who(top[0])} collected the most regions: ${plural(best, "region")}.`;
  else if (r.winner) {
    const cards = top.map((n) => `${who(n)} ${r.cards_in_regions[n]}`).join(", ");
    why = `${top.map(who).join(" and ")} each collected ${plural(best, "region")}; the tie-break (most cards in complete regions: ${cards}) gives the game to ${who(r.winner)}.`;
  } else why = `${top.map(who).join(" and ")} each collected ${plural(best, "region")}, and share the game (no tie-break in this variant).`;
  return h("div", { class: "panel-light ending", "data-testid": "ending" }, h("p", {}, why),
    h("table", { class: "list" }, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Regions"), h("th", { scope: "col" }, "Cards in them"))),
      h("tbody", {}, names.map((n) => h("tr", {}, h("td", {}, who(n)), h("td", {}, String(r.regions[n])), h("td", {}, String(r.cards_in_regions[n])))))));
}

// The end stops play with its summary over the table: who collected the most regions, the tie-break, the count.
export function summary(prev, view) {
  return endSummary(prev, view, ending);
}
