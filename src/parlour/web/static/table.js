// A table in play: the board drawn by the game's own module, the dock with the decision and the hand,
// the story of the other players' moves at the chosen pace, and hints.  The server decides everything:
// this page shows what it sends and sends back the action a person picked from the legal ones.
import { h, clear, toast } from "/static/dom.js";
import { api, joinLinks, keepMade, mySeat } from "/static/api.js";
import { gameModule, go, main, resultText } from "/static/page.js";
import { hints } from "/static/hint.js";
import { capital, contextTitle } from "/static/words.js";
import { seatLink, seatLinkBox, takeSeatFromLink } from "/static/seats.js";

// -- playing ---------------------------------------------------------------------------
// How long another seat's move stays on screen before the next one is drawn, so that a person can follow
// what the bots did (the server plays at its own pace), and how long a summary (a round's end, half time)
// stays before play goes on by itself (null: until the player goes on).
const PACES = {
  instant: { move: 0, summary: null, title: "instant" },
  quick: { move: 450, summary: 8000, title: "quick" },
  steady: { move: 1000, summary: 15000, title: "steady" },
  slow: { move: 1900, summary: null, title: "slow" },
};
// how long a piece of news (a goal, a kick-off) stays at the head of the story (less if the player moves first:
// his move, or a move refused, puts it away), and how long it holds the next move back
const NEWS_MS = 6000;
const NEWS_HOLD_MS = 2500;
const paceName = () => (localStorage.getItem("parlour:pace") in PACES ? localStorage.getItem("parlour:pace") : "steady");

// The move just made, as [seat, action], from the public history every observation carries.
const lastMove = (view) => (view && view.observation && view.observation.history ? view.observation.history.at(-1) : null);
const lastTold = (view, mod) => (view && view.observation && view.observation.history && mod.tells
  ? view.observation.history.findLast(([, action], i) => mod.tells(action, view, i)) || null : null);

export async function playTable(tableId) {
  const info = await api("GET", `/api/tables/${tableId}`).catch((error) => {
    clear(main).append(h("h1", {}, "No such table"), h("p", {}, error.message), h("a", { href: "/" }, "Back to the games"));
  });
  if (!info) return;
  // (the game's bots in words, "Expert", to say each bot seat's level at the table)
  const [mod, described] = await Promise.all([gameModule(info.game), api("GET", `/api/games/${info.game}`).catch(() => null)]);
  const levels = new Map(((described && described.bot_catalogue) || []).map((b) => [b.name, b]));
  // a seat's bot level ({title, description}), or null for a person or a bot the catalogue does not name
  // a level's title in short, for a chip with little room: "Casual player" -> "Casual"
  const shortLevel = (title) => title.replace(/ player$/, "");
  const levelOf = (s) => (s.kind === "bot" && s.bot ? levels.get(s.bot.split(":")[0]) || null : null);
  // a game played for a drive or a cycle says so, and leads back there; its end offers no casual game after it
  const context = info.context || null;
  if (mod.inTournament) mod.inTournament(context);
  document.title = `${context ? contextTitle(context) : info.title} · Parlour`;
  const heading = h("h1", { "data-testid": "table-title" }, context ? contextTitle(context) : info.title);
  const back = () => h("a", { href: context.url, "data-testid": "back-to-tournament" }, context.back);
  const sent = () => h("span", { "data-testid": "result-sent" }, `Result sent to the ${context.kind} · `, back());
  const linked = await takeSeatFromLink(tableId);        // a seat's private link, opened on this device
  const mine = mySeat(tableId);
  const seatsEl = h("div", { class: "seats" });
  const board = h("div", { class: "board", tabindex: "-1" });
  // the dock: what just happened, a refusal, the prompt, the decision, the hand, a hint, every move as a list
  const story = h("div", { class: "story", "aria-live": "polite", "data-testid": "story" });
  const refusal = h("div", { class: "refusal", role: "alert", "data-testid": "refusal-box" });
  const status = h("div", { class: "status", role: "status" });
  const decisionSlot = h("div", { class: "decision-slot" });
  const handSlot = h("div", { class: "hand-slot" });
  const movesEl = h("div", { class: "moves" });
  const hintSlot = h("div", { class: "hint-slot", "aria-live": "polite" });
  const controls = mod.controls ? h("div", { class: "touch-controls", "data-testid": "touch-controls" }) : "";
  // on a phone the dock covers much of the table: the player folds it down to look at the board (the key, the log,
  // the pitch) and opens it again; his next turn opens it by itself
  const fold = h("button", { type: "button", class: "dock-fold", "data-testid": "dock-fold", "aria-expanded": "true",
    onclick: () => setFolded(!dock.classList.contains("folded")) }, "Look at the table ▾");
  const setFolded = (folded) => {
    dock.classList.toggle("folded", folded);
    fold.setAttribute("aria-expanded", String(!folded));
    fold.textContent = folded ? "Back to your move ▴" : "Look at the table ▾";
  };
  // the prompt shares its line with the Hint button and the folded list of moves, so the dock stays low
  const bar = h("div", { class: "dock-bar" }, status, hintSlot, movesEl);
  // (the fold sits at the head of the dock, beside what just happened, so it takes no line of its own)
  const dock = h("div", { class: "dock", "data-testid": "dock" }, info.real_time ? "" : fold, story, refusal, bar, controls,
    decisionSlot, handSlot);
  // A refusal answers the press before it: the player's next action at the table (a move, a card, a button of the
  // decision, the hint asked for, the dock folded, the list of moves opened), in every game, puts it away, so that
  // an old refusal never reads as an answer to what he does next.  (A press refused again is answered anew by the
  // server, after this.)
  const putRefusalAway = () => { clearTimeout(refuse.timer); refusal.classList.remove("show"); clear(refusal); };
  const pressed = (event) => {
    // (the refusal's own "Why?" opened is no next action: it is read, and stays until one)
    if (event.target instanceof Element && event.target.closest(NEXT_ACTION) && !event.target.closest(".refusal")) putRefusalAway();
  };
  refusal.addEventListener("toggle", () => clearTimeout(refuse.timer), true);
  dock.addEventListener("click", pressed, true);
  board.addEventListener("click", pressed, true);
  const sheet = h("div", { class: "sheet-slot" });
  const pace = h("select", { "aria-label": "Pace of the other players' moves", class: "pace" },
    Object.entries(PACES).map(([p, x]) => h("option", { value: p }, x.title)));
  pace.value = paceName();
  pace.addEventListener("change", () => localStorage.setItem("parlour:pace", pace.value));
  const share = Object.entries(joinLinks(tableId)).filter(([s]) => !mine || String(s) !== String(mine.seat));
  const closer = mine ? h("details", { class: "close-table", "data-testid": "close-table" }, h("summary", {}, "Close the table"),
    h("p", {}, "The game ends here for everyone, with no winner."),
    h("button", { type: "button", onclick: async () => {
      try { await api("POST", `/api/tables/${tableId}/close`, undefined, mine.token); } catch (error) { toast(error.message); }
    } }, "Close it for everyone")) : "";
  // a stalled game finished here by agreement, counted as it stands, where the server offers it to this seat
  // (view.finish_offered); the table's next view tells the end
  const finishHere = async () => {
    try { await api("POST", `/api/tables/${tableId}/finish`, undefined, mine.token); } catch (error) { toast(error.message); }
  };
  // (a bot's level in words, where the chips have no room for it: see fitLevels)
  const levelLine = h("span", { class: "muted bot-levels", "data-testid": "bot-levels", hidden: "", style: "font-size:.85rem;line-height:1.1" });
  const levelsInDetails = h("p", { class: "muted", "data-testid": "bot-levels-details" });
  const seatBox = mine ? seatLinkBox(tableId, mine, info.real_time) : "";
  if (seatBox) seatBox.append(levelsInDetails);
  main.classList.add("at-table");
  // the keyboard's first stop on the table (a player's, not a watcher's): straight to the decision (its first
  // control, or a move on the board), past the page's head, the table's settings and the log; at another's turn,
  // to the board
  document.querySelectorAll(".skip-to-move").forEach((el) => el.remove());
  // (a move itself first, wherever it is drawn: the Hint button shares the decision's slot)
  const firstMove = () => main.querySelector(".dock .decision-slot [data-action]")
    || main.querySelector(".dock .hand-area [data-action]") || main.querySelector(".board [data-action]");
  const skip = h("a", { href: "#main", class: "skip-to-move", "data-testid": "skip-to-move", onclick: (event) => {
    event.preventDefault();
    const move = view && view.legal.length && !view.over ? firstMove() : null;
    const ready = view && !view.over ? readyButton() : null;
    if (move) move.focus();
    else if (ready) ready.focus();
    else if (!(view && view.legal.length && !view.over && focusDecision())) board.focus();
  } }, "Go to your move");
  // (a race's Start, or Ready between its matches, is the player's next step while he has no move: the link names
  // it and goes to it, review 26, where "Go to your move" led to the board before there was a move to make)
  const readyButton = () => main.querySelector(".dock .decision-slot [data-testid=ready]");
  const skipWords = () => {
    const ready = view && !view.over && !view.legal.length ? readyButton() : null;
    skip.textContent = ready ? `Go to ${ready.textContent.trim()}` : "Go to your move";
  };
  // (first in the page, ahead of the site's own links; the next page drawn takes it away: app.js's route)
  if (mine) document.body.prepend(skip);
  clear(main).append(
    context ? h("p", { class: "crumbs", "data-testid": "tournament-path" }, back(), ` · ${info.title}`) : "",
    h("div", { class: "table-head" }, heading, seatsEl,
      info.hints ? h("span", { class: "badge", "data-testid": "hints-on", title: "Each player may ask the expert for a hint at his turn" }, "Hints on") : "",
      // where more than one person plays, a deal the creator chose is said on the table (the server's owner allowed it)
      info.seed_chosen_by === "creator" && info.seats.filter((s) => s.kind === "person").length > 1
        ? h("span", { class: "badge", "data-testid": "deal-chosen", title: "The table's creator chose the deal (its seed), as this server allows" }, "Deal chosen by the creator") : "",
      h("a", { href: `/rules/${info.game}`, target: "_blank", class: "rules-link" }, "Rules"),
      // (a watcher's pace is how fast this browser shows the moves, whatever pace the players or bots play at: said so)
      info.real_time ? "" : mine ? h("label", { class: "pace-label", "data-testid": "pace", title: mod.paceWords || "How long the other players' moves stay on screen; at quick and steady a summary goes by itself, at instant and slow it waits for you" }, "Pace ", pace)
        : h("label", { class: "pace-label", "data-testid": "watch-pace", title: "How long each move stays on screen in this browser; the players and bots play at their own pace" }, "Showing moves ", pace), closer,
      seatBox, levelLine),
    linked && linked.refused ? h("p", { class: "error", role: "alert", "data-testid": "seat-link-refused" }, linked.refused) : "",
    share.length ? h("div", { class: "share" }, "Send these links to the other players: ",
      share.map(([s, url]) => h("div", {}, `${info.seats[s].name}: `, h("code", {}, location.origin + url), " ", copyButton(location.origin + url))),
      h("div", { class: "muted" }, "To watch: ", h("code", { "data-testid": "watch-link" }, `${location.origin}/t/${tableId}`))) : "",
    h("h2", { class: "sr-only" }, "The table"), board, dock, sheet);
  // on a phone the dock is fixed to the foot of the screen: the page ends above it, so nothing hides under it
  const makeRoom = () => {
    main.style.paddingBottom = getComputedStyle(dock).position === "fixed" ? `${dock.offsetHeight + 8}px` : "";
  };
  // (the dock grown or shrunk at the same view, by a refusal, a hint or the list of moves, takes its room over the
  // foot of the board: the page moves only if the decision's own parts would go out of sight, never for what a game
  // keeps beside them, so the table stays still and the site's head in view)
  new ResizeObserver(() => bringIntoView(0, true)).observe(dock);

  // The bots' levels stand on their chips only where the table's head has room for them: never a line more, so the
  // table below keeps its place (a laptop's Football Whist fills the window); where there is none they are read out
  // all the same, and are in each chip's title.
  // Failing that, one line in the head says them all ("Bots: Arthur and Cyril Expert · Betty Beginner") where that
  // has room; and the seat's details ("Your seat on another device", opened) say them in any case.
  const botsSaid = (seats) => {
    const byLevel = new Map();
    seats.forEach((s) => {
      const level = levelOf(s);
      if (level) byLevel.set(level.title, [...(byLevel.get(level.title) || []), s.name]);
    });
    return [...byLevel.entries()].map(([title, names]) => `${names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0]}: ${title}`).join(" · ");
  };
  // (in turn: each chip's level in full, "Arthur · bot (Casual player)"; else in short, "Arthur · Casual", the bot
  // said in its title and read out; else the head's line; else none seen)
  const fitLevels = () => {
    if (!seatsEl.isConnected) { window.removeEventListener("resize", fitLevels); return; }      // (a table left)
    const words = [...seatsEl.querySelectorAll(".bot-level")];
    const head = seatsEl.parentElement;
    if (!words.length || !head) return;
    const shorts = [...seatsEl.querySelectorAll(".bot-short")];
    const long = shorts.map((w) => w.parentElement.querySelector(".bot-word")).filter(Boolean);
    const inShort = (yes) => {
      shorts.forEach((w) => { w.hidden = !yes; });
      long.forEach((w) => { w.hidden = yes; });
      words.forEach((w) => { w.hidden = yes; });
    };
    inShort(false);
    words.forEach((w) => w.classList.add("sr-only"));
    levelLine.hidden = true;
    const without = head.offsetHeight;
    words.forEach((w) => w.classList.remove("sr-only"));
    if (head.offsetHeight <= without) return;
    inShort(true);
    if (head.offsetHeight <= without) return;
    // (on a phone the short levels stay, a line more if need be: its head scrolls away above the table, and a chip
    // that read "Arthur · bot" told no level at all, where a longer name took the room: review 25)
    if (matchMedia("(max-width: 600px)").matches) return;
    inShort(false);
    words.forEach((w) => w.classList.add("sr-only"));
    levelLine.hidden = false;
    if (head.offsetHeight > without) levelLine.hidden = true;
  };
  window.addEventListener("resize", fitLevels);

  let view = null;
  let socket = null;
  // a message to the server, or a word to the player that it cannot go now
  const send = (message) => {
    if (!view || !socket || socket.readyState !== 1) { refuse("Not connected: reconnecting…"); return false; }
    socket.send(JSON.stringify(message));
    return true;
  };
  // In a race a press says when it was made and what it answered (ruling 14): the view it first showed in and
  // how long after that view came it was made, by this page's own clock; the server judges it by that, within
  // the round trip its pings measure.
  const now = () => performance.now() / 1000;
  let shownSince = {};                  // each move the race offers: { version, seen } of the view it first came in
  const timing = (action) => {
    const since = shownSince[action];
    return since ? { version: since.version, reaction: Math.max(0, now() - since.seen), at: now() } : undefined;
  };
  // A move sent and not yet answered (a new view, or a refusal): the page sends no other until then, so a second
  // tap on a control that has not gone yet is not sent as a move the table has already made.  (A race sends
  // every press: the server judges each by its time.)
  let inFlight = null;                       // { moves, timer }: the view the move answered
  const answered = () => {
    if (!inFlight) return;
    clearTimeout(inFlight.timer);
    inFlight = null;
    board.removeAttribute("aria-busy");
    dock.classList.remove("sent");
  };
  const act = (action) => {
    putNewsAway();                  // the player has moved on (or tried to): the news has been read
    // (in a race a refusal answered a press: the next press is the player's answer to it, and a new one says its own)
    if (view && view.real_time) { refusal.classList.remove("show"); clear(refusal); }
    if (view && !view.real_time && inFlight && inFlight.moves === view.moves) return false;
    const sent = send(view.real_time ? { type: "act", action, timing: timing(action) }
      : { type: "act", action, moves: view.moves });
    if (sent && !view.real_time) {
      answered();
      // (an answer lost with the connection: after a while the page lets the player try again)
      inFlight = { moves: view.moves, timer: setTimeout(answered, 5000) };
      board.setAttribute("aria-busy", "true");
      dock.classList.add("sent");           // (a game may show its controls off till the answer comes)
      // (a move made while the news is held on screen (the deal's): the news has been read, and the answer shows at
      // once, not seconds later, as if the press had done nothing)
      if (holding && !sheet.firstChild) { clearTimeout(holdTimer); holding = false; setTimeout(pump, 0); }
    }
    return sent;
  };
  const sawRace = (message) => {
    const at = now();
    shownSince = Object.fromEntries((message.legal || []).map((a) => [a, shownSince[a] || { version: message.version, seen: at }]));
  };
  const hint = hints(hintSlot, { send, act, label: mod.label || ((x) => x), playable: mod.hintPlayable, contest: mod.contest || "game",
    unweighed: mod.unweighed, words: mod.hintWords, only: mod.hintOnly, tap: mod.hintTap, follow: mod.hintFollow, chose: mod.hintChose, why: mod.hintWhy });
  // The same game, variant and seats at a new table: this player keeps his seat, the others get new links.
  const playAgain = async () => {
    try {
      const made = await api("POST", `/api/tables/${tableId}/again`, undefined, mine.token);
      keepMade(made);
      if (socket) { socket.onclose = null; socket.close(); }
      go(made.url);
    } catch (error) { toast(error.message); }
  };
  // Why the server would not take a move, in the dock above the prompt: it covers nothing, and goes with the next move.
  const refuse = (message) => {
    if (view && view.over) return;             // the end page reads from its result: no stale refusal above it
    putNewsAway();                             // (a refusal is what the player must read now: no news beside it)
    // (a refusal that is no mistake of the player's, a press that came as the match ended, the game words calmly)
    const calm = mod.calm ? mod.calm(message, view) : null;
    // (a game may word it for the page as it stands: see answered below)
    const words = mod.refusal ? mod.refusal(message, view) : message;
    if (!words) return;
    refuse.said = message;
    refuse.view = view;                        // (the table it spoke of: a game may let it go once that has changed)
    clear(refusal).append(h("span", { "data-testid": "refusal" }, calm || capital(words)));
    refusal.classList.toggle("calm", Boolean(calm));
    refusal.classList.add("show");
    clearTimeout(refuse.timer);
    // (in a race it stays 4 s, through the other hand's moves: see tellStory)
    refuse.timer = setTimeout(() => { refusal.classList.remove("show"); clear(refusal); }, view && view.real_time ? 4000 : 8000);
  };

  // The part of the board the decision is about (a game marks it data-focus) is brought into the room above
  // the dock, by the page itself, so the player never has to look for it.
  // The room is the window above the dock; what must be in it is every part marked data-focus and every control
  // the board offers for the decision.
  const bringIntoView = (tries = 0, resized = false) => {
    makeRoom();                        // first the page's room under the dock, so that it can scroll far enough
    // (while the others move, the part a game marks data-watch, such as the pitch at another's kick-off, instead)
    // (and the dock folded on a phone, "Look at the table": the part a game marks data-look, the asking game's key,
    // which the dock covered; review 26a)
    const look = dock.classList.contains("folded") && view && !view.over ? [...board.querySelectorAll("[data-look]")] : [];
    const parts = !view || view.over ? [] : look.length ? look
      : view.legal.length ? [...board.querySelectorAll("[data-focus], [data-action], [data-target]")]
        : [...board.querySelectorAll("[data-watch]")];
    const area = (els) => els.map((el) => el.getBoundingClientRect()).filter((r) => r.height > 0);
    const rects = area(parts);
    if (!rects.length) return;
    const room = dock.getBoundingClientRect().top;
    // what a game would keep in sight beside the decision (data-keep: Football Whist's goals and play log) comes
    // into the room with it where the room holds both
    const kept = [...rects, ...area(view.legal.length && !resized ? [...board.querySelectorAll("[data-keep]")] : [])];
    const fits = (rs) => Math.max(...rs.map((r) => r.bottom)) - Math.min(...rs.map((r) => r.top)) <= room;
    const shown = kept.length > rects.length && fits(kept) ? kept : rects;
    const top = Math.min(...shown.map((r) => r.top));
    const bottom = Math.max(...shown.map((r) => r.bottom));
    if (top >= 0 && bottom <= room) return;
    // (a margin of 6px under it where there is room for one: never at the cost of its top going off the window)
    const by = bottom - top > room ? top : Math.min(top, bottom - room + 6);
    const was = window.scrollY;
    window.scrollBy({ top: by, behavior: "instant" });
    // (a page still being laid out may not scroll that far yet: look again at the next frames)
    if (Math.abs(window.scrollY - was - by) > 1 && tries < 8) requestAnimationFrame(() => bringIntoView(tries + 1, resized));
  };

  const draw = (prev) => {
    const me = view.seat;
    if (inFlight && inFlight.moves !== view.moves) answered();     // the move was answered by the table's new view
    clear(seatsEl).append(...view.seats.map((s, i) => {
      // a bot's level in words: on its chip where the row has room for it (fitLevels), and in its title always
      const level = levelOf(s);
      return h("span", {
        class: `seat${i === me ? " me" : ""}${view.to_move.includes(i) && !view.over ? " turn" : ""}${s.connected ? "" : " away"}`,
        title: level ? `${s.name} is a bot: ${level.title}${level.description ? `. ${level.description}` : ""}` : undefined,
      }, `${s.name}${i === me ? " (you)" : ""}`,
      s.kind === "bot" && !/\bbot\b/.test(s.name) ? h("span", { class: "bot-word" }, " · bot") : "",
      level ? h("span", { class: "bot-level", "data-testid": "bot-level" }, ` (${level.title})`) : "",
      // (the level's short form, "Casual", where the full one has no room: fitLevels)
      level ? h("span", { class: "bot-short", "data-testid": "bot-level-short", hidden: "" }, ` · ${shortLevel(level.title)}`) : "",
      s.connected ? "" : " · away");
    }));
    const bots = botsSaid(view.seats);
    levelLine.textContent = bots ? `Bots: ${bots}` : "";
    levelsInDetails.textContent = bots ? `The bots at this table: ${bots}.` : "";
    fitLevels();
    // (focus that had nowhere to go after the player's move, while the others played, waits for his next turn)
    const focus = focusKey(document.activeElement) || (focusWaits && document.activeElement === document.body ? { waiting: true } : null);
    // the same position drawn again (a seat connecting, a notice): what the player has half chosen in a form (a
    // plane and nation to name) stays as it was
    const kept = prev && prev.moves === view.moves
      ? [...decisionSlot.querySelectorAll("input[name], select[name]")].map((el) => [el.name, el.value]) : [];
    // redraw: a game's own choice on the page (such as whom to ask) draws the table again, same view
    // send: a message of the game's own to the server (Biggles' "ready"); refuse: ask the server why a move cannot be made
    // finish: where the server offers this seat the end of a stalled game by agreement, the way to take it
    const ctx = { view, obs: view.observation, seat: me, legal: view.legal, act, send, refuse: act, readOnly: false, redraw: () => draw(view),
      finish: mine && view.finish_offered && !view.over ? finishHere : null };
    // (the board keeps its height while it is drawn again, so the page never jumps back to its top)
    board.style.minHeight = `${board.offsetHeight}px`;
    clear(board);
    clear(handSlot);
    clear(decisionSlot);
    board.dataset.moves = view.moves;          // tests wait on this for the next update from the server
    mod.render(board, ctx);
    // the decision to make and the hand live in the dock: they stay on screen; once the game is over the dock
    // gives way to the result and the page reads from top to bottom
    decisionSlot.append(...board.querySelectorAll(".decision-area"));
    for (const [name, value] of kept) {
      const field = decisionSlot.querySelector(`[name="${CSS.escape(name)}"]`);
      if (field && value) field.value = value;
    }
    const hand = board.querySelector(".hand-area");
    if (hand && !view.over) handSlot.append(hand);
    dock.classList.toggle("over", Boolean(view.over));
    // (his turn comes round, or his own move went through and he moves again: the dock opens for the decision)
    const mineLast = lastMove(view) && lastMove(view)[0] === me && prev && prev.moves !== view.moves;
    if (view.over || (view.legal.length && (!(prev && prev.legal.length) || mineLast))) setFolded(false);
    if (view.over) { refusal.classList.remove("show"); clear(refusal); }
    // a refusal the new view has answered (the game says so: Biggles' "wait for Go" once Go has come) goes at once
    if (mod.refusal && refuse.said && refusal.classList.contains("show") && !mod.refusal(refuse.said, view, refuse.view)) {
      refusal.classList.remove("show"); clear(refusal);
    }
    tellStory(prev);
    hint.draw(view);
    showStatus();
    if (controls) mod.controls(controls, ctx);
    skipWords();
    clear(movesEl);
    if (view.over) {
      movesEl.append(h("div", { class: "banner", "data-testid": "result" },
        h("strong", {}, "Game over. "), view.result.abandoned ? resultText(view.result) : (mod.bannerText || mod.resultText || resultText)(view.result, view),
        " ", h("span", { class: "result-replay" }, h("a", { href: `/replay/${tableId}` }, "Replay it"), " · "),
        h("a", { href: `/api/tables/${tableId}/record` }, "Download the record"),
        context ? [" · ", sent()] : mine ? [" ", h("button", { class: "primary", "data-testid": "again", onclick: playAgain }, "Play again, same seats")] : ""),
        view.result.abandoned || !mod.ending ? "" : mod.ending(view), mine ? keepLink(tableId, mine, view.real_time) : "");
      if (closer) closer.remove();
      // the title takes the score once the game is over
      if (context && (!prev || !prev.over)) {
        api("GET", `/api/tables/${tableId}`).then((got) => { if (got.context) heading.textContent = contextTitle(got.context); }).catch(() => {});
      }
      // the game has just ended, or the player comes back to it ended (a reload): its result is what he looks for first
      // (where the board tells the result at its head, data-end-result, the page's top stays in view: the title and
      // the seats with it)
      if (!prev || !prev.over) {
        requestAnimationFrame(() => (board.querySelector("[data-end-result]") ? window.scrollTo({ top: 0, behavior: "instant" })
          : movesEl.scrollIntoView({ block: "start", behavior: "instant" })));
      }
    } else if (listed(view).length) {
      // every legal move as a list too (the digit keys pick from it), folded away: the board's own controls come first
      const label = mod.label || ((x) => x);
      movesEl.append(h("details", { class: "all-moves", open: movesOpen ? true : undefined, ontoggle: (event) => { movesOpen = event.target.open; } },
        // (the digit keys work with the list folded too: the summary says so, once, in a few words)
        h("summary", {}, `Every move as a list (${listed(view).length})`,
          h("span", { class: "keys-say", "data-testid": "keys-say" }, ` · ${keysSaid(listed(view).length)}${mod.keysNeedList ? " when open" : ""}`)),
        // (a game may say a move in full on a hover where its words are short: every card of a long take)
        h("div", { class: "list" }, listed(view).map((a, i) => h("button", { "data-action": a, onclick: () => act(a), title: (mod.labelTitle && mod.labelTitle(a, view)) || undefined },
          keyOf(i) ? h("kbd", {}, keyOf(i)) : "", label(a, view))))));
    }
    board.style.minHeight = "";
    restoreFocus(focus);
    // his turn has come round and the focus rests on a card he cannot play now: it moves to a move he can make
    const turnCame = prev && !prev.to_move.includes(me) && view.to_move.includes(me) && !view.over;
    if (turnCame && document.activeElement && document.activeElement.closest(".refusable")) {
      const move = main.querySelector(".dock .decision-slot [data-action], .dock .hand-area [data-action], .board [data-action]");
      if (move) move.focus({ preventScroll: true });
    }
    bringIntoView();
  };
  let movesOpen = false;
  // the news at the head of the story: {text, until, moves} (the moves of the view that brought it); told: the
  // last move in words, under it
  let news = null;
  let newsTimer = null;
  let told = [];
  const setNews = (piece) => {
    news = piece;
    clearTimeout(newsTimer);
    if (piece) newsTimer = setTimeout(() => { if (news === piece) { news = null; showStory(); } }, piece.until - Date.now());
  };
  const putNewsAway = () => { if (news) { setNews(null); showStory(); } };
  // fresh: the news has just come (it stands alone, with its entrance), else it is kept ahead of the last move
  const showStory = (fresh = false) => {
    // (a game whose news follows from the move just told, a region laid by the ask that completed it, tells them in
    // the order they happened: the move, then the news)
    if (news && mod.newsAfterMove && view && news.moves === view.moves && told.length) {
      clear(story).append(...told, ". ", h("span", { class: `news${fresh ? "" : " kept"}` }, news.text));
      return;
    }
    clear(story).append(...(news && fresh ? [h("span", { class: "news" }, news.text)]
      : news ? [h("span", { class: "news kept" }, news.text), " ", ...told] : told));
  };

  // What just happened, in words (the past tense serves "You" and "Ann" alike), with the card it moved picked
  // out on the board; a goal, a kick-off or the like is announced in the same place.
  const tellStory = (prev) => {
    // in a race the hands turn cards many times a second: the story is the last card move, which the game names
    const last = view.real_time ? lastTold(view, mod) : lastMove(view);
    // (the game may announce the table's first view: the kick-off of a match)
    // (a text, or { text, passing }: news that gives way at the next move, which tells the rest itself)
    const said = mod.announce && !view.real_time ? mod.announce(prev, view) : null;
    const fresh = typeof said === "string" ? { text: said } : said;
    // a goal or the like stays in sight for a few seconds, ahead of the moves that follow it; passing news (a
    // kick-off) is said once and gives way to the next move, shown whole
    // news with a beat (a goal) stands alone for it, then gives way at the next move too (until then, at the instant
    // pace, it is kept ahead of the moves)
    if (fresh) {
      setNews({ text: fresh.text, until: Date.now() + NEWS_MS, moves: view.moves, passing: Boolean(fresh.passing),
        beat: fresh.beat ? Date.now() + NEWS_HOLD_MS : null });
    } else if (news && (Date.now() > news.until || view.moves < news.moves || (news.passing && view.moves > news.moves)
      || (news.beat && view.moves > news.moves && Date.now() >= news.beat))) setNews(null);
    if (!last) { told = []; return showStory(Boolean(fresh)); }
    const [seat, action] = last;
    const who = seat === view.seat ? "You" : view.seats[seat] ? view.seats[seat].name : `Player ${seat + 1}`;
    told = [h("span", { class: "story-who" }, who), " ", mod.describe ? mod.describe(action, view, seat) : (mod.label || ((x) => x))(action, view)];
    showStory(Boolean(fresh));
    const card = action.split(" ").at(-1);
    if (prev && prev.moves !== view.moves) {
      // one card moved: where the board shows its code twice, not one in a settled place (a laid set: data-settled),
      // and of the rest the last drawn (the pile's top)
      const marked = [...board.querySelectorAll(`[data-card="${CSS.escape(card)}"]`)].filter((el) => !el.closest("[data-settled]")).at(-1);
      if (marked) marked.classList.add("just-played");
      // (a race moves many times a second: there a refusal goes with the player's own next card moved, or its time)
      const toldAt = (v) => v.observation.history.findLastIndex(([, a], i) => mod.tells(a, v, i));
      if (!view.real_time || (seat === view.seat && toldAt(view) !== toldAt(prev))) { refusal.classList.remove("show"); clear(refusal); }
    }
  };

  // The prompt for the view drawn
  const showStatus = () => {
    clear(status).append(statusLine(view, mod));
    // the server too busy for a bot's search: the bot plays by rule of thumb, and the table says so
    if (view.notice && !view.over) status.append(" ", h("span", { class: "notice", "data-testid": "notice" }, view.notice));
  };

  // An end (a round, a half) stops play with its summary: the views behind it wait until the player goes on,
  // or until the chosen pace lets it go.
  const summarise = (prev) => {
    // (the page opened on an end, a reload at half time or after the game: a game may show that end's summary then
    // too, mod.opening, rather than the bare table under a line of the log)
    const content = prev ? (mod.summary ? mod.summary(prev, view) : null) : mod.opening ? mod.opening(view) : null;
    if (!content) return false;
    holding = true;
    // the game's end: the last move's card is put down at once (its lift and glow finished), never left in the air
    // behind the sheet
    if (view.over) {
      for (const a of board.getAnimations?.({ subtree: true }) || []) {
        if (Number.isFinite(a.effect?.getComputedTiming?.().endTime)) a.finish();
      }
    }
    clearTimeout(newsTimer);                 // (news under the summary waits for it: its few seconds start after)
    // a dialog: the table behind it is inert (out of reach of the keyboard and of screen readers) while it is open
    const behind = [...main.children].filter((el) => el !== sheet);
    behind.forEach((el) => { el.inert = true; });
    const goOn = () => {
      clearTimeout(timer);
      // news that came with the summary (the second half's kick-off) was under it: its time starts now
      if (news) setNews({ ...news, until: Date.now() + NEWS_MS, beat: news.beat ? Date.now() + NEWS_HOLD_MS : null });
      document.removeEventListener("keydown", onKey, true);
      behind.forEach((el) => { el.inert = false; });
      if (content.status) showStatus();        // (the status held for the summary: the table's own again)
      clear(sheet);
      holding = false;
      // (the full-time sheet may have scrolled the page to show the final position above it: once it has gone, the
      // page's top, where the board tells the result, is in view again, as a game's end puts it)
      if (view && view.over && board.querySelector("[data-end-result]")) window.scrollTo({ top: 0, behavior: "instant" });
      // (the Go on button has gone: the focus goes to the decision, or waits for the player's next turn, never back
      // to the page's top)
      if (!main.contains(document.activeElement) || document.activeElement === document.body) {
        if (!(view && view.legal.length && !view.over && focusDecision())) focusWaits = true;
      }
      pump();
    };
    const onKey = (event) => { if (event.key === "Enter" || event.key === "Escape") { event.preventDefault(); event.stopPropagation(); goOn(); } };
    // the last summary of a game waits for the player (nothing follows it); a long one gets time to be read
    const base = view.seat === null ? 8000 : PACES[paceName()].summary;
    const words = (content.body && content.body.textContent ? content.body.textContent.split(/\s+/).length : 0);
    const after = content.last || view.over ? null : base && Math.max(base, Math.round(words / 3) * 1000);
    const timer = after ? setTimeout(goOn, after) : null;
    // the game's last summary: nothing goes on after it, so its foot offers what the game-over panel does (play
    // again, the replay) and a button that closes it onto the final table, never "Go on"
    const button = h("button", { type: "button", class: view.over ? "" : "primary", "data-testid": "go-on", onclick: goOn },
      view.over ? "See the final table" : "Go on");
    const overActions = view.over ? [
      context ? sent() : mine ? h("button", { type: "button", class: "primary", "data-testid": "sheet-again", onclick: playAgain }, "Play again, same seats") : "",
      h("a", { href: `/replay/${tableId}`, "data-testid": "sheet-replay" }, "Replay it")] : [];
    clear(sheet).append(h("div", { class: "sheet-back" }), h("section", {
      class: "sheet", role: "dialog", "aria-modal": "true", "aria-labelledby": "sheet-title", "data-testid": "summary",
    }, h("h2", { id: "sheet-title" }, content.title), content.body,
    h("div", { class: "sheet-foot", "data-testid": view.over ? "sheet-game-over" : undefined }, ...overActions, button,
      after ? h("span", { class: "muted" }, `play goes on by itself in ${Math.round(after / 1000)} s`) : "")));
    document.addEventListener("keydown", onKey, true);
    button.focus({ preventScroll: true });
    // (a game may place its sheet against the board behind it: Football Whist's full time keeps the final pitch and
    // the last trick in sight above it)
    if (content.place) content.place(sheet.querySelector(".sheet"));
    // the status under the summary speaks of it (a game's words: "Round 2 begins when you press Go on"), not of the
    // next round's turns already behind it
    if (content.status) clear(status).append(content.status(after ? Math.round(after / 1000) : null));
    return true;
  };

  // Views wait their turn: each other seat's move is shown for the chosen pace before the next.
  let queue = [];
  let holding = false;
  let holdTimer = null;
  const pump = () => {
    if (holding || !queue.length) return;
    let next = queue.shift();
    if (queue.length > 200) { next = queue.at(-1); queue = []; }      // far behind (a tab left alone): catch up
    const prev = view;
    view = next;
    // nothing new to draw (the same position sent again): compared in full only where the move counts agree
    if (prev && prev.moves === next.moves && JSON.stringify(prev) === JSON.stringify(next)) return pump();
    draw(prev);
    if (summarise(prev)) return;
    const last = lastMove(view);
    const moved = prev && prev.moves !== view.moves;
    // (a game may hold its moves longer at a pace: the asking game's asks, a sentence each, to be read one by one)
    const hold = (mod.paceMoves && mod.paceMoves[paceName()]) ?? PACES[paceName()].move;
    let wait = moved && !view.real_time && !view.over && last && last[0] !== view.seat ? hold : 0;
    // news (a goal) holds play a little longer, at any pace but instant
    // (the table's first view too, when it brings news: the kick-off)
    if ((moved || !prev) && news && news.moves === view.moves && PACES[paceName()].move) wait = Math.max(wait, NEWS_HOLD_MS);
    if (wait) { holding = true; holdTimer = setTimeout(() => { holding = false; pump(); }, wait); } else pump();
  };
  const listed = (v) => (mod.moves ? mod.moves(v) : v.legal);
  // The keys of the list's moves: 1 to 9; where a game lists more than nine (mod.moreKeys: a long hand, a long pile),
  // 0 for the tenth and a to z after it, so that no move is out of the keyboard's reach.  keyOf(i): the key of the
  // move at i (from 0), null where it has none; keyAt(event): the place in the list a key pressed picks, -1 for none
  // (a letter held with Ctrl, Alt or the Command key is the browser's, never a move).
  const KEYS = "1234567890abcdefghijklmnopqrstuvwxyz";
  const keyOf = (i) => (i < 9 || (mod.moreKeys && i < KEYS.length) ? KEYS[i] : null);
  const keyAt = (event) => {
    if (event.key.length !== 1 || event.ctrlKey || event.altKey || event.metaKey) return -1;
    const i = KEYS.indexOf(event.key);
    return i >= 0 && (i < 9 || mod.moreKeys) ? i : -1;
  };
  // the keys in a few words: "key 1", "keys 1–7", "keys 1–9 and 0", "keys 1–9, 0 and a–d"
  const keysSaid = (count) => {
    if (count <= 1) return "key 1";
    if (count <= 9 || !mod.moreKeys) return `keys 1–${Math.min(9, count)}`;
    const last = KEYS[Math.min(count, KEYS.length) - 1];
    return count === 10 ? "keys 1–9 and 0" : `keys 1–9, 0 and ${count === 11 ? "a" : `a–${last}`}`;
  };
  // the boards draw differently on a phone: crossing that width draws the table again
  const narrow = window.matchMedia("(max-width: 600px)");
  narrow.onchange = () => { if (view && board.isConnected) draw(view); };
  const connect = () => {
    const token = mine ? `?token=${encodeURIComponent(mine.token)}` : "";
    socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/tables/${tableId}${token}`);
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "view") {
        if (message.real_time) { sawRace(message); const prev = view; view = message; queue = []; draw(prev); } else { queue.push(message); pump(); }
      } else if (message.type === "ping") {
        socket.send(JSON.stringify({ type: "pong", id: message.id, at: now() }));   // the server measures the round trip
      } else if (message.type === "hint") {
        hint.answered(message);
      } else if (message.type === "error") {
        answered();
        hint.failed();
        refuse(message.message);
      }
    };
    socket.onclose = (event) => {
      if (event.code === 4403 || event.code === 4404) return;
      // 4429: too many sockets (this seat open in too many places, a full table, a crowded address): the
      // server said why; try again, less often
      if (event.code === 4429 && event.reason) toast(event.reason);
      if (!view || !view.over) setTimeout(connect, event.code === 4429 ? 10000 : 1000);
    };
  };
  document.onkeydown = (event) => {
    if (!view || view.over || (holding && sheet.firstChild) || event.target.matches("input, select, textarea")) return;
    const keyCtx = { view, obs: view.observation, seat: view.seat, legal: view.legal };
    const fromGame = mod.key ? mod.key(event.key, keyCtx) : null;
    const n = Number(event.key);
    // (the place in the list the key picks: 1 to 9, and where the game lists more, 0 and the letters)
    const at = keyAt(event);
    // (a game whose board numbers something else, the asking game's regions, takes a digit from the list only while
    // the list is open: a 5 pressed for region 5 must not send the list's fifth ask unseen)
    if (!fromGame && mod.keysNeedList && !movesOpen && n >= 1 && n <= 9 && listed(view).length && view.seat !== null && view.seat !== undefined) {
      refuse(`The keys 1–9 pick from "Every move as a list": open it first, or choose on the table.`);
      return;
    }
    const action = fromGame || (at >= 0 && !mod.key ? listed(view)[at] || null : null);
    const refused = !action && mod.refusedKey && view.seat !== null && view.seat !== undefined
      ? mod.refusedKey(event.key, keyCtx) : null;
    // (a number pressed while the others move is said so, not lost in silence: the moves it picks from come at his turn)
    if (!action && !refused && !mod.key && at >= 0 && at <= 9 && !view.real_time && view.seat !== null && view.seat !== undefined
      && !listed(view).length) {
      refuse(`Not your turn yet: press ${event.key} again when it is.`);
      return;
    }
    if (!action && !refused) return;
    event.preventDefault();
    // (a move made by its key with the focus nowhere on the table: his next turn brings the focus to the decision,
    // or to his hand meanwhile, so that Tab need not travel the page again)
    const nowhere = document.activeElement === document.body || !main.contains(document.activeElement);
    putRefusalAway();                       // (a move by its key is the player's next action too)
    if (act(action || refused) && nowhere && !view.real_time) focusWaits = true;
  };
  connect();
}

// the controls of the table whose press is the player's next action (see putRefusalAway)
const NEXT_ACTION = "button, summary, select, [data-action], [data-refused], [data-choose], [data-swap], [role=button]";

// Focus stays where the player was: on the same card or target after the board is drawn
// again, or on its neighbour when the card itself has gone (played).
// the moves and cards of an area, in order (not its logs and lists, which also take the focus, nor what answers a
// tap but is kept out of the tab order: a position of the pitch; a card of a hand whose arrow keys move along it,
// data-roving, is one of them wherever the row's one Tab stop is)
const CONTROLS = "[data-action], [data-refused]:not([tabindex='-1']), [data-card][tabindex='0'], [data-roving], button";
function focusKey(el) {
  if (!el || !main.contains(el) || el === document.body) return null;
  const card = el.closest("[data-card]");
  const holder = el.closest(".hand-area, .moves, .decision-slot, .board");
  const group = holder ? [...holder.querySelectorAll(CONTROLS)] : [];
  return { action: el.getAttribute("data-action"), card: card && card.getAttribute("data-card"),
    area: holder ? [...holder.classList].find((c) => ["hand-area", "moves", "decision-slot", "board"].includes(c)) : null,
    index: group.indexOf(el) };
}

// True while the player's focus had nowhere to go (his move took the control away, and it is not his turn).
let focusWaits = false;

// True while the focus rests on the hand only meanwhile (put there after a move made by key, the player's turn to come).
let focusMeanwhile = false;

function restoreFocus(key) {
  focusWaits = false;
  if (!key) return;
  const esc = (x) => CSS.escape(x);
  const same = key.waiting ? null : (key.action && main.querySelector(`[data-action="${esc(key.action)}"]`))
    || (key.card && main.querySelector(`[data-card="${esc(key.card)}"]:is([tabindex='0'], [data-roving])`));
  // (the card that held the focus meanwhile may not be playable now his turn has come: a move he can make takes it)
  if (same && focusMeanwhile && !same.hasAttribute("data-action") && focusDecision(true)) { focusMeanwhile = false; return; }
  if (same) return same.focus({ preventScroll: true });
  focusMeanwhile = false;
  // a move made on the board (a draw from the stock) or in the decision (a set laid) has gone with it: the next
  // decision takes the focus, not whatever control came to stand in the same place (a button at the board's head)
  if (key.action && (key.area === "board" || key.area === "decision-slot") && focusDecision(true)) return;
  const area = key.area && main.querySelector(`.${key.area}`);
  const group = area ? [...area.querySelectorAll(CONTROLS)] : [];
  const near = group[Math.min(Math.max(key.index, 0), group.length - 1)];
  if (near) return near.focus({ preventScroll: true });
  // the control the player used has gone with his move (a draw, a discard): the next decision's first control,
  // or else his hand, takes the focus, so a keyboard player carries on from where he was
  if (!focusDecision()) focusWaits = true;      // nothing to decide yet: the player's next turn takes the focus
  else focusMeanwhile = !document.activeElement.hasAttribute("data-action");
}

// The focus onto the decision in the dock: its first control (the first list of a form: the plane to name), or
// else a move of the hand; unless ``movesOnly``, else the hand's first card.  False where there is none (the focus
// then waits for the player's next turn: a race's board, Biggles', answers Space itself).
function focusDecision(movesOnly = false) {
  const ways = [".dock .decision-slot :is([data-action], button, select, input)", ".dock .hand-area [data-action]",
    ...(movesOnly ? [] : [".dock .hand-area [tabindex='0'], .dock .hand-area button"])];
  for (const way of ways) {
    const next = main.querySelector(way);
    if (next) { next.focus({ preventScroll: true }); return true; }
  }
  return false;
}

// At a game's end, the player's way back to it from any browser: the list of finished games knows only the seats
// this browser holds, so a game played here is lost to another device (or a cleared browser) without its link.
// (a race, Biggles', has no expert's analysis: its replay tells how the game went)
function keepLink(tableId, mine, realTime = false) {
  const url = seatLink(tableId, mine);
  return h("p", { class: "keep-link", "data-testid": "keep-link" }, h("strong", {}, "Keep this link to come back to this game"),
    ` in any browser, with its replay${realTime ? " and how the game went" : " and the expert's analysis"} (keep it to yourself: it opens your seat): `,
    h("code", { "data-testid": "keep-link-url" }, url), " ", copyButton(url));
}

// The words for a watcher while a person's seat is away: "Are you Robin? …" ("" where every person is there).
function comeBack(view) {
  const away = (view.seats || []).filter((s) => s.kind === "person" && !s.connected).map((s) => s.name);
  if (!away.length) return "";
  const who = away.length < 2 ? away[0] : `${away.slice(0, -1).join(", ")} or ${away.at(-1)}`;
  return `Are you ${who}? Open the seat link you kept (shown when the table was made, and at the game's end) to take your seat again.`;
}

// A button that copies a link, with a word of thanks.
function copyButton(text) {
  return h("button", { type: "button", class: "copy", "aria-label": `Copy ${text}`, onclick: async (event) => {
    try { await navigator.clipboard.writeText(text); event.target.textContent = "Copied"; } catch (error) { toast("Could not copy: select the link and copy it by hand."); }
  } }, "Copy");
}

function statusLine(view, mod) {
  if (view.over) return "";
  // (a watcher of a table waiting for a player who is away may be that player, on another browser: told the way
  // back to his seat in words; only the seat's key takes it, so nothing here takes a seat)
  const back = view.seat === null ? comeBack(view) : "";
  const paused = view.real_time && !view.running;
  if (mod.status) { const custom = mod.status(view); if (custom) return paused && back ? `${custom} ${back}` : custom; }
  if (paused) return `Waiting for every player to be at the table…${back ? ` ${back}` : ""}`;
  // (a player on another device than the one he sat down on is told the way back to his seat)
  if (view.seat === null) return back ? `You are watching. ${back}` : "You are watching. Your own seat? Open its private link, from the table on the device you sat down at.";
  if (view.legal.length) return "Your move.";
  const names = view.to_move.map((s) => view.seats[s].name).join(" and ");
  return `Waiting for ${names}…`;
}

