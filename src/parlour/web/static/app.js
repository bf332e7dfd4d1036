// Parlour's browser client: pages for the lobby, a new table, play, and replay.
// The server decides everything; this file only shows what it sends and
// sends back the action a person picked from the legal ones.
import { h, clear, toast } from "/static/dom.js";
import { api, games, joinLinks, keepMade, keepSeat, mySeat } from "/static/api.js";
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
  const open = await api("GET", "/api/tables?finished=false");
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
    h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Players"), h("th", {}, finished ? "Result" : "Moves"), h("th", {}, ""))),
    h("tbody", {}, rows.map((t) => h("tr", {},
      h("td", {}, title[t.game] || t.game, tournamentOf(t.meta)),
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
  if (result.winner === null || result.winner === undefined) return "Draw";
  const w = Array.isArray(result.winner) ? result.winner.join(" & ") : result.winner;
  return `Won by ${w}`;
}

async function finishedGames() {
  document.title = "Finished games · Parlour";
  const [list, rows] = await Promise.all([games(), api("GET", "/api/tables?finished=true")]);
  clear(main).append(h("h1", {}, "Finished games"),
    rows.length ? tableList(rows, list, true) : h("p", { class: "muted" }, "No game has finished yet."));
}

// -- a new table --------------------------------------------------------------------
async function newTable(gameId) {
  const g = (await games()).find((x) => x.id === gameId);
  if (!g) { clear(main).append(h("h1", {}, "No such game"), h("a", { href: "/" }, "Back to the games")); return; }
  document.title = `New table · ${g.title}`;
  const count = h("select", { name: "players", "aria-label": "Number of players" }, g.seat_counts.map((n) => h("option", { value: n }, String(n))));
  const seatsBox = h("fieldset", {}, h("legend", {}, "Who sits where"));
  const drawSeats = () => {
    const n = Number(count.value);
    seatsBox.querySelectorAll(".seatrow").forEach((el) => el.remove());
    g.seat_names[n].forEach((name, i) => {
      const kind = h("select", { name: `kind${i}`, "aria-label": `Seat ${name}` },
        h("option", { value: "person" }, i === 0 ? "You" : "A person (join link)"),
        g.bots.map((b) => h("option", { value: `bot:${b}` }, `Bot: ${b}`)));
      if (i > 0) kind.value = `bot:${g.bots[g.bots.length - 1]}`;
      const who = h("input", { name: `name${i}`, placeholder: "name (optional)", size: 12, maxlength: 40 });
      seatsBox.append(h("div", { class: "seatrow" }, h("span", { class: "seatname" }, name), kind, who));
    });
  };
  count.addEventListener("change", drawSeats);
  const variantBox = h("fieldset", {}, h("legend", {}, "Rules variant"),
    g.variants.length ? "" : h("p", { class: "muted" }, "This game has no variant options."),
    g.variants.map((o) => variantInput(o)));
  const seed = h("input", { name: "seed", type: "number", min: 0, placeholder: "random" });
  const form = h("form", { class: "new" },
    h("label", {}, "Players ", count),
    seatsBox, variantBox,
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
    const body = { game: g.id, seats, variant };
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
async function join(tableId, seat) {
  const mine = mySeat(tableId);
  if (!mine || String(mine.seat) !== String(seat)) {
    try {
      const claimed = await api("POST", `/api/tables/${tableId}/seats/${seat}/claim`);
      keepSeat(tableId, claimed);
    } catch (error) {
      clear(main).append(h("h1", {}, "Cannot take that seat"), h("p", { class: "error" }, error.message),
        h("p", {}, h("a", { class: "button", href: `/t/${tableId}` }, "Watch the table instead")));
      return;
    }
  }
  history.replaceState({}, "", `/t/${tableId}`);
  route();
}

// -- playing ---------------------------------------------------------------------------
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
  const movesEl = h("div", { class: "moves" });
  const share = Object.entries(joinLinks(tableId)).filter(([s]) => !mine || String(s) !== String(mine.seat));
  clear(main).append(
    h("div", { class: "table-head" }, h("h1", {}, info.title), seatsEl,
      h("a", { href: `/rules/${info.game}`, target: "_blank", class: "muted" }, "Rules")),
    share.length ? h("div", { class: "share" }, "Send these links to the other players: ",
      share.map(([s, url]) => h("div", {}, `${info.seats[s].name}: `, h("code", {}, location.origin + url))),
      h("div", { class: "muted" }, "To watch: ", h("code", { "data-testid": "watch-link" }, `${location.origin}/t/${tableId}`))) : "",
    status, board, movesEl);

  let view = null;
  let socket = null;
  const act = (action) => {
    if (!view || !socket || socket.readyState !== 1) return toast("Not connected; reconnecting…");
    socket.send(JSON.stringify({ type: "act", action, moves: view.real_time ? undefined : view.moves }));
  };
  const draw = () => {
    const me = view.seat;
    clear(seatsEl).append(...view.seats.map((s, i) => h("span", {
      class: `seat${i === me ? " me" : ""}${view.to_move.includes(i) && !view.over ? " turn" : ""}${s.connected ? "" : " away"}`,
    }, `${s.name}${i === me ? " (you)" : ""}${s.kind === "bot" && !/\bbot\b/.test(s.name) ? " · bot" : ""}`)));
    const ctx = { view, obs: view.observation, seat: me, legal: view.legal, act, readOnly: false };
    clear(board);
    board.dataset.moves = view.moves;          // tests wait on this for the next update from the server
    mod.render(board, ctx);
    clear(status).append(statusLine(view, mod));
    clear(movesEl);
    if (view.over) {
      movesEl.append(h("div", { class: "banner", "data-testid": "result" },
        h("strong", {}, "Game over. "), (mod.resultText || resultText)(view.result, view),
        " ", h("a", { href: `/replay/${tableId}` }, "Replay it"), " · ",
        h("a", { href: `/api/tables/${tableId}/record` }, "Download the record")));
    } else if (listed(view).length) {
      // every legal move as a button, unless the game's own controls cover some (a game may narrow the list)
      movesEl.append(h("h2", {}, "Your moves"), h("div", { class: "list" },
        listed(view).map((a, i) => h("button", { "data-action": a, onclick: () => act(a) },
          i < 9 ? h("kbd", {}, String(i + 1)) : "", (mod.label || ((x) => x))(a, view)))));
    }
  };
  const listed = (v) => (mod.moves ? mod.moves(v) : v.legal);
  const connect = () => {
    const token = mine ? `?token=${encodeURIComponent(mine.token)}` : "";
    socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/tables/${tableId}${token}`);
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "view") { view = message; draw(); }
      else if (message.type === "error") toast(message.message);
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
  const label = h("span", { class: "muted" });
  const views = h("div", { class: "views" });
  const show = async () => {
    const step = Number(slider.value);
    const data = await api("GET", `/api/tables/${tableId}/replay?step=${step}&seat=${which.value}`);
    clear(label).append(`Step ${step} of ${data.steps}`, data.action ? ` · ${info.seats[data.action.seat].name}: ${data.action.action}` : " · the deal");
    clear(views).append(...data.views.map((v) => {
      const board = h("div", { class: "board" }, h("h3", {}, `${v.name}'s view`));
      const fakeView = { ...info, observation: v.observation, seat: v.seat, legal: [], over: data.result !== null, result: data.result };
      mod.render(board, { view: fakeView, obs: v.observation, seat: v.seat, legal: [], act: () => {}, readOnly: true });
      return board;
    }));
  };
  const step = (d) => { slider.value = Math.max(0, Math.min(info.moves, Number(slider.value) + d)); show(); };
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
    label, views);
  show();
}

// -- routing ---------------------------------------------------------------------------------
function route() {
  document.onkeydown = null;
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
