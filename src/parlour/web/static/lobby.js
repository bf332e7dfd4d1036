// The lobby: the games on offer, the tables in play and finished, a new table, and joining one by its link.
import { h, clear, toast } from "/static/dom.js";
import { api, games, hashParams, keepMade, keepSeat, mySeat } from "/static/api.js";
import { go, main, resultText, together } from "/static/page.js";
import { carryLink, heldKeys, ownTables } from "/static/seats.js";

// where a rule option comes from, in words for the form
const SOURCE_WORDS = {
  "rule sheet": "(From the rule sheet.)",
  ruling: "(A Parlour ruling: see the rules page.)",
  reconstruction: "(Reconstructed: the sheet lacks this fact.)",
};

// -- the lobby ------------------------------------------------------------------
// "2, 4" for a broken list; "2–4" for an unbroken run; "3 or more" where the run goes as far as the pack allows
// (the asking game's 43 players is a limit, not an invitation: the game's summary says how many play best).
function seatCounts(counts) {
  const last = counts[counts.length - 1];
  const run = counts.length > 2 && last - counts[0] === counts.length - 1;
  if (run && last > 12) return `${counts[0]} or more`;
  return run ? `${counts[0]}–${last}` : counts.join(", ");
}

export async function home() {
  const list = await games();
  document.title = "Parlour";
  // the player's own tables in play (proven by his seat keys; a day old, a table has been left), then the public ones
  const [own, listed] = await Promise.all([ownTables(false).catch(() => []), api("GET", "/api/tables?finished=false")]);
  const mine = own.filter((t) => t.created > Date.now() / 1000 - 24 * 3600);
  const open = [...mine, ...listed.filter((t) => !mine.some((m) => m.id === t.id))];
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

// When a game finished, in the viewer's own time zone (the browser's), on a 24-hour clock as the tournaments' pages
// say their times: "Sun 6 Dec, 21:40"; a game of today or yesterday says so, "today, 21:40" (the whole date then in
// the time's title)
const finishedAt = (t) => {
  if (!t.finished) return "";
  const at = new Date(t.finished * 1000);
  const whole = at.toLocaleString(undefined, { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit",
    hourCycle: "h23" });
  const clock = at.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const dayOf = (d) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const today = new Date();
  const back = Math.round((dayOf(today) - dayOf(at)) / 86400000);
  const said = back === 0 ? `today, ${clock}` : back === 1 ? `yesterday, ${clock}` : whole;
  return h("time", { datetime: at.toISOString(), "data-testid": "finished-at", title: back <= 1 ? whole : undefined }, said);
};

// A finished game's row: its result, the game (a tournament's table: the tournament, a small link), the players,
// when it finished and its replay; on a phone a compact card (the result and the replay, then the game and the
// date small; the players only where the result does not name them already).
function finishedList(rows, list) {
  const title = Object.fromEntries(list.map((g) => [g.id, g.title]));
  const real = new Set(list.filter((g) => g.real_time).map((g) => g.id));
  return h("table", { class: "list finished-list" },
    h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Players"), h("th", {}, "Result"), h("th", {}, "Finished"), h("th", {}, h("span", { class: "sr-only" }, "Link")))),
    // (the newest finish first, as the times beside them read; the server lists tables by when they were made)
    h("tbody", {}, [...rows].sort((a, b) => (b.finished || 0) - (a.finished || 0)).map((t) => {
      if (t.entered) return enteredRow(t, title);
      const named = Boolean(t.result && !t.result.abandoned && scoreOf(t)) && typeof t.seat !== "number";
      return h("tr", { "data-table": t.id },
        // (the game's name and "hints on" kept on one line, in the same size: "hints on" broke onto a line of its own)
        h("td", { class: "game" }, h("span", { class: "game-name" },
          h("span", { class: `game-title${tournamentOf(t) ? " in-tournament" : ""}` }, title[t.game] || t.game),
          t.options && t.options.hints ? h("span", { class: "muted hints-on", "data-testid": "hints-on" }, " · hints on") : ""), tournamentOf(t)),
        h("td", { class: `players${named ? " named" : ""}` }, playersOf(t)),
        h("td", { class: "result", "data-testid": "result" }, resultOf(t)),
        h("td", { class: "when" }, finishedAt(t)),
        h("td", { class: "link" }, h("a", { href: `/replay/${t.id}` }, "Replay"), analyseLink(t, real), carryLink(t)));
    })));
}

// The way to the expert's analysis of the reader's own moves, beside the replay: only at a game this browser played
// a seat of (the analysis is given to the players alone), turn by turn (a race, Biggles', has none), with moves made
const analyseLink = (t, real) => (typeof t.seat === "number" && !real.has(t.game) && t.moves > 0
  ? [h("span", { class: "sep", "aria-hidden": "true" }, " · "), h("a", { href: `/replay/${t.id}#analyse`, "data-testid": "list-analyse" }, "Analyse")] : "");

// A drive's or cycle's result its organiser typed in: no table was played for it, so no replay; its result in the
// same words as a played game's, and who entered it ("Ann beat Bob 8–5 on points, entered by the organiser").
function enteredRow(t, title) {
  const e = t.entered;
  const [a, b] = e.players, [x, y] = e.figures;
  // (a cycle's match is won by playing Biggles first, not on points: review 25)
  const beat = (w, l, p, q) => (e.game === "biggles" ? `${w} played Biggles first, ${p}–${q}` : `${w} beat ${l} ${p}–${q}`);
  const said = x === y ? `${a} and ${b} drew ${x}–${y}` : x > y ? beat(a, b, x, y) : beat(b, a, y, x);
  const unit = e.unit === "goals" || (e.game === "biggles" && x !== y) ? "" : ` on ${e.unit}`;
  return h("tr", { "data-entered": e.id },
    h("td", { class: "game" }, h("span", { class: "game-title in-tournament" }, title[e.game] || e.game), tournamentOf(t)),
    h("td", { class: "players named" }, `${a} v ${b}`),
    h("td", { class: "result", "data-testid": "result" }, `${said}${unit}`,
      h("small", { class: "muted", "data-testid": "entered-by" }, `, ${e.corrected ? "corrected" : "entered"} by the organiser`)),
    h("td", { class: "when" }, finishedAt(t)),
    h("td", { class: "link" }, h("small", { class: "muted" }, "no replay")));
}

function tableList(rows, list, finished) {
  if (finished) return finishedList(rows, list);
  const title = Object.fromEntries(list.map((g) => [g.id, g.title]));
  return h("table", { class: "list" },
    h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Players"), h("th", {}, finished ? "Result" : "Moves"), h("th", {}, h("span", { class: "sr-only" }, "Link")))),
    h("tbody", {}, rows.map((t) => h("tr", { "data-table": t.id },
      h("td", {}, title[t.game] || t.game, tournamentOf(t), t.options && t.options.hints ? h("small", {}, " · hints on") : ""),
      h("td", {}, playersOf(t)),
      h("td", {}, finished ? resultOf(t) : String(t.moves)),
      h("td", {}, finished ? h("a", { href: `/replay/${t.id}` }, "Replay") : h("a", { href: `/t/${t.id}` }, typeof t.seat === "number" ? "Play" : "Watch or play"),
        carryLink(t))))));
}

// the names at the table, the player's own marked; a drive's table as the drive names it: home v away, each pair
// by its club ("Swansea v Everton"), or by the names its players gave ("Ann & Bob v Everton")
const nameAt = (t, i) => { const s = t.seats[i]; return s.name || (s.kind === "bot" ? s.bot : "person"); };
function playersOf(t) {
  const you = typeof t.seat === "number" ? t.seat : null;
  if (t.meta && t.meta.drive && t.seats.length === 4) {
    const home = pairOf([nameAt(t, 0), nameAt(t, 2)]), away = pairOf([nameAt(t, 1), nameAt(t, 3)]);
    return `${home} v ${away}${you === null ? "" : ` (you sat for ${you % 2 ? away : home})`}`;
  }
  // (two players head to head "Sam v Tom", as a drive's two pairs; more, listed "Ann, Bob, Cat")
  return t.seats.map((s, i) => (i === you ? `${nameAt(t, i)} (you)` : nameAt(t, i))).join(t.seats.length === 2 ? " v " : ", ");
}
// a pair of one club's numbered seats ("Swansea 1", "Swansea 2") is the club
function pairOf(names) {
  const parts = names.map((n) => /^(.*\S) \d+$/.exec(n));
  return parts.every((p) => p && p[1] === parts[0][1]) ? parts[0][1] : names.join(" & ");
}
// A finished game's result with its score, the server's figures by side, in one style for every game: the winner
// first ("Lions beat Tigers 1–0", "Ann beat Bob 8–5 on points"), a draw "Lions and Tigers drew 1–1"; more sides
// "Won by Ann: Ann 120, Bob 90, Cat 40 points".
// A game of the reader's own (the browser's seat) says "you" for him: "You beat Arthur 11–5", "Arthur beat you 8–5 on
// points", as the table and its replay do (a drive's row keeps its clubs' names).
function scoreOf(t) {
  const words = sidesSaid(t);
  return /^you\b/.test(words) ? `Y${words.slice(1)}` : words;
}
function sidesSaid(t) {
  const s = t.score;
  if (!s || !s.sides || s.sides.length < 2) return "";
  const you = typeof t.seat === "number" && !(t.meta && t.meta.drive) ? t.seat : null;
  const named = (side) => (you === null || !side.seats ? side.names : side.names.map((n, k) => (side.seats[k] === you ? "you" : n)));
  const name = (side) => (t.meta && t.meta.drive ? pairOf(side.names) : together(named(side)));
  const sides = s.sides;
  // a score below nought with its minus sign, and two scores joined by "to" where one is ("−7 to −7"), not "−7–−7"
  const figure = (x) => (x.figure < 0 ? `\u2212${-x.figure}` : String(x.figure));
  const score = (x, y) => (x.figure < 0 || y.figure < 0 ? `${figure(x)} to ${figure(y)}` : `${figure(x)}–${figure(y)}`);
  if (sides.length === 2) {
    const [a, b] = sides;
    if (a.won === b.won) return `${name(a)} and ${name(b)} drew ${score(a, b)}`;
    const [w, l] = a.won ? [a, b] : [b, a];
    // (a single match of Biggles, a cycle's, is won by playing Biggles first, not on points: "Dan played Biggles
    // first, 8–5", as the rule sheet scores it, review 25)
    if (s.single_match && t.game === "biggles") return `${name(w)} played Biggles first, ${score(w, l)}`;
    // (regions laid: "Betty beat you 4–2 in regions"; level in regions, the cards in them parted the two)
    if (s.unit === "regions") return `${name(w)} beat ${name(l)} ${score(w, l)} in regions${w.figure === l.figure ? ", on the cards in them" : ""}`;
    return `${name(w)} beat ${name(l)} ${score(w, l)}${s.unit === "goals" ? "" : ` on ${s.unit}`}`;
  }
  const won = sides.filter((x) => x.won);
  // (a win some of them share: "Shared by Ann & Bob: Ann 3, Bob 3, Cat −2 points")
  return `${won.length ? `${won.length > 1 ? "Shared" : "Won"} by ${won.map(name).join(" & ")}: ` : ""}${sides.map((x) => `${name(x)} ${figure(x)}`).join(", ")} ${s.unit}`;
}
// A tournament's game where a bot played for someone who plays in person at its tables says so after its result
// ("Cat beat Ruth 8–3 on points, a bot standing in for Ruth"), as the cycle's page and sheet mark it.
function standIns(t) {
  const names = (t.tournament && t.tournament.stood_in) || [];
  if (!names.length) return "";
  // (a cycle's player has one seat; a drive's team two, a pair of bots standing in for it)
  const one = names.length === 1 && !(t.meta && t.meta.drive);
  return `, ${one ? "a bot" : "bots"} standing in for ${names.join(" and ")}`;
}
function resultOf(t) {
  return resultWords(t) + standIns(t);
}
function resultWords(t) {
  // (a game that ended otherwise than by its rules says how, after its result: "(finished by agreement, counted as it
  // stood)", the rules' words)
  const how = t.result && !t.result.abandoned && t.result.ending ? ` (${t.result.ending})` : "";
  const scored = t.result && !t.result.abandoned ? scoreOf(t) : "";
  if (scored) return scored + how;
  const winners = t.winners || [];
  if (t.meta && t.meta.drive && winners.length && t.result && !t.result.abandoned && t.result.winner !== null) return `Won by ${pairOf(winners)}${how}`;
  return resultText(t.result, winners) + how;
}

// A table played for a drive or a cycle names it, with a link back to it: "Saturday Drive, round 4, table 4", "the
// cycle of Ann, Bob and Cat, match 3" (the server's names; the meta's bare words where it has none to give).
function tournamentOf(t) {
  const of = t.tournament, meta = t.meta;
  const sep = h("span", { class: "sep" }, " · ");
  if (of) return h("small", {}, sep, h("a", { href: of.url, "data-testid": "tournament-of" }, `${of.name}, ${of.where}`));
  if (meta && meta.drive) return h("small", {}, sep, h("a", { href: `/drives/${meta.drive}` }, `drive, round ${meta.round}`));
  if (meta && meta.cycle) return h("small", {}, sep, h("a", { href: `/cycles/${meta.cycle}` }, "Biggles cycle"));
  return "";
}


// A player's own finished games come first, proven by the seat keys this browser holds (a private table is
// listed to its players alone); then the tables made public.  The page says why a game may be missing.
export async function finishedGames() {
  document.title = "Finished games · Parlour";
  const [list, own, listed, entered] = await Promise.all([games(), ownTables(true).catch((error) => error),
    api("GET", "/api/tables?finished=true"), api("GET", "/api/tournaments/entered").catch(() => [])]);
  const mine = Array.isArray(own) ? own : [];
  const ids = new Set(mine.map((t) => t.id));
  // (with the drives' and cycles' results typed in by their organisers, which no table played)
  const others = [...listed.filter((t) => !ids.has(t.id)),
    ...entered.map((e) => ({ entered: e, id: e.id, finished: e.at, tournament: e.tournament }))];
  // (none yet: one line, and how to find a game of yours folded under it)
  const none = heldKeys().length ? "None of the tables you sat at in this browser has finished yet." : "No game of yours in this browser yet.";
  const help = h("details", { class: "muted own-help", "data-testid": "own-games-note" },
    h("summary", {}, mine.length ? "A game of yours missing?" : "How to find a game of yours"),
    h("p", {}, "To find one of yours again, open the link you kept at its end (every game offers it: \u201cKeep this link to come "
      + "back to this game\u201d): the game is listed here from then on."),
    h("p", {}, "Your games are the ones this browser holds a seat at. One played on another "
      + "device or in another browser is listed there; to list it here too, open \u201cOn another device\u201d beside it in "
      + "that browser's list (or \u201cYour seat on another device\u201d at its table) and open that link in this browser. "
      + "Nobody else sees your private tables here."));
  clear(main).append(h("h1", {}, "Finished games"),
    h("h2", {}, "Your games"),
    Array.isArray(own) ? (mine.length ? tableList(mine, list, true) : h("p", { class: "muted", "data-testid": "no-own-games" }, none))
      : h("p", { class: "error", "data-testid": "own-games-failed" }, `Your games could not be fetched just now (${own.message}): reload the page to try again.`),
    help,
    h("h2", {}, "Other finished games"),
    others.length ? tableList(others, list, true) : h("p", { class: "muted" }, "No other game open to everyone has finished yet."));
}

// -- a new table --------------------------------------------------------------------
export async function newTable(gameId) {
  const g = (await games()).find((x) => x.id === gameId);
  if (!g) { clear(main).append(h("h1", {}, "No such game"), h("a", { href: "/" }, "Back to the games")); return; }
  document.title = `New table · ${g.title}`;
  // a long run (the asking game allows 43) is offered only as far as a table in the browser plays well;
  // the note says how many the rules allow (a web player is never sent to the command line)
  const last = g.seat_counts[g.seat_counts.length - 1];
  const offered = last > 12 ? g.seat_counts.filter((n) => n <= 8) : g.seat_counts;
  // (a game for a set number, Biggles' two or the whist's four, says so in words: a list of one choice is a dead
  // control, review 24)
  const fixed = offered.length === 1;
  const count = fixed ? h("input", { type: "hidden", name: "players", value: String(offered[0]) })
    : h("select", { name: "players", "aria-label": "Number of players" }, offered.map((n) => h("option", { value: n }, String(n))));
  const countNote = offered.length < g.seat_counts.length
    ? h("small", { "data-testid": "players-note" },
      `The rules allow up to ${last} players; a table here seats up to ${offered[offered.length - 1]}.`)
    : "";
  // a word of warning about the number chosen, where the game gives one ("a short game")
  const sizeNote = h("small", { "data-testid": "players-size-note", class: "size-note" });
  const noteSize = () => { sizeNote.textContent = (g.seat_count_notes || {})[count.value] || ""; sizeNote.hidden = !sizeNote.textContent; };
  count.addEventListener("change", noteSize);
  noteSize();
  // the bots, weakest first, each said once: how strong it is and how it plays (folded, a click away: open, they
  // pushed "Create the table" below a laptop's fold)
  const seatsBox = h("fieldset", {}, h("legend", {}, "Who sits where"),
    h("details", { class: "botlegend", "data-testid": "bot-legend" }, h("summary", {}, "The bots, from the weakest to the strongest"),
      h("dl", {}, g.bot_catalogue.map((b) => h("div", {}, h("dt", {}, b.title), h("dd", {}, b.description))))));
  const drawSeats = () => {
    const n = Number(count.value);
    // (what was chosen and typed for a seat stays when the number of players changes)
    const kept = [...seatsBox.querySelectorAll(".seatrow")].map((row) => ({
      kind: row.querySelector("select").value, name: row.querySelector("input").value }));
    seatsBox.querySelectorAll(".seatrow").forEach((el) => el.remove());
    g.seat_names[n].forEach((rules, i) => {
      // each bot by its plain name, weakest first (the list above says what each is like); the game's default chosen
      const name = seatLabel(g.seat_names[n], i);
      const kind = h("select", { name: `kind${i}`, "aria-label": name },
        h("option", { value: "person" }, i === 0 ? "You" : "A person (join link)"),
        g.bot_catalogue.map((b) => h("option", { value: `bot:${b.name}`, title: b.description }, `Bot: ${b.title}`)));
      if (i > 0) kind.value = `bot:${g.default_bot}`;
      if (kept[i]) kind.value = kept[i].kind;
      // the player's own name is remembered for his next table, and asked for: the others, and the end of
      // the game, call him by it
      const who = h("input", { name: `name${i}`, placeholder: i === 0 ? "your name (needed)" : "name (optional)", size: 20, maxlength: 40,
        autocomplete: i === 0 ? "nickname" : "off",
        "aria-label": i === 0 ? "Your name" : `Name at ${name.toLowerCase()}`, value: i === 0 ? localStorage.getItem("parlour:name") || undefined : undefined });
      if (kept[i] && kept[i].name) who.value = kept[i].name;
      // (the player's own name left empty: the form says so under the field, in its own words, and puts the cursor
      // there; the browser's own bubble, gone in a moment, was all it said)
      const needed = i === 0
        ? h("span", { class: "field-error", id: "name0-needed", "data-testid": "name-needed", role: "alert", hidden: true }) : "";
      const mend = () => {
        if (!needed || (who.required && !who.value.trim())) return;
        needed.hidden = true;
        needed.textContent = "";
        who.removeAttribute("aria-invalid");
        who.removeAttribute("aria-describedby");
      };
      if (needed) {
        who.addEventListener("invalid", (event) => {
          event.preventDefault();
          needed.textContent = "Type your name here: the other players and the end of the game call you by it.";
          needed.hidden = false;
          who.setAttribute("aria-invalid", "true");
          who.setAttribute("aria-describedby", needed.id);
          who.focus();
        });
        who.addEventListener("input", mend);
      }
      const describe = () => { who.required = i === 0 && kind.value === "person"; mend(); };
      kind.addEventListener("change", describe);
      describe();
      seatsBox.append(h("div", { class: "seatrow" }, h("span", { class: "seatname" }, name), kind, who, needed));
    });
  };
  count.addEventListener("change", drawSeats);
  // (a game with many options, Squadron Scramble's nine, shows its first two, the ones a newcomer may want, and folds
  // the rest under "More rules": the defaults follow the rule sheet, so a first game needs none of them)
  const folded = g.variants.length > MANY_VARIANTS;
  const shown = folded ? g.variants.slice(0, SHOWN_VARIANTS) : g.variants;
  const variantBox = h("fieldset", {}, h("legend", {}, "Rules variant"),
    g.variants.length ? "" : h("p", { class: "muted" }, "This game has no variant options."),
    shown.map((o) => variantInput(o)),
    folded ? h("details", { class: "more-rules", "data-testid": "more-rules" },
      h("summary", {}, `More rules (${g.variants.length - SHOWN_VARIANTS}): leave them as they are for the usual game`),
      g.variants.slice(SHOWN_VARIANTS).map((o) => variantInput(o))) : "");
  const seed = h("input", { name: "seed", type: "number", min: 0, placeholder: "random" });
  const who = h("fieldset", {}, h("legend", {}, "Who may see and join"),
    h("label", {}, h("input", { type: "checkbox", name: "public" }), " List it under Tables in play",
      h("small", {}, "Otherwise only those you send its links to know it is there.")),
    h("label", {}, h("input", { type: "checkbox", name: "open_seats" }), " Anyone may join",
      h("small", {}, "Otherwise a free seat is taken only with the join link you send.")));
  // hints are for turn-by-turn games: the expert has no time to think in a race
  const help = g.real_time ? "" : h("fieldset", {}, h("legend", {}, "Help at the table"),
    h("label", {}, h("input", { type: "checkbox", name: "hints" }), " Hints",
      h("small", {}, "At your turn, ask the expert for the chances of your moves; the other players may too. Everyone at the table sees that hints are on.")));
  // (two columns on a laptop, the players and the rules, then who may join, help and the button: in one column the
  // button fell below the fold at 1366x900)
  const form = h("form", { class: "new" },
    h("div", { class: "new-col" }, fixed
      ? h("p", { class: "players-fixed", "data-testid": "players-fixed" }, count, `${g.title} is played by ${NUMBER_WORDS[offered[0]] || offered[0]} players.`, sizeNote)
      : h("label", {}, "Players ", count, countNote, sizeNote), seatsBox, variantBox),
    h("div", { class: "new-col" }, who, help,
      h("label", {}, "Seed ", seed, h("small", {}, "The same seed deals the same cards. It is kept when you play alone with bots; with anyone else at the table the server deals.")),
      h("div", {}, h("button", { class: "primary", type: "submit" }, "Create the table"))));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const n = Number(count.value);
    if (form.elements.name0.value.trim()) localStorage.setItem("parlour:name", form.elements.name0.value.trim());
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
      go(made.url);
    } catch (error) { toast(error.message); }
  });
  clear(main).append(h("p", {}, h("a", { href: "/" }, "Parlour"), " / new table"), h("h1", {}, g.title), form);
  drawSeats();
}

// "Seat 1", and in a partnership game (seats named A1, B1, A2, B2 by the rules) its partners: "Seat 1, partners A".
function seatLabel(rules, i) {
  const side = /^([A-Z])\d+$/.exec(rules[i]);
  const sides = new Set(rules.map((r) => r[0]));
  const partnered = side && sides.size > 1 && rules.filter((r) => r.startsWith(side[1])).length > 1;
  return partnered ? `Seat ${i + 1}, partners ${side[1]}` : `Seat ${i + 1}`;
}

// An option reads in words (its label, and each choice's); its identifier, which records keep and the
// command line takes (--variant NAME=VALUE, listed by `parlour games`), is kept out of the page.
// More options than this fold all but the first few under "More rules" (the new-table form)
const NUMBER_WORDS = ["", "one", "two", "three", "four", "five", "six", "seven", "eight"];
const MANY_VARIANTS = 5;
const SHOWN_VARIANTS = 2;
function variantInput(o) {
  const name = `v_${o.name}`;
  const words = o.choice_labels || [];
  let input;
  if (o.type === "bool") input = h("input", { type: "checkbox", name, ...(o.default ? { checked: "" } : {}) });
  else if (o.choices && o.choices.length) input = h("select", { name, style: "max-width:100%" }, o.choices.map((c, i) => h("option", { value: c, ...(c === o.default ? { selected: "" } : {}) }, words[i] || String(c))));
  else if (o.type === "int") input = h("input", { type: "number", name, value: o.default, min: o.minimum ?? 0, max: o.maximum ?? undefined, style: "width:5rem" });
  else input = h("input", { name, value: o.default });
  return h("label", { "data-variant": o.name }, h("span", { class: "variant-label" }, o.label || o.name), input,
    h("small", {}, `${o.description} ${SOURCE_WORDS[o.source] || ""}`));
}

// -- joining by link -------------------------------------------------------------------
// The link carries the seat's invite after #invite=; the player says what he is to be called, then sits.
export async function join(tableId, seat) {
  const mine = mySeat(tableId);
  const sit = () => go(`/t/${tableId}`, { replace: true });
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

