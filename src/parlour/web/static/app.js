// Parlour's browser client: pages for the lobby, a new table, play, and replay.
// The server decides everything; this file only shows what it sends and
// sends back the action a person picked from the legal ones.
import { h, clear, toast } from "/static/dom.js";
import { api, games, hashParams, joinLinks, keepMade, keepSeat, mySeat, myTables } from "/static/api.js";
import * as generic from "/static/games/generic.js";
import * as tournaments from "/static/tournaments.js";

const main = document.getElementById("main");

async function gameModule(id) {
  try {
    return await import(`/static/games/${id}.js`);
  } catch (error) {
    return generic;
  }
}

// -- the lobby ------------------------------------------------------------------
// "2, 3, 4" for a short list; "3-43" for a long unbroken run.
function seatCounts(counts) {
  const run = counts.length > 4 && counts[counts.length - 1] - counts[0] === counts.length - 1;
  return run ? `${counts[0]}-${counts[counts.length - 1]}` : counts.join(", ");
}

async function home() {
  const list = await games();
  document.title = "Parlour";
  const open = await api("GET", `/api/tables?finished=false&mine=${myTables().join(",")}`);
  clear(main).append(
    h("h1", {}, "Choose a game"),
    h("div", { class: "grid" }, list.map((g) => h("section", { class: "tile", "data-game": g.id },
      h("h2", {}, g.title),
      h("p", {}, g.summary),
      h("p", { class: "muted" }, `${seatCounts(g.seat_counts)} players${g.real_time ? " · real time" : ""}`),
      h("div", { class: "actions" },
        h("a", { class: "button primary", href: `/new/${g.id}` }, "New table"),
        h("a", { class: "button", href: g.rules }, "Rules"))))),
    open.length ? h("h2", {}, "Tables in play") : "",
    open.length ? tableList(open, list, false) : "",
  );
}

function tableList(rows, list, finished) {
  const title = Object.fromEntries(list.map((g) => [g.id, g.title]));
  return h("table", { class: "list" },
    h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Players"), h("th", {}, finished ? "Result" : "Moves"), h("th", {}, h("span", { class: "sr-only" }, "Link")))),
    h("tbody", {}, rows.map((t) => h("tr", {},
      h("td", {}, title[t.game] || t.game, tournamentOf(t.meta), t.options && t.options.hints ? h("small", {}, " · hints on") : ""),
      h("td", {}, t.seats.map((s) => s.name || (s.kind === "bot" ? s.bot : "person")).join(", ")),
      h("td", {}, finished ? resultText(t.result) : String(t.moves)),
      h("td", {}, finished ? h("a", { href: `/replay/${t.id}` }, "Replay") : h("a", { href: `/t/${t.id}` }, "Watch or play"))))));
}

// A table played for a drive or a cycle says so, with a link back to it.
function tournamentOf(meta) {
  if (meta && meta.drive) return h("small", {}, " · ", h("a", { href: `/drives/${meta.drive}` }, `drive, round ${meta.round}`));
  if (meta && meta.cycle) return h("small", {}, " · ", h("a", { href: `/cycles/${meta.cycle}` }, "Biggles cycle"));
  return "";
}

function resultText(result) {
  if (!result) return "";
  if (result.abandoned) return `Closed before the end (${result.reason})`;
  if (result.winner === null || result.winner === undefined) return "Draw";
  const w = Array.isArray(result.winner) ? result.winner.join(" & ") : result.winner;
  return `Won by ${w}`;
}

async function finishedGames() {
  document.title = "Finished games · Parlour";
  const [list, rows] = await Promise.all([games(), api("GET", `/api/tables?finished=true&mine=${myTables().join(",")}`)]);
  clear(main).append(h("h1", {}, "Finished games"),
    rows.length ? tableList(rows, list, true) : h("p", { class: "muted" }, "No game has finished yet."));
}

// -- a new table --------------------------------------------------------------------
async function newTable(gameId) {
  const g = (await games()).find((x) => x.id === gameId);
  if (!g) { clear(main).append(h("h1", {}, "No such game"), h("a", { href: "/" }, "Back to the games")); return; }
  document.title = `New table · ${g.title}`;
  const count = h("select", { name: "players", "aria-label": "Number of players" }, g.seat_counts.map((n) => h("option", { value: n }, String(n))));
  const seatsBox = h("fieldset", {}, h("legend", {}, "Who sits where"),
    h("p", { class: "muted botorder" }, "Bots are listed from the weakest to the strongest."));
  const drawSeats = () => {
    const n = Number(count.value);
    seatsBox.querySelectorAll(".seatrow").forEach((el) => el.remove());
    g.seat_names[n].forEach((name, i) => {
      // each bot by its plain name, weakest first, with its line under the seat; the game's default bot chosen
      const note = h("small", { class: "botnote", id: `botnote${i}`, "data-testid": `botnote${i}` });
      const kind = h("select", { name: `kind${i}`, "aria-label": `Seat ${name}`, "aria-describedby": note.id },
        h("option", { value: "person" }, i === 0 ? "You" : "A person (join link)"),
        g.bot_catalogue.map((b) => h("option", { value: `bot:${b.name}`, title: b.description }, `Bot: ${b.title}`)));
      if (i > 0) kind.value = `bot:${g.default_bot}`;
      const describe = () => { note.textContent = (g.bot_catalogue.find((b) => `bot:${b.name}` === kind.value) || {}).description || ""; };
      kind.addEventListener("change", describe);
      describe();
      const who = h("input", { name: `name${i}`, placeholder: "name (optional)", size: 12, maxlength: 40 });
      seatsBox.append(h("div", { class: "seatrow" }, h("span", { class: "seatname" }, name), kind, who, note));
    });
  };
  count.addEventListener("change", drawSeats);
  const variantBox = h("fieldset", {}, h("legend", {}, "Rules variant"),
    g.variants.length ? "" : h("p", { class: "muted" }, "This game has no variant options."),
    g.variants.map((o) => variantInput(o)));
  const seed = h("input", { name: "seed", type: "number", min: 0, placeholder: "random" });
  const who = h("fieldset", {}, h("legend", {}, "Who may see and join"),
    h("label", {}, h("input", { type: "checkbox", name: "public" }), " List it under Tables in play",
      h("small", {}, "Otherwise only those you send its links to know it is there.")),
    h("label", {}, h("input", { type: "checkbox", name: "open_seats" }), " Anyone may join",
      h("small", {}, "Otherwise a free seat is taken only with the join link you send.")));
  // hints are for turn-by-turn games: the expert has no time to think in a race
  const help = g.real_time ? "" : h("fieldset", {}, h("legend", {}, "Help at the table"),
    h("label", {}, h("input", { type: "checkbox", name: "hints" }), " Hints",
      h("small", {}, "Each player may ask the expert for the chances of his moves at his turn. Everyone at the table sees that hints are on.")));
  const form = h("form", { class: "new" },
    h("label", {}, "Players ", count),
    seatsBox, variantBox, who, help,
    h("label", {}, "Seed ", seed, h("small", {}, "The same seed deals the same cards.")),
    h("div", {}, h("button", { class: "primary", type: "submit" }, "Create the table")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const n = Number(count.value);
    const seats = [...Array(n).keys()].map((i) => {
      const kind = form.elements[`kind${i}`].value;
      const name = form.elements[`name${i}`].value.trim() || undefined;
      return kind === "person" ? { kind, name } : { kind: "bot", bot: kind.slice(4), name };
    });
    const variant = {};
    for (const o of g.variants) {
      const el = form.elements[`v_${o.name}`];
      const value = o.type === "bool" ? el.checked : o.type === "int" ? Number(el.value) : el.value;
      if (value !== o.default) variant[o.name] = value;
    }
    const body = { game: g.id, seats, variant, public: form.elements.public.checked, open_seats: form.elements.open_seats.checked };
    if (form.elements.hints && form.elements.hints.checked) body.hints = true;
    if (seed.value !== "") body.seed = Number(seed.value);
    try {
      const made = await api("POST", "/api/tables", body);
      keepMade(made);
      history.pushState({}, "", made.url);
      route();
    } catch (error) { toast(error.message); }
  });
  clear(main).append(h("p", {}, h("a", { href: "/" }, "Parlour"), " / new table"), h("h1", {}, g.title), form);
  drawSeats();
}

function variantInput(o) {
  const name = `v_${o.name}`;
  let input;
  if (o.type === "bool") input = h("input", { type: "checkbox", name, ...(o.default ? { checked: "" } : {}) });
  else if (o.choices && o.choices.length) input = h("select", { name }, o.choices.map((c) => h("option", { value: c, ...(c === o.default ? { selected: "" } : {}) }, String(c))));
  else if (o.type === "int") input = h("input", { type: "number", name, value: o.default, min: o.minimum ?? 0, max: o.maximum ?? undefined, style: "width:5rem" });
  else input = h("input", { name, value: o.default });
  return h("label", {}, h("code", {}, o.name), input, h("small", {}, `${o.description} (${o.source})`));
}

// -- joining by link -------------------------------------------------------------------
// The link carries the seat's invite after #invite=; the player says what he is to be called, then sits.
async function join(tableId, seat) {
  const mine = mySeat(tableId);
  const sit = () => { history.replaceState({}, "", `/t/${tableId}`); route(); };
  if (mine && String(mine.seat) === String(seat)) return sit();
  const info = await api("GET", `/api/tables/${tableId}`).catch((error) => {
    clear(main).append(h("h1", {}, "No such table"), h("p", {}, error.message), h("a", { href: "/" }, "Back to the games"));
  });
  if (!info) return;
  const invite = hashParams().get("invite");
  const seatName = info.seats[seat] ? info.seats[seat].name : `seat ${seat}`;
  const name = h("input", { name: "name", maxlength: 40, size: 20, autocomplete: "nickname", required: true, placeholder: "your name" });
  const form = h("form", { class: "new join", "data-testid": "join" },
    h("label", {}, "Your name ", name, h("small", {}, "The other players see it at the table.")),
    h("div", {}, h("button", { class: "primary", type: "submit" }, "Take the seat")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      keepSeat(tableId, await api("POST", `/api/tables/${tableId}/seats/${seat}/claim`, { invite: invite || undefined, name: name.value.trim() }));
      sit();
    } catch (error) {
      clear(main).append(h("h1", {}, "Cannot take that seat"), h("p", { class: "error" }, error.message),
        h("p", {}, h("a", { class: "button", href: `/t/${tableId}` }, "Watch the table instead")));
    }
  });
  document.title = `Join · ${info.title}`;
  clear(main).append(h("h1", {}, `Join a table of ${info.title}`),
    h("p", {}, `You are invited to seat ${seatName}. `, h("a", { href: `/t/${tableId}` }, "Watch it first")), form);
  name.focus();
}

// -- playing ---------------------------------------------------------------------------
// How long another seat's move stays on screen before the next one is drawn, so
// that a person can follow what the bots did (the server plays at its own pace).
const PACES = { instant: 0, quick: 450, steady: 1000, slow: 1900 };
const paceName = () => (localStorage.getItem("parlour:pace") in PACES ? localStorage.getItem("parlour:pace") : "steady");

// The move just made, as [seat, action], from the public history every observation carries.
const lastMove = (view) => (view && view.observation && view.observation.history ? view.observation.history.at(-1) : null);

async function playTable(tableId) {
  const info = await api("GET", `/api/tables/${tableId}`).catch((error) => {
    clear(main).append(h("h1", {}, "No such table"), h("p", {}, error.message), h("a", { href: "/" }, "Back to the games"));
  });
  if (!info) return;
  const mod = await gameModule(info.game);
  document.title = `${info.title} · Parlour`;
  const mine = mySeat(tableId);
  const seatsEl = h("div", { class: "seats" });
  const board = h("div", { class: "board", tabindex: "-1" });
  const status = h("div", { class: "status", role: "status" });
  const story = h("div", { class: "story", "aria-live": "polite", "data-testid": "story" });
  const announce = h("div", { class: "announce", role: "status", "aria-live": "assertive", "data-testid": "announce" });
  const decisionSlot = h("div", { class: "decision-slot" });
  const handSlot = h("div", { class: "hand-slot" });
  const movesEl = h("div", { class: "moves" });
  const hintSlot = h("div", { class: "hint-slot", "aria-live": "polite" });
  const controls = mod.controls ? h("div", { class: "touch-controls", "data-testid": "touch-controls" }) : "";
  const dock = h("div", { class: "dock", "data-testid": "dock" }, status, controls, decisionSlot, handSlot, hintSlot, movesEl);
  const pace = h("select", { "aria-label": "Pace of the other players' moves", class: "pace" },
    Object.keys(PACES).map((p) => h("option", { value: p }, p)));
  pace.value = paceName();
  pace.addEventListener("change", () => localStorage.setItem("parlour:pace", pace.value));
  const share = Object.entries(joinLinks(tableId)).filter(([s]) => !mine || String(s) !== String(mine.seat));
  const closer = mine ? h("details", { class: "close-table", "data-testid": "close-table" }, h("summary", {}, "Close the table"),
    h("p", {}, "The game ends here for everyone, with no winner."),
    h("button", { type: "button", onclick: async () => {
      try { await api("POST", `/api/tables/${tableId}/close`, undefined, mine.token); } catch (error) { toast(error.message); }
    } }, "Close it for everyone")) : "";
  clear(main).append(
    h("div", { class: "table-head" }, h("h1", {}, info.title), seatsEl,
      info.hints ? h("span", { class: "badge", "data-testid": "hints-on", title: "Each player may ask the expert for a hint at his turn" }, "Hints on") : "",
      h("a", { href: `/rules/${info.game}`, target: "_blank", class: "muted" }, "Rules"),
      info.real_time ? "" : h("label", { class: "pace-label" }, "Pace ", pace), closer),
    share.length ? h("div", { class: "share" }, "Send these links to the other players: ",
      share.map(([s, url]) => h("div", {}, `${info.seats[s].name}: `, h("code", {}, location.origin + url), " ", copyButton(location.origin + url))),
      h("div", { class: "muted" }, "To watch: ", h("code", { "data-testid": "watch-link" }, `${location.origin}/t/${tableId}`))) : "",
    announce, story, h("h2", { class: "sr-only" }, "The table"), board, dock);
  // on a phone the dock is fixed to the foot of the screen: the page ends above it, so nothing hides under it
  new ResizeObserver(() => {
    main.style.paddingBottom = getComputedStyle(dock).position === "fixed" ? `${dock.offsetHeight + 8}px` : "";
  }).observe(dock);

  let view = null;
  let socket = null;
  // the hint asked for, and its answer: {moves, options} (shown until the table moves on), or {moves, waiting}
  let hint = null;
  const act = (action) => {
    if (!view || !socket || socket.readyState !== 1) return toast("Not connected; reconnecting…");
    socket.send(JSON.stringify({ type: "act", action, moves: view.real_time ? undefined : view.moves }));
  };
  // The same game, variant and seats at a new table: this player keeps his seat, the others get new links.
  const playAgain = async () => {
    try {
      const made = await api("POST", `/api/tables/${tableId}/again`, undefined, mine.token);
      keepMade(made);
      if (socket) { socket.onclose = null; socket.close(); }
      history.pushState({}, "", made.url);
      route();
    } catch (error) { toast(error.message); }
  };
  const askHint = () => {
    if (!view || !socket || socket.readyState !== 1) return toast("Not connected; reconnecting…");
    hint = { moves: view.moves, waiting: true };
    socket.send(JSON.stringify({ type: "hint", moves: view.moves }));
    drawHint();
  };
  // The expert's view of the player's moves, best first, each with its estimated chance of winning.
  const drawHint = () => {
    clear(hintSlot);
    const mayAsk = view && view.hints && view.seat !== null && !view.over && !view.real_time && view.legal.length > 1;
    if (!mayAsk) return;
    const current = hint && hint.moves === view.moves ? hint : null;
    const label = mod.label || ((x) => x);
    const button = h("button", { type: "button", class: "hint-button", "data-testid": "hint-button", onclick: askHint,
      disabled: current && current.waiting ? true : undefined }, current && current.waiting ? "Thinking…" : "Hint");
    if (!current || !current.options) return hintSlot.append(h("div", { class: "hint-ask" }, button));
    const pct = (c) => (c === null ? "not tried" : `${Math.round(100 * c)}%`);
    hintSlot.append(h("div", { class: "hint", "data-testid": "hint" },
      h("h2", {}, "The expert's view ", h("small", {}, "chance of winning after each move, best first")),
      h("ol", {}, current.options.map((o, i) => h("li", { class: i === 0 ? "best" : "" },
        h("button", { type: "button", "data-hint": o.action, onclick: () => act(o.action) }, label(o.action, view)),
        h("span", { class: "bar", "aria-hidden": "true" }, h("span", { style: `width:${o.chance === null ? 0 : Math.round(100 * o.chance)}%` })),
        h("span", { class: "chance", "data-testid": "chance" }, pct(o.chance)))))));
  };
  // A card or target the player may not use now: the server, which alone knows the rules, says why.
  const refuse = (action) => act(action);

  const draw = (prev) => {
    const me = view.seat;
    clear(seatsEl).append(...view.seats.map((s, i) => h("span", {
      class: `seat${i === me ? " me" : ""}${view.to_move.includes(i) && !view.over ? " turn" : ""}${s.connected ? "" : " away"}`,
    }, `${s.name}${i === me ? " (you)" : ""}${s.kind === "bot" && !/\bbot\b/.test(s.name) ? " · bot" : ""}`)));
    const focus = focusKey(document.activeElement);
    // redraw: a game's own choice on the page (such as whom to ask) draws the table again, same view
    const ctx = { view, obs: view.observation, seat: me, legal: view.legal, act, refuse, readOnly: false, redraw: () => draw(view) };
    clear(board);
    clear(handSlot);
    clear(decisionSlot);
    board.dataset.moves = view.moves;          // tests wait on this for the next update from the server
    mod.render(board, ctx);
    // the decision to make and the hand live in the dock: on a phone they stay on screen
    decisionSlot.append(...board.querySelectorAll(".decision-area"));
    const hand = board.querySelector(".hand-area");
    if (hand) handSlot.append(hand);
    tellStory(prev);
    drawHint();
    clear(status).append(statusLine(view, mod));
    if (controls) mod.controls(controls, ctx);
    clear(movesEl);
    if (view.over) {
      movesEl.append(h("div", { class: "banner", "data-testid": "result" },
        h("strong", {}, "Game over. "), view.result.abandoned ? resultText(view.result) : (mod.resultText || resultText)(view.result, view),
        " ", h("a", { href: `/replay/${tableId}` }, "Replay it"), " · ",
        h("a", { href: `/api/tables/${tableId}/record` }, "Download the record"),
        mine ? [" ", h("button", { class: "primary", "data-testid": "again", onclick: playAgain }, "Play again, same seats")] : ""),
        view.result.abandoned || !mod.ending ? "" : mod.ending(view));
      if (closer) closer.remove();
    } else if (listed(view).length) {
      // every legal move as a button, unless the game's own controls cover some (a game may narrow the list)
      movesEl.append(h("h2", {}, "Your moves"), h("div", { class: "list" },
        listed(view).map((a, i) => h("button", { "data-action": a, onclick: () => act(a) },
          i < 9 ? h("kbd", {}, String(i + 1)) : "", (mod.label || ((x) => x))(a, view)))));
    }
    restoreFocus(focus);
  };

  // What just happened, in words, with the card it moved picked out on the board.
  const tellStory = (prev) => {
    const last = lastMove(view);
    if (!last || view.real_time) return clear(story);
    const [seat, action] = last;
    const who = seat === view.seat ? "You" : view.seats[seat] ? view.seats[seat].name : `Seat ${seat + 1}`;
    clear(story).append(h("span", { class: "story-who" }, who), " ", mod.describe ? mod.describe(action, view, seat) : (mod.label || ((x) => x))(action, view));
    const card = action.split(" ").at(-1);
    if (prev && prev.moves !== view.moves) board.querySelectorAll(`[data-card="${CSS.escape(card)}"]`).forEach((el) => el.classList.add("just-played"));
    const news = prev && mod.announce ? mod.announce(prev, view) : null;
    if (news) {
      clear(announce).append(h("div", { class: "announce-box" }, news));
      announce.classList.add("show");
      clearTimeout(announce.timer);
      announce.timer = setTimeout(() => announce.classList.remove("show"), 4000 + PACES[paceName()] * 2);
    }
  };

  // Views wait their turn: each other seat's move is shown for the chosen pace before the next.
  let queue = [];
  let holding = false;
  const pump = () => {
    if (holding || !queue.length) return;
    let next = queue.shift();
    if (queue.length > 40) { next = queue.at(-1); queue = []; }       // far behind (a tab left alone): catch up
    const prev = view;
    view = next;
    draw(prev);
    const last = lastMove(view);
    const moved = prev && prev.moves !== view.moves;
    const wait = moved && !view.real_time && !view.over && last && last[0] !== view.seat ? PACES[paceName()] : 0;
    if (wait) { holding = true; setTimeout(() => { holding = false; pump(); }, wait); } else pump();
  };
  const listed = (v) => (mod.moves ? mod.moves(v) : v.legal);
  // the boards draw differently on a phone: crossing that width draws the table again
  const narrow = window.matchMedia("(max-width: 600px)");
  narrow.onchange = () => { if (view && board.isConnected) draw(null); };
  const connect = () => {
    const token = mine ? `?token=${encodeURIComponent(mine.token)}` : "";
    socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/tables/${tableId}${token}`);
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "view") {
        if (message.real_time) { view = message; queue = []; draw(null); } else { queue.push(message); pump(); }
      } else if (message.type === "hint") {
        if (hint && hint.moves === message.moves) { hint = { moves: message.moves, options: message.options }; if (view) drawHint(); }
      } else if (message.type === "error") {
        if (hint && hint.waiting) { hint = null; if (view) drawHint(); }
        toast(message.message);
      }
    };
    socket.onclose = (event) => {
      if (event.code === 4403 || event.code === 4404) return;
      if (!view || !view.over) setTimeout(connect, 1000);
    };
  };
  document.onkeydown = (event) => {
    if (!view || view.over || event.target.matches("input, select, textarea")) return;
    const fromGame = mod.key ? mod.key(event.key, { view, obs: view.observation, seat: view.seat, legal: view.legal }) : null;
    const n = Number(event.key);
    const action = fromGame || (n >= 1 && n <= 9 && !mod.key ? listed(view)[n - 1] : null);
    if (action) { event.preventDefault(); act(action); }
  };
  connect();
}

// Focus stays where the player was: on the same card or target after the board is drawn
// again, or on its neighbour when the card itself has gone (played).
function focusKey(el) {
  if (!el || !main.contains(el) || el === document.body) return null;
  const card = el.closest("[data-card]");
  const holder = el.closest(".hand-area, .moves, .board");
  const group = holder ? [...holder.querySelectorAll("[tabindex='0'], button")] : [];
  return { action: el.getAttribute("data-action"), card: card && card.getAttribute("data-card"),
    area: holder ? [...holder.classList].find((c) => ["hand-area", "moves", "board"].includes(c)) : null, index: group.indexOf(el) };
}

function restoreFocus(key) {
  if (!key) return;
  const esc = (x) => CSS.escape(x);
  const same = (key.action && main.querySelector(`[data-action="${esc(key.action)}"]`))
    || (key.card && main.querySelector(`[data-card="${esc(key.card)}"][tabindex='0']`));
  if (same) return same.focus({ preventScroll: true });
  const area = key.area && main.querySelector(`.${key.area}`);
  const group = area ? [...area.querySelectorAll("[tabindex='0'], button")] : [];
  const near = group[Math.min(Math.max(key.index, 0), group.length - 1)];
  if (near) near.focus({ preventScroll: true });
}

// A button that copies a link, with a word of thanks.
function copyButton(text) {
  return h("button", { type: "button", class: "copy", "aria-label": `Copy ${text}`, onclick: async (event) => {
    try { await navigator.clipboard.writeText(text); event.target.textContent = "Copied"; } catch (error) { toast("Could not copy: select the link and copy it by hand."); }
  } }, "Copy");
}

function statusLine(view, mod) {
  if (view.over) return "";
  if (mod.status) { const custom = mod.status(view); if (custom) return custom; }
  if (view.real_time && !view.running) return "Waiting for every player to be at the table…";
  if (view.seat === null) return "You are watching.";
  if (view.legal.length) return "Your move.";
  const names = view.to_move.map((s) => view.seats[s].name).join(", ");
  return `Waiting for ${names}…`;
}

// -- replay ------------------------------------------------------------------------------
async function replayPage(tableId) {
  const info = await api("GET", `/api/tables/${tableId}`).catch((error) => {
    clear(main).append(h("h1", {}, "No such table"), h("p", {}, error.message));
  });
  if (!info) return;
  if (!info.over) {
    clear(main).append(h("h1", {}, info.title), h("p", {}, "This game is still being played; it can be replayed once it is over."),
      h("a", { class: "button", href: `/t/${tableId}` }, "Watch it"));
    return;
  }
  const mod = await gameModule(info.game);
  document.title = `Replay · ${info.title}`;
  const slider = h("input", { type: "range", min: 0, max: info.moves, value: info.moves, "aria-label": "Step" });
  const which = h("select", { "aria-label": "Whose view" }, h("option", { value: "all" }, "Whole table"),
    info.seats.map((s, i) => h("option", { value: i }, `${s.name}'s view`)));
  const label = h("span", { class: "muted", "data-testid": "step" });
  const views = h("div", { class: "views" });
  const analysisBox = h("section", { class: "analysis", "data-testid": "analysis", "aria-live": "polite" });
  let analysed = null;                   // the analysis shown: {seat, name, moves: [...]}
  const pct = (c) => (c === null || c === undefined ? "–" : `${Math.round(100 * c)}%`);
  const named = (action) => (mod.label ? mod.label(action, { ...info, seat: analysed.seat }) : action);
  const markStep = (step) => analysisBox.querySelectorAll("li[data-index]").forEach((li) => {
    if (Number(li.dataset.index) === step) li.setAttribute("aria-current", "step"); else li.removeAttribute("aria-current");
  });
  const show = async () => {
    const step = Number(slider.value);
    const data = await api("GET", `/api/tables/${tableId}/replay?step=${step}&seat=${which.value}`);
    const next = analysed && analysed.moves.find((m) => m.index === step);
    clear(label).append(`Step ${step} of ${data.steps}`, data.action ? ` · ${info.seats[data.action.seat].name}: ${data.action.action}` : " · the deal",
      next ? ` · next, ${analysed.name} chose ${named(next.played)} (${pct(next.played_chance)}; the expert: ${named(next.best)}, ${pct(next.best_chance)})` : "");
    markStep(step);
    clear(views).append(...data.views.map((v) => {
      const board = h("div", { class: "board" }, h("h3", {}, `${v.name}'s view`));
      const fakeView = { ...info, observation: v.observation, seat: v.seat, legal: [], over: data.result !== null, result: data.result };
      mod.render(board, { view: fakeView, obs: v.observation, seat: v.seat, legal: [], act: () => {}, readOnly: true });
      return board;
    }));
  };
  const step = (d) => { slider.value = Math.max(0, Math.min(info.moves, Number(slider.value) + d)); show(); };
  // The expert's analysis of one seat: each decision it made, judged from its own view at the time,
  // the costly ones marked.  Picking a move shows the table as it stood before it, from that seat's view.
  const analyser = h("select", { "aria-label": "Whose moves to analyse" }, info.seats.map((s, i) => h("option", { value: i }, s.name)));
  const analyseButton = h("button", { type: "button", "data-testid": "analyse", onclick: async () => {
    const seat = Number(analyser.value);
    analyseButton.disabled = true;
    clear(analysisBox).append(h("p", { class: "muted" }, `The expert is going through ${info.seats[seat].name}'s moves…`));
    try {
      const data = await api("GET", `/api/tables/${tableId}/analysis?seat=${seat}`);
      analysed = data;
      drawAnalysis(data);
      show();
    } catch (error) { clear(analysisBox).append(h("p", { class: "error" }, error.message)); }
    analyseButton.disabled = false;
  } }, "Analyse");
  const drawAnalysis = (data) => {
    const label = mod.label || ((x) => x);
    const fake = { ...info, seat: data.seat };
    clear(analysisBox).append(
      h("h2", {}, `${data.name}'s moves, as the expert sees them`),
      h("p", { class: "muted" }, `${data.decisions} decisions with a choice; ${data.costly} gave away more than ${pct(data.threshold)} of the chance of winning`,
        " (judged from what ", data.name, " could see at the time)."),
      data.moves.length ? h("ol", { class: "analysis-moves" }, data.moves.map((m) => h("li", { "data-index": m.index, class: m.costly ? "costly" : "" },
        h("button", { type: "button", onclick: () => { slider.value = m.index; which.value = String(data.seat); show(); } },
          h("span", { class: "move-number" }, `Move ${m.move}`), " ", label(m.played, fake), " ", h("span", { class: "chance" }, pct(m.played_chance))),
        m.costly ? h("span", { class: "cost", "data-testid": "costly" }, `gave away ${pct(m.cost)}`) : "",
        m.played === m.best ? h("span", { class: "muted" }, " the expert's choice")
          : h("span", { class: "muted" }, ` the expert: ${label(m.best, fake)} ${pct(m.best_chance)}`)))) : h("p", {}, "Every move of this seat was forced."));
  };
  const analysisControls = info.real_time ? "" : h("div", { class: "replay-controls" }, "The expert's analysis of ", analyser, analyseButton);
  slider.addEventListener("input", show);
  which.addEventListener("change", show);
  document.onkeydown = (event) => {
    if (event.key === "ArrowLeft") step(-1);
    if (event.key === "ArrowRight") step(1);
  };
  clear(main).append(
    h("p", {}, h("a", { href: "/games" }, "Finished games"), " / replay"),
    h("div", { class: "table-head" }, h("h1", {}, info.title), h("span", {}, resultText(info.result))),
    h("div", { class: "replay-controls" },
      h("button", { onclick: () => { slider.value = 0; show(); } }, "Start"), h("button", { onclick: () => step(-1), "aria-label": "Back" }, "◀"),
      slider, h("button", { onclick: () => step(1), "aria-label": "Forward" }, "▶"),
      h("button", { onclick: () => { slider.value = info.moves; show(); } }, "End"), which,
      h("a", { class: "button", href: `/api/tables/${tableId}/record` }, "Download the record")),
    label, analysisControls, analysisBox, h("h2", { class: "sr-only" }, "The table at this step"), views);
  show();
}

// -- routing ---------------------------------------------------------------------------------
function route() {
  document.onkeydown = null;
  main.style.paddingBottom = "";
  tournaments.stop();
  const parts = location.pathname.split("/").filter(Boolean);
  if (parts.length === 0) return home();
  if (parts[0] === "drives" && parts[1]) return tournaments.drive(main, parts[1]);
  if (parts[0] === "drives") return tournaments.home(main);
  if (parts[0] === "cycles") return tournaments.cycle(main, parts[1]);
  if (parts[0] === "new") return newTable(parts[1]);
  if (parts[0] === "games") return finishedGames();
  if (parts[0] === "replay") return replayPage(parts[1]);
  if (parts[0] === "t" && parts[2] === "join") return join(parts[1], parts[3]);
  if (parts[0] === "t") return playTable(parts[1]);
  clear(main).append(h("h1", {}, "Not found"));
}

window.addEventListener("popstate", route);
route();
