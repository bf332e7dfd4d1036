// Biggles in the browser: a real-time race for two.  The server runs the clock
// and pushes a fresh view whenever anyone (the bot included) moves; this module
// draws it and maps single keys, as at the terminal, to the legal action they
// mean: t or space turns three (or picks the pile up), p plays the pile's top
// card to one's own build, s stops the opponent with it.  A key that makes no
// legal move sends the move it means all the same, and the server says why not.
//
// Spotting the card that fits is the game: the page never tells it.  The pile's
// card, the keys and the touch buttons answer alike whether a move is legal or
// not, and the list of every move is left out while the race runs.  A player who
// wants the aid ticks "Practice: show when a card fits" (kept in this browser).
//
// Each match starts when every person has pressed Start (or Ready, after a
// match) and the server's 3-2-1 count has run (view.race); the count is drawn
// over the board, and a match's end shows its points until the player goes on.
import { h, s, stylesheet, toast } from "/static/dom.js";
import { blank, card, clickable, edge } from "/static/cards.js";
import { listed, ordinal, plural, possessive, yourResult } from "/static/words.js";
import { api, keepMade } from "/static/api.js";
import { go } from "/static/page.js";

await stylesheet("/static/games/biggles.css");

const PACK = { blue: "#1f4e9c", red: "#a3242f" };
// The sheet: the blue pack's black cards are Jungle adventures and its red cards Desert setbacks;
// the red pack the other way round.
const THEME = { blue: { K: "Jungle", R: "Desert" }, red: { K: "Desert", R: "Jungle" } };
const INK = { K: "#1d1d1f", R: "#c0392b", BIG: "#7a5a00" };

// -- the cards, drawn as a real pack's: the number in two corners (each with its mark: a round pip for a black
// "good" card, an octagon, the stop sign, for a red "bad" one), the number's pips in the middle of a black card, a
// stop sign with the number in it on a red one, and Biggles' own emblem (a pilot's wings about a roundel).  The pack
// shows in the frame.  A small card (a build) has one large numeral in the middle instead of pips.
const PIPS = {
  1: [[50, 72]], 2: [[50, 44], [50, 100]], 3: [[50, 42], [50, 72], [50, 102]],
  4: [[33, 46], [67, 46], [33, 98], [67, 98]], 5: [[33, 46], [67, 46], [50, 72], [33, 98], [67, 98]],
  6: [[33, 44], [67, 44], [33, 72], [67, 72], [33, 100], [67, 100]],
  7: [[33, 44], [67, 44], [50, 58], [33, 72], [67, 72], [33, 100], [67, 100]],
};
const octagon = (cx, cy, r) => {
  const k = r * 0.4142;
  return `M${cx - k} ${cy - r}H${cx + k}L${cx + r} ${cy - k}V${cy + k}L${cx + k} ${cy + r}H${cx - k}L${cx - r} ${cy + k}V${cy - k}Z`;
};
// a card's mark: the round pip of a black card, the octagon of a red one, a star for Biggles
function mark(kind, cx, cy, r) {
  if (kind === "R") {
    // the stop sign, larger than a pip and barred in white (a no-entry sign), so it is no red dot
    const R = r * 1.35;
    return s("g", {}, s("path", { class: "bg-mark-stop", d: octagon(cx, cy, R), fill: INK.R }),
      s("rect", { x: cx - R * 0.62, y: cy - R * 0.2, width: R * 1.24, height: R * 0.4, fill: "#fff" }));
  }
  if (kind === "BIG") {
    const pts = Array.from({ length: 10 }, (_, i) => {
      const a = (Math.PI / 5) * i - Math.PI / 2;
      const rr = i % 2 ? r * 0.45 : r;
      return `${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`;
    });
    return s("polygon", { class: "bg-mark-star", points: pts.join(" "), fill: INK.BIG });
  }
  return s("circle", { class: "bg-mark-pip", cx, cy, r, fill: INK.K });
}
// the corner: the number (B for Biggles) over its mark; the same again upside down at the opposite corner
function corner(text, kind, small) {
  const size = small ? 34 : 24;
  // (a 6 is underlined, as on a real pack, so that the corner turned upside down never reads as a 9)
  const under = (x, y) => (text === "6" ? [s("rect", { class: "bg-underline", x: x - size * 0.3, y: y + 2, width: size * 0.6, height: small ? 3 : 2.2, fill: INK[kind] })] : []);
  const one = (x, y, turn) => s("g", { class: "bg-index", ...(turn ? { transform: "rotate(180 50 72)" } : {}) },
    s("text", { x, y, "font-size": size, "font-weight": 800, fill: INK[kind], "text-anchor": "middle", "font-family": "Georgia, serif" }, text),
    ...under(x, y), mark(kind, x, y + (small ? 14 : 11) + (text === "6" ? 2.5 : 0), small ? 7 : 5.5));
  return small ? [one(20, 36, false)] : [one(15, 27, false), one(15, 27, true)];
}
// Biggles' emblem: a pilot's wings, spread from a roundel with a B in it
function emblem(cx, cy, scale) {
  const wing = (dir) => {
    const x = (v) => cx + dir * v * scale;
    const y = (v) => cy + v * scale;
    return s("g", {},
      s("path", { d: `M${x(9)} ${y(-7)}C${x(22)} ${y(-16)} ${x(34)} ${y(-15)} ${x(42)} ${y(-12)}L${x(37)} ${y(-6)}L${x(40)} ${y(-4)}L${x(33)} ${y(1)}L${x(35)} ${y(3)}L${x(26)} ${y(7)}C${x(19)} ${y(8)} ${x(13)} ${y(6)} ${x(9)} ${y(5)}Z`,
        fill: "#c9a227", stroke: "#6b4f00", "stroke-width": 1.2 }),
      s("path", { d: `M${x(14)} ${y(-6)}L${x(36)} ${y(-10)}M${x(14)} ${y(-1)}L${x(32)} ${y(-2)}M${x(14)} ${y(4)}L${x(25)} ${y(5)}`,
        stroke: "#6b4f00", "stroke-width": 1, fill: "none" }));
  };
  return s("g", { class: "bg-emblem" }, wing(-1), wing(1),
    s("circle", { cx, cy, r: 11 * scale, fill: "#1f4e9c", stroke: "#fff", "stroke-width": 2 }),
    s("circle", { cx, cy, r: 7 * scale, fill: "#fff" }),
    s("circle", { cx, cy, r: 4 * scale, fill: "#c0392b" }),
    s("text", { x: cx, y: cy + 30 * scale, "font-size": 15 * scale, "font-weight": 800, fill: "#6b4f00", "text-anchor": "middle", "font-family": "Georgia, serif" }, "BIGGLES"));
}
// the pack a card came from: a tab of the pack's back colour with the back's white diamond in it (not the frame's
// colour, which is the card's own ink)
function packTab(pack, small) {
  const [x, y, w, hh] = small ? [70, 7, 23, 23] : [76, 7, 17, 17];
  const cx = x + w / 2;
  const cy = y + hh / 2;
  const r = w * 0.3;
  return s("g", { class: "bg-pack-tab", "data-pack": pack },
    s("rect", { x, y, width: w, height: hh, rx: 3, fill: PACK[pack] }),
    s("path", { d: `M${cx} ${cy - r}L${cx + r * 0.75} ${cy}L${cx} ${cy + r}L${cx - r * 0.75} ${cy}Z`, fill: "none", stroke: "#fff", "stroke-width": 1.6 }));
}
// the words for a card, as a player names it
const cardWords = (face) => (face === "BIG" ? "the Biggles card" : `${face[0] === "R" ? "red" : "black"} ${face.slice(1)}`);

export function cardFor(text, pack, opts = {}) {
  const struck = text.endsWith("x");
  const face = struck ? text.slice(0, -1) : text;
  const kind = face === "BIG" ? "BIG" : face[0];
  const n = face === "BIG" ? "B" : face.slice(1);
  const small = opts.size === "small";
  const what = face === "BIG" ? "Biggles" : kind === "R" ? `red ${n} (a stop card)` : `black ${n}`;
  const label = `${what}${struck ? `, cancelled by a red ${n}` : ""}`;
  const cls = ["bg-card", `bg-${kind === "BIG" ? "biggles" : kind === "R" ? "red" : "black"}`, struck ? "bg-struck" : ""].filter(Boolean).join(" ");
  const svg = blank(label, { size: opts.size || "", attrs: { class: cls, "data-card": face }, title: label });
  // The frame in the card's own ink (review 24: a black card of the red pack, framed in red, read at a glance as a
  // stop card); the pack it came from is a small tab of its back's colour, with the back's diamond, at the top
  // right corner, where no index stands.
  svg.append(edge(kind === "BIG" ? "#fff6d8" : "#fffdf7", INK[kind], 3),
    s("rect", { x: 6, y: 6, width: 88, height: 132, rx: 6, fill: "none", stroke: INK[kind], "stroke-width": 1, opacity: 0.35 }));
  if (PACK[pack]) svg.append(packTab(pack, small));
  svg.append(...corner(n, kind, small));
  if (kind === "BIG") svg.append(emblem(50, small ? 84 : 74, small ? 1 : 0.95));
  else if (kind === "R") {
    // the stop sign, the number in it
    const cy = small ? 88 : 72;
    const r = small ? 34 : 30;
    svg.append(s("path", { class: "bg-stop-sign", d: octagon(50, cy, r), fill: INK.R, stroke: "#7d1f15", "stroke-width": 2 }),
      s("path", { d: octagon(50, cy, r - 4), fill: "none", stroke: "#fff", "stroke-width": 2.5 }),
      s("text", { x: 50, y: cy + (small ? 15 : 13), "font-size": small ? 44 : 38, "font-weight": 900, fill: "#fff", "text-anchor": "middle", "font-family": "Georgia, serif" }, n));
    if (!small) svg.append(s("text", { x: 50, y: 118, "font-size": 13, "font-weight": 800, fill: INK.R, "text-anchor": "middle", "letter-spacing": 2 }, "STOP"));
  } else if (small) {
    svg.append(s("text", { class: "bg-numeral", x: 58, y: 118, "font-size": 64, "font-weight": 900, fill: INK.K, "text-anchor": "middle", "font-family": "Georgia, serif" }, n));
  } else {
    svg.append(...PIPS[Number(n)].map(([x, y]) => s("circle", { class: "bg-pip", cx: x, cy: y, r: 8.5, fill: INK.K })));
  }
  if (!small && kind !== "BIG" && THEME[pack]) {
    svg.append(s("text", { x: 50, y: 132, "font-size": 9, "font-weight": 600, fill: "#666", "text-anchor": "middle", "letter-spacing": 1 },
      THEME[pack][kind].toUpperCase()));
  }
  if (struck) {
    // cancelled: crossed out, and the stop sign that did it in its corner
    svg.append(s("line", { x1: 10, y1: 134, x2: 90, y2: 10, stroke: INK.R, "stroke-width": 7, opacity: 0.85, "stroke-linecap": "round" }),
      s("path", { d: octagon(78, 118, 17), fill: INK.R, stroke: "#fff", "stroke-width": 2.5 }),
      s("path", { d: "M70 110L86 126M86 110L70 126", stroke: "#fff", "stroke-width": 4, "stroke-linecap": "round" }));
  }
  return svg;
}

// A build as it stands: each cancelled black card with the red card that stopped it laid across it, and "stopped"
// under the pair, so which card cancelled which is seen at a glance (and read: each pair is labelled in words).
function buildCards(build, pack, otherPack, whose) {
  return build.map((c) => {
    const drawn = cardFor(c, pack, { size: "small" });
    if (!c.endsWith("x")) return drawn;
    const n = c.slice(1, -1);
    const stopper = cardFor(`R${n}`, otherPack, { size: "small" });
    stopper.removeAttribute("data-card");
    stopper.setAttribute("data-stopper", `R${n}`);
    stopper.setAttribute("aria-hidden", "true");
    return h("span", { class: "bg-stopped", role: "img", "data-testid": "stopped-pair",
      "aria-label": `${whose} black ${n}, cancelled by a red ${n}` },
    h("span", { class: "bg-pair", "aria-hidden": "true" }, drawn, stopper), h("span", { class: "bg-stopped-word", "aria-hidden": "true" }, "✕ stopped"));
  });
}

const names = (view) => view.seats.map((s, i) => (s && s.name) || `P${i + 1}`);

// The bots' levels, from the slowest to the quickest (the menu's names): the opponent's is named at the table, and
// after a person beats one the next quicker is offered.
// (from the server's list, as the New table form shows it: weakest first, the random player first)
const BOTS = await fetch("/api/games/biggles").then((r) => (r.ok ? r.json() : { bot_catalogue: [] })).then((g) => g.bot_catalogue || []);
// (the Beginner, the random player, is the weakest, at the gentlest level's pace: a win over it offers the next in
// the menu, the Casual player)
const LEVELS = BOTS.map((b) => [b.name, b.title]);
const TITLE = Object.fromEntries(BOTS.map((b) => [b.name, b.title]));
const NUMBER_WORDS = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
const botOf = (view, seat) => { const s = view.seats[seat]; return s && s.kind === "bot" ? s.bot || "" : null; };
const levelName = (bot) => (bot in TITLE ? `${TITLE[bot]} level` : "bot");
// the next quicker level than a bot's, as the menu lists them (none after the quickest)
function quicker(bot) {
  const at = LEVELS.findIndex(([name]) => name === bot);
  return at >= 0 && at < LEVELS.length - 1 ? LEVELS[at + 1] : null;
}
// After a match or a game against a bot, a new table, the same series, the next level up or down (the player
// keeps his seat): "Too easy? … Try a quicker opponent" after a win, "Too hard? … Try an easier opponent" after a
// loss (none past the quickest or the gentlest)
// A match played for a cycle: its table says so (``inTournament``, from table.js), and offers no new casual game
let tournament = null;
export function inTournament(context) { tournament = context; }
function easier(bot) {
  const at = LEVELS.findIndex(([name]) => name === bot);
  return at > 0 ? LEVELS[at - 1] : null;
}
// A clear margin, the only one that offers another level: the winner ahead by 3 points or more in every match, or the
// loser's total no more than half the winner's (an 8–7, 8–7 game went to the wire: its level suits the player).
function clearMargin(results) {
  if (!results.length) return false;
  const totals = [0, 1].map((seat) => results.reduce((sum, r) => sum + r.scores[seat], 0));
  const [low, high] = [Math.min(...totals), Math.max(...totals)];
  return results.every((r) => Math.abs(r.scores[0] - r.scores[1]) >= 3) || 2 * low <= high;
}
// results: the matches the offer follows (the one just over, or the whole game's); what: "match" or "game"
function levelOffer(view, won, results, what) {
  const me = view.seat;
  if (tournament || me === null || me === undefined) return "";
  const bot = botOf(view, 1 - me);
  if (bot === null) return "";
  // (a close one: said so, and the level left as it is)
  if (!clearMargin(results)) {
    return h("p", { class: "bg-quicker bg-close", "data-testid": "close-game" },
      `Close ${what}! ${names(view)[1 - me]} played at the ${TITLE[bot] || "bot's"} level: a fair match for you.`);
  }
  const next = won ? quicker(bot) : easier(bot);
  if (!next) return "";
  const obs = view.observation;
  const start = async () => {
    const seats = [{ kind: "person", name: names(view)[me] }, { kind: "bot", bot: next[0], name: names(view)[1 - me] }];
    if (me === 1) seats.reverse();
    try {
      const made = await api("POST", "/api/tables", { game: "biggles", seats, variant: { matches: obs.matches, deciders: obs.deciders } });
      keepMade(made);
      go(made.url);
    } catch (error) { toast(error.message); }
  };
  const which = won ? "quicker" : "easier";
  return h("p", { class: "bg-quicker", "data-testid": which }, `${won ? "Too easy" : "Too hard"}? ${names(view)[1 - me]} played at the ${TITLE[bot]} level. `,
    h("button", { type: "button", class: "bg-quicker-go", "data-testid": `${which}-go`, onclick: start },
      `Try ${won ? "a quicker" : "an easier"} opponent: ${next[1]} level`));
}
// the game's end: the offer for a win or a loss (a draw has none)
function endOffer(view) {
  if (!view.result || !view.result.winner || !seated(view)) return "";
  return levelOffer(view, view.result.winner === `P${view.seat + 1}`, view.observation.match_results || [], "game");
}
const seated = (view) => view.seat !== null && view.seat !== undefined;

// Why a match gave a player his points: the rule, in words (and the stop that cut the build short, if one stood).
function why(score, won, build) {
  if (won) return "for playing Biggles first";
  const top = build && build.length ? build.at(-1) : "";
  const n = top.endsWith("x") ? top.slice(1, -1) : null;
  const cut = n ? `: a red ${n} cancelled the black ${n} on it` : "";
  // (review 25: "1 for black 1 … not cancelled" beside "red 1 cancelled black 1" read as a contradiction: a black
  // card played again after its first was stopped is named as the second)
  const times = build ? build.slice(0, build.lastIndexOf(`K${score}`) + 1).filter((c) => c.startsWith(`K${score}`)).length : 1;
  const which = times > 1 ? `the ${["", "", "second", "third", "fourth"][times] || ordinal(times)} black ${score}` : `black ${score}`;
  if (score) return `for ${which}, the top black card of the build not cancelled${cut}`;
  if (build && !build.length) return "nothing built";
  return `every black card of the build was cancelled${cut}`;
}
const find = (legal, prefix) => legal.find((a) => a === prefix || a.startsWith(`${prefix} `)) || null;

// Practice: the page shows when the pile's card fits (a badge under the pile, the buttons greyed otherwise)
const PRACTICE = "parlour:biggles-practice";
const practising = () => localStorage.getItem(PRACTICE) === "1";
// the race is on for this player: his presses go to the server (legal or not, it judges them)
const racing = (ctx) => seated(ctx.view) && !ctx.readOnly && !ctx.view.over && ctx.view.running !== false
  && (!ctx.view.race || ctx.view.race.phase === "running");
// the move of the pile's top card itself: a black card to one's build, a red one onto the other's
const cardMove = (top) => (top === "BIG" ? "play B" : top[0] === "R" ? `stop ${top.slice(1)}` : `play ${top.slice(1)}`);
// a key's move: the legal one it means, or else the one it would make, for the server to refuse with its reason
const keyMove = (k, ctx) => key(k, ctx) || (racing(ctx) ? refusedKey(k, ctx) : null);

// "Stopped by Arthur: red 3 cancelled black 3": each stop in a build, in words (a build's cancelled cards are
// its stops; each red card came from the other player)
function stopWords(build, stopper) {
  const stops = build.filter((c) => c.endsWith("x")).map((c) => c.slice(1, -1));
  return stops.length ? `✕ Stopped by ${stopper}: ${listed(stops.map((n) => `red ${n} cancelled black ${n}`))}` : "";
}
// The note of stops under a build at the table: the words above, and a one-line form that a phone shows in the race
// ("✕ Ann stopped black 1, 3, 5 and 6"; review 26: four stops ran to five lines and pushed the player's own build
// under the Turn, Play and Stop bar).  The red card laid across each black one shows which cancelled which.
function stopNote(build, stopper) {
  const stops = build.filter((c) => c.endsWith("x")).map((c) => c.slice(1, -1));
  if (!stops.length) return "";
  return [h("span", { class: "bg-stop-long" }, stopWords(build, stopper)),
    h("span", { class: "bg-stop-short" }, `✕ ${stopper} stopped black ${listed(stops)}`)];
}

// A build just stopped (its newest black card cancelled) in a race whose rules let no second stop land on it yet
function safe(ctx, seat) {
  const { view, obs } = ctx;
  const build = obs.players[seat].build;
  return !ctx.readOnly && !view.over && Boolean(view.race) && !view.race.cascade && view.race.phase === "running"
    && build.length > 0 && build.at(-1).endsWith("x");
}

function playerArea(ctx, seat, mine) {
  const { obs, view, legal, act, readOnly } = ctx;
  const p = obs.players[seat];
  const active = mine && !readOnly && !view.over;
  const who = names(view)[seat];
  const head = h("div", { class: "bg-head" },
    h("span", { class: "bg-name" }, `${who}${mine && !readOnly ? " (you)" : ""}`),
    botOf(view, seat) !== null ? h("span", { class: "bg-bot-level", "data-testid": `bot-level-${seat}` }, `bot, ${levelName(botOf(view, seat)).replace(/ level$/, "")}`,
      // (" level" goes on a phone, in the race: the pack's tag beside it then keeps to the name's row)
      / level$/.test(levelName(botOf(view, seat))) ? h("span", { class: "bg-long-word" }, " level") : "") : "",
    h("span", { class: `bg-pack bg-pack-${p.pack}` }, `${p.pack} pack`),
    h("span", { class: "bg-level", "data-testid": `level-${seat}` }, p.level === 8 ? "Biggles down!"
      : p.level === 0 ? "built: nothing yet, needs a 1" : p.level === 1 ? "built: the 1, needs a 2" : `built 1 to ${p.level}, needs ${p.level === 7 ? "Biggles" : `a ${p.level + 1}`}`),
    // (review 25: a build whose newest black card was just stopped cannot be stopped again until its owner plays
    // another, by default; said over it, so that a red card of the number under it is not pressed for in vain)
    safe(ctx, seat, mine) ? h("span", { class: "bg-safe", "data-testid": `safe-${seat}` },
      `safe from a stop until ${mine && !readOnly ? "you play" : `${who} plays`} again`) : "",
    // the points so far in the game, apart from the build and named so (the build's own worth is told at its end)
    h("span", { class: "bg-points", "data-testid": `total-${seat}` }, "game total ", h("b", {}, plural(obs.points[seat], "point"))));

  // the hand: face down; turning (or picking up) is the click
  const turn = active ? find(legal, "turn") || find(legal, "pickup") : null;
  const handCard = p.hand_size ? card({ faceDown: true, band: PACK[p.pack], title: `${p.hand_size} cards face down`, attrs: { class: "bg-hand" } })
    : h("div", { class: "bg-empty" }, turn === "pickup" ? "pick up" : "empty");
  if (turn) clickable(handCard, turn, act, turn === "turn" ? "Turn three cards (t)" : "Pick the pile up (t)");
  const hand = h("div", { class: "bg-spot bg-hand-spot" }, handCard, h("div", { class: "bg-count" }, `hand ${p.hand_size}`));

  // the pile: its top card is the one that can move
  const practice = practising();
  const move = active ? find(legal, "play") || find(legal, "stop") : null;
  const top = p.pile_top ? cardFor(p.pile_top, p.pack, {}) : h("div", { class: "bg-empty" }, "no pile");
  // in the race the top card always answers a click, with its own move: the server takes it or says why not
  const tried = mine && p.pile_top && racing(ctx) ? move || cardMove(p.pile_top) : null;
  if (tried) {
    // The card is named as a player sees it, with the key that tries it: whether it fits is his to see, as the
    // glow tells it only in practice. There its name says so too, from the legal moves the view gave (a move it
    // names is one the server takes); never "Play … to your build" for a card that would be refused.
    const face = p.pile_top === "BIG" ? "the Biggles card" : `${p.pile_top[0] === "R" ? "red" : "black"} ${p.pile_top.slice(1)}`;
    const red = p.pile_top[0] === "R";
    const other = names(view)[1 - seat];
    const fits = practice && move === tried;
    clickable(top, tried, act, `Your pile's top card, ${face}: ${red
      ? fits ? `can stop ${other}; press to stop (s)` : `press to try to stop ${other} with it (s)`
      : fits ? "fits your build; press to play it (p)" : "press to try it on your build (p)"}`);
    if (!(practice && move)) top.classList.remove("legal-glow");       // (the glow would tell it fits)
  }
  const cue = practice && move;
  const pile = h("div", { class: "bg-spot", "data-testid": `pile-${seat}` }, top,
    h("div", { class: "bg-count" }, `pile ${p.pile_size}`),
    // the key is named only where there are keys (a touch screen hides keys-hint and shows its buttons)
    cue ? h("div", { class: "bg-cue", "data-testid": `cue-${seat}` },
      h("span", { class: "keys-hint" }, move.startsWith("play") ? "p · " : "s · "), move.startsWith("play") ? "play" : "stop!") : "");

  const build = h("div", { class: "bg-build", "data-testid": `build-${seat}` },
    p.build.length ? buildCards(p.build, p.pack, obs.players[1 - seat].pack, possessive(who)) : h("div", { class: "bg-empty wide" }, "build: black 1 first"));
  const stoppers = p.stopped_by.length
    ? h("div", { class: "bg-stoppers", "data-testid": `stoppers-${seat}` }, stopNote(p.build, names(view)[1 - seat]))
    : "";
  const area = h("section", { class: `bg-player${mine ? " bg-mine" : ""}`, "data-seat": seat },
    head, h("div", { class: "bg-row" }, hand, pile, h("div", { class: "bg-build-box" }, build, stoppers)));
  // Stopping lands on the opponent's build: it is clickable too.
  if (!mine && racing(ctx)) {
    const stop = keyMove("s", ctx);
    if (stop) {
      clickable(build, stop, act, "Stop this build (s)");
      if (practice && find(legal, "stop")) build.classList.add("bg-fits"); else build.classList.remove("legal-glow");
    }
  }
  return area;
}

// "Match 1 of 2, a decider if the points are level": the series as announced, so a third match never comes as a surprise
function matchWords(obs, match) {
  if (match > obs.matches) return `Deciding match ${match}`;
  // (the decider comes after the last match only, and a single match always has a winner)
  const decider = obs.deciders !== 0 && obs.matches > 1 && match === obs.matches ? ", then a decider if the points are level" : "";
  return obs.matches === 1 ? "One match" : `Match ${match} of ${obs.matches}${decider}`;
}

// A table that plays one match names no match number ("The match", "the match"): a cycle's page numbers its
// matches in the cycle, and a "Match 1" here would clash with the cycle's "match 4".
const single = (obs) => Boolean(obs) && obs.matches === 1 && (obs.match_results || []).length <= 1;
const matchName = (obs, match) => (single(obs) ? "The match" : `Match ${match}`);
const matchLower = (obs, match) => (single(obs) ? "the match" : `match ${match}`);

export function render(el, given) {
  // a replay's step that ended a match: as the match ended, its board kept for it (or the next match's deal)
  const ending = given.readOnly ? matchEnd(given.obs) : null;
  const board = ending && given.ended && ending.board;
  // between matches at the live table the board stays as the match ended (the next is dealt at Go's count): the
  // builds are seen where they were raced, above the summary
  const ended = !given.readOnly && given.view.race && given.view.race.phase === "match-over" ? given.obs.match_results.at(-1) : null;
  const ctx = board ? { ...given, obs: { ...given.obs, players: board, match: ending.match } }
    : ended && ended.board ? { ...given, obs: { ...given.obs, players: ended.board } } : given;
  const { obs, view } = ctx;
  const me = ctx.seat ?? 0;
  const other = 1 - me;
  const n = names(view);
  el.classList.add("bg-board");
  // (between matches a phone draws the board compact: the builds and the score above the summary in the dock; the
  // replay's step that ended a match too, so that both builds as it ended stand in the first screen under the words)
  el.classList.toggle("bg-between", Boolean(ended) || Boolean(board));
  // (a replay on a phone draws every step compact too, review 24b: both builds in the window while stepping)
  el.classList.toggle("bg-replay", Boolean(given.readOnly));
  // (the game's end at the table: on a laptop the spent hands and piles give way, so that the match-by-match table
  // under the result comes into the first screen, review 26)
  el.classList.toggle("bg-over", given.obs.phase === "over" && !given.readOnly);
  const race = ctx.readOnly ? null : view.race;
  // (a list without numbers: each line names its match)
  const results = obs.match_results.map((r) => h("li", {}, `${matchName(obs, r.match)}: ${n[r.winner]} won ${r.scores[r.winner]}–${r.scores[1 - r.winner]}`));
  el.append(
    h("div", { class: "bg-top" },
      h("div", { class: "bg-match", "data-testid": "match" }, obs.phase === "over" ? "Game over"
        : `${race && race.phase === "match-over" ? "Next: " : ""}${matchWords(obs, obs.match)}`),
      // (the seats' order, the blue pack first, as the table's title and a cycle's pages give them)
      h("div", { class: "bg-score", "data-testid": "points" },
        h("span", {}, n[0], h("b", {}, String(obs.points[0]))), " – ", h("span", {}, h("b", {}, String(obs.points[1])), n[1])),
      results.length ? h("ul", { class: "bg-results", "data-testid": "match-results" }, results) : ""),
    obs.phase === "over" && !ctx.readOnly ? headline(view, obs) : "",
    obs.phase === "over" && !ctx.readOnly && window.matchMedia("(max-width: 600px)").matches ? nextSteps() : "",
    ending ? replayBanner(ending, Boolean(given.ended), view, given.obs) : "",
    ended && ended.board ? h("p", { class: "bg-ended-note", "data-testid": "as-ended" },
      `The table as match ${ended.match} ended: ${n[ended.winner]} played Biggles first. The next match is dealt when every player is ready.`) : "",
    playerArea(ctx, other, false),
    playerArea(ctx, me, ctx.seat !== null && ctx.seat !== undefined),
    // (the keys, while they do something: not at the game's end, nor between matches, where the summary and the
    // Ready button need the room)
    ctx.readOnly || ctx.seat === null || ctx.seat === undefined || view.over || ended ? "" : h("p", { class: "bg-keys keys-hint" },
      h("kbd", {}, "t"), " or ", h("kbd", {}, "space"), " turn three (or pick up) · ",
      h("kbd", {}, "p"), " play your pile's top card to your build · ", h("kbd", {}, "s"), " stop the opponent with it"),
    // (a replay at a match's new deal, the step that ended the last one shown as the next deal: nothing played yet)
    // (on a phone, while the race runs, the list goes into the dock, its newest lines over the Turn, Play and Stop
    // buttons: under the builds it slid beneath the dock as they grew)
    ending && !given.ended ? "" : racing(ctx) && window.matchMedia("(max-width: 600px)").matches
      ? h("div", { class: "decision-area bg-log-dock", "data-testid": "log-dock" }, eventLog(ctx)) : eventLog(ctx),
    seated(view) && !ctx.readOnly && !view.over && !ended ? practiceBox(ctx) : "",
    race ? racePanel(ctx, race) : "");
  // (the builds as the match ended are what the player reads beside the summary: the page keeps them above the dock)
  // (and the score over them: the page keeps the lot in sight where it fits, on a phone too)
  if (ended) for (const area of el.querySelectorAll(".bg-top, .bg-player")) area.dataset.watch = "the builds as the match ended";
  countOver(el, race, obs);
}

// The game's end at the board's head, where the page opens at the end (data-end-result: the table keeps its top in
// view): "You won 2 matches to 0, 16 points to 5"
function headline(view, obs) {
  const n = names(view);
  const me = seated(view) ? view.seat : null;
  const [a, b] = obs.points;
  const won = [0, 1].map((seat) => obs.match_results.filter((r) => r.winner === seat).length);
  const text = (() => {
    if (a === b) return `A draw: ${a} points each`;
    const w = a > b ? 0 : 1;
    const who = w === me ? "You" : n[w];
    const pts = `${obs.points[w]} points to ${obs.points[1 - w]}`;
    if (obs.match_results.length === 1) return `${who} won the match, ${pts}`;
    // (the points decide: a player may win on points with fewer matches, or as many; review 25: "You won 1 match
    // each" said the matches were won by the winner alone)
    if (won[w] === won[1 - w]) {
      const each = won[w] === 1 ? "One match each" : `${won[w]} matches each`;
      return `${each}; ${w === me ? "you win" : `${n[w]} wins`} on points, ${obs.points[w]}–${obs.points[1 - w]}`;
    }
    const matches = `${won[w]} ${won[w] === 1 ? "match" : "matches"} to ${won[1 - w]}`;
    return won[w] > won[1 - w] ? `${who} won ${matches}, ${pts}` : `${who} won on points, ${pts} (matches: ${won[w]} to ${won[1 - w]})`;
  })();
  return h("h2", { class: "bg-headline", "data-testid": "headline", "data-end-result": "" }, `${text}.`);
}

// At the game's end on a phone, beside the headline, the result box's next steps, "Replay it · Play again": there
// that box lies under the board and the account of the game, below the first screen (a laptop has it in sight).
// The same link and the same button as the box's own (a press here presses that one), put here once the table has
// drawn the box.
function nextSteps() {
  const row = h("p", { class: "bg-next", "data-testid": "next-steps" });
  requestAnimationFrame(() => {
    const box = document.querySelector(".dock [data-testid=result]");
    if (!box || !row.isConnected) return;
    const replay = box.querySelector('a[href^="/replay/"]');
    const again = box.querySelector("[data-testid=again]");
    if (replay) row.append(h("a", { href: replay.getAttribute("href"), "data-testid": "next-replay" }, "Replay it"));
    if (replay && again) row.append(" · ");
    if (again) {
      const press = () => again.click();
      row.append(h("button", { type: "button", class: "primary", "data-testid": "next-again", onclick: press }, "Play again"));
    }
  });
  return row;
}

// The last few card moves of the match being raced, newest first, in words ("Arthur played black 3"): a race
// moves too fast for one line to be read.  One list for the page, moved into each board as it is drawn, so a screen
// reader hears each new line once (aria-live) and not the whole list again.
const LOG_SIZE = 5;
const log = h("ol", { class: "bg-log", "data-testid": "event-log", "aria-live": "polite", "aria-label": "The last moves, newest first" });
function eventLog(ctx) {
  const { view, obs } = ctx;
  if (!view) return "";
  const history = obs.history || [];
  // (a replay: the last moves up to the step shown, a list of its own in each board, read when the reader asks)
  if (ctx.readOnly) return replayLog(view, history);
  const n = names(view);
  const told = [];
  for (let i = history.length - 1; i >= 0 && told.length < LOG_SIZE; i -= 1) {
    const action = history[i][1];
    if (action === "play B" && i < history.length - 1) break;   // (an earlier match's end)
    if (tells(action, view, i, true)) told.push(i);
  }
  // A line is kept while its move is the same one: a race may yet rewrite its last half second (a late press put
  // before the moves it beat), and another table's moves may have stood at the same places, so a line is known by
  // the move's place and its words, never by its place alone.
  const lines = told.map((i) => {
    const [seat, action] = history[i];
    const who = seat === view.seat ? "You" : n[seat];
    const words = describe(action, view, seat);
    return { i, who, words, key: `${i}|${who}|${words}` };
  });
  const wanted = new Set(lines.map((line) => line.key));
  for (const li of [...log.children]) if (!wanted.has(li.dataset.key)) li.remove();
  lines.forEach(({ i, who, words, key: lineKey }, place) => {
    let li = [...log.children].find((el) => el.dataset.key === lineKey);
    if (!li) li = h("li", { "data-i": String(i), "data-key": lineKey }, h("b", {}, who), " ", words);
    if (log.children[place] !== li) log.insertBefore(li, log.children[place] || null);
  });
  log.hidden = !told.length;
  return log;
}

// A replay's list of the last moves up to the step shown, newest first, in each board: on a phone the step's one
// line said too little of a race (review 16b)
function replayLog(view, history) {
  const n = names(view);
  const lines = [];
  for (let i = history.length - 1; i >= 0 && lines.length < LOG_SIZE; i -= 1) {
    const action = history[i][1];
    if (action === "play B" && i < history.length - 1) break;   // (an earlier match's end)
    if (!(action.startsWith("play ") || action.startsWith("stop "))) continue;   // (turning goes on all the time)
    const seat = history[i][0];
    // (by name, as the board's heads name both players: each board is a player's view, not the reader's seat)
    lines.push(h("li", { "data-i": String(i) }, h("b", {}, n[seat]), " ", describe(action, { ...view, seat: null }, seat)));
  }
  return lines.length ? h("ol", { class: "bg-log", "data-testid": "replay-log", "aria-label": "The last moves, newest first" }, lines) : "";
}

// The aid, off unless the player asks for it: kept in this browser for every Biggles table.
function practiceBox(ctx) {
  const box = h("input", { type: "checkbox", "data-testid": "practice", checked: practising() ? true : undefined });
  box.addEventListener("change", () => {
    localStorage.setItem(PRACTICE, box.checked ? "1" : "0");
    box.blur();                     // (the keys go on working: a focused box would keep them)
    ctx.redraw();
  });
  return h("label", { class: "bg-practice" }, box, "Practice: show when a card fits");
}

// "Your opponent: Arthur, a bot at the Gentle level, the 2nd weakest of the six bots on offer": and where a
// quicker one is chosen
function opponentWords(view) {
  const me = view.seat;
  const bot = me === null || me === undefined ? null : botOf(view, 1 - me);
  if (bot === null || !(bot in TITLE)) return "";
  const at = LEVELS.findIndex(([name]) => name === bot);
  // its place in the list the New table form shows (every bot, the weakest first), in words that match that list
  const place = BOTS.findIndex((b) => b.name === bot);
  const n = NUMBER_WORDS[BOTS.length] || String(BOTS.length);
  const rank = place < 0 ? "" : place === 0 ? `, the weakest of the ${n} bots on offer`
    : place === BOTS.length - 1 ? `, the quickest of the ${n} bots on offer`
      : `, the ${ordinal(place + 1)} weakest of the ${n} bots on offer`;
  // (a phone shows the first sentence only, review 26: the whole line was left out there, and the player met a bot
  // whose level he had not been told)
  return h("p", { class: "bg-opponent", "data-testid": "opponent" }, `Your opponent: ${names(view)[1 - me]}, a bot at the ${TITLE[bot]} level${rank}.`,
    tournament ? "" : h("span", { class: "bg-opponent-more" }, ` Another level is chosen under New table, or offered here after each match: ${listed([
      at < LEVELS.length - 1 ? "a quicker one when you win" : "", at > 0 ? "an easier one when you lose" : ""].filter(Boolean))}.`));
}

// -- the start of each match: Start (or Ready), the count, and the summary of the match just ended ------------
// The panel is a decision (the table page moves it into the dock, on screen on a phone).  It is drawn once while
// it stands: a view that changes nothing it shows (a notice, a seat connecting) keeps the same panel, so the Ready
// button the player is reaching for is never swapped for a new one under his finger.
let standing = null;                           // { key, panel }: the panel drawn, and what it was drawn from
function racePanel(ctx, race) {
  const { view, obs } = ctx;
  if (race.phase !== "waiting" && race.phase !== "match-over") { standing = null; return ""; }
  const key = JSON.stringify([view.table, view.seat, race.phase, race.match, race.waiting_for, race.ready,
    names(view), obs.match_results.at(-1) || null, obs.points]);
  if (standing && standing.key === key) return standing.panel;
  const panel = drawRacePanel(ctx, race);
  standing = { key, panel };
  return panel;
}

function drawRacePanel(ctx, race) {
  const { view, obs } = ctx;
  const n = names(view);
  const mine = seated(view);
  const waiting = race.waiting_for.filter((s) => s !== view.seat).map((s) => n[s]);
  const toGo = mine && race.waiting_for.includes(view.seat);
  const button = toGo ? h("button", { type: "button", class: "primary bg-ready", "data-testid": "ready",
    onclick: () => ctx.send && ctx.send({ type: "ready" }) }, race.phase === "waiting" ? "Start" : `Ready for match ${race.match}`) : "";
  const verb = race.phase === "waiting" ? "press Start" : "get ready";
  const wait = waiting.length
    ? h("p", { class: "bg-wait", "data-testid": "waiting-for" }, `${mine && !toGo ? "You are ready. " : ""}Waiting for ${listed(waiting)} to ${verb}.`)
    : "";
  if (button) queueMicrotask(() => { if (button.isConnected && document.activeElement === document.body) button.focus({ preventScroll: true }); });
  if (race.phase === "waiting") {
    return h("div", { class: "decision-area bg-race bg-start", "data-testid": "start" },
      h("h3", {}, matchWords(obs, race.match)),
      h("p", { class: "bg-long" }, `The match starts with a count of 3, 2, 1 once every player is ready. Nobody may move before Go.`),
      opponentWords(view),
      // (a phone, review 24: the words above, in bold, stood over the player's own hand and pile; there one short
      // line says it, the opponent's level being named by his name on the board)
      h("p", { class: "bg-short", "data-testid": "start-short" }, "A count of 3, 2, 1, then Go: nobody moves before it."),
      button, wait);
  }
  const results = obs.match_results;
  const last = results[results.length - 1];
  const totals = [0, 1].map((seat) => results.reduce((sum, r) => sum + r.scores[seat], 0));
  const winner = last.winner;
  const head = mine && winner === view.seat ? `You win ${matchLower(obs, last.match)}!` : `${n[winner]} wins ${matchLower(obs, last.match)}.`;
  const order = mine ? [view.seat, 1 - view.seat] : [0, 1];
  const who = (seat) => `${n[seat]}${mine && seat === view.seat ? " (you)" : ""}`;
  // (the builds as they ended are on the board above, where the player's eye already is)
  const builds = last.board ? "" : finalBuilds(last, order, n);
  return h("div", { class: "decision-area bg-race bg-summary", "data-testid": "match-summary", role: "region", "aria-label": `${matchName(obs, last.match)} is over` },
    h("h3", {}, head),
    // (a list, a line for each player: a laptop lines up the names, points and reasons in columns, a phone runs
    // each line the box's width so that the player's own build stays in sight above it)
    h("ul", { class: "bg-sum" }, order.map((seat) => h("li", {},
      h("b", { class: "bg-sum-name" }, who(seat)), " ", h("b", { class: "bg-sum-pts" }, plural(last.scores[seat], "point")),
      " ", h("span", { class: "bg-sum-why" }, why(last.scores[seat], seat === winner, last.builds && last.builds[seat]))))),
    builds,
    h("p", { class: "bg-totals", "data-testid": "totals" }, `Totals after match ${last.match}: `,
      order.map((seat, i) => [i ? ", " : "", `${n[seat]} `, h("b", {}, String(totals[seat]))])),
    button, wait, mine ? levelOffer(view, winner === view.seat, [last], "match") : "");
}

// the builds as they ended: the table is already dealt again, and the winning card must be seen; each stop is
// shown (the red card laid across the black one it cancelled) and told
function finalBuilds(last, order, n) {
  return last.builds ? h("div", { class: "bg-final", "data-testid": "final-builds" }, order.map((seat) => h("div", { class: "bg-final-row" },
    h("span", { class: "bg-final-who" }, `${possessive(n[seat])} build`),
    h("div", { class: "bg-build" }, last.builds[seat].length ? buildCards(last.builds[seat], last.packs[seat], last.packs[1 - seat], possessive(n[seat]))
      : h("span", { class: "bg-empty wide" }, "nothing built")),
    last.builds[seat].some((c) => c.endsWith("x"))
      ? h("p", { class: "bg-stop-words", "data-testid": `stops-${seat}` }, stopWords(last.builds[seat], n[1 - seat])) : ""))) : "";
}

// The replay at the step a match ended (its Biggles just played), which also deals the next match: the replay shows
// it twice, the board as the match ended (``ended``), then the new deal.  (After the last match the board itself is
// the end.)
function matchEnd(obs) {
  const history = obs.history || [];
  const last = obs.match_results.at(-1);
  if (!last || obs.phase === "over" || !history.length || history.at(-1)[1] !== "play B") return null;
  return last;
}
function replayBanner(last, ended, view, obs) {
  const n = names(view);
  const score = `${last.scores[last.winner]}–${last.scores[1 - last.winner]}`;
  if (ended) {
    return h("div", { class: "bg-race bg-summary", "data-testid": "replay-match-end" },
      h("h3", {}, `${matchName(obs, last.match)} is over: ${n[last.winner]} played Biggles first and wins it ${score}`),
      h("ul", { class: "bg-why-list" }, [last.winner, 1 - last.winner].map((seat) => h("li", {},
        h("b", {}, `${n[seat]}: ${plural(last.scores[seat], "point")}`), ` ${why(last.scores[seat], seat === last.winner, last.builds[seat])}`))),
      last.board ? "" : finalBuilds(last, [0, 1], n),
      h("p", { class: "muted" }, "This is the table as the match ended. Step forward (▶) for the next deal."));
  }
  return h("div", { class: "bg-race bg-deal", "data-testid": "replay-new-deal" },
    h("h3", {}, `Match ${obs.match} is dealt`),
    h("p", {}, `The packs have changed hands; nobody has moved yet. Match ${last.match} ended ${n[last.winner]} ${score} (step back, ◀, to see how).`));
}

// The replay's marks (replay.js shows them as buttons): the first match's start and each match's end, the step its
// Biggles was played (the next match is dealt at that same step, so its end is the next one's start).  The labels
// name no winner: the replay does not give the result away.
// Each board of a replay shows the whole table (both builds), nothing being hidden: the replay opens on one of them
// at every size (two identical boards said nothing more), the picker still offering each view.
export const oneBoard = true;

export function marks(info) {
  const history = (info.observation && info.observation.history) || [];
  // (a table of one match: "Start" and "End", no number to clash with a cycle's)
  const one = single(info.observation);
  const out = [{ step: 0, label: one ? "Start" : "Match 1 start" }];
  let match = 1;
  history.forEach(([, action], i) => {
    if (action !== "play B") return;
    // (a match that is not the last: its end step also deals the next, which the replay shows after it, the next
    // match's start)
    const last = i + 1 >= history.length;
    out.push({ step: i + 1, label: one ? "End" : `Match ${match} end`, ...(last ? {} : { ended: true }) });
    match += 1;
    if (!last) out.push({ step: i + 1, label: `Match ${match} start` });
  });
  return out.length > 1 ? out : [];
}

// The count over the board: 3, 2, 1 as the server's go_in runs down, then Go! for a moment once the race is on.
let ticker = null;
let goAt = 0;
let lastPhase = null;
const GO_SHOWN = 900;
function countOver(el, race, obs) {
  clearInterval(ticker);
  ticker = null;
  const phase = race ? race.phase : null;
  if (phase === "running" && lastPhase === "counting") goAt = performance.now();
  lastPhase = phase;
  if (phase === "counting") {
    const deadline = performance.now() + (race.go_in || 0) * 1000;
    const digit = h("div", { class: "bg-count-digit", "data-testid": "count" });
    const over = h("div", { class: "bg-count-over", role: "status", "aria-live": "assertive" },
      h("div", { class: "bg-count-label", "data-testid": "count-label" }, race.resumed ? `Resuming ${matchLower(obs, race.match)}` : single(obs) ? "Get set" : `Match ${race.match}`), digit);
    const show = () => {
      const left = (deadline - performance.now()) / 1000;
      const text = left > 0 ? String(Math.max(1, Math.ceil(left - 1e-6))) : "Go!";
      if (digit.textContent !== text) { digit.textContent = text; digit.classList.remove("bg-beat"); void digit.offsetWidth; digit.classList.add("bg-beat"); }
    };
    show();
    ticker = setInterval(() => (digit.isConnected ? show() : clearInterval(ticker)), 100);
    el.append(over);
  } else if (phase === "running" && performance.now() - goAt < GO_SHOWN) {
    // drawn again with each move: the fade carries on from where it stood
    el.append(h("div", { class: "bg-count-over bg-go", style: `animation-delay: -${Math.round(performance.now() - goAt)}ms` },
      h("div", { class: "bg-count-digit" }, "Go!")));
  }
}

// The Turn, Play and Stop buttons, on every screen (on a laptop too, each naming its key), made once and kept: each
// view only changes what they mean, so the button under a finger is never replaced between the touch and its end.
// A touch or a click acts as it lands (pointerdown), as a key does; from the keyboard, Enter or Space on a focused
// button presses that button (not the key's own move: Space alone would turn).
const BUTTONS = [
  { key: "t", label: "Turn", words: "Turn three, or pick the pile up (t)", pick: (legal) => find(legal, "turn") || find(legal, "pickup") },
  { key: "p", label: "Play", words: "Play the pile's top card to your build (p)", pick: (legal) => find(legal, "play") },
  { key: "s", label: "Stop!", words: "Stop the opponent with the pile's top card (s)", pick: (legal) => find(legal, "stop") },
];

export function controls(el, ctx) {
  if (ctx.seat === null || ctx.seat === undefined) return;
  if (!el.children.length) {
    for (const b of BUTTONS) {
      const button = h("button", { type: "button", class: `bg-touch bg-touch-${b.key}`, "data-key": b.key }, b.label,
        h("span", { class: "keys-hint bg-touch-key" }, " ", h("kbd", {}, b.key)));
      button.addEventListener("pointerdown", (event) => {
        event.preventDefault();
        if (button.dataset.action) el.act(button.dataset.action);
      });
      button.addEventListener("keydown", (event) => {
        if (event.key !== "Enter" && event.key !== " ") return;
        event.preventDefault();
        event.stopPropagation();              // (the table's own keys would read Space as Turn)
        if (button.dataset.action && !event.repeat) el.act(button.dataset.action);
      });
      button.addEventListener("click", (event) => {           // from the keyboard (Enter or Space) a click has no detail
        if (event.detail === 0 && button.dataset.action) el.act(button.dataset.action);
      });
      el.append(button);
    }
  }
  el.act = ctx.act;
  // the end's scoring, and a match's summary while the players get ready, are read, not played over: the buttons
  // go, and the summary has the room
  el.hidden = Boolean(ctx.view.over) || (ctx.view.race && ctx.view.race.phase === "match-over");
  const legal = ctx.view.over ? [] : ctx.legal || [];
  // In the race every button presses, legal or not (the server refuses a wrong one with its reason); only
  // practice greys a button whose move would not go.  Before Go and between matches none does anything.
  const practice = practising();
  for (const button of el.children) {
    const b = BUTTONS.find((x) => x.key === button.dataset.key);
    const action = practice ? b.pick(legal) : keyMove(b.key, { ...ctx, legal });
    button.disabled = !action;
    button.setAttribute("aria-label", b.words);
    if (action) button.dataset.action = action; else delete button.dataset.action;
  }
}

// Single keys, as at the terminal; only ever one of the legal actions.
// A key as the table reads it: letters in either case alike.
const keyOf = (pressed) => (pressed.length === 1 ? pressed.toLowerCase() : pressed);

// The keys are spoken of (the hint under the board, "(t)" in a refusal, the status line) where the player has a
// keyboard: not on a touch screen, nor on a narrow one (a phone) until he presses one of the game's keys there.
const KEYED = "bg-keyed";
document.addEventListener("keydown", (event) => {
  if (["t", " ", "p", "s"].includes(keyOf(event.key)) && !event.target.matches("input, select, textarea")) {
    document.body.classList.add(KEYED);
  }
}, true);
function tapping() {
  return window.matchMedia("(pointer: coarse)").matches
    || (window.matchMedia("(max-width: 600px)").matches && !document.body.classList.contains(KEYED));
}

export function key(pressed, ctx) {
  const legal = ctx.legal || [];
  const k = keyOf(pressed);
  if (k === "t" || k === " ") return find(legal, "turn") || find(legal, "pickup");
  if (k === "p") return find(legal, "play");
  if (k === "s") return find(legal, "stop");
  return null;
}

// A key that makes no move now still gets an answer: the move it would have made goes to the server,
// which says in words why it cannot be made (the rules, not this page, judge it).
export function refusedKey(pressed, ctx) {
  const k = keyOf(pressed);
  const players = ctx.obs.players || [];
  const me = players[ctx.seat];
  if (!me) return null;
  if (k === "t" || k === " ") return "turn";
  if (k === "p") return me.level >= 7 ? "play B" : `play ${me.level + 1}`;
  if (k === "s") return `stop ${Math.max(1, Math.min(7, players[1 - ctx.seat]?.level || 1))}`;
  return null;
}

// The list of every move is left out while the race runs: it would spot the card (the replay has its steps).
export const moves = () => [];

export function label(action) {
  if (action === "turn") return "Turn three (t)";
  if (action === "pickup") return "Pick up the pile (t)";
  if (action === "play B") return "Play Biggles! (p)";
  if (action.startsWith("play ")) return `Play black ${action.slice(5)} (p)`;
  if (action.startsWith("stop ")) return `Stop with red ${action.slice(5)} (s)`;
  return action;
}

// Words for a move made (the replay's steps, and the story over the race), in the past tense.
export function describe(action, view, seat) {
  if (action === "turn") return "turned three cards";
  if (action === "pickup") return "picked the pile up";
  if (action === "play B") return "played Biggles!";
  if (action.startsWith("play ")) return `played black ${action.slice(5)} to the build`;
  if (action.startsWith("stop ")) {
    // whose build: "your" to its owner at the live table, else by name (a replay is told to anyone)
    const owner = seat === 0 || seat === 1 ? 1 - seat : null;
    const whose = owner === null || !view ? "the other player's" : view.real_time && owner === view.seat ? "your" : `${names(view)[owner]}'s`;
    return `stopped ${whose} black ${action.slice(5)} with a red ${action.slice(5)}`;
  }
  return action;
}
// The moves the story over a race tells: the cards that change a build (turning goes on all the time), in the
// match being raced only (``view`` and ``i``, the move's place in the history, when the table asks).  Between
// matches the summary tells how the last one ended, and the next starts with nothing told: "You played Biggles!"
// is never left over its count.  At the game's end the board's list of the last moves tells them (``inLog``), and
// the story line under it nothing more: "Bert played Biggles!" once, not twice.
const BETWEEN = new Set(["waiting", "match-over", "counting"]);
const lastEnd = new WeakMap();                 // a view's history: where its last match ended (its Biggles played)
export const tells = (action, view, i, inLog = false) => {
  if (!(action.startsWith("play ") || action.startsWith("stop "))) return false;
  if (view && view.over && i !== undefined) return inLog;
  if (!view || i === undefined) return true;
  if (view.race && BETWEEN.has(view.race.phase)) return false;
  const history = view.observation.history;
  if (!lastEnd.has(history)) lastEnd.set(history, history.findLastIndex(([, a]) => a === "play B"));
  return i > lastEnd.get(history);
};

// A press that reached the server just as the match ended (the other's Biggles came first) is no mistake of the
// player's, and nothing to read: it is dropped without a word, so the match's end leads with its result.  (A word
// about being ready is not such a press.)
const ENDED = /^(match \d+ is over|the game is over)/i;
const late = (message, phase) => ENDED.test(message)
  || ((phase === "match-over" || phase === "over") && !/ready|wait for go/i.test(message));

// What a refusal speaks of: the player's own hand, pile and build (the card he pressed for, and what his "Instead,
// …" is worked out from).  The other hand is not in it: a reason stays readable while the other races on, turning
// and building (a quick bot builds every second or two).
function situation(view) {
  const obs = view && view.observation;
  if (!obs || !obs.players || !seated(view)) return null;
  const me = obs.players[view.seat];
  return JSON.stringify([obs.match, me.hand_size, me.pile_size, me.pile_top, me.build]);
}

// A refusal as the page words it now (empty once the view has answered it): "wait for Go" names no second, which
// the count over the board shows, and goes at Go; a press that came as a match ended is never told; and one whose
// table has changed since (``then``: the view it was said over; the player's next card turned, his build stopped)
// goes.
export function refusal(message, view, then) {
  const phase = view && view.race ? view.race.phase : null;
  if (then && then !== view && phase === "running" && situation(then) !== situation(view)) return "";
  if (/^wait for go/i.test(message)) {
    if ((view && view.over) || phase === "running" || phase === "match-over") return "";
    if (phase === "counting") {
      return view.race.resumed ? `Wait for Go: match ${view.race.match} resumes where it stood when the count over the board reaches Go.`
        : "Wait for Go: nobody may move until the count over the board reaches Go.";
    }
  }
  if (late(message, phase)) return "";
  // the rules name the keys, "(t)": on a touch screen the buttons are what the player presses
  if (tapping()) {
    return message.replace(/ \(([tps])\)/g, (_, k) => ` (the ${{ t: "Turn", p: "Play", s: "Stop!" }[k]} button)`);
  }
  return message;
}

export function status(view) {
  if (view.over) return null;
  if (!view.running) {
    const n = names(view);
    const away = view.seats.flatMap((s, i) => (s.kind === "person" && !s.connected ? [n[i]] : []));
    return `Paused: the race runs only while every player is at the table${away.length ? ` (waiting for ${away.join(", ")})` : ""}.`;
  }
  const race = view.race || { phase: "running" };
  const mine = seated(view);
  if (race.phase === "waiting" || race.phase === "match-over") {
    const verb = race.phase === "waiting" ? "press Start" : "get ready";
    if (mine && race.waiting_for.includes(view.seat)) return race.phase === "waiting" ? "Press Start when you are ready." : `Press Ready when you want match ${race.match}.`;
    return `Waiting for ${listed(race.waiting_for.map((s) => names(view)[s]))} to ${verb}.`;
  }
  // a match already under way (a player came back to the table) resumes as it stood: it does not start afresh
  if (race.phase === "counting" && race.resumed) return `Resuming ${matchLower(view.observation, race.match)} where it stood: wait for Go!`;
  if (race.phase === "counting") return `${matchName(view.observation, race.match)} is about to start: wait for Go!`;
  if (!mine) return "The race is on. You are watching.";
  if (tapping()) return "The race is on! Tap Turn, Play or Stop!";
  return "The race is on! Press Turn, Play or Stop, or the keys: t (or space), p, s.";
}

export function resultText(result, view) {
  if (!result) return "";
  const n = names(view);
  const pts = result.points || {};
  const score = `${n[0]} ${pts.P1 ?? 0} – ${pts.P2 ?? 0} ${n[1]}`;
  if (!result.winner) return `A draw on points: ${score}.`;
  const winner = result.winner === "P1" ? 0 : 1;
  // a game of one match is won by that match (Biggles first), not on points
  const how = (result.matches || []).length === 1 ? "the match" : "on points";
  return `${n[winner]} wins ${how}: ${score}.${yourResult(view, winner === view.seat)}`;
}

// The account of the finished game that the server works out from the record: per match, the stops made, the
// chances to stop that went by, the cards that fitted and were turned past, and the longest build run.
const times = (k) => (k === 1 ? "once" : k === 2 ? "twice" : `${k} times`);
// (the replay shows it too, under its controls: ``account``)
export function account(view) { return afterGame(view); }
function afterGame(view) {
  const account = view.after_game;
  if (!account || !account.matches || !account.matches.length) return "";
  const n = names(view);
  const me = seated(view) ? view.seat : null;
  // "you" to the player, else the name; seats in the player's order (the player first)
  const who = (seat) => (seat === me ? "you" : n[seat]);
  const Who = (seat) => (seat === me ? "You" : n[seat]);
  const order = me === null ? [0, 1] : [me, 1 - me];
  const run = (r) => (r ? `${plural(r.cards, "card")} in a row${r.cards > 1 ? ` (${r.first} to ${r.last})` : ` (${r.first})`}` : "built nothing");
  return h("section", { class: "bg-after", "data-testid": "after-game", "aria-label": "How the game went" },
    h("h3", {}, "How the game went"),
    account.matches.map((m) => h("div", { class: "bg-after-match", "data-testid": `after-match-${m.match}` },
      h("h4", {}, `${account.matches.length === 1 && single(view.observation) ? "The match" : `Match ${m.match}`}: ${n[m.winner]} won ${m.scores[m.winner]}–${m.scores[1 - m.winner]}`),
      h("ul", {},
        h("li", {}, "Stops: ", order.map((seat, i) => [i ? "; " : "", m.stops[seat] ? `${Who(seat)} stopped ${who(1 - seat)} ${times(m.stops[seat])}`
          : `${Who(seat)} never stopped ${who(1 - seat)}`]), "."),
        h("li", {}, "Stops missed (a red card that could have stopped the other build went by): ",
          order.map((seat, i) => [i ? "; " : "", `${Who(seat)} ${m.stops_missed[seat] ? plural(m.stops_missed[seat], "time").replace(/^1 time$/, "once") : "none"}`]), "."),
        h("li", {}, "Cards that fitted the build and were turned past: ",
          order.map((seat, i) => [i ? "; " : "", `${Who(seat)} ${m.fits_missed[seat] || "none"}`]), "."),
        h("li", {}, "Longest build run with no stop between: ",
          order.map((seat, i) => [i ? "; " : "", `${Who(seat)} ${run(m.longest_run[seat])}`]), ".")))));
}

// The end: each match's points, with the rule that made them.
export function ending(view) {
  const n = names(view);
  const matches = view.observation.match_results || [];
  // (review 26, a laptop: the match-by-match table came under the offer and the rule, below the first screen, and
  // the first player's column took two thirds of its width: the table leads, its players' columns alike, the rule
  // under it)
  return h("div", { class: "panel-light ending", "data-testid": "ending" },
    h("table", { class: "list bg-end-table" }, h("colgroup", {}, h("col", { class: "bg-end-match" }), h("col", { class: "bg-end-winner" }), h("col"), h("col")),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Match"), h("th", { scope: "col" }, "Winner"), h("th", { scope: "col" }, n[0]), h("th", { scope: "col" }, n[1]))),
      h("tbody", {}, matches.map((m) => h("tr", {}, h("td", {}, String(m.match)), h("td", {}, n[m.winner]),
        [0, 1].map((seat) => h("td", {}, h("b", {}, String(m.scores[seat])), " ",
          h("span", { class: "bg-why" }, why(m.scores[seat], m.winner === seat, m.builds && m.builds[seat])),
          m.builds && m.builds[seat].some((c) => c.endsWith("x"))
            ? h("span", { class: "bg-why bg-end-stops", "data-testid": `end-stops-${m.match}-${seat}` }, stopWords(m.builds[seat], n[1 - seat])) : "")))))),
    h("p", { class: "bg-end-rule" }, "In each match the winner scores 8; the loser scores the number of the top black card of the loser's build that no red stop card cancelled (0 with none)."),
    endOffer(view),
    afterGame(view));
}
