// British Towns, the asking game: choose a player, then a town to ask them for.
// Only the asks the server lists as legal are clickable; every ask so far is
// public and shown, newest first.
import { h } from "/static/dom.js";
import { clickable, refusable } from "/static/cards.js";
import { addressed, listed, person, plural, possessive, seatName, tap } from "/static/words.js";
import { byRegion, endSummary, keyCard, regionChip, regionPhrase, resultHead, resultWords, shortName, townCard, townName, colourOf, regionOf } from "/static/games/british-towns-common.js";
// what a region card does in this game, said on the card: a region is complete with every town and its region card
const REGION_CARD_ROLE = "needed, with all its towns, to complete the region";

let chosen = null;       // the rules name ("P2") of the player the person is about to ask
let heardAll = false;     // the asks heard opened whole by the player (the box shows the newest only till then)
let movesSeen = -1;      // the count of moves in the view last drawn (a new one may be his own ask, which came off)
// Whether the keyboard's focus was last on this page's own controls (the players to ask, the towns, the asks heard):
// where a move takes that control away and leaves nothing to decide (his ask was refused: the turn passed), the
// focus goes to the asks heard, which say what happened, rather than to the page's body.
let engaged = false;
const OURS = ".bt-seats, .bt-ask, .bt-hand-ask, .bt-history";
let myTurn = false;
let refocus = null;      // the player just chosen in the words "Ask: …": his button has the focus again once redrawn
// whether the person opened (true) or folded (false) the list of every ask on a phone: his choice stays move after move;
// till he makes one (null) the list stands open where nobody has asked since his own last ask (in a memory game the
// asks are kept in sight), and folded where the numbered list of the others' asks since his last turn takes its place
let everyOpen = null;
document.addEventListener("focusin", (event) => { engaged = Boolean(event.target.closest && event.target.closest(OURS)); });
// A window that crosses a phone's width (a phone turned, a window narrowed) draws the table again in the layout of its
// new width: a phone's hand and ask as one list, a laptop's as cards under the ask.
// Play from memory (a choice of the player's, kept by this browser; no rule: the seat's view, and a bot's, is the
// same): the asks heard are this round's only, those since his last turn and his own of this turn, so that the older
// ones are his to remember, as at a table of people.  (A replay and a finished game show them all.)
const MEMORY_KEY = "parlour:asks-from-memory";
let fromMemory = localStorage.getItem(MEMORY_KEY) === "1";
// where this round's asks begin: after his own asks of this turn, back to his last ask before the others' since
function roundStart(all, me) {
  let i = all.length;
  while (i > 0 && all[i - 1].asker === me) i -= 1;
  while (i > 0 && all[i - 1].asker !== me) i -= 1;
  return i;
}
// the choice itself, a box to tick beside the asks heard
function memoryToggle(redraw) {
  return h("label", { class: "bt-memory muted-light", "data-testid": "asks-from-memory", style: "display:block;font-size:.8rem;margin:.1rem 0 .25rem" },
    h("input", { type: "checkbox", checked: fromMemory || undefined, onchange: (event) => {
      fromMemory = event.target.checked;
      localStorage.setItem(MEMORY_KEY, fromMemory ? "1" : "0");
      redraw();
    } }), " Play from memory: this round's asks only");
}

let drawnLast = null;    // { el, redraw } of the table drawn last
window.matchMedia("(max-width: 600px)").addEventListener("change", () => {
  if (drawnLast && drawnLast.el.isConnected && drawnLast.redraw) drawnLast.redraw();
});

// A card to ask for: its name on a white button, its region's colour under it.
function askButton(card, target, who, act) {
  return clickable(h("span", { class: "bt-ask-town", style: `--rc:${colourOf(regionOf(card))}` }, shortName(card)), `ask ${target} ${card}`, act,
    `Ask ${who} for ${townName(card)}`);
}

// The asks heard, on a phone at the person's turn: a short list that scrolls, newest first, those since his last ask
// marked and the older ones after a rule, under a label that never changes, "Asks heard (N)"; folded (a tap opens
// it) to that label and the newest ask where the numbered list of the others' asks since his last turn stands above.
function heardLine(every, me, words, memory = null) {
  // (playing from memory: this round's asks only, the choice at the head of the list opened)
  const all = memory ? every.slice(roundStart(every, me)) : every;
  if (!all.length) {
    return h("p", { class: "bt-heard", "data-testid": "heard" }, h("span", { class: "bt-heard-head" }, "Asks heard this round: none yet."),
      " You play from memory.");
  }
  let since = all.length;
  while (since > 0 && all[since - 1].asker !== me) since -= 1;
  const fresh = since === 0 ? all.length : all.length - since;        // (no ask of his yet: every ask is news)
  const newest = all[all.length - 1];
  const item = (a, i) => h("li", { class: `bt-recent-ask${a.got ? " got" : ""}${i < fresh ? " fresh" : ""}` }, words(a));
  const order = all.slice().reverse();
  const list = h("ol", { tabindex: "0", "aria-label": "Every ask so far, newest first" },
    order.map((a, i) => [i === fresh && i > 0 ? h("li", { class: "bt-heard-rule" }, "Before your last ask:") : "", item(a, i)]));
  let open = everyOpen ?? newest.asker === me;
  return h("details", { class: "bt-heard", "data-testid": "heard", open: open || undefined,
    ontoggle: (event) => {
      // (only a change is his choice: the toggle the page's own opening fires says nothing new)
      if (event.target.open !== open) everyOpen = open = event.target.open;
      wholeLines(list);
    } },
    h("summary", {}, h("span", { class: "bt-heard-head" }, `Asks heard${memory ? " this round" : ""} (${all.length})`),
      h("span", { class: "bt-heard-order" }, ", newest first"),
      h("span", { class: "bt-heard-folded" }, ". Newest: "),
      h("span", { class: "bt-heard-newest", "data-testid": "heard-newest" }, `${words(newest)}.`),
      all.length > 1 ? h("span", { class: "bt-heard-more" }, ` ${tap === "tap" ? "Tap" : "Click"} to see all.`) : ""),
    memory ? memory.toggle : "", list);
}

// What the others did since the person's last ask, on a phone, at his turn and while he waits (review 25a: while
// he waited it was a paragraph cut at three lines, the newest asks behind "Show all" as the bots asked on): a numbered
// list, an ask a short line (its number in the game's asks heard), read whole without a tap: the newest six, and
// "Show all N" for the older ones where there are more.
const SINCE_SHOWN = 6;
let sinceAll = false;    // whether the player opened every ask since his last turn (it stays open turn after turn)
function sinceLast(all, me, view, laidAfter, words) {
  let since = all.length;
  while (since > 0 && all[since - 1].asker !== me) since -= 1;
  const fresh = all.slice(since).map((a, i) => ({ ...a, n: since + i + 1 }));
  if (!fresh.length) return "";
  const hidden = fresh.length - SINCE_SHOWN;
  const laid = (a) => (laidAfter.get(a.n) || []).map((e) =>
    `; ${addressed(view, e.seat) ? "you" : seatName(view, e.seat)} laid down ${regionPhrase(e.region)}`).join("");
  const list = h("ol", { class: "bt-since-list", "data-testid": "since-list" }, fresh.map((a, i) =>
    h("li", { value: a.n, class: `${a.got ? "got" : ""}${i < hidden ? " older" : ""}${i < fresh.length - 3 ? " over-three" : ""}` }, `${words(a)}${laid(a)}`)));
  const head = h("b", {}, "Since your last turn:");
  // (while a refusal shows, the list folds to its newest ask, after this count: the hand and the asks keep the room)
  const count = fresh.length > 1 ? h("span", { class: "bt-since-count", "data-testid": "since-count" }, ` ${fresh.length} asks; the newest:`) : "";
  const box = h("div", { class: `bt-since bt-since-turn whole${sinceAll ? " open" : ""}`, "data-testid": "since" },
    h("div", { class: "bt-since-text" }, head, count, list));
  // (with the hint open the room is shorter: the newest three, "Show all N" beside them where there are more)
  if (fresh.length > 3) {
    const label = () => (sinceAll ? `Show the newest ${SINCE_SHOWN} only` : `Show all ${fresh.length}`);
    const more = h("button", { type: "button", class: `bt-since-more${hidden > 0 ? "" : " hinting-only"}`, "data-testid": "since-more", "aria-expanded": String(sinceAll) }, label());
    more.addEventListener("click", () => {
      sinceAll = !sinceAll;
      box.classList.toggle("open", sinceAll);
      more.textContent = label();
      more.setAttribute("aria-expanded", String(sinceAll));
    });
    (count || head).after(" ", more);      // (on the heading's line: "Since your last turn: Show all 13")
  }
  return box;
}

// What the others did since the person's last ask, on a laptop at his turn, in a line or two over the ask: how many
// asks, the cards each took from him, the regions laid, and the last ask (the line on what just happened gives way to
// it): "Since your last turn, 6 asks: Arthur took TOWN and TOWN from you; Betty laid down REGION. Last: Arthur asked
// you for TOWN: not held, so the turn passed to you."  (The asks heard beside have each ask.)  Two asks or more only.
function sinceShort(all, me, view, laidAfter) {
  let since = all.length;
  while (since > 0 && all[since - 1].asker !== me) since -= 1;
  const fresh = all.slice(since).map((a, i) => ({ ...a, n: since + i + 1 }));
  if (fresh.length < 2) return "";
  const taken = new Map();
  const laid = [];
  for (const a of fresh) {
    if (a.got && addressed(view, a.asked)) taken.set(a.asker, [...(taken.get(a.asker) || []), townName(a.card)]);
    for (const e of laidAfter.get(a.n) || []) laid.push(`${person(view, e.seat, { start: true })} laid down ${regionPhrase(e.region)}`);
  }
  const took = [...taken].map(([seat, cards]) => `${person(view, seat, { start: true })} took ${listed(cards)} from you`);
  const what = [...took, ...laid];
  const last = fresh[fresh.length - 1];
  const answer = last.got ? "got it" : `not held, so the turn passed to ${addressed(view, last.asked) ? "you" : seatName(view, last.asked)}`;
  return h("p", { class: "bt-since-laptop", "data-testid": "since-laptop" }, h("b", {}, `Since your last turn, ${fresh.length} asks: `),
    what.length ? `${what.join("; ")}. ` : "none took a card from you. ",
    h("span", { class: "bt-since-last" }, `Last: ${person(view, last.asker, { start: true })} asked ${person(view, last.asked)} for ${townName(last.card)}: ${answer}.`));
}

// Out of cards, the player only watches: a way to follow the others' asks at the table's slowest pace (the pace
// chosen at the table's head, set there as if he had chosen it), where it is not slow already.
function slower() {
  const pace = document.querySelector("select.pace");
  if (!pace || ![...pace.options].some((o) => o.value === "slow")) return "";
  const note = h("p", { class: "bt-slower", "data-testid": "slower" }, "You watch the others play to the end. ");
  const slow = () => { note.replaceChildren("You watch the others play to the end, at the slow pace (the Pace menu above changes it)."); };
  if (pace.value === "slow") slow();
  else note.append(h("button", { type: "button", class: "bt-btn", "data-testid": "follow-slower", onclick: () => {
    pace.value = "slow";
    pace.dispatchEvent(new Event("change"));
    slow();
  } }, "Follow at a slower pace"));
  return note;
}

// The deal, in words, from the rules' own record (the dealer, the first to ask, the regions laid straight from the
// deal: the events that came before any ask): "Cyril dealt and plays first. Cyril was dealt the whole of REGION and
// laid it down."
export function dealWords(view) {
  const obs = view.observation || {};
  if (obs.dealer === undefined || obs.dealer === null) return "";
  const first = (obs.history || [])[0]?.[0] ?? (obs.to_move || [])[0];
  const you = (seat) => addressed(view, seat);
  const who = (seat) => person(view, seat, { start: true });
  const plays = (seat) => (you(seat) ? "play" : "plays");
  const opening = first === undefined ? `${who(obs.dealer)} dealt.`
    : first === obs.dealer ? `${who(obs.dealer)} dealt and ${plays(first)} first.`
      : `${who(obs.dealer)} dealt; ${person(view, first)} ${plays(first)} first.`;
  const dealt = new Map();
  for (const e of obs.events || []) {
    if (e.event === "region laid" && e.after_ask === 0) dealt.set(e.seat, [...(dealt.get(e.seat) || []), e.region]);
  }
  const laid = [...dealt].map(([seat, regions]) => `${who(seat)} ${you(seat) ? "were" : "was"} dealt the whole of `
    + `${listed(regions.map(regionPhrase))} and laid ${regions.length > 1 ? "them" : "it"} down.`);
  return [opening, ...laid].join(" ");
}

// A list that scrolls in a box of its own shows whole lines: its box ends at the foot of the last ask wholly in it,
// never across one (measured once it is drawn: an ask takes one line or two).  The box's height in lines is the
// style sheet's, which is shorter with the hint open: the foot is worked out for both (--fit, --fit-hint).
const HEARD_LINES = { fit: [5.2, 0.65], "fit-hint": [2.6, 0.45] };     // (em, rem) as in british-towns.css
function wholeLines(list) {
  requestAnimationFrame(() => {
    if (!list.isConnected || !list.offsetHeight) return;
    const style = getComputedStyle(list);
    const em = parseFloat(style.fontSize);
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    const top = list.getBoundingClientRect().top - list.scrollTop;
    const [padBottom, borderBottom] = [style.paddingBottom, style.borderBottomWidth].map(parseFloat);
    const feet = [...list.children].map((li) => li.getBoundingClientRect().bottom - top);
    for (const [name, [ems, rems]] of Object.entries(HEARD_LINES)) {
      const cap = ems * em + rems * rem;
      const inside = feet.filter((b) => b <= cap - padBottom - borderBottom + 0.5);
      if (inside.length) list.style.setProperty(`--${name}`, `${Math.ceil(Math.max(...inside) + padBottom + borderBottom)}px`);
    }
  });
}

// The asks heard at the side end at a whole ask too: the style sheet's height (24rem), cut back to the foot of the
// last ask wholly in it (--fit-log); on a laptop, where the dock sticks at the window's foot, to the last ask whose
// foot, and the box's own foot under it (the deal's line), stand above the dock, however the dock grows (the hint
// opened, the news), so that no ask is ever under it.  (Measured to the dock as it stands at the window's foot, as
// at the page's top, and written only where it differs, so that nothing it does moves what it measures.)
let logWatch = null;
function wholeLog(list) {
  const fit = () => {
    if (!list || !list.isConnected) return false;
    if (!list.offsetHeight) return true;
    const style = getComputedStyle(list);
    const [padBottom, borderBottom] = [style.paddingBottom, style.borderBottomWidth].map(parseFloat);
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    const top = list.getBoundingClientRect().top - list.scrollTop;
    let room = 24 * rem;
    const dock = document.querySelector(".dock");
    const box = list.closest(".bt-history");
    if (dock && box && !dock.classList.contains("over") && getComputedStyle(dock).position !== "fixed") {
      // (what the box holds under the list: the deal's line, its padding)
      const under = box.getBoundingClientRect().bottom - list.getBoundingClientRect().bottom;
      // (and what stands under the box down to the foot of the table above the dock: its margin, the padding and
      // border of what holds it, the table's own: with the log the table's tallest part, the table and the dock
      // under it then fit the window, and the page does not scroll)
      let below = parseFloat(getComputedStyle(box).marginBottom) || 0;
      for (let up = box.parentElement; up && up !== dock.parentElement; up = up.parentElement) {
        const css = getComputedStyle(up);
        below += (parseFloat(css.paddingBottom) || 0) + (parseFloat(css.borderBottomWidth) || 0);
        if (up.classList.contains("board")) break;
        below += parseFloat(css.marginBottom) || 0;
      }
      // (and under the dock, the page's own foot: its padding, so that the page ends at the window's foot)
      let foot = parseFloat(getComputedStyle(dock).marginBottom) || 0;
      for (let up = dock.parentElement; up && up !== document.documentElement; up = up.parentElement) {
        const css = getComputedStyle(up);
        foot += ["paddingBottom", "borderBottomWidth", "marginBottom"].reduce((sum, k) => sum + (parseFloat(css[k]) || 0), 0);
      }
      const above = innerHeight - dock.offsetHeight - (list.getBoundingClientRect().top + scrollY) - under - below - foot - 2;
      // (with less room than an ask's two lines, a tall dock: the newest ask alone, whole, the rest a scroll away)
      const first = list.firstElementChild ? list.firstElementChild.getBoundingClientRect().bottom - top + padBottom + borderBottom : room;
      room = Math.min(room, Math.max(above, first));
    }
    const feet = [...list.children].map((li) => li.getBoundingClientRect().bottom - top)
      .filter((b) => b <= room - padBottom - borderBottom + 0.5);
    const whole = list.scrollHeight <= room + 1;
    const fitted = whole || !feet.length ? "" : `${Math.ceil(Math.max(...feet) + padBottom + borderBottom)}px`;
    if (list.style.getPropertyValue("--fit-log") !== fitted) {
      if (fitted) list.style.setProperty("--fit-log", fitted);
      else list.style.removeProperty("--fit-log");
    }
    // (the heading's "Show all" where asks lie out of sight, or the box has been opened whole)
    const button = box && box.querySelector("[data-testid=heard-all]");
    if (button) button.hidden = !(box.classList.contains("bt-all") || list.scrollHeight > list.clientHeight + 1);
    return true;
  };
  requestAnimationFrame(fit);
  // (and again, once a frame at most, as the dock grows or shrinks under it; one watch for the page, on the list
  // drawn last)
  const dock = document.querySelector(".dock");
  if (logWatch) logWatch.disconnect();
  logWatch = dock && list ? watchFit(fit, dock) : null;
}

// A fit made again, once a frame at most, as what it answers to grows or shrinks (the dock, the side), till it says it
// has nothing left to fit (false: what it fitted was drawn over).  Each a watch of its own: a frame asked for by the
// watch before it, on a list drawn over since, stops only that one (a shared one once stopped the new watch, and the
// asks then ran under a refusal said in the dock).
function watchFit(fit, ...targets) {
  let asked = false;
  const watch = new ResizeObserver(() => {
    if (asked) return;
    asked = true;
    requestAnimationFrame(() => { asked = false; if (!fit()) watch.disconnect(); });
  });
  targets.filter(Boolean).forEach((target) => watch.observe(target));
  return watch;
}

// On a laptop at his turn the key reads at arm's length (round 14: three wide columns, larger type), and the table
// still fits the window with the dock under it (review 18a: the page never scrolls, the site's header whole): where
// the key's column would run the page past the window's foot (a region's towns on two lines, a refusal said in the
// dock), its regions close up a step ("snug": the same three columns, the lines closer, the type a little smaller),
// then another ("tight": the type a step smaller again, review 26a: the hint open squeezed the key to five columns),
// and only where that is still too tall go back to five narrower columns ("close").  Tried
// from the largest each time, so that the size chosen depends only on the page as it stands, never on the one worn
// before; again as the dock grows or shrinks (a refusal, the news, the hint), and the side with it, once a frame at
// most.
const KEY_STEPS = ["snug", "tight", "close"];
let keyWatch = null;
function fitKey(key) {
  const wear = (level) => KEY_STEPS.forEach((name, i) => {
    if (key.classList.contains(name) !== (level === i + 1)) key.classList.toggle(name, level === i + 1);
  });
  const fit = () => {
    const dock = document.querySelector(".dock");
    const layout = key.closest(".bt-layout");
    if (!key.isConnected || !dock || !layout) return false;
    if (dock.classList.contains("over")) return true;
    const main = layout.querySelector(":scope > .bt-main");
    const side = layout.querySelector(":scope > .bt-side");
    // (the page's overflow that the key's column makes: where the side stands taller, its own fit answers for it)
    const over = () => document.documentElement.scrollHeight - innerHeight
      - Math.max(0, (side ? side.getBoundingClientRect().bottom : 0) - main.getBoundingClientRect().bottom);
    let level = 0;
    wear(0);
    while (level < KEY_STEPS.length && over() > 0) wear(++level);
    return true;
  };
  requestAnimationFrame(fit);
  document.fonts?.ready.then(fit);
  const dock = document.querySelector(".dock");
  if (keyWatch) keyWatch.disconnect();
  // (and as the asks heard at the side are fitted over the dock: the page's height may be the key's only after)
  keyWatch = dock ? watchFit(fit, dock, key.closest(".bt-layout")?.querySelector(":scope > .bt-side")) : null;
}

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
  drawnLast = readOnly ? null : { el, redraw: ctx.redraw };
  const names = obs.seat_names || [];
  const me = obs.seat;
  const targets = readOnly ? new Map() : asksByTarget(legal);
  // (his own ask that came off, however made (a seat chosen, the hint's PLAY, a key): the player he asked stays chosen
  // while he can still be asked)
  const moves = obs.history || [];
  if (!readOnly && moves.length !== movesSeen) {
    movesSeen = moves.length;
    const [seat, action] = moves.at(-1) || [];
    const asked = seat === me && typeof action === "string" && action.startsWith("ask ") ? action.split(" ")[1] : null;
    if (asked && targets.has(asked)) chosen = asked;
  }
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
      (obs.to_move || []).includes(i) && !view.over ? [" ", h("span", { class: "bt-to-play" }, "◀ to play")] : ""),
    h("div", { class: "bt-seat-count" }, out ? "out: no cards left" : plural(obs.hand_sizes?.[i] ?? 0, "card")),
    // (the regions laid, said so: the chips' numbers alone read as nothing on a touch screen, where no title shows)
    (obs.laid?.[i] || []).length ? h("div", { class: "bt-seat-laid", "data-testid": "seat-laid" },
      h("span", { class: "bt-seat-laid-label" }, "laid:"), obs.laid[i].map((r) => regionChip(r))) : "");
    if (canAsk) box.addEventListener("click", () => { chosen = n; if (ctx.redraw) ctx.redraw(); else { el.replaceChildren(); render(el, ctx); } });
    // at his turn, a player who may not be asked (himself, or one out of the game) says why when clicked
    else if (targets.size && obs.hand?.length) refusable(box, `ask ${n} ${obs.hand[0]}`, ctx.refuse, `${seatName(view, i)}: cannot be asked`);
    return box;
  }));

  // -- the ask: the towns this player may be asked for, region by region --------------------------------
  // On a phone the dock holds the whole decision without a scroll: the asks heard (heardLine), and the hand and the ask as one list, a line a region: the cards held there, ticked, and
  // the cards to ask for, white buttons beside them (every region of the hand is one he may ask in, and no other).
  const narrow = window.matchMedia("(max-width: 600px)").matches;
  const all = obs.asks || [];
  // (a region laid in play goes down on the ask that completed it: the rules' events say after which ask)
  const laidAfter = new Map();
  for (const e of obs.events || []) {
    if (e.event === "region laid" && e.after_ask > 0) laidAfter.set(e.after_ask, [...(laidAfter.get(e.after_ask) || []), e]);
  }
  const words = (a) => `${person(view, a.asker, { start: true })} asked ${person(view, a.asked)} for ${townName(a.card)}${a.got ? ": got it" : ": not held"}`;
  // (whom he asks, said and chosen in words beside the asks: "Ask: [Arthur] [Betty]", the one chosen pressed; a
  // click on a player's box round the table chooses too)
  const choose = (n) => { chosen = n; refocus = n; if (ctx.redraw) ctx.redraw(); else { el.replaceChildren(); render(el, ctx); } };
  const whom = chosen ? h("div", { class: "bt-whom", role: "group", "aria-label": "Whom to ask", "data-testid": "whom" },
    h("span", { class: "bt-whom-label" }, "Ask:"),
    [...targets.keys()].map((n) => h("button", { type: "button", class: `bt-whom-seat${n === chosen ? " chosen" : ""}`,
      "data-whom": n, "aria-pressed": String(n === chosen), onclick: () => choose(n) }, seatName(view, n))),
    targets.size > 1 ? h("span", { class: "bt-whom-cue", "data-testid": "whom-cue" }, `${tap} a player to ask them instead`) : "") : "";
  // (playing from memory, at his own live table: the choice, and the round's asks only)
  const redraw = () => { if (ctx.redraw) ctx.redraw(); else { el.replaceChildren(); render(el, ctx); } };
  const memoryOffered = !readOnly && !view.over && me !== null && me !== undefined;
  const memory = memoryOffered && fromMemory ? { toggle: memoryToggle(redraw) } : null;
  let askPanel = "";
  if (chosen && narrow) {
    askPanel = h("div", { class: "bt-ask bt-heard-panel decision-area" }, sinceLast(all, me, view, laidAfter, words), all.length ? heardLine(all, me, words, memory)
      : h("p", { class: "bt-heard", "data-testid": "heard" }, h("span", { class: "bt-heard-head" }, "Asks heard: none yet."), " Yours is the first ask of the game."));
  } else if (narrow && !readOnly && !view.over && me !== null && me !== undefined && !obs.out?.[me]) {
    // (while the others ask, on a phone, the dock keeps the same summary: every ask since his own, not only the last)
    // (as the same numbered list as at his turn, an ask a line, the newest six whole: cut at three lines of prose, it
    // lost the newest asks behind "Show all" while the bots asked on; review 25a)
    const since = sinceLast(all, me, view, laidAfter, words);
    if (since) askPanel = h("div", { class: "bt-ask bt-heard-panel bt-waiting decision-area" }, since);
  } else if (chosen) {
    const who = seatName(view, chosen);
    askPanel = h("div", { class: "panel bt-ask decision-area" }, readOnly ? "" : sinceShort(all, me, view, laidAfter),
      h("div", { class: "bt-ask-head" }, h("h3", { "data-testid": "ask-head" }, `Ask ${who} for…`), whom),
      h("div", { class: "bt-ask-groups" }, byRegion(targets.get(chosen)).map(([r, cards]) => h("div", { class: "bt-ask-group", style: `--rc:${colourOf(r)}` },
        regionChip(r), cards.map((c) => askButton(c, chosen, who, act))))));
  }

  // -- my hand -------------------------------------------------------------------------------
  // (on a phone the hand is written as names by region: ten cards drawn would not leave room for the ask)
  // (a card held is a plain name, its region's colour under it: no chip, no button look, never taken for an ask)
  const held = (c) => h("span", { class: "bt-held-town", "data-card": c, style: `--rc:${colourOf(regionOf(c))}` }, shortName(c));
  // (on a laptop a card of his hand is a small card of words: its region's band and number over the name, whole)
  // (its title as a picture's: a region card's says what it does in this game)
  const nameCard = (c) => h("span", { class: `bt-namecard${shortName(c) === townName(c) ? "" : " region"}`, "data-card": c,
    style: `--rc:${colourOf(regionOf(c))}`,
    title: shortName(c) === townName(c) ? townName(c) : `REGION ${regionOf(c)}: ${regionPhrase(regionOf(c))} (${REGION_CARD_ROLE})` },
  h("span", { class: "bt-namecard-band", "aria-hidden": "true" }, h("b", {}, String(regionOf(c)))),
  h("span", { class: "bt-namecard-name" }, shortName(c)));
  let hand = "";
  const whose = addressed(view, me) ? "Your" : possessive(seatName(view, me));
  if (obs.hand && !obs.hand.length) hand = h("div", { class: "panel bt-hand hand-area" }, h("h3", {}, `${whose} hand (0)`),
    h("p", {}, addressed(view, me) ? "You have no cards left." : "No cards left."), addressed(view, me) && !readOnly && !view.over ? slower() : "");
  else if (obs.hand && narrow && chosen) {
    const who = seatName(view, chosen);
    const asks = byRegion(targets.get(chosen));
    // (the heading says whom every chip asks, as the laptop's does, with the players to choose from beside it; the
    // rows under it are the towns he may ask that player for, a line a region; his own cards are a row of their own
    // under them, "Your hand (5):", ticked, grouped by region, never mixed with the asks)
    hand = h("div", { class: "panel bt-hand hand-area bt-hand-ask", "data-testid": "hand-and-ask" },
      h("div", { class: "bt-hand-head" }, h("h3", { "data-testid": "ask-head" }, `Ask ${who} for…`), whom),
      h("ul", { class: "bt-rows", "data-testid": "ask-rows" }, asks.map(([r, cards]) => h("li", { class: "bt-row", "data-region": r, style: `--rc:${colourOf(r)}` },
        regionChip(r), h("span", { class: "bt-row-cards" }, cards.map((c) => askButton(c, chosen, who, act)))))),
      h("div", { class: "bt-own", "data-testid": "own-hand" }, h("span", { class: "bt-own-head" }, `Your hand (${obs.hand.length}):`),
        byRegion(obs.hand).map(([r, cards]) => h("span", { class: "bt-own-group", "data-region": r, style: `--rc:${colourOf(r)}` },
          regionChip(r), cards.map(held)))));
  } else if (obs.hand) {
    // (on a laptop a hand too long for one row of cards across the dock is drawn a size smaller, in one row that
    // scrolls sideways at the most: a dock two rows of cards high would push the key up under the window's top,
    // the page scrolled and the title cut; the key's ticks say what he holds as well)
    // (at his seat the cards are name cards, the name whole on one line under the region's band: the width a hand
    // needs is reckoned from its names, about 0.6 em a letter of bold type, and a hand too long is drawn smaller)
    const groups = byRegion(obs.hand).length;
    const across = obs.hand.reduce((n, c) => n + Math.max(72, shortName(c).length * 0.7 * 15.2 + 16), 0)
      + (obs.hand.length - groups) * 5 + (groups - 1) * 15;
    const named = !narrow && !readOnly;
    const many = named && across > el.getBoundingClientRect().width - 40;
    hand = h("div", { class: `panel bt-hand hand-area${many ? " bt-many" : ""}` },
      h("h3", {}, `${whose} hand (${obs.hand.length})`),
      narrow ? h("div", { class: "bt-ask-groups bt-hand-names" }, byRegion(obs.hand).map(([r, cards]) => h("span", { class: "bt-ask-group" },
        regionChip(r), cards.map(held))))
        : h("div", { class: "bt-groups" }, byRegion(obs.hand).map(([r, cards]) => h("div", { class: "bt-group", style: `--rc:${colourOf(r)}` },
          h("div", { class: "row" }, cards.map((c) => (named ? nameCard(c) : townCard(c, { role: REGION_CARD_ROLE }))))))));
  }
  // (and a laptop's hand of name cards the reckoning let wrap to a second row after all: drawn smaller, in one row)
  if (hand && !narrow && !readOnly && !hand.classList.contains("bt-many")) requestAnimationFrame(() => {
    const tops = new Set([...hand.querySelectorAll(".bt-namecard")].map((c) => Math.round(c.getBoundingClientRect().top)));
    if (tops.size > 1) hand.classList.add("bt-many");
  });
  // a card of his own hand, clicked at his turn, says why it cannot be asked for
  if (hand && chosen) hand.querySelectorAll("[data-card]").forEach((c) =>
    refusable(c, `ask ${chosen} ${c.dataset.card}`, ctx.refuse, `${townName(c.dataset.card)}: in your hand`));

  // -- the asks so far, newest first ------------------------------------------------------------
  const asks = obs.asks || [];
  const first = memory ? roundStart(asks, me) : 0;       // (playing from memory: this round's asks only)
  const laidWords = (n) => (laidAfter.get(n) || []).map((e) => h("span", { class: "bt-log-laid", "data-testid": "laid-in-log" },
    `; ${addressed(view, e.seat) ? "you" : seatName(view, e.seat)} laid down ${regionPhrase(e.region)}`));
  // (a box that holds more than it shows says so, in its heading, with a button that opens it whole: the older
  // asks are the memory the game is about, and a scroll box alone gives no sign of them; wholeLog shows it)
  const more = asks.length > first ? h("button", { type: "button", class: "bt-heard-all", "data-testid": "heard-all", hidden: true,
    "aria-expanded": heardAll ? "true" : "false", onclick: (event) => {
      heardAll = !heardAll;
      const button = event.currentTarget;
      button.closest(".bt-history").classList.toggle("bt-all", heardAll);
      button.setAttribute("aria-expanded", heardAll ? "true" : "false");
      button.textContent = heardAll ? "Show the newest only" : `Show all ${asks.length - first}`;
    } }, heardAll ? "Show the newest only" : `Show all ${asks.length - first}`) : "";
  const heard = asks.length - first;
  const history = h("div", { class: `panel bt-history${heardAll ? " bt-all" : ""}` }, h("h3", {}, `Asks heard${memory ? " this round" : ""} (${heard})`,
    heard ? h("span", { class: "muted-light" }, ", newest first") : "", more),
    memoryOffered ? memoryToggle(redraw) : "",
    memory && first && !heard ? h("p", { class: "muted-light", "data-testid": "heard-none-this-round" }, "None since your last turn: the older asks are yours to remember.") : "",
    memory && first && heard ? h("p", { class: "muted-light", style: "margin:0 0 .2rem;font-size:.8rem", "data-testid": "heard-older" }, `${plural(first, "older ask")}: yours to remember.`) : "",
    heard ? h("ol", { reversed: true, start: asks.length, tabindex: "0", "aria-label": memory ? "The asks since your last turn, newest first" : "Every ask so far, newest first" }, asks.map((a, i) => h("li", { class: a.got ? "got" : "" },
      h("b", {}, person(view, a.asker, { start: true })), " asked ", h("b", {}, person(view, a.asked)), " for ",
      h("span", { class: "bt-town", style: `--rc:${colourOf(regionOf(a.card))}` }, townName(a.card)),
      // (a miss says where the turn went: to the player asked, as the rules have it)
      a.got ? " and got it" : `: not held, so the turn passed to ${addressed(view, a.asked) ? "you" : seatName(view, a.asked)}`,
      ...laidWords(i + 1))).slice(first).reverse())
      : first ? "" : h("p", { class: "muted-light" }, "Nobody has asked yet."),
    // (the deal, under the oldest ask: who dealt, who asked first, any region laid straight from the deal; before
    // the first ask the table's news says it, and it is said once: here from the first ask on)
    dealWords(view) && (readOnly || view.over || (obs.history || []).length)
      ? h("p", { class: "bt-deal muted-light", "data-testid": "deal" }, dealWords(view)) : "");

  // (at his turn on a laptop the page keeps the whole key in the room above the dock, with the players to ask; on a
  // phone the two would not fit together: the players come first, the key is a scroll away)
  // (a phone's replay, as the sets game's: the hand straight under the players, in the first screen under the step
  // bar, so that a step's change is seen; the key, a thing to look up, folded under them, a tap opens it)
  // (on a phone the dock covers the key: folded, "Look at the table", the page brings the key whole above it)
  const key = keyCard(obs, view, laidBy, { focus: targets.size > 0 && !narrow, look: narrow && !readOnly });
  el.append(h("div", { class: "bt-layout asking" },
    h("div", { class: "bt-main" }, seats, ...(narrow && readOnly ? [hand, h("details", { class: "bt-key-fold", "data-testid": "key-fold" },
      h("summary", {}, "The key", h("span", { class: "muted-light" }, ": every region and its towns")), key), askPanel]
      : [key, askPanel, hand])),
    h("div", { class: "bt-side" }, history)));
  if (askPanel) askPanel.querySelectorAll(".bt-heard[open] ol").forEach(wholeLines);
  wholeLog(history.querySelector("ol"));
  if (!narrow && !readOnly && !view.over) fitKey(key);
  // (after the table has put the focus back where it could: a focus fallen to the body goes to the asks heard, and
  // when the turn comes back to him, from there to the first town he may ask for)
  const turnCame = targets.size > 0 && !myTurn;
  myTurn = targets.size > 0;
  if (refocus) {
    const again = el.querySelector(`[data-whom="${refocus}"]`);
    refocus = null;
    if (again) again.focus({ preventScroll: true });
  }
  if (engaged && !readOnly) requestAnimationFrame(() => {
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    const ask = [askPanel, hand].map((part) => part && part.querySelector("[data-action]")).find(Boolean);   // (on a phone, in the hand)
    const list = history.querySelector("ol");
    if (turnCame && ask && ask.isConnected && (lost || active.closest(".bt-history, .bt-seats"))) ask.focus({ preventScroll: true });
    else if (lost && list && list.isConnected) list.focus({ preventScroll: true });
  });
}

// The hint's answer: where the expert's choice asks another player than the one chosen, the ask turns to that
// player ("Ask Betty for…", Betty pressed), so that the towns under the hint's "Ask Betty for <town>" are Betty's, not
// the other player's the ask stood at (review 25a); a player chosen after it stays chosen.
export function hintChose(action, view) {
  const [verb, who] = action.split(" ");
  if (verb !== "ask" || who === chosen || !drawnLast || !drawnLast.redraw || !drawnLast.el.isConnected) return;
  if (!view.legal.some((a) => a.startsWith(`ask ${who} `))) return;
  chosen = who;
  drawnLast.redraw();
}

// Why the expert's choice is good, in words (the hint's "Why its choice"), from the facts the server read in the
// seat's own view (its reasons: parlour.games.british_towns.reasons): where the asks heard place the card, or a card of
// its region, with the player asked; who is known not to hold it; and what the player holds of the region himself.
// The asks are named by their numbers in the asks heard ("ask 12").
export function hintWhy(action, view) {
  const [verb, who, card] = action.split(" ");
  const obs = view.observation || {};
  if (verb !== "ask" || !card) return null;
  const facts = (obs.reasons || {})[action] || {};
  const target = (obs.seat_names || []).indexOf(who);
  const name = seatName(view, target);
  const town = townName(card);
  const region = regionOf(card);
  const where = regionPhrase(region);
  const said = [];
  if (facts.holds) {
    const [n, from] = facts.holds;
    said.push(`${name} took ${town} from ${person(view, from)} (ask ${n}) and still holds it, so this ask cannot fail`);
  } else {
    if (facts.has) {
      const [[first, n, from], ...more] = facts.has;
      said.push(more.length ? `${name} took ${listed(facts.has.map(([c]) => townName(c)))} (asks ${listed(facts.has.map(([, k]) => String(k)))}), so ${name} is collecting ${where}`
        : `${name} took ${townName(first)} from ${person(view, from)} (ask ${n}), so ${name} is collecting ${where}`);
    }
    if (facts.shows) {
      const [n, asked, whom] = facts.shows;
      // (an ask is only within a region the asker holds a card of: one of his that never moved, so he holds it still)
      said.push(`${name} asked ${person(view, whom)} for ${townName(asked)} (ask ${n}), so ${name} holds a card of ${where}`);
    }
    if (facts.lack) {
      const lacking = listed(facts.lack.map((s) => seatName(view, s)));
      said.push(`${lacking} ${facts.lack.length > 1 ? "are" : "is"} known not to hold ${town}${facts.only ? `, so only ${name} can` : ""}`);
    }
    if (!said.length) said.push(`nothing heard so far says who holds ${town}`);
  }
  // (what he holds of the region, as the key says it: the towns, and the region card apart)
  const total = (obs.key || []).find((k) => k.region === region)?.towns;
  const hand = obs.hand || [];
  const towns = hand.filter((c) => regionOf(c) === region && !/^R\d+$/.test(c)).length;
  const own = hand.includes(`R${region}`);
  const after = towns + (own ? 1 : 0) + 1 === (total ?? -2) + 1;
  const mine = after ? `with it you hold the whole of ${where}, which goes down at once`
    : towns ? `you hold ${towns} of its ${total} towns${own ? " and its region card" : ""}`
      : own ? "you hold its region card" : "";
  const text = [...said, mine].filter(Boolean).join("; ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

export function label(action, view) {
  const [verb, who, card] = action.split(" ");
  if (verb !== "ask") return action;
  return `Ask ${seatName(view, who)} for ${townName(card)}`;
}

export function status(view) {
  if (view.over || view.seat === null) return "";
  // (out of cards, or with nobody left to ask: he only watches now, and the prompt says so plainly)
  const obs = view.observation;
  if (obs.out?.[view.seat] || (obs.hand && !obs.hand.length)) return "You are out of cards: the others play on to the end.";
  if (view.legal.length) return "Your turn: choose a player, then a town to ask for.";
  return "";
}

export function resultText(result, view) {
  return resultWords(result, view, "regions", "region");
}

// The table's line at the end says who won, once: why, and every player's count, are the end's table under it.
export function bannerText(result, view) {
  return resultHead(result, view);
}

// A region laid is told after the ask that completed it, in one line: "Betty asked you for TOWN and got it.
// Betty laid down REGION." (the table's story puts this game's news after the move that brought it)
export const newsAfterMove = true;
// How long each of the others' asks stays on screen before the next, by pace (ms): an ask is a sentence to read and
// remember ("Arthur asked Betty for the region card of the Midlands: not held, so the turn passed to Betty"), longer
// than a card played; at the table's usual second the bots asked faster than a person reads (review 25a).
export const paceMoves = { quick: 1200, steady: 2500, slow: 4000 };
export const paceWords = "How long each of the other players' asks stays on screen before the next: about a second at "
  + "quick, two and a half at steady, four at slow, none at instant; at your turn the dock lists every ask since your last";
// the digit keys pick from the list of every move only while it is open (the key numbers the regions 1-9)
export const keysNeedList = true;

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
  // (the table's first view, before any ask: the deal)
  // (passing news: it gives way at the first ask, never left lit over the asks that follow it)
  if (!prev) {
    const deal = (view.observation.history || []).length || view.over ? "" : dealWords(view);
    return deal ? { text: deal, passing: true } : null;
  }
  const before = prev.observation.laid || [];
  const said = (view.observation.laid || []).map((regions, seat) => {
    const fresh = regions.filter((r) => !(before[seat] || []).includes(r));
    if (!fresh.length) return null;
    const who = person(view, seat, { start: true });
    return `${who} laid down ${listed(fresh.map(regionPhrase))}`;
  }).filter(Boolean);
  // (the end is not news here: the end's own sheet and the line at the foot of the table say who won, once each)
  return said.length ? `${said.join("; ")}.` : null;
}

// The end: who collected how many regions, and what parted players level on regions.
export function ending(view) {
  const r = view.result;
  if (!r) return "";
  const names = view.observation.seat_names;
  const best = Math.max(...names.map((n) => r.regions[n]));
  const top = names.filter((n) => r.regions[n] === best);
  // (the person himself is "you" in the sentence, and "(you)" in the table)
  const who = (n, start = false) => person(view, names.indexOf(n), { start });
  const row = (n) => `${seatName(view, names.indexOf(n))}${names.indexOf(n) === view.seat ? " (you)" : ""}`;
  // ("You, Arthur and Betty each collected", not "You and Arthur and Betty")
  const both = (list) => listed(list.map((n, i) => who(n, i === 0)));
  let why;
  if (top.length === 1) why = `${who(top[0], true)} collected the most regions: ${plural(best, "region")}.`;
  else if (r.winner) {
    const cards = top.map((n) => `${who(n, true)} ${r.cards_in_regions[n]}`).join(", ");
    why = `${both(top)} each collected ${plural(best, "region")}; the tie-break (most cards in complete regions: ${cards}) gives the game to ${who(r.winner)}.`;
  } else if (new Set(top.map((n) => r.cards_in_regions[n])).size === 1) {
    // (level on the cards in their regions too: the tie-break, whichever the table plays, leaves them level)
    why = `${both(top)} each collected ${plural(best, "region")} holding ${plural(r.cards_in_regions[top[0]], "card")}, level on both counts, and share the game.`;
  } else why = `${both(top)} each collected ${plural(best, "region")}, and share the game: at this table players level on regions share it, whatever the cards in them.`;
  // (why the game ended, first: every region is down, as the rules end it)
  const regions = (view.observation.key || []).length;
  const over = regions ? `All ${regions} regions are down, so the game is over. ` : "";
  return h("div", { class: "panel-light ending", "data-testid": "ending" }, h("p", {}, over, why),
    h("table", { class: "list" }, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Regions"), h("th", { scope: "col" }, "Cards in them"))),
      h("tbody", {}, names.map((n) => h("tr", {}, h("td", {}, row(n)), h("td", {}, String(r.regions[n])), h("td", {}, String(r.cards_in_regions[n])))))));
}

// The end stops play with its summary over the table: who collected the most regions, the tie-break, the count.
// On a laptop it stands at the window's foot, over the dock and the empty hand, not in the middle over the key: the
// final table (who laid which region) stays in sight above it, the page at its top with the site's menu (review 25a:
// the box covered the key, and the page had scrolled the menu off).  (The sets game's end is its own.)
export function summary(prev, view) {
  const content = endSummary(prev, view, ending);
  if (content) content.place = placeEnd;
  return content;
}
const laptop = window.matchMedia("(min-width: 601px)");
function placeEnd(sheet) {
  if (!sheet || !laptop.matches) return;
  sheet.classList.add("bt-end-foot");
  // (in the frame after the table's own scroll to its line at the foot, "Game over. …", which the box says already)
  requestAnimationFrame(() => window.scrollTo({ top: 0, behavior: "instant" }));
}
