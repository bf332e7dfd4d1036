// The expert's hint at a table that allows hints: a button at the player's turn, and the answer, the
// five best of the player's moves with the estimated chance of winning after each (the rest on request).
// The server thinks (from the seat's own view alone, with the same budget as the analysis of a finished
// game) and answers this connection only.  Where the game tests what a hint would tell (naming the plane
// in the plane-spotting game), the view says so and no button is offered.
import { h, clear } from "/static/dom.js";
import { plural } from "/static/words.js";

// moves shown before "more"
const FIRST = 5;
// chances this close (in whole points, as shown) do not tell the moves apart; chances all this near 0 or 1 say
// the outcome is near certain (in words that keep to the figures: see likelihood)
const CLOSE_POINTS = 2;
const DECIDED = 0.1;

// What the chances say when they cannot tell the moves apart: null where they can (or where fewer than two
// moves were judged); else {decided, low, high}, the lowest and highest chance shown, in whole points.
export function closeCall(options) {
  const chances = options.map((o) => o.chance).filter((c) => c !== null && c !== undefined);
  if (chances.length < 2) return null;
  const low = Math.round(100 * Math.min(...chances)), high = Math.round(100 * Math.max(...chances));
  if (high - low > CLOSE_POINTS) return null;
  const decided = chances.every((c) => c <= DECIDED) || chances.every((c) => c >= 1 - DECIDED);
  return { decided, low, high };
}

// Where every move leaves the outcome near certain, how likely it is, in plain words that keep to the figures shown
// under them: "You are very likely to win the game (about 9 in 10)" at 92%, "about 19 in 20" at 95%, "almost sure"
// only from 97%; "about 1 in 10" at 10%, "about 1 in 20" at 5% (3% to 5% shown), "under 1 in 20" below 4%.
export function likelihood({ low, high }, contest = "game") {
  const mid = (low + high) / 2;
  if (mid >= 97) return `You are almost sure to win the ${contest} (better than 19 in 20)`;
  if (mid >= 94) return `You are very likely to win the ${contest} (about 19 in 20)`;
  if (mid >= 50) return `You are very likely to win the ${contest} (about ${Math.min(9, Math.round(mid / 10))} in 10)`;
  if (mid < 4) return `You are almost sure to lose the ${contest} (under 1 in 20 to win)`;
  if (mid < 6) return `You are unlikely to win the ${contest} (about 1 in 20)`;
  if (mid < 8.5) return `You are unlikely to win the ${contest} (about 1 in 15)`;
  return `You are unlikely to win the ${contest} (about 1 in 10)`;
}

// hints(slot, {send, act, label, playable, contest}): send(message) asks the server; act(action) makes a move; label(action, view)
// names a move; playable(action, view): false where a row must not make its move for the player (in plane-spotting a
// swap made from the hint would show which card it is); contest: what is won ("game", "match").  The table calls draw(view) after each view, answered(message) on a "hint" message and
// failed() on an error.
// unweighed(count, view): the game's words for the moves the expert passed over (null: the usual words).
// words(action, view) (optional): a row's verb and the move after it, [verb, text], where "Play" is not the move's verb
// (a kick-off, a move of the ball); by default "Play" and the move's label.
// only(action, view) (optional): the words for the one move left, where a game says so in the hint's place (else nothing shows).
// tap(view) (optional): a word in the heading where the rows are the decision's own choices, such as a kick-off's
// ("tap a line to play it"), so that the player knows the rows make the move as the game's own buttons do.
// follow(view, asked) (optional): true where a hint asked at the position `asked` (a count of moves) stays on at this
// later view (the same turn's next decision: after a draw, the discard), so that it is asked again at once, without a
// second press; the hint closed or stopped is off until the player asks again.
// chose(action, view) (optional): told the expert's choice when its answer comes, so that the game's own controls can
// agree with it (the asking game turns its ask to the player the choice asks).
// why(action, view) (optional): why the expert's choice is good, in words from what the seat knows (the asking game:
// what the asks heard say of where the card lies), said under the rows; null where the game has nothing to say.
export function hints(slot, { send, act, label, playable = () => true, contest = "game", unweighed = () => null, words = null, only = null, tap = null, follow = null, chose = null, why = null }) {
  // the hint asked for, and its answer: {moves, options, unjudged} (shown until the table moves on), or
  // {moves, waiting}; every: the whole list is shown, not the five best
  let hint = null;
  let view = null;
  let every = false;
  // the position the player last asked at (null: the hint is off) and the last one asked at by following it (never
  // twice at one position: a refused question is not asked again and again)
  let on = null;
  let followed = null;
  const ask = () => {
    if (!send({ type: "hint", moves: view.moves })) return;
    on = view.moves;
    hint = { moves: view.moves, waiting: true };
    every = false;
    draw(view);
  };
  const sentence = (text) => `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? "" : "."}`;
  const pct = (c) => `${Math.round(100 * c)}%`;
  // The expert's view of the player's moves: its own choice first, the others by their estimated chance of winning.
  const draw = (current) => {
    view = current;
    clear(slot);
    slot.removeAttribute("aria-busy");
    slot.closest(".dock")?.classList.remove("hinting");
    const mayAsk = view && view.hints && view.seat !== null && !view.over && !view.real_time && view.legal.length > 1;
    // one move left (a forced going out): no expert is needed, but the hint's place says so in words, with the
    // move to make, rather than leaving the player to wonder where the Hint button went (where the game words it)
    const lone = view && view.hints && view.seat !== null && !view.over && !view.real_time && view.legal.length === 1
      && only && !view.hint_withheld ? only(view.legal[0], view) : null;
    if (lone) {
      slot.append(h("div", { class: "hint-ask hint-only", "data-testid": "hint-only" },
        h("span", {}, h("strong", {}, "Only one move: "), lone, " "),
        h("button", { type: "button", class: "hint-button", "data-testid": "hint-only-play", onclick: () => act(view.legal[0]) }, "Do it")));
      return;
    }
    if (!mayAsk) return;
    if (view.hint_withheld) {
      slot.append(h("p", { class: "hint-withheld", "data-testid": "hint-withheld" }, sentence(view.hint_withheld)));
      return;
    }
    let mine = hint && hint.moves === view.moves ? hint : null;
    if (!mine && on !== null && follow && view.moves > on && followed !== view.moves) {
      if (follow(view, on)) {
        followed = view.moves;
        if (send({ type: "hint", moves: view.moves })) { on = view.moves; hint = mine = { moves: view.moves, waiting: true }; every = false; }
      } else on = null;
    }
    const button = h("button", { type: "button", class: "hint-button", "data-testid": "hint-button", onclick: ask,
      disabled: mine && mine.waiting ? true : undefined }, mine && mine.waiting ? "Thinking…" : "Hint");
    if (mine && mine.waiting) {
      // the answer takes some seconds, more on a busy server: the expert is seen thinking at once (a turning ring
      // drawn by the page, no font needed; the button off), and the player may stop waiting and play on
      const sign = h("span", { class: "hint-busy", "aria-hidden": "true" });
      const stop = h("button", { type: "button", class: "hint-stop", "data-testid": "hint-stop",
        onclick: () => { hint = null; on = null; draw(view); } }, "Stop");
      slot.setAttribute("aria-busy", "true");
      return slot.append(h("div", { class: "hint-ask", style: "display: flex; align-items: center; gap: .5rem;" }, button,
        h("p", { class: "hint-thinking", "data-testid": "hint-thinking", role: "status", style: "margin: 0; font-size: .85rem;" },
          sign, " The expert is weighing your moves…"), stop));
    }
    if (!mine || !mine.options) return slot.append(h("div", { class: "hint-ask" }, button));
    const shown = every ? mine.options : mine.options.slice(0, FIRST);
    const more = mine.options.length - FIRST;
    const toggle = more > 0 ? h("button", { type: "button", class: "hint-more", "data-testid": "hint-more", "aria-expanded": String(every),
      onclick: () => { every = !every; draw(view); } }, every ? `Show the ${FIRST} best only` : `Show ${plural(more, "more move")}`) : "";
    const passed = mine.unjudged ? h("p", { class: "hint-note", "data-testid": "hint-unjudged" }, unweighed(mine.unjudged, view)
      || `${mine.unjudged === 1 ? "One other move was" : `${mine.unjudged} other moves were`} not weighed: the expert does not consider ${mine.unjudged === 1 ? "it" : "them"} worth playing here.`) : "";
    // a move shown at its choice's chance: the server shows no move above the expert's choice (one it tried
    // less that came out a little higher is within the search's noise, so it is shown level with it)
    const top = mine.options[0];
    const best = Math.max(0, ...mine.options.map((o) => o.chance || 0));
    // (and every move whose figure, as shown, is the choice's: two rows at 100% are both tagged, one at 99.6% too)
    const points = (c) => Math.round(100 * c);
    const isLevel = (o) => o !== top && (o.level || (o.chance !== null && o.chance !== undefined && top.chance !== null
      && top.chance !== undefined && points(o.chance) >= points(top.chance)));
    const level = shown.some(isLevel) ? h("p", { class: "hint-note", "data-testid": "hint-level-note" },
      "Equal best: as good as its choice, as far as the expert can tell.") : "";
    // chances within a couple of points say nothing between the moves: the hint says so in words, and says in one
    // plain sentence under the list what the search's other figure (how often it played each move out) tells
    const call = closeCall(mine.options);
    const visits = mine.options.map((o) => o.visits);
    const tried = call && visits.every(Number.isInteger) && Math.max(...visits) > 0;
    // (tries within a seventh of each other say no more than the chances: the search found nothing between them)
    const evenly = tried && Math.max(...visits) - Math.min(...visits) <= Math.max(...visits) / 7;
    const closeNote = call ? h("p", { class: "hint-note hint-close-call", "data-testid": "hint-close-call" },
      h("strong", {}, call.decided ? `${likelihood(call, contest)}: these moves differ little` : "These moves differ little"),
      ` in the chance of winning (${call.low === call.high ? `all ${call.low}%` : `${call.low}% to ${call.high}%`}).`) : "";
    const games = mine.iterations ? `${mine.iterations} practice games` : "practice games";
    const triedNote = !tried ? ""
      : h("p", { class: "hint-note hint-tried", "data-testid": "hint-tried" }, evenly
        ? `The expert tried these moves out about equally often in ${games}: as far as it can tell, any of them will do.`
        : `The expert tried these moves out in ${games}, the promising ones most: it is surest of its choice.`,
        // (what the figures assume, said once: a player beating a casual bot at "37%" should know why)
        " In those games the other players play as well as the expert does, so against weaker players your chances are better.");
    // (why its choice, in the game's words, where it gives them: a line under the heading, over the rows, so that it is
    // read with the choice, the first row, in a box that may scroll)
    const reason = why && top ? why(top.action, view) : null;
    const because = reason ? h("p", { class: "hint-why", "data-testid": "hint-why" }, h("strong", {}, "Why its choice: "), reason) : "";
    const close = h("button", { type: "button", class: "hint-close", "data-testid": "hint-close", "aria-label": "Close the hint",
      onclick: () => { hint = null; on = null; draw(view); } }, "✕");
    // a row plays its move, through the table's own way of making a move (the server judges it, as any other);
    // the whole row answers a click or a tap, and its Play button the keyboard
    const play = (o) => {
      if (mine.played) return;
      if (act(o.action) !== false) { mine.played = true; slot.querySelectorAll("[data-hint]").forEach((b) => { b.disabled = true; }); }
    };
    slot.append(h("div", { class: "hint", "data-testid": "hint" }, close,
      // (on a phone the long explanation gives way to a short one: the heading keeps saying what the figures are)
      h("h2", {}, "The expert's view", h("small", { "data-testid": "hint-order", class: "hint-order-long" }, mine.options.length > FIRST && !every
        ? `: its choice first, then the ${FIRST - 1} next best of ${plural(mine.options.length, "move")} by their chance of winning the ${contest}`
        : `: its choice first, then your other moves by their chance of winning the ${contest}`),
        h("small", { "data-testid": "hint-order-short", class: "hint-order-short" }, `: its choice first; each figure is your chance of winning the ${contest}`),
        tap && tap(view) ? h("span", { class: "hint-tap", "data-testid": "hint-tap" }, ` · ${tap(view)}`) : ""),
      because, closeNote,
      h("ol", { "aria-label": "Your moves, the expert's choice first: pick one to play it" }, shown.map((o, i) => {
        const mark = i === 0 ? h("small", { class: "hint-choice" }, " (its choice)")
          : isLevel(o) ? h("small", { class: "hint-level", "data-testid": "hint-level" }, " (equal best)") : "";
        // a move the player must find for himself is named, not played from here
        const own = !playable(o.action, view);
        // (a game's own verb is read out; the usual "Play" only shown, the button's name being the move)
        const worded = words && words(o.action, view);
        const [verb, text] = worded || ["Play", label(o.action, view)];
        return h("li", { class: i === 0 ? "best" : "", onclick: own ? undefined : () => play(o) },
        own ? h("span", { class: "hint-own", "data-testid": "hint-own" }, label(o.action, view), mark,
          h("small", {}, o.alike > 1 ? ` (the best of ${o.alike} such moves; make it yourself)` : " (make it yourself)"))
          : h("button", { type: "button", "data-hint": o.action, "data-testid": "hint-play", disabled: mine.played ? true : undefined },
            h("span", { class: "hint-verb", "aria-hidden": worded ? undefined : "true" }, `${verb} `), text, mark),
        // (the bar is drawn against the best figure shown, so that 26%, 22% and 8% differ at a glance: on a 0-100
        // scale they were all thin slivers; the figure in words stands beside it)
        h("span", { class: "bar", "aria-hidden": "true" }, h("span", { style: `width:${best > 0 ? Math.round(100 * Math.min(1, o.chance / best)) : 0}%` })),
        h("span", { class: "chance", "data-testid": "chance", title: "the chance of winning after this move" }, pct(o.chance)));
      })),
      toggle, triedNote, level, passed));
    slot.closest(".dock")?.classList.add("hinting");
    fitBox(slot.querySelector(".hint"));
  };
  // A hint that keeps to a box of its own (a phone's dock) ends at the foot of a whole line, never across one: folded,
  // at the foot of its "Show more" (the box grows to it: the best moves and the way to the rest are whole, the notes
  // under them a scroll away); unfolded, at the foot of the last row whole under the box's height.
  const fitBox = (box) => {
    if (!box) return;
    box.style.maxHeight = "";
    if (getComputedStyle(box).overflowY !== "auto" || box.scrollHeight <= box.clientHeight + 1) return;
    const top = box.getBoundingClientRect().top - box.scrollTop;
    // (no padding under the foot: the line after it would show a sliver there)
    const foot = (el) => el.getBoundingClientRect().bottom - top + 1;
    const more = box.querySelector(".hint-more");
    // (a box held to the height of what it stands beside, absolutely placed, never grows: its rows are cut as unfolded)
    // (a game's stylesheet may keep the box to its height, folded too: --hint-grow: none; it then scrolls on its own)
    const grows = getComputedStyle(box).getPropertyValue("--hint-grow").trim() !== "none";
    if (more && !every && grows && getComputedStyle(box).position !== "absolute") { box.style.maxHeight = `${Math.ceil(foot(more))}px`; return; }
    const cap = box.clientHeight;
    const rows = [...box.querySelectorAll("h2, li, .hint-note, .hint-more")].map(foot).filter((b) => b <= cap);
    if (rows.length) box.style.maxHeight = `${Math.floor(Math.max(...rows))}px`;
  };
  const answered = (message) => {
    if (hint && hint.moves === message.moves) {
      // the expert's own choice (the move it searched most) first, then the others by their chance of winning
      // (none above the choice's: the server shows a move level with it rather than higher on fewer tries)
      const [choice, ...others] = message.options;
      const sorted = choice ? [choice, ...others.sort((a, b) => b.chance - a.chance)] : [];
      // moves the player must make himself that read alike (a plane-spotting swap: which one is his to spot) are
      // one row, the best of them, that says how many it stands for: never the same words twice at two figures
      const said = (o) => (playable(o.action, view) ? null : label(o.action, view));
      const options = sorted.filter((o, i) => said(o) === null || sorted.findIndex((p) => said(p) === said(o)) === i)
        .map((o) => ({ ...o, alike: said(o) === null ? 1 : sorted.filter((p) => said(p) === said(o)).length }));
      hint = { moves: message.moves, options, unjudged: message.unjudged || 0, iterations: message.iterations || null };
      if (chose && choice && view) chose(choice.action, view);
      if (view) draw(view);
      // on a phone the dock scrolls on its own: bring the answer into sight there
      const shown = slot.querySelector(".hint");
      if (shown) shown.scrollIntoView({ block: "nearest" });
    }
  };
  const failed = () => {
    if (hint && hint.waiting) { hint = null; if (view) draw(view); }
    // a move played from the hint and refused: its rows may be picked again
    if (hint && hint.played) { hint.played = false; if (view) draw(view); }
  };
  return { draw, answered, failed };
}
