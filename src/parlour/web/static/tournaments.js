// Club-night pages: the Football Whist Drive (fixtures by round, live league
// table, the Cup, score cards) and the Biggles cycle.  Results are typed in by
// the organiser, come from a table played in Parlour, or from bots; the server
// checks every entry, so a refused one is explained and nothing changes.  Anyone may watch; only the organiser,
// whose browser keeps the organiser key (from creating it, or from the organiser link), may change anything.
import { h, clear, toast } from "/static/dom.js";
import { api, games, hashParams, joinLinks, keepMade, keepOrganiser, keepSeat, mySeat, organiserKey } from "/static/api.js";
import { capital, listed, ordinal, plural, possessive } from "/static/words.js";
import { go } from "/static/page.js";

// How a result came in, in words, with the time it came in (the day too, if not today): typed in by the organiser,
// or played at a Parlour table (by people, or by bots alone).  ``corrected``: it replaced an earlier score.
const clockOf = (at) => {
  const when = new Date(at * 1000);
  const today = when.toDateString() === new Date().toDateString();
  return when.toLocaleString("en-GB", { ...(today ? {} : { day: "numeric", month: "short" }), hour: "2-digit", minute: "2-digit" });
};
export function sourceWords(meta, corrected) {
  if (!meta || !meta.source) return "";
  const at = meta.at ? ` at ${clockOf(meta.at)}` : "";
  if (meta.source === "organiser") return `${corrected ? "corrected" : "entered"} by the organiser${at}`;
  const played = meta.source === "bots" ? "played by bots at a Parlour table" : "played at a Parlour table";
  // a result where a person made no move, which the organiser chose to keep (idleWords says it before he chooses)
  if (meta.kept && meta.kept.length) return `${played}${at ? `, finished${at}` : ""}; ${meta.kept.join(" and ")} made no move, and the organiser kept the result`;
  return `${played}${at ? `, finished${at}` : ""}${corrected ? " (it replaced the score before)" : ""}`;
}

// Pages refresh themselves while open, so the league table is live on the hall's screen.
let timer = null;
function every(seconds, fn) {
  clearInterval(timer);
  timer = setInterval(() => { if (!document.hidden) fn(); }, seconds * 1000);
}
export function stop() {
  clearInterval(timer); timer = null; document.onvisibilitychange = null;
  clearInterval(rounds.tick); rounds.tick = null;
  watching.forEach((socket) => socket.close()); watching.clear();
  clearTimeout(soon); soon = null;
}

// -- drawing again in place ------------------------------------------------------------------
// The pages refresh every few seconds while matches are played: a part whose data did not change keeps its very
// nodes (the button under the pointer, an open <details>, a chosen option, the focus), and only what changed is
// built again.  ``part(id, signature, build)``: the node last built for ``id`` if its signature is the same.
function parts() {
  const kept = new Map();
  return (id, signature, build) => {
    const was = kept.get(id);
    if (was && was.signature === signature) return was.node;
    const node = build();
    kept.set(id, { signature, node });
    return node;
  };
}

// ``parent`` holds ``nodes`` (the "" of a part not shown left out) in order: a node already in its place is not
// moved, the others are put in, and what is no longer wanted is taken out.
function settle(parent, nodes) {
  const wanted = nodes.filter((node) => node instanceof Node);
  wanted.forEach((node, i) => { if (parent.childNodes[i] !== node) parent.insertBefore(node, parent.childNodes[i] || null); });
  while (parent.childNodes.length > wanted.length) parent.lastChild.remove();
  return parent;
}
// each drawing of a page counted on it (data-drawn), so a test can wait for a redraw; at the first, a fixture or
// match the address names (a finished game's link from the list: "#round-2-table-3", "#match-4") is opened (its
// round unfolded), scrolled to and briefly lit
const drawn = (main) => {
  main.dataset.drawn = String(Number(main.dataset.drawn || 0) + 1);
  const sought = soughtRow || rowAnchor();
  if (main.dataset.drawn !== "1" || !sought) return;
  soughtRow = null;
  const row = document.getElementById(sought);
  if (!row) return;
  const folded = row.closest("details");
  if (folded) folded.open = true;
  row.scrollIntoView({ block: "center" });
  row.classList.add("sought");
  setTimeout(() => row.classList.remove("sought"), 3000);
};

// Loads a page's data now and then every four seconds, and at once when the page is looked at again (its tab
// brought back); one the server does not have is said so, and stops.  A refresh that fails once the page is up
// (the server busy with the bots' tables, a moment off the network) is tried again at the next: the page never
// stops following its results for a passing fault.
async function live(main, url, what, got) {
  let up = false;
  const load = async () => {
    try { await got(await api("GET", url)); up = true; return true; } catch (error) {
      if (up && error.status !== 404) return true;
      clear(main).append(h("h1", {}, `No such ${what}`), h("p", {}, error.message));
      stop();
      return false;
    }
  };
  if (await load()) {
    every(4, load);
    document.onvisibilitychange = () => { if (!document.hidden && timer) load(); };
  }
  return load;
}

// -- the tables in play --------------------------------------------------------------------------------------
// Each refresh reads the public state of every fixture's table still in play (as a spectator sees it): who the
// table still waits for, and how the game stands, said beside the fixture.  ``words(info)`` says how it stands.
// Between refreshes the page watches each such table as a spectator does (its socket): every move there is said
// here at once (``changed()`` draws the page again, at most a few times a second), not a refresh later.
const playing = new Map();                  // table id -> { awaited: [[seat, name]], standing: "1st half, 2–1" }
const watching = new Map();                 // table id -> its spectator's socket, while the table is in play
let soon = null;
// (a game under way, once a move is made, whose awaited players had their seats taken: they left it; the bots at it,
// who wait for them.  The seats taken come with the table's info, not its socket's views: the last info's are kept)
const standingOf = (info, words) => {
  const claimed = info.claimed || (playing.get(info.table) || {}).claimed || [];
  const awaited = info.over ? [] : info.seats.flatMap((seat, i) => (seat.kind === "person" && !seat.connected ? [[i, seat.name]] : []));
  return { ...standingWords(info, words), claimed, awaited,
    started: !info.over && info.moves > 0 && awaited.every(([i]) => claimed.includes(i)) };
};
const standingWords = (info, words) => ({
  race: Boolean(info.real_time),
  bots: info.seats.filter((seat) => seat.kind === "bot").map((seat) => seat.name),
  standing: info.over ? "just finished" : words(info.observation, info) });
function watch(id, words, changed) {
  if (watching.has(id) || typeof WebSocket === "undefined") return;
  const socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/tables/${id}`);
  watching.set(id, socket);
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "ping") { socket.send(JSON.stringify({ type: "pong", id: message.id, at: performance.now() / 1000 })); return; }
    if (message.type !== "view") return;
    const was = JSON.stringify(playing.get(id) || null);
    playing.set(id, standingOf(message, words));
    if (JSON.stringify(playing.get(id)) !== was && !soon) soon = setTimeout(() => { soon = null; changed(); }, 300);
  };
  socket.onclose = () => { if (watching.get(id) === socket) watching.delete(id); };
}
async function follow(tables, words, changed) {
  const open = new Set(tables.filter((t) => !t.finished).map((t) => t.id));
  watching.forEach((socket, id) => { if (!open.has(id)) { watching.delete(id); socket.close(); } });
  await Promise.all(tables.filter((t) => !t.finished).map(async (t) => {
    try {
      playing.set(t.id, standingOf(await api("GET", `/api/tables/${t.id}`), words));
      if (!playing.get(t.id).standing.startsWith("just")) watch(t.id, words, changed);
    } catch (error) { /* said at the next refresh */ }
  }));
}
// a Football Whist match so far: the half and the goals, home first (the home pair sits in seats 1 and 3)
const matchSoFar = (obs) => `${ordinal(obs.half || 1)} half, ${obs.goals ? obs.goals.A : 0}–${obs.goals ? obs.goals.B : 0}`;
// a Biggles game so far, in words: how far each has built ("Bob has built 1–6, Cat 1–4"), and where a game has more
// than one match, which is being played and the points so far ("match 2 of 3 — Ann 8, Bob 5 points so far; …")
const upTo = (level) => (level === 1 ? "1" : `1–${level}`);
const built = (level) => (level >= 8 ? "has Biggles down" : level ? `has built ${upTo(level)}` : "has built nothing yet");
const racesSoFar = (obs, info) => {
  const names = info.seats.map((seat) => seat.name);
  const builds = (obs.players || []).map((p, i) => (i && p.level > 0 && p.level < 8 && obs.players[0].level > 0 && obs.players[0].level < 8
    ? `${names[i]} ${upTo(p.level)}` : `${names[i]} ${built(p.level)}`)).join(", ");
  if (!(obs.matches > 1)) return builds;
  const points = obs.points || [0, 0];
  return `match ${obs.match || 1} of ${obs.matches} — ${names.map((name, i) => `${name} ${points[i]}`).join(", ")} points so far${builds ? `; ${builds}` : ""}`;
};

// A form's refusal is said beside its button, where the organiser is looking, not in a toast at the foot of the page.
const formError = () => h("span", { class: "score-error", role: "alert", "data-testid": "form-error" });
const refuse = (form, error) => { form.querySelector("[data-testid=form-error]").textContent = capital(error.message); };

// when a drive or cycle was made, to tell apart two of the same title: "5 Dec, 19:30"
const madeAt = (at) => new Date(at * 1000).toLocaleString("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });

export async function home(main) {
  document.title = "Tournaments · Parlour";
  const [drives, cycles, biggles, fw] = await Promise.all([api("GET", "/api/drives"), api("GET", "/api/cycles"), botsOf("biggles"),
    botsOf("football-whist")]);
  // each kind of tournament says which bots may play its games: its own game's levels, weakest first
  const levels = (game) => game.bot_catalogue.map((b) => b.title).join(", ");
  // (both forms alike: a title left blank is named for the day it is made, as the grey words in its box say, and
  // the rounds left blank are the usual number, as their box says: a drive's one cycle of the tables, a cycle's one)
  const today = new Date().toLocaleDateString("en-GB", { day: "numeric", month: "long", timeZone: "UTC" });
  const driveForm = h("form", { class: "new", "data-testid": "new-drive" },
    h("label", {}, "Title ", h("input", { name: "title", placeholder: `Football Whist Drive, ${today}`, size: 32 })),
    h("label", {}, "Teams, one a line (in order of arrival: 1st, 3rd, 5th … are Home) ",
      h("textarea", { name: "teams", rows: 6, cols: 30, placeholder: "For example:\nAston Villa\nCharlton\nQ.P. Rangers\nSwansea" })),
    h("label", {}, "Rounds ", h("input", { name: "rounds", type: "number", min: 1, placeholder: "one cycle", style: "width:7rem" })),
    h("div", {}, h("button", { class: "primary", type: "submit" }, "Create the drive"), " ", formError()));
  driveForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const f = driveForm.elements;
    const body = { title: f.title.value.trim() || f.title.placeholder, teams: f.teams.value };
    if (f.rounds.value) body.rounds = Number(f.rounds.value);
    try { go(kept(await api("POST", "/api/drives", body))); } catch (error) { refuse(driveForm, error); }
  });
  // (a cycle left untitled is named for the day it is made, by the server, as the box suggests: "Biggles cycle, 5 December")
  const cycleForm = h("form", { class: "new", "data-testid": "new-cycle" },
    h("label", {}, "Title ", h("input", { name: "title", placeholder: `Biggles cycle, ${today}`, size: 32 })),
    h("label", {}, "Players, one a line ", h("textarea", { name: "players", rows: 4, cols: 30, placeholder: "For example:\nAnn\nBob\nCat" })),
    h("label", {}, "Rounds ", h("input", { name: "rounds", type: "number", min: 1, placeholder: "one", style: "width:7rem" })),
    h("div", {}, h("button", { class: "primary", type: "submit" }, "Create the cycle"), " ", formError()));
  cycleForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const f = cycleForm.elements;
    const body = { players: f.players.value };
    if (f.rounds.value) body.rounds = Number(f.rounds.value);
    if (f.title.value.trim()) body.title = f.title.value;
    try { go(kept(await api("POST", "/api/cycles", body))); }
    catch (error) { refuse(cycleForm, error); }
  });
  clear(main).append(
    h("h1", {}, "Tournaments"),
    h("div", { class: "grid" },
      h("section", { class: "tile" }, h("h2", {}, "Football Whist Drives"),
        drives.length ? h("ul", {}, drives.map((d) => h("li", {}, h("a", { href: `/drives/${d.id}` }, d.config.title),
          ` · ${d.config.teams.length} teams`, d.state ? [" · ", h("span", { "data-testid": "state" }, d.state)] : "", ` · made ${madeAt(d.created)}`))) : h("p", { class: "muted" }, "None yet."),
        h("h3", {}, "New drive"), driveForm,
        h("p", { class: "muted", "data-testid": "drive-levels" }, `Each round's games can be played here (people, or Football Whist bots from the weakest to the strongest: ${levels(fw)}) or entered by hand. These are the card-playing bots of Football Whist, for a drive's games only.`)),
      h("section", { class: "tile" }, h("h2", {}, "Biggles cycles"),
        cycles.length ? h("ul", {}, cycles.map((c) => h("li", {}, h("a", { href: `/cycles/${c.id}` }, c.config.title || c.config.players.join(", ")),
          c.config.title ? ` · ${c.config.players.join(", ")}` : "",
          c.state ? [" · ", h("span", { "data-testid": "state" }, c.state)] : "", ` · made ${madeAt(c.created)}`))) :
          h("p", { class: "muted" }, "None yet."),
        h("h3", {}, "New cycle"), cycleForm,
        h("p", { class: "muted", "data-testid": "cycle-levels" }, `Each plays the next in the ring; matches can be played here (people, or Biggles bots from the weakest to the strongest: ${levels(biggles)}) or entered by hand. These are the racing bots of Biggles, for a cycle's matches only: a level here is not the drive's bot of the same name.`))));
}

// A drive or cycle just made: this browser keeps its organiser key; the page to go to.
const kept = (made) => { keepOrganiser(made.id, made.key); return made.url; };

// The organiser key for this page: from the organiser link, or kept before.  On the organiser's own page the
// address bar then carries it (#organiser=KEY, put there in place: a fragment, never sent to the server nor to
// another page), so that the address he bookmarks or copies from the bar opens the page with his rights on any
// browser (review 24: it read /drives/ID, which opened read-only elsewhere).  A row the address named
// ("#match-4") is kept aside for the first drawing (``drawn``).  Nobody else's page has a key: nothing is added.
let soughtRow = null;
const rowAnchor = () => (/^#(round-\d+-table-\d+|match-\d+)$/.test(location.hash) ? location.hash.slice(1) : null);
function organiserFor(id) {
  const given = hashParams().get("organiser");
  if (given) keepOrganiser(id, given);
  const key = organiserKey(id);
  if (key && hashParams().get("organiser") !== key) {
    soughtRow = rowAnchor();
    history.replaceState(history.state, "", `${location.pathname}#organiser=${key}`);
  }
  return key;
}

// What the organiser sees above the fixtures: the link to share with a helper, and how to delete; or, for
// everyone else, that the page is read-only and how to get the right to change it.
const narrow = () => window.matchMedia("(max-width: 600px)").matches;
function organiserBox(what, url, key, remove) {
  if (!key) {
    return h("p", { class: "panel-light", "data-testid": "read-only" }, `You are watching this ${what}: results are entered by its organiser. `,
      `If you are the organiser (or helping), open the organiser link: it was shown to whoever made the ${what}, who can send it to you.`);
  }
  const link = `${location.origin}${url}#organiser=${key}`;
  const sure = h("button", { type: "button", class: "danger", onclick: remove }, `Delete this ${what} for good`);
  return h("div", { class: "panel-light organiser", "data-testid": "organiser" },
    h("p", {}, h("strong", {}, "You are the organiser. "), `Keep this organiser link, or send it to a helper: whoever opens it can change the ${what}.`),
    linkOnDemand(link, "Copy the organiser link", "organiser-link"),
    h("p", { class: "muted", "data-testid": "address-bar-key" }, `The address bar now holds this organiser link too: bookmark this page to come back as the organiser. To let others watch, send them the watchers' link, not the address.`),
    linkOnDemand(`${location.origin}${url}`, "Copy the watchers' link", "watch-link"),
    h("details", {}, h("summary", {}, `Delete the ${what}`), sure));
}

function copyLink(text, label = "Copy") {
  return h("button", { type: "button", class: "copy", onclick: async (event) => {
    try { await navigator.clipboard.writeText(text); event.target.textContent = "Copied"; } catch (error) { toast("Could not copy: select the link and copy it by hand."); }
  } }, label);
}
// A long link (an organiser's, a seat's) as a short Copy button; the address itself only on demand, under "Show the
// link", on a line of its own that wraps anywhere (a raw address across a phone broke mid-word)
// (hidden by the screen-reader-only rule until shown, not taken off the page: it stays the link's text to select)
// (its accessible name says whose link it shows: the organiser's box has two, the organiser's and the watchers')
function linkOnDemand(link, label, testid) {
  const whose = label.replace(/^Copy /, "");
  const named = (verb) => `${verb} the link, ${whose}`;
  const code = h("code", { "data-testid": testid, class: "sr-only" }, link);
  const show = h("button", { type: "button", class: "link-show", "aria-expanded": "false", "aria-label": named("Show"), onclick: () => {
    const shown = code.classList.toggle("sr-only") === false;
    show.setAttribute("aria-expanded", String(shown));
    show.textContent = shown ? "Hide the link" : "Show the link";
    show.setAttribute("aria-label", named(shown ? "Hide" : "Show"));
  } }, "Show the link");
  return h("div", { class: "link-on-demand" }, copyLink(link, label), " ", show, code);
}

// a game's bots, weakest first, each with its plain name and a line (bot_catalogue), and its default_bot
const botsOf = async (game) => (await games()).find((g) => g.id === game);
const botOption = (b, label, chosen) => h("option", { value: b.name, title: b.description, ...(b.name === chosen ? { selected: "" } : {}) }, `${label}: ${b.title}`);
// A choice of who plays a fixture, kept while the page is drawn again (a result coming in redraws every row)
function remembered(select, key, choices) {
  if (choices.has(key)) select.value = choices.get(key);
  select.addEventListener("change", () => choices.set(key, select.value));
  return select;
}
const seatOf = (select) => (select.value === "person" ? { kind: "person" } : { kind: "bot", bot: select.value });

// A fixture's table opens in a new tab; this browser keeps the first person seat's key, as for any new table.
async function openTable(url, seats, key) {
  try {
    const made = await api("POST", url, { seats }, key);
    keepMade(made);
    window.open(made.url, "_blank");
  } catch (error) { toast(error.message); }
}

// A score saved: the keyboard's place is its row's button ("Change score"), never the top of the page, which a
// redraw of the row would leave it at (an organiser typing the night's results goes on from there).
const refocus = (row) => { document.querySelector(`${row} form.score button`)?.focus(); };

// A score form holds the focus: a refresh waits rather than redraw under the organiser's fingers.
// (a score already entered and not opened for correction holds nothing typed: it does not hold the page back)
const typing = () => Boolean(document.activeElement?.closest?.("form.score:not(.entered)"));

// What the organiser typed and was refused, by the score's place on the page ("cycle 7, match 2"): the page redraws
// every few seconds as results come in, and must not wipe a score half typed or the reason one was refused.
const typed = new Map();
const refused = new Map();

// Two scores and Enter; each side is [input name, label, value].  A score once entered is
// read-only: Change score is a deliberate step that opens it, and Save correction sends it.  ``slot`` names the
// score's place, for what is kept across a redraw.
function scoreForm(max, entered, first, second, submit, key, slot) {
  if (!key) return h("span", { class: "score-read" }, entered ? `${first[2]} – ${second[2]}` : "–");
  const box = ([name, label, value]) => {
    const kept = typed.get(`${slot} ${name}`);
    const input = h("input", { name, type: "number", min: 0, max, value: kept ?? value, "aria-label": label, style: "width:3.5rem",
      readonly: entered && kept === undefined ? true : undefined });
    // (a new figure typed is a new score: the reason the last one was refused goes)
    input.addEventListener("input", () => { typed.set(`${slot} ${name}`, input.value); refused.delete(slot); input.form?.querySelector(".score-error")?.replaceChildren(); });
    return input;
  };
  const reopened = entered && (typed.has(`${slot} ${first[0]}`) || typed.has(`${slot} ${second[0]}`));
  const button = h("button", { type: entered && !reopened ? "button" : "submit" },
    !entered ? "Enter" : reopened ? "Save correction" : "Change score");
  // a refusal is said beside the score it refuses, not in a toast across the page
  const said = h("span", { class: "score-error", role: "alert", "data-testid": "score-error" }, refused.get(slot) || "");
  const opened = typed.has(`${slot} ${first[0]}`) || typed.has(`${slot} ${second[0]}`);
  // (no browser bubble for a figure out of range, gone in a moment: the server's reason in words stays beside it)
    // (the two boxes held together: a phone's card sets them between the names, and the button under them)
  const form = h("form", { class: `score${entered && !opened ? " entered" : ""}`, novalidate: true },
    h("span", { class: "boxes" }, box(first), " – ", box(second)), " ", button, said);
  if (entered && !typed.has(`${slot} ${first[0]}`) && !typed.has(`${slot} ${second[0]}`)) {
    // the first click only opens the score (its default is prevented, so nothing is sent); the button then submits
    button.addEventListener("click", (event) => {
      if (!form.classList.contains("entered")) return;
      event.preventDefault();
      form.querySelectorAll("input").forEach((input) => input.removeAttribute("readonly"));
      form.classList.remove("entered");
      button.textContent = "Save correction";
      button.type = "submit";
      form.querySelector("input").focus();
    });
  }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    said.textContent = "";
    refused.delete(slot);
    // what was typed goes once the score is taken (the page redraws with it); a refusal keeps it to be mended
    const values = [first, second].map(([name]) => [`${slot} ${name}`, form.elements[name].value]);
    values.forEach(([k]) => typed.delete(k));
    try { await submit(form.elements); } catch (error) {
      values.forEach(([k, v]) => typed.set(k, v));
      refused.set(slot, capital(error.message));
      said.textContent = refused.get(slot);
    }
  });
  return form;
}

// A page to print (a drive's score card, a cycle's score sheet), offered the same way on both: the page itself, with
// its Print button, and the same page as a PDF; each a button of full touch size, said in words.
const printLinks = (url, print, pdf) => h("span", { class: "print-links" },
  h("a", { class: "button", href: url, target: "_blank", "data-testid": "print-page" }, print),
  h("a", { class: "button", href: `${url}?format=pdf`, target: "_blank", "data-testid": "print-pdf" }, pdf));
// names in a list: "Ann", "Ann and Bob", "Ann, Bob and Cat"

// A fixture's table in Parlour: watched while it is played, replayed after.
const tableLink = (t, pad = "") => h("a", { href: t.finished ? `/replay/${t.id}` : `/t/${t.id}` }, pad + (t.finished ? "Replay" : "Watch"));
// A fixture whose table is in play says how it stands beside its link: the score so far, its result coming in by
// itself when the game ends; or, while a person's seat is empty, that it waits for players, with the join links
// this browser was given when it opened the table (a seat of the organiser's own: open it).
const inPlayState = (tables) => {
  const t = tables.find((x) => !x.finished);
  return t ? { id: t.id, ...(playing.get(t.id) || {}) } : null;
};
// ``label``: the fixture's name ("Match 4"), said when its game is under way and a player has left it.
// ``level``: who plays it, said inside the sentence ("In play: 1st half, 0–0 (Beginner bots). The result …").
function inPlay(tables, handOn = false, label = "The game", level = "") {
  const state = inPlayState(tables);
  if (!state) return "";
  if (state.awaited && state.awaited.length) {
    const links = joinLinks(state.id);
    const own = mySeat(state.id);
    const names = listed(state.awaited.map(([, name]) => name));
    const seats = state.awaited.map(([seat, name]) => (own && own.seat === seat
      ? h("div", {}, h("a", { href: `/t/${state.id}`, target: "_blank", "data-testid": "back-to-seat" }, state.started ? `Go back to your seat as ${name}` : `Take your seat as ${name}`))
      : links[seat] ? h("div", {}, `Send ${name} the join link: `, linkOnDemand(location.origin + links[seat], `Copy ${possessive(name)} link`, "join-link"))
        : h("div", {}, handOn ? `${possessive(name)} seat: ${state.started ? "go back to it" : "hand it on"} with the buttons below.`
          : `${possessive(name)} join link went to whoever opened the table.`)));
    if (state.started) {
      // a game under way that a player left: said as it is (nothing is lost), and who waits for him
      const bots = state.bots.length ? `${listed(state.bots)} (${state.bots.length > 1 ? "bots" : "a bot"}) ${state.bots.length > 1 ? "wait" : "waits"}`
        : "The others wait";
      return h("div", { class: "muted", "data-testid": "in-play", "data-waiting": "", "data-paused": "" },
        h("strong", {}, `${label} is under way${state.race ? " and paused" : ""}: ${names} left the table. `), seats,
        h("div", { "data-testid": "bot-waits" }, `${bots} for ${names}: the game goes on from where it stopped when they sit back down.`));
    }
    return h("div", { class: "muted", "data-testid": "in-play", "data-waiting": "" },
      h("strong", {}, `Waiting for players: ${names}. `), seats,
      "The game starts when everyone has sat down.");
  }
  // (sentences of their own, the bots' level inside the first: the Watch link after them is no continuation)
  const just = (state.standing || "").startsWith("just");
  return h("small", { class: "muted", "data-testid": "in-play" }, just ? "Just finished" : `In play${state.standing ? `: ${state.standing}` : ""}`,
    level ? [" ", level] : "", just ? ". The result comes in now. " : ". The result comes in when it ends. ");
}


// -- the bots play round by round ----------------------------------------------------------------------
// "Let bots play" plays the rest of a drive or cycle as a club night does: one round (a cycle: one sitting, in which
// nobody plays twice) at a time.  The server starts the next round's games; when all its results are in, the
// standings show them and, after a short pause (counted down on any page open), the server starts the next round by
// itself, page open or not, until the organiser pauses the bots.  Whether the bots play is the tournament's
// (``data.bots``: playing, bots, next_at), so every page says the same.  Everyone sees which round is being
// played and how many of its results are in.
const PAUSE = 8;                                        // seconds between a round's last result and the next round
const rounds = { tick: null };

// Where the rounds stand: ``list`` is [{ n, name, of, items: [{ done, inPlay }] }] in order; the round under way (or
// next), how many of its results are in, whether any of its games waits for a table, and whether one comes after.
function roundsState(list) {
  const current = list.find((r) => r.items.some((x) => !x.done));
  if (!current) return null;
  const at = list.indexOf(current);
  const before = list[at - 1];
  return { n: current.n, name: current.name, of: current.of, count: current.items.length, done: current.items.filter((x) => x.done).length,
    playing: current.items.filter((x) => x.inPlay).length, waiting: current.items.filter((x) => !x.done && !x.inPlay && !(x.people || []).length).length,
    // the people whose games wait for them (the bots leave those alone)
    people: [...new Set(current.items.filter((x) => !x.done && !x.inPlay).flatMap((x) => x.people || []))],
    // the named players whose seats the bots would take, were they let play it (a cycle's players: each a person)
    standIns: [...new Set(current.items.filter((x) => !x.done && !x.inPlay && !(x.people || []).length).flatMap((x) => x.players || []))],
    more: at < list.length - 1, next: list[at + 1] ? list[at + 1].name : null,
    last: before && current.items.every((x) => !x.done && !x.inPlay) ? before.name : null };
}

// The panel above the standings.  ``bots``: the server's word on the bots; ``start()`` lets them play (from the
// next round's games, at once), ``pause()`` stops them after the games in play; each redraws the page.
// ``level``: the bots' level, { title: in words ("Club player"), pick(): the organiser's chooser of it }: beside
// the button that lets them play, the chooser (the fixtures' pickers start at the level chosen there), so the
// level shown is the level that plays.  ``pace`` (a drive's): the bots' pace, { words: "slow enough to follow, a
// card every 2.4 seconds", pick(): the organiser's chooser of it }, shown beside the level, and said while they play.
function roundsPanel(key, st, noun, bots, start, pause, level = null, pace = null) {
  const at = !level ? "" : key ? h("label", { "data-testid": "bots-level" }, "The bots' level: ", level.pick())
    : h("small", { class: "muted", "data-testid": "bots-level" }, ` The bots' level: ${level.title}.`);
  // (held to the panel's width on a phone: the pace's words are long)
  const paceAt = !pace ? "" : key ? h("label", { "data-testid": "bots-pace", style: "max-width:100%" }, "Their pace: ", pace.pick())
    : h("small", { class: "muted", "data-testid": "bots-pace" }, ` Their pace: ${pace.words}.`);
  // the organiser's level and the button that lets the bots play at it, side by side (wrapping on a phone)
  const go = (button) => h("div", { class: "bots-go" }, at, paceAt, button);
  // (while the bots play, anyone watching is told how fast their cards come)
  const paceNow = pace && bots.playing ? h("span", { "data-testid": "pace-now" }, `The bots play ${pace.words}. `) : "";
  const nouns = noun === "match" ? "matches" : `${noun}s`;
  const words = (n) => `${n} ${n === 1 ? noun : nouns}`;
  const act = (fn) => async () => { try { await fn(); } catch (error) { toast(error.message); } };
  const box = (state, ...children) => h("div", { class: "panel-light rounds", style: "margin:.6rem 0", "data-testid": "round-status", "data-round": st.n, "data-state": state, role: "status" }, ...children);
  const title = `${capital(st.name)}${st.of ? ` of ${st.of}` : ""}`;
  const pauseButton = (label) => (key ? h("button", { type: "button", onclick: act(pause), "data-testid": "pause-bots" }, label) : "");
  // before the bots take named players' seats, the organiser is told whose ("bots will stand in for Rita and Sam")
  const standIns = st.standIns && st.standIns.length ? h("p", { class: "muted", "data-testid": "stand-in-note" },
    `Bots will stand in for ${listed(st.standIns)}: their ${st.standIns.length > 1 ? "matches are" : "match is"} played by bots under their names. `,
    "A player who wants to play in person: open the match at a Parlour table or enter its score instead.") : "";
  clearInterval(rounds.tick); rounds.tick = null;
  if (st.playing) {
    return box("playing", h("strong", {}, `${title} is being played`),
      `: ${st.done} of ${words(st.count)} in. `,
      bots.playing ? [paceNow, st.more ? `When every result of it is in, the bots go on to ${st.next} by themselves. `
        : noun === "game" ? "It is the last round. "
          : "If the top players end level, the bots go on to the deciding matches. ",
        pauseButton(`Stop after ${noun === "game" ? "this round" : st.name.includes("sitting") ? "this sitting" : "this round"}`)]
        : key && st.waiting ? [go(h("button", { type: "button", onclick: act(start), "data-testid": "simulate" }, `Let bots play the ${words(st.waiting)} of ${st.name} not started`)), standIns] : "");
  }
  if (!st.waiting && st.people.length) {
    // what is left of it is the people's: the bots leave it to them, said so (no countdown that never ends)
    const who = st.people.join(" and ");
    return box("people", h("strong", {}, `${title} waits for ${who}`), `, who ${st.people.length > 1 ? "play" : "plays"} in person: `,
      st.count - st.done - st.playing === 1 ? `play the ${noun} left at a Parlour table, enter its score below, or let bots stand in at its row. `
        : `play the ${nouns} left at Parlour tables, enter their scores below, or let bots stand in at a ${noun}'s row. `,
      bots.playing ? pauseButton("Pause the bots") : "");
  }
  if (bots.playing && st.waiting) {
    // the pause between rounds, counted down: the standings have the last round's results in the meantime
    const left = h("span", { "data-testid": "countdown" });
    const due = bots.next_at ? bots.next_at * 1000 : Date.now();
    const count = () => { left.textContent = plural(Math.max(1, Math.ceil((due - Date.now()) / 1000)), "second"); };
    count();
    rounds.tick = setInterval(count, 250);
    return box("pause", h("strong", {}, st.last ? `${capital(st.last)} is over: its results are in the table. ` : ""),
      `The bots start ${st.name} in `, left, ", by themselves. ", paceNow,
      key ? [h("button", { type: "button", class: "primary", onclick: act(start) }, "Start it now"), " ", pauseButton("Pause the bots")] : "");
  }
  const over = st.last ? `${capital(st.last)} is over. ` : "";
  if (!key) return box("next", over, `${title} is next.`);
  return box("next", h("p", {}, over, h("strong", {}, `${title} is next: `), `enter its scores below, play its ${nouns} at Parlour tables, or let the bots play it.`),
    go(h("button", { type: "button", class: "primary", onclick: act(start), "data-testid": "simulate" },
      st.done ? `Let bots play the ${words(st.waiting)} left of ${st.name}` : `Let bots play ${st.name}`)), standIns,
  h("p", { class: "muted" }, st.more ? `The bots then play each ${st.name.includes("sitting") ? "sitting" : "round"} after it in turn, ${PAUSE} seconds after its last result is in, until you pause them, even with this page closed. `
    : noun === "match" ? "If the top players end level, the bots then play the deciding matches. " : "",
  `Each ${noun} is a live table anyone can watch; its result comes in when it ends.`));
}

// The bots who played at a table, in words: "Steady bots", or "Ann's bot: Club" where they differ.
// The organiser's chooser of the bots' level: ``chosen`` shown, ``pick(name)`` on a change.
function levelPick(catalogue, chosen, pick) {
  const select = h("select", { "aria-label": "The bots' level", onchange: () => pick(select.value) },
    catalogue.map((b) => h("option", { value: b.name, title: b.description }, b.title)));
  select.value = chosen;
  return select;
}
const levelOf = (catalogue, name) => (catalogue.find((b) => b.name === name) || { title: name }).title;
// A drive's bots' pace in words, from the server's paces ({ name, title, seconds }): "slow enough to follow, a card
// every 2.4 seconds"
// (a cycle's, ``race``: its title says it all, "slow enough to follow: the race at a quarter of its usual speed")
const paceWords = (paces, name, race = false) => {
  const pace = (paces || []).find((p) => p.name === name);
  if (!pace) return name;
  if (race) return pace.title.toLowerCase();
  const every = pace.seconds >= 0.05 ? `a card every ${pace.seconds} seconds` : "each card as soon as it is chosen";
  return `${pace.title.toLowerCase()}, ${every}`;
};
// The organiser's chooser of a drive's bots' pace: ``chosen`` shown, ``pick(name)`` on a change.
function pacePick(paces, chosen, pick, race = false) {
  const select = h("select", { "aria-label": "The bots' pace", style: "max-width:100%", onchange: () => pick(select.value) },
    (paces || []).map((p) => h("option", { value: p.name }, capital(paceWords(paces, p.name, race)))));
  select.value = chosen;
  return select;
}

// -- the drive ----------------------------------------------------------------------
export async function drive(main, id) {
  const fw = await botsOf("football-whist");
  const key = organiserFor(id);
  const choices = new Map();
  let data, load;
  // the bots' level: the one playing, else the organiser's pick beside "Let bots play" (the fixtures' default too)
  let level = null;
  const botLevel = () => (data.bots.playing && data.bots.bots) || level || data.bots.bots || "heuristic";
  // the bots' pace: the one they play at, else the organiser's pick beside "Let bots play" (slow enough to follow
  // unless the organiser chooses quick)
  let pace = null;
  const botPace = () => (data.bots.playing && data.bots.pace) || pace || data.bots.pace || "watch";
  const enter = async (entry) => { data = await api("POST", `/api/drives/${id}/entries`, entry, key); draw(); };
  const remove = async () => {
    try { await api("DELETE", `/api/drives/${id}`, undefined, key); stop(); go("/drives"); } catch (error) { toast(error.message); }
  };
  const part = parts();
  const draw = () => {
    const s = data.summary;
    document.title = `${s.title} · Parlour`;
    if (typing()) return;
    const st = roundsState(data.rounds.map((fixtures, r) => ({ n: r + 1, name: `round ${r + 1}`, of: data.rounds.length,
      items: fixtures.filter((f) => !f.bye).map((f) => ({ done: Boolean(f.result), inPlay: f.tables.some((t) => !t.finished),
        people: [f.home, f.away].filter((t) => (data.people || []).includes(t)) })) })));
    settle(main, [
      part("path", "", () => h("p", {}, h("a", { href: "/drives" }, "Tournaments"), " / drive")),
      part("title", JSON.stringify([s.title, s.teams, s.tables, s.rounds]), () => h("div", { class: "table-head" }, h("h1", {}, s.title),
        h("span", { class: "muted" }, `${plural(s.teams, "team")} · ${plural(s.tables, "table")} · ${plural(s.rounds, "round")}`))),
      // (on a phone the organiser's box of links comes after the round's state and its controls, review 25: it filled
      // the first screen, "Let bots play" below it)
      narrow() ? "" : part("organiser", "", () => organiserBox("drive", `/drives/${id}`, key, remove)),
      s.complete ? part("champions", JSON.stringify([s.champions, s.cup_holder]), () => h("div", { class: "banner", "data-testid": "champions" },
        h("div", {}, h("strong", {}, s.champions.length > 1 ? "Joint League Champions: " : "League Champions: "), listed(s.champions),
          tieBreak(s.table)),
        // (2nd and 3rd named too, each with what parted it from the team below on the same points: said here once)
        podium(s.table).map((x) => h("div", { "data-testid": "parted-place" }, x)),
        h("div", {}, h("strong", {}, "Cup Winners: "), s.cup_holder || "nobody (every game at table 1 was drawn)"))) : "",
      st ? part("rounds", JSON.stringify([st, data.bots, botLevel(), botPace()]), () => roundsPanel(key, st, "game", data.bots, simulate, pause,
        { title: levelOf(fw.bot_catalogue, botLevel()), pick: () => levelPick(fw.bot_catalogue, botLevel(), (v) => { level = v; draw(); }) },
        { words: paceWords(data.bots.paces, botPace()), pick: () => pacePick(data.bots.paces, botPace(), (v) => { pace = v; draw(); }) })) : "",
      narrow() ? part("organiser", "", () => organiserBox("drive", `/drives/${id}`, key, remove)) : "",
      part("standings", JSON.stringify([s.table, s.cup, s.complete]), () => h("div", { class: "drive-grid" },
        h("section", { class: "scroll" }, h("h2", {}, "League table"), league(s.table, data.rounds.some((games) => games.some((f) => f.bye))),
          h("p", { class: "muted league-key", "data-testid": "league-key" }, "F and A: goals for and against. Avg: goal average, F ÷ A",
            s.table.some((r) => r.goal_average_text === "inf" && r.won + r.drawn + r.lost > 0) ? ` (– for a team with ${NONE_AGAINST})` : "", "."),
          partedNote(s.table, s.complete ? 3 : 0)),
        h("section", {}, h("h2", {}, "The Cup"), cup(s.cup, s.complete)))),
      part("fixtures-head", "", () => h("h2", {}, "Fixtures")),
      ...data.rounds.map((fixtures, r) => {
        // The round under way is open; a round over (once the next has begun) and a round to come are folded
        // under their heading, a tap away, so the fixtures to play are near the top, on a phone too.
        const n = r + 1;
        const now = st && st.n === n && st.playing ? "being played now" : "";
        // (a drive over: every round open, its final results whole from round 1, as a results sheet is read)
        const open = st ? st.n === n || (st.n === n + 1 && !st.done && !st.playing) : true;
        const fold = open ? "" : !st || n < st.n ? "every result in" : "to come";
        const round = part(`round ${r}`, JSON.stringify([now, fold]), () => {
          const head = h("h3", {}, `Round ${n}`, now || fold ? h("small", { class: "muted" }, ` · ${now || fold}`) : "");
          const fixtures = h("table", { class: "list fixtures" }, h("tbody"));
          if (!fold) return h("section", { class: "round", "data-round": n }, head, fixtures);
          head.style.display = "inline";
          // (a round to come shows its pairings even folded: the movement is fixed, so who meets whom at each table
          // is known from the start, as on the paper fixture card)
          const pairings = fold === "to come" ? h("span", { class: "pairings muted", "data-testid": "pairings" },
            data.rounds[r].map((f) => h("span", { class: "pairing" }, `Table ${f.table}: `, f.bye ? `${f.home}, bye` : `${f.home} v ${f.away}`))) : "";
          return h("details", { class: "round", "data-round": n, "data-folded": "" }, h("summary", {}, head, pairings), fixtures);
        });
        settle(round.querySelector("tbody"), fixtures.map((f) => part(`fixture ${f.round}-${f.table}`, JSON.stringify([f, inPlayState(f.tables), data.bots.playing, botLevel()]), () => fixture(f))));
        return round;
      }),
      part("cards-head", "", () => h("h2", {}, "Score cards")),
      part("print", "", () => h("p", { class: "print-links" }, h("a", { class: "button primary", href: `/drives/${id}/cards.pdf`, target: "_blank", "data-testid": "all-cards" }, "Score cards (PDF): every team's, to print"))),
      // each team's card: its page to print, or the same as a PDF (as the cycle's score sheet is offered)
      part("cards", JSON.stringify(data.teams), () => h("ul", { class: "print-list", "data-testid": "cards" }, data.teams.map((t) =>
        h("li", {}, h("span", { class: "print-name" }, t.team, h("small", { class: "muted" }, ` (${t.side})`)),
          printLinks(t.card, `Print ${possessive(t.team)} card`, `${possessive(t.team)} card (PDF)`)))))]);
    drawn(main);
  };
  // the bots play the drive round by round, the server starting each round (roundsPanel); or stop after this one
  const simulate = async () => { data = await api("POST", `/api/drives/${id}/simulate`, { bots: botLevel(), pace: botPace() }, key); draw(); };
  const pause = async () => { data = await api("POST", `/api/drives/${id}/pause`, undefined, key); draw(); };
  const fixture = (f) => {
    if (f.bye) return h("tr", {}, h("td", {}, `Table ${f.table}`), h("td", {}, f.home), h("td", { colspan: 3, class: "muted" }, "bye"));
    const res = f.result;
    const score = scoreForm(22, res, ["home", `${f.home} goals`, res ? res.home_goals : ""],
      ["away", `${f.away} goals`, res ? res.away_goals : ""], async (e) => {
        if (e.home.value === "" || e.away.value === "") throw new Error("Enter both scores.");
        if (score.contains(document.activeElement)) document.activeElement.blur();   // (Enter leaves the focus in a box, and a box with the focus holds the redraw back)
        await enter({ kind: res ? "correction" : "result", round: f.round, table: f.table,
          home_goals: Number(e.home.value), away_goals: Number(e.away.value) });
        refocus(`tr[data-fixture="${f.round}-${f.table}"]`);
      }, key, `drive ${id} round ${f.round} table ${f.table}`);
    const tables = f.tables.map((t) => tableLink(t));
    // who plays (played) it: a side of bots at their level ("Lions (bots: Steady)"), as the pickers said it
    const last = f.tables[f.tables.length - 1];
    // (said once for the game where every seat's bot plays at one level, as the bots mostly do; else by each side)
    const levels = last ? [...new Set(last.bots)] : [];
    // ("(Beginner bots)": inside the in-play sentence while the game is played, beside the Replay link after)
    const once = levels.length === 1 && levels[0] ? h("small", { class: "muted", "data-testid": "level" }, `(${levelOf(fw.bot_catalogue, levels[0])} bots)`) : "";
    const playingNow = !res && f.tables.some((t) => !t.finished);
    const who = (i) => (!once && last && last.bots[i] ? h("small", { class: "muted", "data-testid": "level" }, ` (bots: ${levelOf(fw.bot_catalogue, last.bots[i])})`) : "");
    // a game bots play (now, or in their turn) fills in its own score: no boxes to type in, only what will come
    // a team whose people have sat at the drive's tables keeps its games: the bots leave them to it, unless the
    // organiser, told whose game it is, asks bots to stand in
    const people = [f.home, f.away].filter((t) => (data.people || []).includes(t));
    const theirs = data.bots.playing && !res && !f.tables.length && !people.length;
    const standIn = async () => {
      if (m.waits) { toast(`${capital(m.waits)}.`); return; }
      try {
        await api("POST", `/api/drives/${id}/fixtures/${f.round}/${f.table}/table`, { seats: [0, 1, 2, 3].map(() => ({ kind: "bot", bot: botLevel() })) }, key);
        await load();
      } catch (error) { toast(error.message); }
    };
    const waits = data.bots.playing && people.length && !res && !f.tables.some((t) => !t.finished) ? h("div", { class: "muted", "data-testid": "waits-for-people" },
      `${people.join(" and ")} ${people.length > 1 ? "play" : "plays"} in person: this game waits for ${people.length > 1 ? "them" : people[0]}. `,
      key ? h("button", { type: "button", onclick: standIn, "data-testid": "stand-in" }, `Let bots play ${people.map(possessive).join(" and ")} game (${levelOf(fw.bot_catalogue, botLevel())})`) : "") : "";
    const bots = !res && (theirs || f.tables.some((t) => !t.finished && t.bots.length && t.bots.every(Boolean)));
    const shown = bots ? h("span", { class: "score-read muted", "data-testid": "bots-score", title: "the bots' table fills in its score when the game ends" }, "–") : score;
    // (on a phone a card: the table, then "Ash 4 – 4 Deer" on one line, then the button and who played it)
    return h("tr", { "data-fixture": `${f.round}-${f.table}`, id: `round-${f.round}-table-${f.table}`, class: res ? "has-result" : undefined },
      h("td", {}, `Table ${f.table}`, h("br"), h("small", { class: "muted" }, `${possessive(f.ground)} ground`)),
      h("td", { class: "home", title: f.home }, f.home, h("small", { class: "muted side" }, " (home)"), who(0)),
      h("td", {}, shown, res && res.meta && res.meta.source ? h("small", { class: "muted source", "data-testid": "source", style: "display:block" }, sourceWords(res.meta, res.corrected)) : ""),
      h("td", { class: "away", title: f.away }, f.away, who(1)),
      // (while the bots carry the drive on, a game still to come is theirs: said, not offered to people)
      h("td", {}, theirs ? h("small", { class: "muted", "data-testid": "bots-to-play" }, `played by bots in its turn (${levelOf(fw.bot_catalogue, data.bots.bots)})`)
        : res || !key || f.tables.some((t) => !t.finished) ? "" : playButton(f, people), waits, " ", res ? "" : inPlay(f.tables, false, "The game", once),
      playingNow ? "" : once ? [once, " "] : "", tables));
  };
  const playButton = (f, people = []) => {
    const choose = (who) => h("select", { "aria-label": who }, h("option", { value: "person" }, "people"),
      fw.bot_catalogue.map((b) => botOption(b, "bots", botLevel())));
    const home = choose(`${f.home} play as`), away = choose(`${f.away} play as`);
    // both sides alike: people at a table the organiser opens (the round's own button is the bots'), unless the bots
    // carry the drive on, where a team that has played in person keeps its people and the other side is the bots'
    const side = (team) => (people.includes(team) || !(data.bots.playing && people.length) ? "person" : botLevel());
    home.value = side(f.home);
    away.value = side(f.away);
    remembered(home, `${f.round}-${f.table}-home`, choices);
    remembered(away, `${f.round}-${f.table}-away`, choices);
    // (secondary: the round's own "Let bots play" is the page's main action, not a table's)
    const go = h("button", { type: "button", class: "play-table", "data-testid": "play-table", onclick: () => openTable(`/api/drives/${id}/fixtures/${f.round}/${f.table}/table`,
      [seatOf(home), seatOf(away), seatOf(home), seatOf(away)], key).then(load), title: "The table opens in a new tab" }, "Play in Parlour (new tab)");
    return h("span", { class: "play" }, home, " v ", away, " ", go);
  };
  load = await live(main, `/api/drives/${id}`, "drive", async (got) => {
    await follow(got.rounds.flat().flatMap((f) => f.tables), matchSoFar, () => data && draw());
    data = got;
    draw();
  });
}

// How the champions were parted from the next team when the points were level: the tie-break in words.
// (a side with no goals against has no average, F ÷ 0: said in words, never as a mathematician's sign)
const NONE_AGAINST = "no goals against";
const average = (row) => (row.goal_average_text === "inf" ? NONE_AGAINST : row.goal_average_text);
// two averages compared: "1.167 to 1.111"; where one has none, each team named with its own
const versus = (a, b) => (a.goal_average_text === "inf" || b.goal_average_text === "inf"
  ? `${a.team} ${average(a)}, ${b.team} ${average(b)}` : `${average(a)} to ${average(b)}`);
function tieBreak(rows) {
  const [first] = rows;
  const joint = rows.filter((r) => r.position === 1);
  if (joint.length > 1) return `, ${plural(first.points, "point")} each (and the same goal average)`;
  const next = rows[1];
  if (!next) return "";
  if (next.points !== first.points) return ` (${plural(first.points, "point")}, ${first.points - next.points} clear of ${next.team})`;
  return ` (level with ${next.team} on ${plural(first.points, "point")}, ahead on goal average: ${versus(first, next)})`;
}

// The places after the champions, in the banner: "2nd: Arsenal, 5 points, ahead of Swansea on goal average (1.182
// to 1.091)", "3rd: Swansea, 5 points, ..."; a shared place "=2: A and B, 5 points each, level on goal average too".
function podium(rows) {
  return [2, 3].flatMap((at) => {
    const teams = rows.filter((r) => r.position === at);
    if (!teams.length) return [];
    const last = teams[teams.length - 1];
    const next = rows[rows.indexOf(last) + 1];
    const parted = next && next.points === last.points && next.position !== last.position
      ? `, ahead of ${next.team} on goal average (${versus(last, next)})` : "";
    return [h("span", {}, h("strong", {}, `${teams.length > 1 ? `=${at}` : ordinal(at)}: `), listed(teams.map((r) => r.team)),
      `, ${plural(last.points, "point")}${teams.length > 1 ? " each, level on goal average too" : ""}${parted}`)];
  });
}

// Where goal average parted teams level on points (and where nothing parted them), in words under the table, so the
// order of teams on the same points is no puzzle: "2nd Aston Villa, 6 pts, ahead of Charlton on goal average (1.900
// to 1.167)"; "=3 Burnley and Fulham, 4 pts, level on goal average too".  Only teams who have played count.
function partedWords(rows, after = 0) {
  const said = [];
  const played = rows.filter((r) => r.won + r.drawn + r.lost > 0);
  played.forEach((r, i) => {
    const next = played[i + 1];
    if (!next || next.points !== r.points || r.position <= after) return;
    if (next.position !== r.position) said.push(`${ordinal(r.position)} ${r.team}, ${plural(r.points, "pt")}, ahead of ${next.team} on goal average (${versus(r, next)})`);
    else if (!i || played[i - 1].position !== r.position) {
      const shared = played.filter((x) => x.position === r.position).map((x) => x.team);
      said.push(`=${r.position} ${listed(shared)}, ${plural(r.points, "pt")}, level on goal average too: they share the place`);
    }
  });
  return said;
}
// (``after``: the places the champions' banner has already parted, left out here: each tie-break is said once)
const partedNote = (rows, after = 0) => {
  const said = partedWords(rows, after);
  return said.length ? h("p", { class: "muted", "data-testid": "parted" }, `Level on points: ${said.join("; ")}.`) : "";
};

// The League table; its Byes column only where some team sits a round out (``byes``: a drive of an odd number of
// teams), else it would be a column of zeros, and the phone's room goes to the teams' names.
function league(rows, byes) {
  const heads = [["Pos", "Position"], ["Team"], ["P", "Played"], ["W", "Won"], ["D", "Drawn"], ["L", "Lost"], ["Bye", "Byes"], ["F", "Goals for"], ["A", "Goals against"], ["Avg", "Goal average"], ["Pts", "Points"]];
  return h("table", { class: "list league", "data-testid": "league" },
    h("thead", {}, h("tr", {}, heads.filter(([c]) => byes || c !== "Bye")
      .map(([c, long]) => h("th", { scope: "col", title: long, "aria-label": long }, c)))),
    // (a place shared is marked "=1", as the cycle's table marks it)
    h("tbody", {}, rows.map((r) => h("tr", {}, h("td", {}, `${rows.filter((x) => x.position === r.position).length > 1 ? "=" : ""}${r.position}`), h("td", {}, r.team),
      // (no average for a team yet to play a game, nor for one with no goals against: "–", the latter with its reason)
      [r.played, r.won, r.drawn, r.lost, ...(byes ? [r.byes] : []), r.goals_for, r.goals_against].map((x) => h("td", {}, String(x))),
      r.won + r.drawn + r.lost > 0 && r.goal_average_text === "inf"
        ? h("td", { class: "no-average", title: NONE_AGAINST, "data-testid": "no-average" }, "–", h("span", { class: "sr-only" }, ` (${NONE_AGAINST})`))
        : h("td", {}, r.won + r.drawn + r.lost > 0 ? r.goal_average_text : "–"),
      h("td", {}, h("strong", {}, String(r.points)))))));
}

// The Cup: its Winners are named only when the drive is over (``over``), as the banner names them.  Before that a
// Cup whose last game is in (``final``) cannot change hands, and is said to be settled in plain words.
function cup(c, over) {
  const settled = c.final && !over;
  return h("div", { class: "panel-light", "data-testid": "cup" },
    // (once the last round is in, a Cup nobody took was drawn at table 1 every time: said as the banner says it)
    h("p", {}, h("strong", {}, over ? "Cup Winners: " : "Held by: "),
      c.holder || (over ? "nobody (every game at table 1 was drawn)" : settled ? "nobody" : "nobody yet: it waits on table 1")),
    settled ? h("p", { "data-testid": "cup-settled" }, c.holder
      ? `${c.holder} cannot be caught: the Cup is theirs once the last tables finish.`
      : "Every game at table 1 was drawn, so nobody can win the Cup now; the drive ends when the last tables finish.") : "",
    h("p", { class: "muted", "data-testid": "cup-rule" }, "The Cup travels: it stands on table 1 until a pair win a game ",
      "there, goes with its holders from table to table, and passes to any pair who beat them (a draw keeps it where it is). ",
      "Whoever holds it when the last game ends are the Cup Winners."),
    // every round the Cup's game was decided in, from round 1 (a draw at table 1, a holder's bye, a win that kept it
    // say where it stood, as the changes of hands do; the list once began where it first changed hands)
    (c.journey || c.path).length ? h("ol", { "data-testid": "cup-journey" }, (c.journey || c.path).map((p) => h("li", {}, cupRound(p)))) : "");
}

// One round of the Cup's journey in words (a bye at table 1 before anyone won it: nobody to keep it, review 27b).
export function cupRound(p) {
  if (p.score === null) return p.to ? `Round ${p.round}: ${p.to} had a bye and kept the Cup`
    : `Round ${p.round}: table 1 had a bye, so nobody played for the Cup; it stays on table 1`;
  const at = `Round ${p.round}, ${possessive(p.ground)} ground: ${p.score}; `;
  if (p.to !== p.from) return `${at}${p.to} take it${p.from ? ` from ${p.from}` : ""}`;
  return at + (p.to ? `${p.to} keep it` : "drawn, so the Cup stays on table 1");
}

// -- the Biggles cycle ------------------------------------------------------------------
// The organiser hands a person seat of a match's open table to its player (its first link went only to the tab that
// opened the table, and that tab may be gone): a fresh link for the seat, to copy and send, or to sit down with on
// this device.  The server makes it (a link made before for the seat stops working); this page keeps the one it
// made, so pressing again gives the same link.
const seatLinkMade = new Map();
function seatLinks(id, m, t, key) {
  const names = [m.blue, m.red];
  const people = names.map((name, seat) => ({ name, seat })).filter(({ seat }) => t.bots[seat] === null || t.bots[seat] === undefined);
  if (!people.length) return "";
  const linkOf = async (seat) => {
    const at = `${t.id}:${seat}`;
    if (!seatLinkMade.has(at)) seatLinkMade.set(at, await api("POST", `/api/cycles/${id}/matches/${m.match}/seats/${seat}/link`, undefined, key));
    return seatLinkMade.get(at);
  };
  const one = ({ name, seat }) => {
    const shown = h("code", { "data-testid": "seat-link", style: "overflow-wrap:anywhere;display:block" });
    const show = (made) => { shown.textContent = location.origin + made.url; };
    if (seatLinkMade.has(`${t.id}:${seat}`)) show(seatLinkMade.get(`${t.id}:${seat}`));
    const sit = async () => {
      try {
        const made = await linkOf(seat);
        const params = new URLSearchParams(made.url.split("#")[1]);
        keepSeat(t.id, { seat, token: params.get("key") });
        window.open(`/t/${t.id}`, "_blank");
      } catch (error) { toast(error.message); }
    };
    const copy = async (event) => {
      const button = event.currentTarget;
      try {
        const made = await linkOf(seat);
        show(made);
        await navigator.clipboard.writeText(location.origin + made.url).then(() => { button.textContent = `Copied ${possessive(name)} link`; },
          () => toast("Could not copy: select the link and copy it by hand."));
      } catch (error) { toast(error.message); }
    };
    return h("div", { class: "seat-hand-on", "data-testid": "seat-hand-on", "data-seat": seat },
      h("button", { type: "button", onclick: sit, "data-testid": "sit-down" }, `Sit down as ${name}`), " ",
      h("button", { type: "button", onclick: copy, "data-testid": "copy-seat-link" }, `Copy ${possessive(name)} link`), shown);
  };
  return h("div", { class: "seat-links", "data-testid": "seat-links" },
    h("small", { class: "muted" }, people.length > 1 ? "Each player's own link opens the seat on any device: " : `${possessive(people[0].name)} own link opens the seat on any device: `,
      "send it, or sit them down here. Use a new one if the first link is lost: the old link then stops working, the seat stays."),
    people.map(one));
}

// A row's place in a league sorted best first: "1", or "=2" for a place shared on points; a champion who won the
// deciding matches stands alone at the top, those he beat there after him.
function place(rows, row, champion) {
  const level = rows.filter((x) => x.points === row.points && !(champion && x.player === champion));
  if (champion && row.player === champion) return "1";
  const at = rows.indexOf(level[0]) + 1;
  return level.length > 1 ? `=${at}` : String(at);
}

// The places shared on points, in words under the cycle's table, with what (if anything) parts them: a tie at the top
// is played off in deciding matches; lower down nothing parts players level on points, and they share the place.
// Said once everyone has played the same number of matches (before that the order is no verdict: unequalPlayed).
function sharedPlaces(rows, champion) {
  if (!rows.length || !rows[0].played || new Set(rows.map((r) => r.played)).size > 1) return [];
  const seen = new Set();
  return rows.flatMap((row) => {
    const at = place(rows, row, champion);
    if (!at.startsWith("=") || seen.has(at)) return [];
    seen.add(at);
    const level = rows.filter((r) => place(rows, r, champion) === at).map((r) => r.player);
    const n = Number(at.slice(1));
    return [at === "=1" ? `=1 ${listed(level)}, level on ${plural(row.points, "point")}: deciding matches part them`
      : `=${n} ${listed(level)}, level on ${plural(row.points, "point")}: only a tie at the top is played off, so they share ${ordinal(n)} place`];
  });
}

// Why the champion won, in words: the points and the lead, or the deciding matches after a tie at the top.
function championWhy(r) {
  const [first, next] = r.table;
  if (!next) return "";
  if (r.deciding_matches.length) {
    const level = r.table.filter((row) => row.points === first.points).map((row) => row.player);
    return `, after the deciding ${r.deciding_matches.length === 1 ? "match" : "matches"}: ${level.join(" and ")} were level on ${plural(first.points, "point")}.`;
  }
  return `, with ${plural(first.points, "point")}, ${first.points - next.points} clear of ${next.player}.`;
}

// While the players have played different numbers of matches, the table's order is not yet a verdict: said in
// words ("Bertie has played 2 matches, the others 1: ..."), the fewest named where a count is one player's alone.
function unequalPlayed(rows) {
  const counts = [...new Set(rows.map((r) => r.played))].sort((a, b) => b - a);
  if (counts.length < 2) return "";
  const groups = counts.map((n) => ({ n, who: rows.filter((r) => r.played === n).map((r) => r.player) }));
  const matches = (n) => (n === 1 ? "match" : "matches");
  const count = (n) => (n ? String(n) : "none");
  const words = (g) => `${listed(g.who)} ${g.who.length > 1 ? "have" : "has"} played ${g.n ? `${g.n} ${matches(g.n)}` : "none"}`;
  const settles = ": the order settles when everyone has played the same number.";
  if (groups.length === 2) {
    // the larger group is "the others"
    const [a, b] = groups;
    if (a.who.length < b.who.length) return `${words(a)}, the others ${count(b.n)}${settles}`;
    if (b.who.length < a.who.length) return `${words(b)}, the others ${count(a.n)}${settles}`;
  }
  return `${groups.map((g, i) => (i ? `${listed(g.who)} ${count(g.n)}` : words(g))).join(", ")}${settles}`;
}

// Who meets whom in the ring, in words (review 26: four players had four matches, and the page never said who does
// not meet whom).  The rule sheet's ring: each player plays the names either side of his in the list, the last the
// first; with four or more, some pairs never meet (a full round robin would depart from the sheet).
function ringWords(players) {
  const n = players.length;
  if (n < 3) return "";
  if (n === 3) return "Each player meets both of the others.";
  const apart = (i, j) => j - i > 1 && !(i === 0 && j === n - 1);
  const head = "Each player meets only the two names either side of theirs in the list (the last and the first meet), as the rule sheet's ring has it";
  if (n === 4) return `${head}: ${players[0]} and ${players[2]} do not meet, nor ${players[1]} and ${players[3]}.`;
  const misses = players.map((p, i) => `${p} does not meet ${players.filter((_, j) => apart(Math.min(i, j), Math.max(i, j))).join(", ").replace(/, ([^,]*)$/, " or $1")}`);
  return `${head}: ${misses.join("; ")}.`;
}

export async function cycle(main, id) {
  const biggles = await botsOf("biggles");
  const key = organiserFor(id);
  const choices = new Map();
  let data, load;
  // the bots' level: the one playing, else the organiser's pick beside "Let bots play", else a new table's opponent,
  // the game's default bot (review 26: the cycle offered the Club player where a new table offers the Casual player)
  let level = null;
  const botLevel = () => (data.bots.playing && data.bots.bots) || level || data.bots.bots || biggles.default_bot || "gentle";
  // the bots' pace: the one they race at (or last raced at), else the organiser's pick, else a live table's usual
  // speed, as at a new table (review 26).  Review 24 found a cycle of Club players over in about a minute, before
  // anyone could watch; Casual players at the usual speed turn about as slowly as Club players did at a quarter of
  // it, so the race can still be followed.
  let pace = null;
  const botPace = () => (data.bots.playing && data.bots.pace) || pace || (data.bots.bots ? data.bots.pace : null) || "quick";
  const remove = async () => {
    try { await api("DELETE", `/api/cycles/${id}`, undefined, key); stop(); go("/drives"); } catch (error) { toast(error.message); }
  };
  const part = parts();
  const draw = () => {
    if (typing()) return;
    const r = data.report;
    document.title = `${capital(data.title)} · Parlour`;
    const matches = part("matches", "", () => h("table", { class: "list fixtures" }, h("tbody")));
    const ring = [...new Set(data.matches.map((m) => m.round))].map((n) => data.matches.filter((m) => m.round === n));
    const roundName = (m) => (m.decider ? (m.decider > 1 ? `deciding round ${m.decider}` : "the deciding round")
      : `round ${m.round}${data.rounds > 1 ? ` of ${data.rounds}` : ""}`);
    // each round in sittings, as at a real table: nobody plays two matches at once (a ring of four: A v B and
    // C v D, then B v C and D v A); the bots play a sitting at a time
    const named = ring.flatMap((ms) => [...new Set(ms.map((m) => m.sitting))].map((k) => {
      const sat = ms.filter((m) => m.sitting === k);
      return { n: ms[0].round, of: 0, name: `${roundName(ms[0])}${sat[0].sittings > 1 ? `, sitting ${k} of ${sat[0].sittings}` : ""}`,
        items: sat.map((m) => ({ done: Boolean(m.points), inPlay: m.tables.some((t) => !t.finished), players: [m.blue, m.red],
          people: [m.blue, m.red].filter((p) => (data.people || []).includes(p)) })) };
    }));
    const st = roundsState(named);
    // the matches under a heading for each round, the one being played said so
    settle(matches.tBodies[0], ring.flatMap((ms) => {
      const n = ms[0].round;
      const sitting = st && st.name.includes(", sitting ") ? `${st.name.split(", ")[1]} ` : "";
      const now = st && st.n === n && st.playing ? ` · ${sitting}being played now` : "";
      const sat = ms[0].sittings > 1 ? ` · ${ms[0].sittings} sittings: nobody plays two matches at once` : "";
      return [part(`round ${n}`, now + sat, () => h("tr", { class: "round-head", "data-round": n },
        h("th", { colspan: 4, scope: "colgroup" }, capital(roundName(ms[0])), h("small", { class: "muted" }, sat, now)))),
      // (a round of several sittings lists its matches sitting by sitting, each under a line of its own: in the
      // ring's order the sittings alternated, match 1 of sitting 1 beside match 2 of sitting 2)
      ...[...new Set(ms.map((m) => m.sitting))].sort((a, b) => a - b).flatMap((k) => [
        ms[0].sittings > 1 ? part(`sitting ${n}-${k}`, "", () => h("tr", { class: "sitting-head", "data-testid": "sitting-head", "data-sitting": k },
          h("th", { colspan: 4, scope: "rowgroup" }, h("small", {}, `Sitting ${k} of ${ms[0].sittings}`)))) : null,
        ...ms.filter((m) => m.sitting === k).map((m) => part(`match ${m.match}`, JSON.stringify([m, data.win_points, inPlayState(m.tables), data.bots, botLevel()]), () => match(m)))])
        .filter(Boolean)];
    }));
    settle(main, [
      part("path", "", () => h("p", {}, h("a", { href: "/drives" }, "Tournaments"), " / Biggles cycle")),
      // (its title, as a drive's page has its own; the players under it, in the ring's order)
      part("title", JSON.stringify([data.title, data.players]), () => h("div", {}, h("h1", { "data-testid": "cycle-title" }, capital(data.title)),
        h("p", { class: "muted", "data-testid": "cycle-players" }, `Biggles, ${data.players.length} players: ${data.players.join(", ")}`),
        ringWords(data.players) ? h("p", { class: "muted", "data-testid": "cycle-ring" }, ringWords(data.players)) : "")),
      narrow() ? "" : part("organiser", "", () => organiserBox("cycle", `/cycles/${id}`, key, remove)),
      r.complete ? part("champion", JSON.stringify([r.champion, r.table]), () => h("div", { class: "banner", "data-testid": "champions" }, h("strong", {}, "Champion: "), r.champion,
        championWhy(r))) : "",
      st ? part("rounds", JSON.stringify([st, data.bots, botLevel(), botPace()]), () => roundsPanel(key, st, "match", data.bots, simulate, pause,
        { title: levelOf(biggles.bot_catalogue, botLevel()), pick: () => levelPick(biggles.bot_catalogue, botLevel(), (v) => { level = v; draw(); }) },
        { words: paceWords(data.bots.paces, botPace(), true), pick: () => pacePick(data.bots.paces, botPace(), (v) => { pace = v; draw(); }, true) })) : "",
      narrow() ? part("organiser", "", () => organiserBox("cycle", `/cycles/${id}`, key, remove)) : "",
      part("league-head", "", () => h("h2", {}, "League table")),
      part("league", JSON.stringify([r.table, r.champion]), () => h("table", { class: "list league", "data-testid": "league" },
        h("thead", {}, h("tr", {}, ["Place", "Player", "Played", "Won", "Points"].map((c) => h("th", {}, c)))),
        h("tbody", {}, r.table.map((row) => h("tr", {}, h("td", {}, place(r.table, row, r.champion)), h("td", {}, row.player), h("td", {}, String(row.played)),
          h("td", {}, String(row.won)), h("td", {}, h("strong", {}, String(row.points)))))))),
      part("shared", JSON.stringify([r.table, r.champion]), () => {
        const said = sharedPlaces(r.table, r.champion);
        return said.length ? h("p", { class: "muted", "data-testid": "shared-places" }, `${said.join("; ")}.`) : "";
      }),
      // (while some have played more matches than others the order is no verdict yet: said, the ranking unchanged)
      part("unequal", JSON.stringify(r.table.map((row) => [row.player, row.played])), () => {
        const said = unequalPlayed(r.table);
        return said ? h("p", { class: "muted", "data-testid": "unequal-played" }, said) : "";
      }),
      part("rules", "", () => h("p", { class: "muted", "data-testid": "cycle-rules" }, "The most points wins; players level at the top play deciding matches ",
        "until one is ahead (players level lower down share their place, marked =). Each match is a single match: its winner ",
        "scores 8, the loser the number of their highest black card not cancelled, 0 to 7: enter, say, 8 – 5.")),
      part("matches-head", "", () => h("h2", {}, "Matches")),
      part("legend", "", () => h("p", { class: "muted", "data-testid": "pack-legend" }, "In each match the first name plays the ",
        h("span", { class: "blue-pack" }, "blue pack"), " and the second the ", h("span", { class: "red-pack" }, "red pack"), ".")),
      matches,
      part("sheet", "", () => h("section", { "data-testid": "score-sheet" }, h("h2", {}, "Score sheet"),
        h("p", { class: "muted" }, "Every match with its points (a blank line for each still to play), the league table and the champion, on one sheet."),
        printLinks(`/cycles/${id}/sheet`, "Print the score sheet", "Score sheet (PDF)")))]);
    drawn(main);
  };
  // the bots play the cycle sitting by sitting, the server starting each (roundsPanel); or stop after this one
  const simulate = async () => { data = await api("POST", `/api/cycles/${id}/simulate`, { bots: botLevel(), pace: botPace() }, key); draw(); };
  const pause = async () => { data = await api("POST", `/api/cycles/${id}/pause`, undefined, key); draw(); };
  const match = (m) => {
    const pts = m.points;
    const score = scoreForm(data.win_points, pts, ["blue", `${m.blue} points`, pts ? pts[m.blue] : ""],
      ["red", `${m.red} points`, pts ? pts[m.red] : ""], async (e) => {
        if (e.blue.value === "" || e.red.value === "") throw new Error("Enter both players' points.");
        if (score.contains(document.activeElement)) document.activeElement.blur();   // (Enter leaves the focus in a box, and a box with the focus holds the redraw back)
        data = await api("POST", `/api/cycles/${id}/entries`, { kind: pts ? "correction" : "result", match: m.match,
          blue_points: Number(e.blue.value), red_points: Number(e.red.value) }, key);
        draw();
        refocus(`tr[data-match="${m.match}"]`);
      }, key, `cycle ${id} match ${m.match}`);
    const choose = (who) => h("select", { "aria-label": `${who} plays as` }, h("option", { value: "person" }, `${who} (person)`),
      biggles.bot_catalogue.map((b) => botOption(b, "bot", data.bots.playing ? data.bots.bots : undefined)));
    const blue = remembered(choose(m.blue), `${m.match}-blue`, choices), red = remembered(choose(m.red), `${m.match}-red`, choices);
    // a player who has sat in person at the cycle's tables keeps his matches: the bots leave them to him
    const people = [m.blue, m.red].filter((p) => (data.people || []).includes(p));
    if (data.bots.playing) [[blue, m.blue], [red, m.red]].forEach(([s, p]) => { if (!choices.has(`${m.match}-${p === m.blue ? "blue" : "red"}`)) s.value = people.includes(p) ? "person" : data.bots.bots; });
    // a result where a person made no move at the table (he left it, say) is marked, for the organiser to keep it
    // or to have the match played again (the new table's result replaces it)
    const idle = m.source && m.source.idle && m.source.idle.length ? m.source.idle : null;
    // a later sitting waits for its players' earlier matches (nobody plays two at once): the button says why
    const play = h("button", { class: "primary", "aria-disabled": m.waits ? "true" : undefined,
      onclick: () => (m.waits ? toast(`${capital(m.waits)}.`) : openTable(`/api/cycles/${id}/matches/${m.match}/table`,
        [seatOf(blue), seatOf(red)], key).then(load)),
      title: m.waits ? capital(m.waits) : "The table opens in a new tab", "aria-describedby": m.waits ? `waits-${m.match}` : undefined },
    idle ? "Play the match again (new tab)" : "Play in Parlour (new tab)");
    const later = m.waits ? h("small", { class: "muted play-waits", id: `waits-${m.match}`, "data-testid": "play-waits", style: "display:block" }, `${capital(m.waits)}.`) : "";
    const keep = async () => {
      try { data = await api("POST", `/api/cycles/${id}/matches/${m.match}/keep`, undefined, key); draw(); } catch (error) { toast(error.message); }
    };
    const mark = idle ? h("div", { class: "banner idle-mark", "data-testid": "idle-mark" },
      h("strong", {}, `${idle.join(" and ")} made no move: this match was not really played.`),
      key ? [" Keep the result, or play the match again. ", h("button", { type: "button", onclick: keep, "data-testid": "keep-result" }, "Keep this result")]
        : " The organiser may keep the result or have the match played again.") : "";
    // ... unless the organiser, told whose match it is, asks the bots to stand in for him
    const standIn = async () => {
      if (m.waits) { toast(`${capital(m.waits)}.`); return; }
      try {
        await api("POST", `/api/cycles/${id}/matches/${m.match}/table`, { seats: [{ kind: "bot", bot: botLevel() }, { kind: "bot", bot: botLevel() }] }, key);
        await load();
      } catch (error) { toast(error.message); }
    };
    const waits = people.length ? h("div", { class: "muted", "data-testid": "waits-for-people" },
      `${people.join(" and ")} ${people.length > 1 ? "play" : "plays"} in person: this match waits for ${people.length > 1 ? "them" : people[0]}. `,
      key ? h("button", { type: "button", onclick: standIn, "data-testid": "stand-in", "aria-disabled": m.waits ? "true" : undefined, title: m.waits ? capital(m.waits) : undefined }, `Let bots play ${people.map(possessive).join(" and ")} match (${levelOf(biggles.bot_catalogue, botLevel())})`) : "") : "";
    const tables = m.tables.map((t) => tableLink(t, " "));
    const open = m.tables.find((t) => !t.finished);
    // who plays (played) it: a bot at its level, as the players' pickers would have said ("Ann (bot: Club)")
    const last = m.tables[m.tables.length - 1];
    const who = (i) => (last && last.bots[i] ? h("small", { class: "muted", "data-testid": "level" }, ` (bot: ${levelOf(biggles.bot_catalogue, last.bots[i])})`) : "");
    // while the bots carry the cycle on, a match still to come is theirs: said, not offered to people
    const theirs = data.bots.playing && !pts && !m.tables.length && !people.length;
    // (a match bots play, now or in their turn, fills in its own points: no boxes to type in)
    const botsPlay = !pts && (theirs || m.tables.some((t) => !t.finished && t.bots.length && t.bots.every(Boolean)));
    return h("tr", { "data-match": m.match, id: `match-${m.number}` },
      h("td", { style: "white-space:nowrap" }, m.decider ? `Decider ${m.decider}` : `Match ${m.number}`,
        m.sittings > 1 ? [h("br"), h("small", { class: "muted" }, `sitting ${m.sitting}`)] : ""),
      h("td", {}, h("span", { class: "blue-pack" }, m.blue), who(0), " v ", h("span", { class: "red-pack" }, m.red), who(1)),
      h("td", {}, botsPlay ? h("span", { class: "score-read muted", "data-testid": "bots-score", title: "the bots' table fills in its points when the match ends" }, "–") : score,
        m.source ? h("small", { class: "muted source", "data-testid": "source", style: "display:block" }, sourceWords(m.source, m.source.corrected)) : "", mark),
      // (a match at a table now is watched there: a second table for it is not offered)
      h("td", {}, theirs ? h("small", { class: "muted", "data-testid": "bots-to-play" }, `played by bots in its turn (${levelOf(biggles.bot_catalogue, data.bots.bots)})`)
        : (pts && !idle) || !key || m.tables.some((t) => !t.finished) ? "" : h("span", { class: "play" }, blue, " ", red, " ", play, later),
        data.bots.playing && !pts && !m.tables.some((t) => !t.finished) ? waits : "", pts ? "" : inPlay(m.tables, Boolean(key && open), m.decider ? `Decider ${m.decider}` : `Match ${m.number}`),
        key && open && !pts ? seatLinks(id, m, open, key) : "", tables));
  };
  load = await live(main, `/api/cycles/${id}`, "cycle", async (got) => {
    await follow(got.matches.flatMap((m) => m.tables), racesSoFar, () => data && draw());
    data = got;
    draw();
  });
}
