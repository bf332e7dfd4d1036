// Squadron Scramble: plane cards drawn as SVG (nation colours and insignia,
// bombers' names in red and fighters' in blue), the whole discard pile (a card
// taken takes every card above it), laying sets, naming the plane, swapping
// wild cards, adding a fourth card and shooting down bombers.  Only what the
// server lists as legal is clickable; the server judges every name said.
import { h, s, stylesheet } from "/static/dom.js";
import { blank, clickable, edge, refusable, wrap } from "/static/cards.js";
import { addressed, listed, person, plural, points, seatName, tap } from "/static/words.js";
import { outline } from "/static/games/squadron-outlines.js";

// The pack comes from the game's own data file (planes.json), fetched from
// /api/games/squadron-scramble/data: planes, nations, views and wild cards are
// never written here, so replacing the file changes the cards with no change here.
const DATA = await fetch("/api/games/squadron-scramble/data").then((r) => {
  if (!r.ok) throw new Error(`the Squadron Scramble data: ${r.status}`);
  return r.json();
});
const PACK = DATA.planes;
// code: [name, nation, kind]
const PLANES = Object.fromEntries(PACK.planes.map((p) => [p.code, [p.name, p.nation, p.kind]]));
const SHORT = Object.fromEntries(PACK.planes.map((p) => [p.code, p.short || p.code]));
const sideOf = (name) => Object.keys(PACK.alliances).find((side) => PACK.alliances[side].includes(name)) || "";
// The colour of each nation's card band (like its insignia, drawn below) is a
// choice of this view, not a fact of the pack: a nation without one gets grey.  White writing stands on each (a
// pile card's spine): every band is dark enough for small white letters (4.5:1 at least).
export const BAND = { US: "#1f3f7a", GB: "#5b6b3a", RU: "#8c2a1f", DE: "#4a4a4a", IT: "#2f6b45", JP: "#7f6424" };
const NATIONS = Object.fromEntries(PACK.nations.map((n) => [n.code, { name: n.name, side: sideOf(n.name), band: BAND[n.code] || "#555" }]));
const VIEWS = Object.fromEntries(PACK.views.map((v) => [v.code, v.name]));
const VIEW_ORDER = PACK.views.map((v) => v.code).join("");   // the slot of each view in a laid set
// An example of a typed name for the naming form: the first plane's one-word alias and its nation's first.
const TYPED_EXAMPLE = (() => {
  const p = PACK.planes[0];
  const word = p.aliases.find((a) => /^[a-z]+$/.test(a)) || p.aliases[0] || p.code.toLowerCase();
  const nation = PACK.nations.find((n) => n.code === p.nation);
  return `${word} ${nation?.aliases?.[0] || p.nation.toLowerCase()}`;
})();
// In plane-spotting every plane card's head, pile strip and chip is this one grey: no colour tells its nation.
const UNNAMED = "#555";
const KIND_COLOUR = { bomber: "#b3261e", fighter: "#1f4e9c" };
const WILD = Object.fromEntries(Object.entries(PACK.wild).map(([code, w]) => [code, w.name]));
// Each plane's general arrangement, from which its own outline is drawn in each view (outlines.json).
const OUTLINES = DATA.outlines ? DATA.outlines.outlines : {};

await stylesheet("/static/games/squadron-scramble.css");

// -- names ----------------------------------------------------------------------------
const planeOf = (card) => card.split("/")[0];
const viewOf = (card) => card.split("/")[1];
// The recognition variant: at the table the cards show a plane's outline and view only, so
// naming it is the plane-spotting the cards were made for.  Set by each render (a replay
// shows the names, to learn from); names said aloud at the table stay public.
let SPOTTING = false;
// The sets whose plane the table has been told: in spotting a set shows its plane once a name has been said
// for it, right or wrong (a wrong guess is answered, as a friend with the card in hand would answer it).
let namedSets = new Set();
function cardName(card, { named = !SPOTTING } = {}) {
  if (WILD[card]) return WILD[card];
  const p = PLANES[planeOf(card)];
  if (!p) return card;
  return named ? `${p[0]} (${VIEWS[viewOf(card)]})` : `a plane (${VIEWS[viewOf(card)]} view)`;
}

// -- the cards ----------------------------------------------------------------------------
function insignia(nation, x, y, r) {
  const g = s("g", { transform: `translate(${x} ${y})` });
  const star = (rr, fill) => {
    const pts = [];
    for (let i = 0; i < 10; i++) {
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      const q = i % 2 ? rr * 0.42 : rr;
      pts.push(`${(q * Math.cos(a)).toFixed(2)},${(q * Math.sin(a)).toFixed(2)}`);
    }
    return s("polygon", { points: pts.join(" "), fill });
  };
  if (nation === "US") g.append(s("circle", { r, fill: "#1f3f7a", stroke: "#fff", "stroke-width": 1 }), star(r * 0.9, "#fff"));
  else if (nation === "GB") g.append(s("circle", { r, fill: "#1f3f7a" }), s("circle", { r: r * 0.66, fill: "#fff" }), s("circle", { r: r * 0.36, fill: "#c8102e" }));
  else if (nation === "RU") g.append(s("circle", { r, fill: "#fff" }), star(r * 0.95, "#c8102e"));
  else if (nation === "DE") {
    g.append(s("circle", { r, fill: "#fff" }),
      s("path", { d: `M${-r * 0.8} ${-r * 0.22}H${-r * 0.22}V${-r * 0.8}H${r * 0.22}V${-r * 0.22}H${r * 0.8}V${r * 0.22}H${r * 0.22}V${r * 0.8}H${-r * 0.22}V${r * 0.22}H${-r * 0.8}Z`, fill: "#111" }));
  } else if (nation === "IT") {
    g.append(s("circle", { r, fill: "#fff" }), s("path", { d: `M${-r} 0A${r} ${r} 0 0 1 ${-r / 3} ${-r * 0.94}V${r * 0.94}A${r} ${r} 0 0 1 ${-r} 0Z`, fill: "#1e7b3a" }),
      s("path", { d: `M${r} 0A${r} ${r} 0 0 0 ${r / 3} ${-r * 0.94}V${r * 0.94}A${r} ${r} 0 0 0 ${r} 0Z`, fill: "#c8102e" }),
      s("circle", { r, fill: "none", stroke: "#0006", "stroke-width": 0.8 }));
  } else if (nation === "JP") g.append(s("circle", { r, fill: "#fff" }), s("circle", { r: r * 0.62, fill: "#c8102e" }));
  return g;
}

// A plain outline of a fighter or a bomber seen from the top, side or front.
function silhouette(kind, view) {
  const ink = "#2d3436";
  const g = s("g", { fill: ink });
  const big = kind === "bomber";
  if (view === "T") {
    const span = big ? 42 : 32;
    g.append(
      s("ellipse", { cx: 50, cy: 70, rx: big ? 5 : 4, ry: big ? 27 : 23 }),
      s("path", { d: `M${50 - span} ${big ? 66 : 64} L${50 + span} ${big ? 66 : 64} L${50 + span - 3} ${big ? 73 : 71} L${50 - span + 3} ${big ? 73 : 71} Z` }),
      s("path", { d: `M${big ? 36 : 39} ${big ? 92 : 88} H${big ? 64 : 61} L${big ? 62 : 59} ${big ? 96 : 92} H${big ? 38 : 41} Z` }));
    if (big) [28, 40, 60, 72].forEach((x) => g.append(s("ellipse", { cx: x, cy: 64, rx: 2.6, ry: 5 })));
  } else if (view === "S") {
    const len = big ? 40 : 32;
    g.append(
      s("path", { d: `M${50 - len} 66 Q50 ${big ? 56 : 59} ${50 + len} 66 Q50 ${big ? 76 : 73} ${50 - len} 70 Z` }),
      s("path", { d: `M${50 - len} 68 L${50 - len - 2} ${big ? 48 : 53} L${50 - len + 8} ${big ? 48 : 53} L${50 - len + 14} 66 Z` }),
      s("rect", { x: 42, y: 68, width: big ? 22 : 16, height: 3, rx: 1.5 }),
      s("rect", { x: 50 + len, y: big ? 58 : 60, width: 2, height: big ? 16 : 12 }),
      s("ellipse", { cx: 58, cy: big ? 60 : 62, rx: 6, ry: 3, fill: "#74b9ff" }));
    if (!big) g.append(s("path", { d: "M52 72 L50 80 M60 72 L62 80", stroke: ink, "stroke-width": 1.5 }), s("circle", { cx: 50, cy: 81, r: 2 }), s("circle", { cx: 62, cy: 81, r: 2 }));
  } else {
    const span = big ? 44 : 34;
    g.append(
      s("rect", { x: 50 - span, y: 66, width: 2 * span, height: 3.5, rx: 1.5 }),
      s("circle", { cx: 50, cy: 67, r: big ? 6 : 7 }),
      s("rect", { x: 48.5, y: big ? 46 : 50, width: 3, height: 16 }),
      s("rect", { x: 40, y: big ? 48 : 52, width: 20, height: 2.5 }));
    if (big) [30, 70].forEach((x) => g.append(s("circle", { cx: x, cy: 69, r: 4.5 }), s("circle", { cx: x, cy: 69, r: 9, fill: "none", stroke: ink, "stroke-width": 0.8 })));
    else g.append(s("circle", { cx: 50, cy: 67, r: 14, fill: "none", stroke: ink, "stroke-width": 0.8 }));
    g.append(s("path", { d: "M44 72 L41 84 M56 72 L59 84", stroke: ink, "stroke-width": 1.5 }));
  }
  return g;
}

function planeCard(card, { size = "", attrs = {}, faceDown = false } = {}) {
  if (faceDown || !card) {
    const svg = blank("a face-down card", { kind: "ss-card", size, attrs });
    svg.append(edge("#3b4a3a", "#fff", 3),
      s("rect", { x: 10, y: 10, width: 80, height: 124, rx: 5, fill: "none", stroke: "#ffffff55", "stroke-width": 1.5 }),
      s("g", { transform: "translate(0 4) scale(1)", opacity: 0.45 }, silhouette("fighter", "T")),
      s("text", { x: 50, y: 124, "text-anchor": "middle", "font-size": 9, fill: "#fff", "font-weight": 700, "letter-spacing": 1 }, "SQUADRON"));
    return svg;
  }
  const title = cardName(card);
  const svg = blank(title, { kind: "ss-card", size, attrs: { "data-card": card, ...attrs }, title });
  if (card === "KEF" || card === "VIC") {
    const vic = card === "VIC";
    svg.append(
      edge(vic ? "#fff" : "#f1c40f"),
      s("rect", { x: 7, y: 7, width: 86, height: 130, rx: 6, fill: "none", stroke: vic ? "#c8102e" : "#7a5a00", "stroke-width": 2 }));
    if (vic) {
      svg.append(s("rect", { x: 7, y: 118, width: 86, height: 6, fill: "#c8102e" }), s("rect", { x: 7, y: 126, width: 86, height: 6, fill: "#1f3f7a" }),
        s("text", { x: 50, y: 82, "text-anchor": "middle", "font-size": 66, "font-weight": 900, fill: "#1f3f7a" }, "V"),
        s("text", { x: 50, y: 28, "text-anchor": "middle", "font-size": 14, "font-weight": 800, fill: "#c8102e", "letter-spacing": 1 }, WILD.VIC),
        s("text", { x: 50, y: 106, "text-anchor": "middle", "font-size": 9, fill: "#333" }, "wild · doubles"));
    } else {
      const words = WILD.KEF.split(" ");        // "KEEP 'EM" above the plane, "FLYING" below
      svg.append(s("g", { transform: "translate(0 -6)" }, silhouette("fighter", "F")),
        s("text", { x: 50, y: 26, "text-anchor": "middle", "font-size": 13, "font-weight": 800, fill: "#4a3500" }, words.slice(0, -1).join(" ")),
        s("text", { x: 50, y: 108, "text-anchor": "middle", "font-size": 13, "font-weight": 800, fill: "#4a3500" }, words[words.length - 1]),
        s("text", { x: 50, y: 126, "text-anchor": "middle", "font-size": 9, fill: "#4a3500" }, "wild card"));
    }
    return svg;
  }
  const code = planeOf(card);
  const [name, nation, kind] = PLANES[code] || [code, "US", "fighter"];
  if (SPOTTING) {
    svg.classList.add("ss-spot");      // (a pointer resting on it shows the outline large: see the stylesheet)
    svg.append(edge("#fbf6e9"), s("path", { d: "M2 30 V11 A9 9 0 0 1 11 2 H89 A9 9 0 0 1 98 11 V30 Z", fill: UNNAMED }),
      s("text", { x: 50, y: 21, "text-anchor": "middle", "font-size": 10, "font-weight": 800, fill: "#fff" }, "WHAT PLANE?"),
      drawing(code, kind, viewOf(card)),
      ...viewMarks(card),
      s("text", { x: 50, y: 122, "text-anchor": "middle", "font-size": 26, "font-weight": 900, fill: "#999" }, "?"));
    return svg;
  }
  const band = NATIONS[nation]?.band || "#555";
  svg.append(
    edge("#fbf6e9"),
    s("path", { d: "M2 30 V11 A9 9 0 0 1 11 2 H89 A9 9 0 0 1 98 11 V30 Z", fill: band }),
    insignia(nation, 16, 16, 10),
    // the head names the plane shortly, so that a fanned hand reads at a glance (the insignia says the nation)
    // (a long short name, two words, in a smaller letter: fitted into the head's width, it would be squeezed thin)
    s("text", { x: 31, y: 21, "font-size": SHORT[code].length > 10 ? 10 : 12, "font-weight": 800, fill: "#fff",
      ...(SHORT[code].length > 8 ? { textLength: 62, lengthAdjust: "spacingAndGlyphs" } : {}) }, SHORT[code]),
    drawing(code, kind, viewOf(card)),
    ...viewMarks(card));
  const lines = wrap(name, 13);
  const longest = Math.max(...lines.map((l) => l.length));
  const fs = Math.min(lines.length > 2 ? 10.5 : 12.5, 90 / (0.6 * longest));
  lines.forEach((line, i) => svg.append(s("text", {
    x: 50, y: 110 + i * (fs + 1) - (lines.length - 1) * 4, "text-anchor": "middle", "font-size": fs, "font-weight": 800, fill: KIND_COLOUR[kind],
  }, line)));
  svg.append(s("text", { x: 50, y: 137, "text-anchor": "middle", "font-size": 8, "font-weight": 600, fill: "#666", "letter-spacing": 0.5 }, kind.toUpperCase()));
  return svg;
}

// The plane drawn on its card: its own outline in the view, or a plain one where the data has none
function drawing(code, kind, view) {
  const g = outline(OUTLINES[code], view) || silhouette(kind, view);
  g.setAttribute("data-outline", "");
  return g;
}

// A card's view, twice: in words ("SIDE VIEW", small, read on a large card) and as a big letter on a dark badge,
// which the page shows instead where the card is drawn narrow (a phone's hand), so that the view still reads.  The
// badge hangs from the head's left corner, under the insignia, clear of every plane's outline: a top view's nose and a
// front view's fin rise in the middle, a side view's fin at the right (in plane-spotting the outline is the test).
function viewMarks(card) {
  const v = viewOf(card);
  return [
    s("text", { class: "ss-view-word", x: 92, y: 42, "text-anchor": "end", "font-size": 9, "font-weight": 700, fill: "#666", "letter-spacing": 0.5 }, `${VIEWS[v].toUpperCase()} VIEW`),
    s("g", { class: "ss-view-badge", "data-view": v },
      s("path", { d: "M2 27 H30 V45 A5 5 0 0 1 25 50 H2 Z", fill: "#1d1d1f" }),
      s("text", { x: 16, y: 46.5, "text-anchor": "middle", "font-size": 23, "font-weight": 900, fill: "#fff" }, v)),
  ];
}

// A card just come into the person's hand: a "NEW" tag on it, over the kind at its foot (which the name's colour
// tells too), small on a large card and the card's whole width where it is drawn narrow: never over the coloured
// band at its head (the plane's short name, which a narrow card is read by) nor the view's letter; the page rings
// the card as well.
function markNew(svg) {
  svg.classList.add("ss-new");
  svg.setAttribute("data-new", "");
  // (the large tag begins under the plane's name, which takes one line to three: never over its last line)
  const under = Math.max(121, ...[...svg.querySelectorAll(":scope > text[font-weight='800']")]
    .filter((x) => Number(x.getAttribute("y")) >= 95).map((x) => Number(x.getAttribute("y")) + 0.3 * Number(x.getAttribute("font-size")) + 1));
  const tall = 144 - under;
  svg.append(
    s("g", { class: "ss-new-small" }, s("rect", { x: 22, y: 127, width: 56, height: 16, rx: 8, fill: "#ffd54a", stroke: "#7a5a00" }),
      s("text", { x: 50, y: 139.5, "text-anchor": "middle", "font-size": 12, "font-weight": 900, fill: "#1d1d1f", "letter-spacing": 1 }, "NEW")),
    s("g", { class: "ss-new-big" }, s("rect", { x: 2, y: under, width: 96, height: tall - 1, rx: 6, fill: "#ffd54a", stroke: "#7a5a00" }),
      s("text", { x: 50, y: 142 - tall * 0.18, "text-anchor": "middle", "font-size": Math.min(19, tall - 2), "font-weight": 900, fill: "#1d1d1f", "letter-spacing": 1 }, "NEW")));
  return svg;
}

// -- the table -------------------------------------------------------------------------------
// every set of the round: on the table, and lying face down beside the players who shot them down
const everySet = (obs) => [...(obs.table || []), ...(obs.captured || []).flat()];

// A set in the words a player reads, by its owner and plane, with no number: "your PLANE set", "Arthur's PLANE
// set", "his PLANE set" (a move of its owner's, ``by``; ``full``: the plane's whole name, as the board has it;
// ``known``: named already, as every set is that a move is made on: a set is named as soon as it is laid).
// In plane-spotting, where its plane is still to be named, by its place among its owner's sets of the round
// (``sets``): "your 2nd set".
const ORDINAL = ["1st", "2nd", "3rd"];
function setName(set, sets, view, { by = null, noun = "set", full = false, known = false } = {}) {
  // (a named player's own set is "his": "Arthur added WILD to his PLANE set")
  const owner = addressed(view, set.by) ? "your" : by !== null && by === set.by ? "his" : `${seatName(view, set.by)}'s`;
  if (SPOTTING && !known && !namedSets.has(set.id)) {
    const theirs = sets.filter((x) => x && x.by === set.by).map((x) => Number(x.id)).sort((a, b) => a - b);
    const i = theirs.indexOf(Number(set.id));
    return `${owner} ${ORDINAL[i] || `${i + 1}th`} ${noun}`;
  }
  return `${owner} ${(full ? PLANES[set.plane]?.[0] : SHORT[set.plane]) || PLANES[set.plane]?.[0] || set.plane} ${noun}`;
}

// The plane of laid set ``id`` this round, [name, nation, kind], wherever the set lies now (laid or shot down).
function setPlane(obs, id) {
  const all = everySet(obs);
  const set = all.find((x) => x && x.id === id);
  return set ? PLANES[set.plane] || null : null;
}

// whether the player has opened the names said this round (kept while the board is drawn again)
let namesOpen = false;
// which players' shot-down sets the player has opened (kept while the board is drawn again)
const openCaptured = new Set();

// -- plane-spotting's swap ------------------------------------------------------------------------------------
// In plane-spotting the page offers no swap: a card of the hand marked as the one a wild card stands for would say
// which plane it is.  The player picks a card of his hand and a wild card standing in a set on the table (either
// first), and the page sends that swap; the server judges it, and a wrong try costs nothing (refused, nothing
// changes).  What he has picked at the table's position ``moves``: the card, the wild card {set, slot}, whether he
// asked to swap (the hand's cards then pick instead of discarding), and a word about his last pick.
let trying = { moves: -1, card: null, wild: null, on: false, note: "" };
// the swap last sent, {moves, card, set, slot}: its refusal is answered in a friend's words (``calm``)
let tried = null;
// Whether a swap may be tried now: the player's turn, after his draw, in plane-spotting, with a plane card in hand
// and a wild card standing for a view in a set on the table (whether any swap is legal is not asked).
const swapTurn = (obs, myTurn) => SPOTTING && myTurn && obs.phase === "play" && (obs.hand || []).some((c) => !WILD[c])
  && (obs.table || []).some((x) => x.cards.some((c) => WILD[c]));

function trySwap(ctx, card, setId, slot) {
  tried = { moves: ctx.view.moves, card, set: setId, slot };
  trying.card = card;                  // (kept picked, should the try be refused)
  trying.wild = null;
  trying.note = "";
  if (ctx.act(`swap ${card} ${setId}`) === false) tried = null;
  ctx.redraw();
}

// A wild card in a set, in plane-spotting: a tap picks it for a swap, or tries the card of the hand already picked.
function swapTarget(el, c, set, slot, ctx) {
  const chosen = Boolean(trying.wild && trying.wild.set === set.id && trying.wild.slot === slot);
  const view = VIEWS[VIEW_ORDER[slot]];
  const pick = () => {
    if (trying.card) return trySwap(ctx, trying.card, set.id, slot);
    trying.wild = chosen ? null : { set: set.id, slot };
    trying.note = "";
    ctx.redraw();
  };
  const showing = trying.on || trying.card || trying.wild;
  return h("div", {
    class: "ss-swap ss-try", role: "button", tabindex: "0", "data-swap": `${set.id} ${slot}`, "aria-pressed": String(chosen),
    style: chosen ? "outline: 3px solid #ffd54a; outline-offset: 2px; border-radius: 6px;" : undefined,
    "aria-label": `The ${WILD[c]} in set ${set.id}, standing for the ${view} view: ${trying.card ? "put your picked card in its place" : "pick it, to put a card of yours in its place"}`,
    onclick: pick,
    onkeydown: (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); event.stopPropagation(); pick(); } },
  }, el, showing ? h("span", { class: "ss-tag" }, chosen ? "picked" : `${view}?`) : "");
}

// A card of the hand that a tap (or Enter) picks for a swap: no move by itself.
// -- plane-spotting's lay ------------------------------------------------------------------------------------
// In plane-spotting the page finds no set for the player: matching three outlines is the test.  He asks to lay a
// set, picks the cards of his hand (by their places: two wild cards read alike), and the page sends them as a lay;
// the server judges it, and cards that make no set are refused in its words, changing nothing.  What he has picked
// at the table's position ``moves``.
let setting = { moves: -1, on: false, picked: [] };
// the set last tried, {moves, n}: its refusal is answered in one short sentence, the server's reasons on request
let layTried = null;
const COUNT_WORD = ["", "one", "two", "three", "four", "five", "six", "seven"];
function layWords(n, message) {
  const those = `Those ${COUNT_WORD[n] || n}`;
  const short = n === 3 ? `${those} are not one plane's top, side and front views.`
    : n === 4 ? `${those} do not make a set: one plane's top, side and front views, a wild fourth only as you go out.`
      : `${those} do not make a set.`;
  return h("span", { class: "ss-short-refusal" }, short, " ",
    h("details", { class: "ss-refusal-why", "data-testid": "refusal-why" }, h("summary", {}, "Why?"), h("span", {}, message)));
}

function pickable(el, label, pick) {
  el.classList.add("clickable");
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", label);
  el.addEventListener("click", pick);
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); event.stopPropagation(); pick(); }
  });
  return el;
}

// A refused try, in the words a friend holding the cards would use; null where the server's own words serve (the
// right card, refused for another reason: going out).
function swapWords(t, obs) {
  const set = (obs.table || []).find((x) => x.id === t.set);
  const wild = set && set.cards[t.slot];
  if (!wild || !WILD[wild]) return null;
  const wants = VIEW_ORDER[t.slot];
  const again = "Nothing lost: try another card or wild card.";
  if (WILD[t.card]) return `A wild card cannot take a wild card's place: pick a plane card of your hand. ${again}`;
  if (viewOf(t.card) !== wants) {
    return `Not that view: that ${WILD[wild]} stands for the ${VIEWS[wants]} view, and your card is the ${VIEWS[viewOf(t.card)]} view. ${again}`;
  }
  if (planeOf(t.card) !== set.plane) return `No, that card is not the plane the ${WILD[wild]} stands for. ${again}`;
  return null;
}

// The draw, in a card player's words: what may be taken now.
function drawWords(view) {
  const pile = view.observation.pile || [];
  const ways = view.legal.includes("draw stock") ? ["take the top card of the stock"] : [];
  // (the rule, whatever the pile's size: a discard is taken with every card above it)
  if (pile.length) ways.push(`take a discard and every card above it${pile.length > 1 ? " (the cards to its right)" : ""}`);
  return `Draw first: ${ways.join(", or ")}.`;
}

// The server's refusal in the page's words where it has better ones: a swap tried in plane-spotting, a card played
// before the draw.  (The table calls this for every refusal; null keeps the server's words.)
export function calm(message, view) {
  unlook();                            // (a card of the hand shown large would cover the refusal)
  const obs = view?.observation;
  if (!obs) return null;
  const t = tried && tried.moves === view.moves ? tried : null;
  tried = null;
  if (t && /swap/i.test(message)) return swapWords(t, obs);
  const laid = layTried && layTried.moves === view.moves ? layTried : null;
  layTried = null;
  if (laid && /^those cards do not make a set/i.test(message)) return layWords(laid.n, message);
  if (obs.phase === "draw" && /^draw first/i.test(message)) return drawWords(view);
  return null;
}

// The server's refusal of a second draw, with what the player does next in the page's words: "You have drawn
// already this turn: lay sets or swap, then click a card to discard it."  Once the turn has moved on it is let go.
export function refusal(message, view) {
  const drawn = /^you have drawn already this turn/i.test(message);
  if (!drawn) return message;
  const legal = view?.legal || [];
  if (!legal.some((a) => a.startsWith("discard "))) return view?.observation?.phase === "draw" ? null : message;
  const ways = [legal.some((a) => a.startsWith("lay ")) && "lay sets", legal.some((a) => a.startsWith("swap ")) && "swap"].filter(Boolean);
  return `You have drawn already this turn: ${ways.length ? `${ways.join(" or ")}, then ` : ""}${tap} a card to discard it.`;
}

function setBox(set, ctx, { can, pending, captured = false }) {
  const { view, act, legal } = ctx;
  const hidden = SPOTTING && !namedSets.has(set.id);
  const [name, nation, kind] = hidden ? ["a plane not yet named", "", ""] : PLANES[set.plane] || [set.plane, "", ""];
  const spotSwap = !captured && swapTurn(ctx.obs, !ctx.readOnly && legal.length > 0);
  const cards = set.cards.map((c, slot) => {
    const el = planeCard(c, { size: "small" });
    // (in plane-spotting no swap is offered: it would name the card; the player tries one)
    if (spotSwap && WILD[c]) return swapTarget(el, c, set, slot, ctx);
    if (!captured && !SPOTTING && (c === "KEF" || c === "VIC")) {
      const swap = legal.find((a) => {
        const [verb, card, id] = a.split(" ");
        return verb === "swap" && Number(id) === set.id && PLANES[planeOf(card)] && VIEW_ORDER.indexOf(viewOf(card)) === slot;
      });
      if (can(swap)) {
        const wrap = h("div", { class: "ss-swap" }, el, h("span", { class: "ss-tag" }, "swap"));
        return clickable(wrap, swap, act, `Put ${cardName(swap.split(" ")[1])} into set ${set.id} and take back the ${WILD[c]}`);
      }
    }
    return el;
  });
  if (set.extra) cards.push(h("div", { class: "ss-extra" }, planeCard(set.extra, { size: "small" })));
  if (!captured) {
    for (const a of legal.filter((x) => x.startsWith("add ") && Number(x.split(" ")[2]) === set.id)) {
      const wild = a.split(" ")[1];
      // the wild card drawn small, marked as a fourth card to add
      if (can(a)) cards.push(clickable(h("div", { class: "ss-add" }, planeCard(wild, { size: "tiny" }), h("span", {}, "+4th")), a, act, `Add your ${WILD[wild]} to set ${set.id} as a fourth card`));
    }
  }
  const box = h("div", {
    class: `ss-set ${kind}${pending ? " pending" : ""}`, "data-set": set.id, "data-settled": pending ? undefined : "",
    title: hidden ? `Set ${set.id}: ${name}` : `Set ${set.id}: ${name} (${NATIONS[nation]?.name}), ${kind}, worth ${set.value}`,
  },
  // (the set's number only in plane-spotting, where a set not yet named goes by it: numbers run across the whole
  // table and sets shot down leave gaps, "#3, #4, #8", which read as sets gone missing; a set named goes by its plane)
  h("div", { class: "ss-set-head" }, SPOTTING ? h("span", { class: "ss-setno" }, `#${set.id}`) : "",
    h("span", { class: `ss-plane ${kind}` }, hidden ? "?" : name), hidden ? "" : h("span", { class: "ss-value" }, `${set.value} pts`)),
  h("div", { class: "ss-set-cards" }, cards));
  if (!captured && can(`shoot ${set.id}`)) {          // in range of the fighters just laid: chosen in the dock below
    box.append(h("div", { class: "ss-target-tag" }, "⊕ in range"));
    box.classList.add("ss-target");
  }
  // a set the decision is about (a swap, a fourth card, a target): the page keeps the whole of it above the dock
  // (in plane-spotting, every set with a wild card once the player is trying a swap: the one he picked, if he did)
  const aimed = spotSwap && box.querySelector("[data-swap]") && (trying.wild ? trying.wild.set === set.id : trying.on || trying.card);
  if (box.querySelector("[data-action]") || aimed || box.classList.contains("ss-target")) box.setAttribute("data-focus", `set #${set.id}`);
  return box;
}

// -- what came into the person's hand --------------------------------------------------------------------------
// The history shows no card drawn from the stock, but the page sees each card arrive: the cards each draw or take
// of the person's brought, by the move's place in the history.  They are marked in his hand until his next move,
// and named where the move is told ("You drew the ... from the stock").
let handWas = null;                    // { seat, moves, hand, pile } as last drawn
const arrivals = new Map();            // index in the history of his draw or take -> the cards it brought
// Another player's take from the pile: the pile is face up, so the cards he took are named too, where the page saw
// the pile just before it (the take the first move after the view drawn last)
const takes = new Map();               // index in the history of another's take -> the cards it took, the top first
function noteArrivals(obs) {
  const hist = obs.history || [];
  if (handWas && hist.length > handWas.moves) {
    const [who, act] = hist[handWas.moves];
    const n = Number((/^take (\d+)$/.exec(act) || [])[1]);
    if (n && who !== obs.seat && handWas.pile.length >= n) takes.set(handWas.moves, handWas.pile.slice(-n).reverse());
  }
  if (handWas && handWas.seat === obs.seat && hist.length > handWas.moves) {
    const took = [];
    for (let i = handWas.moves; i < hist.length; i++) if (hist[i][0] === obs.seat && /^(draw|take) /.test(hist[i][1])) took.push(i);
    if (took.length === 1) {
      const left = [...handWas.hand];
      const came = obs.hand.filter((c) => { const k = left.indexOf(c); if (k < 0) return true; left.splice(k, 1); return false; });
      if (came.length) arrivals.set(took[0], came);
    }
  } else if (handWas && hist.length < handWas.moves) { arrivals.clear(); takes.clear(); }    // another game on this page
  handWas = { seat: obs.seat, moves: hist.length, hand: [...(obs.hand || [])], pile: [...(obs.pile || [])] };
}
// The cards to mark as new: those of the person's last move, if it was a draw or a take.
function newCards(obs) {
  const hist = obs.history || [];
  const last = hist.findLastIndex(([seat]) => seat === obs.seat);
  return last >= 0 ? arrivals.get(last) || [] : [];
}
// On a phone a hand of more than seven cards takes more rows (seven at most a row, the rows even), so that each
// card stays wide enough to tell its outline (the page's stylesheet keeps one row wherever the screen is wide).
const ROW_MAX = 7;
// (in plane-spotting, where the outline is all the player goes by, a hand of six to eight takes two rows, three or four
// cards a row: in one row of seven each card was 45 px wide on a phone, its outline a thumbnail; review 26)
const handRows = (n) => Math.max(1, Math.ceil(n / (SPOTTING && n > 5 && n <= 8 ? 4 : ROW_MAX)));
// The rows must fit the phone's dock with the decision above them (a long list of sets to lay, a hint): the cards
// narrow, down to CARD_MIN px, until the dock needs no scrolling; with no room even then, the hand goes back to one
// row, as narrow as it must be.  Done as the dock takes its size, and again as anything in it changes size.  (The
// widest first, as wide as five a row allow on a phone: at 58 px a card's plane name was barely 7 px high.)
const CARD_WIDTHS = [72, 66, 62, 58, 54, 50, 46, 44];
function fitHand() {
  const row = document.querySelector(".dock .ss-hand .row[data-rows]");
  const dock = row?.closest(".dock");
  if (!row || !dock || Number(row.dataset.rows) < 2 || getComputedStyle(dock).position !== "fixed") return;
  // (fitted already to the dock as it stands, the hand aside: the fit's own change of size asks for no other)
  const key = [innerHeight, dock.clientWidth, row.childElementCount,
    ...[...dock.children].filter((x) => !x.contains(row)).map((x) => x.offsetHeight)].join();
  if (row.dataset.fitted === key) return;
  row.dataset.fitted = key;
  row.classList.add("ss-rows");
  // (with the hint open the dock is held to part of the screen: the wider cards are not tried there)
  for (const w of CARD_WIDTHS.filter((x) => x <= 58 || !dock.classList.contains("hinting"))) {
    row.style.setProperty("--ss-card-max", `${w}px`);
    if (dock.scrollHeight <= dock.clientHeight + 1) return;
  }
  row.classList.remove("ss-rows");
}
let watched = null;                    // the dock whose size (and its parts') the fit follows
function watchDock() {
  const dock = document.querySelector(".dock");
  if (!dock || dock === watched || typeof ResizeObserver !== "function") return;
  watched = dock;
  const watch = new ResizeObserver(() => fitHand());
  [dock, ...dock.children].forEach((x) => watch.observe(x));
}

// "the PLANE (side)", "the PLANE (side) and the OTHER PLANE (top)"
// a card named takes "the"; in plane-spotting a card is unnamed, "a plane (top view)", and takes no second article
const theCards = (cards) => listed(cards.map((c) => { const name = cardName(c); return /^an? /.test(name) ? name : `the ${name}`; }));

// The replay's jumps: each round's start and end ("Round 2 start", "Round 2 end").  A round's end that also deals
// the next (all but the last) is marked ``ended``: the replay shows that step twice, first as the round ended (its
// count, as the table showed it), then the next round's deal.
export function marks(info) {
  const obs = info.observation || {};
  const overs = (obs.events || []).filter((e) => e.event === "round over" && e.moves !== undefined);
  const total = (obs.history || []).length;
  const out = [{ step: 0, label: "Round 1 start" }];
  for (const e of overs) {
    const last = e.moves >= total;
    out.push({ step: e.moves, label: `Round ${e.round} end`, ...(last ? {} : { ended: true }) });
    if (!last) out.push({ step: e.moves, label: `Round ${e.round + 1} start` });
  }
  return overs.length ? out : [];
}

// In a replay, the step a round ended at: that round's count, as the table showed it when it ended (the round that
// ended the game: above the last board; another: in the board's place, as the step also dealt the next round).
function replayCount(ctx) {
  const { obs, view } = ctx;
  const over = lastOver(obs);
  if (!ctx.readOnly || !over || over.moves !== (obs.history || []).length || !(ctx.ended || view.over)) return null;
  const { title, body } = roundCount(view, over, { final: Boolean(view.over) });
  return h("section", { class: "panel-light ss-replay-count", "data-testid": "replay-round-count" }, h("h3", {}, title), body,
    view.over ? "" : h("p", { class: "muted" }, `The table as round ${over.round} ended. Step on (▶) for round ${over.round + 1}'s deal.`));
}

// In plane-spotting the hand is not shown as the server keeps it (sorted, each plane's views side by side, which
// would tell which cards make a set): each card keeps its place as it came, the dealt hand in an order of no meaning
// (the same at every load of the page), each card drawn or taken put at the right.  Kept for the page's session,
// so that a reload shows the hand as it was.
let handOrder = { key: null, cards: [] };
function spottedOrder(obs) {
  const key = `parlour:ss-hand:${location.pathname}:${obs.seat}:${obs.round}`;
  if (handOrder.key !== key) {
    let kept = [];
    try { kept = JSON.parse(sessionStorage.getItem(key) || "[]"); } catch { /* (storage refused: a fresh order) */ }
    const mix = (c) => [...`${key}${c}`].reduce((n, ch) => (Math.imul(n, 31) + ch.charCodeAt(0)) >>> 0, 7);
    handOrder = { key, cards: Array.isArray(kept) && kept.length ? kept : [...obs.hand].sort((a, b) => mix(a) - mix(b) || (a < b ? -1 : 1)) };
  }
  const left = [...obs.hand];
  const take = (c) => { const k = left.indexOf(c); if (k < 0) return false; left.splice(k, 1); return true; };
  const cards = [...handOrder.cards.filter(take), ...left];
  handOrder.cards = cards;
  try { sessionStorage.setItem(key, JSON.stringify(cards)); } catch { /* (kept for this page only) */ }
  return cards;
}

export function render(el, ctx) {
  const { obs, view, legal, act, readOnly } = ctx;
  SPOTTING = Boolean(obs.recognition) && !readOnly;
  // (the table's own copy too: a card of the hand is named by its place in it, in the move list and the hint)
  if (SPOTTING && obs.hand && obs.seat !== null && obs.seat !== undefined) {
    obs.hand = spottedOrder(obs);
    if (view.observation) view.observation.hand = obs.hand;
  }
  const counted = replayCount(ctx);
  if (counted && !view.over) { el.append(counted); return; }
  if (!readOnly && obs.hand) noteArrivals(obs);
  namedSets = new Set((obs.naming || []).filter((x) => x.round === obs.round).map((x) => x.set));
  const can = (a) => !!a && !readOnly && legal.includes(a);
  const names = obs.seat_names || [];
  const me = obs.seat;
  const myTurn = !readOnly && legal.length > 0;
  if (trying.moves !== view.moves) trying = { moves: view.moves, card: null, wild: null, on: false, note: "" };
  if (setting.moves !== view.moves) setting = { moves: view.moves, on: false, picked: [] };

  // -- the players: cards in hand, totals, forfeits, sets laid and shot down ----------------------
  // (at a desk the sets on the table stay in view with the decision, the hint and the list of moves open under them:
  // the page brings them into the room above the dock with the pile, where both fit, and the dock keeps to its share
  // of the window; see the stylesheet, review 26)
  const players = h("div", { class: "ss-players", "data-keep": myTurn && !matchMedia("(max-width: 600px)").matches ? "the sets on the table" : undefined }, names.map((_, i) => {
    const mine = (obs.table || []).filter((x) => x.by === i);
    const captured = obs.captured?.[i] || [];
    return h("div", { class: `ss-player${i === me ? " mine" : ""}${(obs.to_move || []).includes(i) ? " turn" : ""}` },
      h("div", { class: "ss-player-head" },
        h("b", {}, seatName(view, i), i === me && !view.onlooker ? " (you)" : ""),
        h("span", { class: "ss-pill" }, `${obs.hand_sizes?.[i] ?? 0} in hand`),
        h("span", { class: "ss-pill" }, `total ${points(obs.totals?.[i])}`),
        // (a turn still to miss means nothing once the game is over: the round's summary says the turns missed)
        obs.forfeits?.[i] && !view.over ? h("span", { class: "ss-pill warn", "data-testid": "misses" }, `misses ${plural(obs.forfeits[i], "turn")}`) : "",
        i === obs.dealer ? h("span", { class: "ss-pill" }, "dealer") : ""),
      mine.length ? h("div", { class: "ss-sets" }, mine.map((x) => setBox(x, ctx, { can, pending: x.id === obs.pending_set })))
        : h("div", { class: "ss-none" }, "no sets on the table"),
      // the sets a player shot down score for him but take no part in play: one line, opened on request (a crowded
      // board would otherwise push the decision's targets off the screen)
      captured.length ? h("details", { class: "ss-captured", "data-testid": `captured-${i}`, open: openCaptured.has(i) ? true : undefined,
        ontoggle: (event) => { if (event.target.open) openCaptured.add(i); else openCaptured.delete(i); } },
        h("summary", { class: "ss-cap-head" }, `Face down beside ${seatName(view, i)}, from shooting down: ${plural(captured.length, "set")}`),
        h("div", { class: "ss-sets" }, captured.map((x) => setBox(x, ctx, { can, captured: true })))) : "");
  }));

  // -- stock and the whole discard pile ---------------------------------------------------------------
  const pile = obs.pile || [];
  const stock = obs.stock_size ? planeCard(null, { faceDown: true }) : h("div", { class: "ss-empty" }, obs.stock_turned_over ? "stock out" : "no stock");
  if (can("draw stock")) clickable(stock, "draw stock", act, "Draw the top card of the stock");
  // (a press on the stock when no draw is open goes to the server, whose refusal says why: see refusal below)
  else if (!readOnly && legal.length && obs.stock_size) refusable(stock, "draw stock", ctx.refuse, "The stock: you cannot draw now");
  // (a long pile keeps its cards full size: the cards under the top are strips, whose spines need the height for
  // the plane's name, a long name cut short mid-word on a small card: review 25)
  const pileSize = "";
  const drawing = myTurn && obs.phase === "draw";
  // In plane-spotting on a touch screen the first tap on a card of the pile shows it large (its outline is all the
  // player goes by, and a tap takes every card above it too), and the dock says what a second tap on it does.
  const lookFirst = SPOTTING && tap === "tap";
  const takeOrLook = (el, count) => (action) => {
    const svg = el.querySelector("svg.card");
    if (!lookFirst || svg.classList.contains("zoomed")) return act(action);
    unzoom();
    svg.classList.add("zoomed");
    el.style.zIndex = "16";            // (above the cards to its right, which a touch's hover lifts)
    zoomTimer = setTimeout(unzoom, ZOOM_MS);
    const say = document.querySelector("[data-testid=hand-say]");
    if (!say) return;
    if (say.dataset.was === undefined) say.dataset.was = say.textContent;
    say.textContent = ` · tap that card of the pile again to take it${count > 1 ? ` and the ${plural(count - 1, "card")} above it` : ""}, or tap another`;
  };
  const pileEl = h("div", { class: `ss-pile ${pileSize}` }, pile.map((c, i) => {
    const take = `take ${pile.length - i}`;
    const el = planeCard(c, { size: pileSize });
    // (each card in a holder of its own: the pile fans out in one row, each card over the one below it; a card
    // under others, where its strip is narrow, shows its plane and view written along the strip, as a book's spine)
    if (!can(take)) return h("div", { class: "ss-pc" }, el, i < pile.length - 1 ? spine(c) : "");
    const count = pile.length - i;
    const holder = h("div", { class: "ss-pc ss-take", title: count === 1 ? `Take ${cardName(c)}` : `Take ${cardName(c)} and the ${plural(count - 1, "card")} above it` },
      el, i < pile.length - 1 ? spine(c) : "", h("span", { class: "ss-tag", "aria-hidden": "true" }, String(count)));
    // On a touch screen a card under others is a narrow strip, and a thumb may land on its neighbour: the first tap
    // lifts it and the cards above it, a second takes them (the top card, whole, takes at one tap; a click or a key
    // takes at once)
    const pickTake = (action) => {
      if (tap !== "tap" || count === 1 || holder.getAttribute("aria-pressed") === "true") return act(action);
      holder.parentElement.querySelectorAll("[aria-pressed=true]").forEach((x) => {
        x.setAttribute("aria-pressed", "false");
        x.setAttribute("aria-label", x.dataset.label);
      });
      holder.dataset.label = holder.getAttribute("aria-label");
      holder.setAttribute("aria-pressed", "true");
      holder.setAttribute("aria-label", `${holder.dataset.label}: picked out, tap again to take ${count === 2 ? "both" : `all ${count}`}`);
    };
    if (tap === "tap" && count > 1 && !lookFirst) holder.setAttribute("aria-pressed", "false");
    return clickable(holder, take, lookFirst ? takeOrLook(holder, count) : pickTake,
      count === 1 ? `Take ${cardName(c)}` : `Take ${cardName(c)} and the ${count - 1} above it`);
  }));
  // On a phone the dock covers the table's foot: the pile's top card is kept whole above the dock at every moment of
  // the player's turn, after his draw too (a lay, a swap, a name, the discard: the card the next player may take is
  // read), as the draw keeps the stock and the whole pile there (review 26: the dock, grown with the card drawn, cut
  // the pile to its cards' heads); where the board offers a control in the sets on the table (a swap into another's
  // set, a shot), that set comes first: the window above a phone's dock holds the one or the other, not both
  const topCard = pileEl.lastElementChild;
  const setsAsked = players.querySelector("[data-action], [data-target]");
  if (topCard && myTurn && !drawing && !setsAsked && matchMedia("(max-width: 600px)").matches) topCard.setAttribute("data-focus", "the top of the discard pile");
  const middle = h("div", { class: "ss-middle", "data-focus": drawing ? "the stock and the discard pile" : undefined },
    h("div", { class: "ss-stock" }, stock, h("div", { class: "ss-stock-words" },
      h("div", { class: "ss-label", "data-testid": "stock-label" }, `Stock: ${obs.stock_size ?? 0}${obs.stock_turned_over ? " (turned over)" : ""}`),
      stockWords(view) ? h("div", { class: "ss-label ss-stock-low", "data-testid": "stock-low" }, stockWords(view)) : "")),
    h("div", { class: "ss-discards" }, h("div", { class: "ss-label" }, `Discard pile (${pile.length}), bottom to top${!drawing ? "" : tap === "tap" && pile.length > 1
        ? " — tap a card twice to take it and every card to its right (its number says how many)"
        : " — a card taken takes every card to its right: the number under it says how many"}`),
      pile.length ? pileEl : h("div", { class: "ss-empty" }, "empty")));

  // -- this turn's choices: lay, name, shoot ------------------------------------------------------------
  const panels = [];
  const lays = legal.filter((a) => a.startsWith("lay ")).filter(can);
  // (in plane-spotting the player picks a set's cards in his hand himself: no set is found for him)
  if (lays.length && !SPOTTING) panels.push(layPanel(lays, ctx));
  // the swaps offered where the hand is too (on a phone the table's wild cards are a scroll away from the dock where
  // the player looks): each says the card of the hand, the set it goes into and the wild card it brings back
  const swaps = legal.filter((a) => a.startsWith("swap ")).filter(can);
  if (swaps.length && !SPOTTING && myTurn && !readOnly) {
    panels.push(h("div", { class: "panel ss-swaps decision-area", "data-testid": "swap-panel" },
      h("h3", {}, swaps.length === 1 ? "A swap you can make" : "Swaps you can make"),
      h("div", { class: "ss-lay-list" }, swaps.map((a) => clickable(h("span", { class: "ss-btn ss-swap-btn" },
        planeCard(a.split(" ")[1], { size: "tiny" }), ` ${label(a, view)}`), a, act, label(a, view))))));
  }
  if (obs.phase === "name" && myTurn && !readOnly) panels.push(namePanel(obs, act));
  const hist = obs.history || [];
  const mySaid = (obs.naming || []).filter((x) => x.seat === me).at(-1);
  if (myTurn && mySaid && !mySaid.correct && hist.length && hist.at(-1)[0] === me && hist.at(-1)[1].startsWith("name ")) {
    panels.unshift(h("div", { class: "panel ss-note ss-verdict decision-area", role: "status", "data-testid": "name-verdict" },
      h("b", {}, `You said: ${label(hist.at(-1)[1]).replace(/^Name: /, "")}.`)));
  }
  if (can("hold")) {
    // each enemy bomber set in range, by name, owner and worth (they are marked ⊕ on the table too)
    const targets = (obs.table || []).filter((x) => can(`shoot ${x.id}`));
    panels.push(h("div", { class: "panel ss-shoot decision-area" }, h("h3", {}, "Your fighters are up: shoot down an enemy bomber set?"),
      h("div", { class: "ss-lay-list" }, targets.map((x) => clickable(h("span", { class: "ss-btn ss-shoot-btn" },
        `⊕ ${seatName(view, x.by)}'s ${SPOTTING && !namedSets.has(x.id) ? "bombers" : PLANES[x.plane]?.[0] || "bombers"} (${x.value} points)`),
      `shoot ${x.id}`, act, label(`shoot ${x.id}`, view))),
      clickable(h("span", { class: "ss-btn ss-hold" }, "Hold fire"), "hold", act, "Hold fire"))));
  }
  if (obs.must_go_out && myTurn) panels.push(h("div", { class: "panel ss-note decision-area" }, "You put down a fourth card: you must go out this turn."));

  // -- my hand ----------------------------------------------------------------------------------------------
  let hand = "";
  // (at the game's end, at the table, a hand played out is no panel: "Your hand (0)" stood empty under the result)
  if (obs.hand && !(view.over && !readOnly && !obs.hand.length)) {
    const discarding = legal.some((a) => a.startsWith("discard ")) && !readOnly;
    // On a touch screen a thumb slips, and a discard ends the turn: the first tap picks the card out, a second
    // tap on it throws it (a click or a key throws at once).
    const twice = tap === "tap";
    // in plane-spotting a swap is tried: a card of the hand and a wild card on the table picked, in either order
    const spot = swapTurn(obs, myTurn);
    // (a set may be tried at every play of the turn, with three cards in hand, whether or not one may be laid)
    const layTurn = SPOTTING && myTurn && obs.phase === "play" && !view.onlooker && obs.hand.length >= 3;
    const laying = layTurn && setting.on;
    const picking = spot && !laying && (trying.on || Boolean(trying.wild));
    const sayWhat = laying ? `${tap} the cards of a set, then "Lay these" (a fourth, wild card only when you go out)`
      : !spot ? "" : trying.note ? trying.note
      : trying.wild && !trying.card ? "now pick the card of yours that the wild card stands for"
        : trying.card && picking ? `now ${tap} the wild card on the table that it is to replace`
          : trying.card ? "tap it again to discard it, or tap a wild card to swap it in"
            : picking ? `pick a card of yours, then the wild card on the table it is to replace` : "";
    const say = h("span", { class: "ss-hint", "aria-live": "polite", "data-testid": "hand-say" }, sayWhat ? ` · ${sayWhat}`
      : discarding ? ` · ${tap} a card${twice ? " twice" : ""} to discard it` : "");   // (the prompt says it ends the turn)
    const swapButton = spot ? h("button", { type: "button", class: "ss-try-swap", "data-testid": "try-swap", "aria-pressed": String(picking),
      style: "margin-left: .5rem; font-size: .85rem; padding: .05rem .5rem; vertical-align: middle;",
      onclick: () => { trying = { ...trying, on: !picking, card: null, wild: null, note: "" }; setting.on = false; ctx.redraw(); } },
    picking ? "Cancel the swap" : "Try a swap") : "";
    const small = "margin-left: .5rem; font-size: .85rem; padding: .05rem .5rem; vertical-align: middle;";
    const layButton = layTurn ? h("button", { type: "button", class: "ss-pick-set", "data-testid": "pick-set", "aria-pressed": String(laying),
      style: small, onclick: () => { setting = { ...setting, on: !laying, picked: [] }; trying = { ...trying, on: false, card: null, wild: null, note: "" }; ctx.redraw(); } },
    laying ? "Cancel the set" : "Lay a set") : "";
    // the cards picked, as a lay: a fourth card goes on as the wild card picked last (the server reads the rest)
    const layThese = () => {
      const cards = setting.picked.map((i) => obs.hand[i]);
      const extra = cards.length === 4 ? [...cards].reverse().find((c) => WILD[c]) : null;
      const words = extra ? [...cards.filter((c, j) => j !== cards.lastIndexOf(extra)), `+${extra}`] : cards;
      layTried = { moves: view.moves, n: cards.length };
      if (act(`lay ${words.join(" ")}`) === false) layTried = null;
    };
    const layGo = laying ? h("button", { type: "button", class: "primary ss-lay-these", "data-testid": "lay-these", style: small,
      disabled: setting.picked.length < 3 ? true : undefined, onclick: layThese },
    `Lay these${setting.picked.length ? ` (${setting.picked.length})` : ""}`) : "";
    const pickForSet = (i) => {
      setting.picked = setting.picked.includes(i) ? setting.picked.filter((j) => j !== i) : [...setting.picked, i].slice(-4);
      ctx.redraw();
    };
    const pickForSwap = (c) => {
      if (WILD[c]) {
        trying.note = "a wild card cannot take a wild card's place: pick a plane card";
        trying.card = null;
      } else if (trying.wild) return trySwap(ctx, c, trying.wild.set, trying.wild.slot);
      else {
        trying.card = trying.card === c ? null : c;
        trying.note = "";
      }
      ctx.redraw();
    };
    const pickOut = (el, c) => (action) => {
      if (picking) return pickForSwap(c);
      // (in plane-spotting the card picked out may go into a set instead: the table is drawn again to say so)
      if (spot && twice && el.getAttribute("aria-pressed") !== "true") {
        trying.card = c;
        trying.note = "";
        return ctx.redraw();
      }
      if (!twice || el.getAttribute("aria-pressed") === "true") return act(action);
      el.closest(".row").querySelectorAll("[aria-pressed=true]").forEach((x) => {
        x.setAttribute("aria-pressed", "false");
        x.setAttribute("aria-label", x.dataset.label);
      });
      el.dataset.label = el.getAttribute("aria-label");
      el.setAttribute("aria-pressed", "true");
      say.textContent = " · tap it again to discard it";
      el.setAttribute("aria-label", `${cardName(c)}, picked out: tap again to discard it and end your turn`);
    };
    const fresh = readOnly ? [] : [...newCards(obs)];
    const rows = handRows(obs.hand.length);
    const perRow = Math.ceil(obs.hand.length / rows);
    // (the glance at the draw and the play: naming a set or shooting, the dock holds the decision's own cards)
    hand = h("div", { class: "panel ss-hand hand-area" }, myTurn && ["draw", "play"].includes(obs.phase) ? glance(ctx, can) : "",
      // (a replay opened by an onlooker shows the seat's hand as that player's, not the reader's)
      h("h3", {}, `${view.onlooker ? `${seatName(view, obs.seat)}'s hand` : "Your hand"} (${obs.hand.length})`, say, layButton, layGo,
        laying ? "" : swapButton),
      h("div", { class: `row${rows > 1 ? " ss-rows" : ""}`, "data-rows": rows, style: `--ss-cols: ${perRow}` }, obs.hand.map((c, i) => {
        const el = planeCard(c, { size: "big" });
        // (a card picked shows a tick as well as its ring, so that it never reads as the card just drawn)
        el.append(s("g", { class: "ss-picked-tick", "aria-hidden": "true" }, s("circle", { cx: 84, cy: 128, r: 12, fill: "#1d1d1f", stroke: "#ffd54a", "stroke-width": 2 }),
          s("path", { d: "M78 128 L82.5 132.5 L90.5 123", fill: "none", stroke: "#fff", "stroke-width": 3, "stroke-linecap": "round", "stroke-linejoin": "round" })));
        if (fresh.includes(c)) { fresh.splice(fresh.indexOf(c), 1); markNew(el); }
        const a = `discard ${c}`;
        if (can(a) && twice) el.setAttribute("aria-pressed", "false");
        if (spot && (picking || twice)) el.setAttribute("aria-pressed", String(trying.card === c));
        if (laying) el.setAttribute("aria-pressed", String(setting.picked.includes(i)));
        const card = laying ? pickable(el, `${cardName(c)}: ${setting.picked.includes(i) ? "picked for the set: pick it again to put it back" : "pick it for the set"}`, () => pickForSet(i))
          : picking ? pickable(el, `${cardName(c)}: pick it to put in a wild card's place`, () => pickForSwap(c))
          : can(a) ? clickable(el, a, pickOut(el, c), spot && twice && trying.card === c
            ? `${cardName(c)}, picked out: tap again to discard it and end your turn, or tap a wild card to swap it in` : `Discard ${cardName(c)}`)
            : readOnly ? el : refusable(el, a, ctx.refuse, `${cardName(c)}: cannot be discarded now`);
        // (where the next row begins, when a phone's hand takes more than one)
        return i > 0 && i % perRow === 0 ? [h("span", { class: "ss-break", "aria-hidden": "true" }), card] : card;
      })));
  }

  // -- the round and the names said -----------------------------------------------------------------------------
  // the names said this round, the latest first, folded under one short line that only counts them: the play log
  // and the line under the board announce each name as it is said, so this line never says it a third time (nor
  // grows to push the board down)
  const naming = (obs.naming || []).filter((x) => x.round === obs.round).reverse();
  const saidWords = (x) => {
    const [code, nat] = x.said.split(" ");
    // a wrong name is answered: the plane the set really is
    const truth = x.correct ? null : setPlane(obs, x.set);
    return h("span", { class: `ss-said${x.correct ? "" : " wrong"}` },
      `${seatName(view, x.seat)}: ${PLANES[code]?.[0] || code}, ${NATIONS[nat]?.name || nat} ${x.correct ? "✓" : "✗ (a turn missed)"}`,
      truth ? ` — it is the ${truth[0]}, ${NATIONS[truth[1]]?.name || truth[1]}` : "");
  };
  const info = h("div", { class: "ss-info" },
    h("span", {}, roundLine(obs)),
    // every round's points by player, folded: the totals stand in each player's panel
    (obs.round_scores || []).length ? h("details", { class: "ss-rounds-so-far" }, h("summary", {}, obs.round_scores.length === 1 ? "Points in the first round" : `Points in the ${obs.round_scores.length} rounds so far`),
      h("table", { class: "list" }, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Round"), names.map((_, i) => h("th", { scope: "col" }, columnName(view, i))))),
        h("tbody", {}, obs.round_scores.map((r, n) => h("tr", {}, h("td", {}, String(n + 1)), r.map((x) => h("td", {}, points(x)))))))) : "",
    // (just after a round ended, the player not yet moved in the next, it is one line that says who went out, lit: the
    // count opens from it, never over the hand and the decision of a round already begun: review 25)
    lastOver(obs) && !readOnly ? h("button", { type: "button", class: `ss-count-open${countIsNew(view) ? " ss-count-new" : ""}`, "data-testid": "last-count",
      onclick: () => showCount(view, lastOver(obs)) }, countIsNew(view) ? `${roundCount(view, lastOver(obs)).title} · how it was scored`
      : `How round ${lastOver(obs).round} was scored`) : "",
    naming.length ? h("details", { class: "ss-names", "data-testid": "names-said", open: namesOpen ? true : undefined,
      ontoggle: (event) => { namesOpen = event.target.open; } },
    h("summary", { class: "ss-names-latest" }, `Names said this round (${naming.length})`),
    h("div", { class: "ss-names-all" }, naming.map(saidWords))) : "");

  // (in a replay too, each board's log runs to the step shown, the move just made marked as the step's own: one line
  // of context under the step bar said too little, review 25b)
  const log = playLog(ctx);
  // at a desk the log lies beside the pile: at the player's turn the page keeps its latest lines above the dock too,
  // however tall the decision makes the dock (on a phone it lies above the pile, which has the room)
  if (log && myTurn && !matchMedia("(max-width: 600px)").matches) log.setAttribute("data-focus", "the latest moves");
  // the game over, at the table: the result and the final totals head the board, where the page opens (data-end-result:
  // the table keeps its top in view, the title and the seats with them), not scrolled down past them to the foot
  // (the dock, with the game-over panel's "Replay it" and "Play again", comes after the whole table, below the fold on a
  // laptop too: the line says them, "Play again" pressing the panel's own button; where it has none, a watcher's, none
  // shows; on a wide screen the panel's own pair gives way to the line's, so that one of each is seen)
  const tableId = /^\/t\/[^/]+/.test(location.pathname) ? location.pathname.split("/")[2] : null;
  const again = () => document.querySelector(".dock [data-testid=again]")?.click();
  const finalActions = tableId ? h("span", { class: "ss-final-actions" }, " ",
    h("a", { href: `/replay/${tableId}`, "data-testid": "board-replay" }, "Replay it"), " ",
    h("button", { type: "button", class: "primary ss-final-again", "data-testid": "board-again", onclick: again }, "Play again, same seats")) : "";
  const final = view.over && !readOnly && view.result && !view.result.abandoned
    ? h("div", { class: "ss-final", "data-testid": "board-result", "data-end-result": "" }, h("b", {}, "Game over: "), resultText(view.result, view),
      finalActions) : "";
  const since = myTurn && !readOnly ? sinceYourTurn(ctx, "since") : "";
  const boardEl = h("div", { class: readOnly ? "ss-board ss-replay" : "ss-board" }, counted || "", final, info, players, since, h("div", { class: "ss-mid-row" }, middle, log), ...panels, hand);
  // a tap on a small card that is not a move shows it large (a second tap, a tap anywhere else, a move or a few
  // seconds put it back)
  boardEl.addEventListener("click", (event) => {
    const card = event.target.closest("svg.card");
    if (!card || card.closest("[data-action], [data-refused], [data-swap]")) return;
    const was = card.classList.contains("zoomed");
    unzoom();
    if (!was) {
      card.classList.add("zoomed");
      zoomTimer = setTimeout(unzoom, ZOOM_MS);
    }
  });
  el.append(boardEl);
  requestAnimationFrame(() => markStrips(pileEl));
  if (hand && !readOnly) requestAnimationFrame(() => { watchDock(); fitHand(); });
}

// On a phone the dock covers the lower half of the table, and the pile's cards under the top are narrow strips: at
// the player's turn the dock itself says, in two short lines over his hand, the pile's cards newest first (in the
// draw, the number a take of each takes) and each opponent's sets on the table (the bombers, which fighters may shoot
// down, marked), so that he decides without scrolling.  (Text only, no control: the moves stay on the table; a wide
// screen shows the whole table above the dock, and no glance.)
// (at the draw the pile's top eight, any of which may be taken; after it, the top four, which the dock has room for
// beside the sets to lay)
const GLANCE_PILE = { draw: 8, play: 4 };
function glance(ctx, can) {
  const { obs, view } = ctx;
  const pile = [...(obs.pile || [])].reverse();
  const drawing = obs.phase === "draw";
  const most = drawing ? GLANCE_PILE.draw : GLANCE_PILE.play;
  const pileName = (c) => (WILD[c] ? WILD[c] : `${SPOTTING ? "a plane," : SHORT[planeOf(c)] || planeOf(c)} ${VIEWS[viewOf(c)]}`);
  const pileCards = pile.slice(0, most).map((c, i) => {
    // (in plane-spotting every plane's chip is edged alike: the nation's colour would tell what the picture must)
    const band = WILD[c] ? "#f1c40f" : SPOTTING ? UNNAMED : NATIONS[PLANES[planeOf(c)]?.[1]]?.band || "#555";
    const takes = drawing && can(`take ${i + 1}`);
    return h("span", { class: `ss-gl-card${WILD[c] ? " wild" : ""}`, style: `border-left-color: ${band}`, "data-glance-card": c },
      takes ? [h("b", { class: "ss-gl-n" }, String(i + 1)), " "] : "", pileName(c));
  });
  const more = pile.length > most ? h("span", { class: "ss-gl-more" }, `+${pile.length - most} under`) : "";
  const pileLine = h("div", { class: "ss-gl-line", "data-testid": "glance-pile" },
    h("b", { class: "ss-gl-head" }, drawing && pile.length > 1 ? "Pile, top first (a take takes the number):" : "Pile, top first:"),
    pile.length ? [...pileCards, more] : h("span", {}, "empty"));
  const others = (obs.seat_names || []).map((_, i) => i).filter((i) => i !== obs.seat);
  // (the opponents with no set on the table share one line)
  const bare = others.filter((i) => !(obs.table || []).some((x) => x.by === i));
  const setLines = others.filter((i) => !bare.includes(i)).map((i) => {
    const sets = (obs.table || []).filter((x) => x.by === i);
    return h("div", { class: "ss-gl-line", "data-testid": `glance-sets-${i}` }, h("b", { class: "ss-gl-head" }, `${seatName(view, i)}:`),
      sets.length ? sets.map((x) => {
        const hidden = SPOTTING && !namedSets.has(x.id);
        const kind = hidden ? "" : PLANES[x.plane]?.[2] || "";
        // (in plane-spotting a set goes by its number: the dock names no plane, as the hand's cards are unnamed there)
        const plane = SPOTTING ? `#${x.id}` : SHORT[x.plane] || x.plane;
        return h("span", { class: `ss-gl-set ${kind}`, "data-glance-set": x.id },
          hidden ? `#${x.id} ?` : `${plane}${kind === "bomber" ? " bombers" : kind === "fighter" ? " fighters" : ""} ${x.value}`);
      }) : "");
  });
  if (bare.length) {
    setLines.push(h("div", { class: "ss-gl-line", "data-testid": "glance-no-sets" },
      h("b", { class: "ss-gl-head" }, `${listed(bare.map((i) => seatName(view, i)))}:`), h("span", { class: "ss-gl-none" }, "no sets on the table")));
  }
  return h("div", { class: "ss-glance", "data-testid": "glance" }, sinceYourTurn(ctx, "glance-since"), pileLine, setLines);
}

// A card of the pile under others, where the fan leaves it a strip too narrow for the plane's name on its face: its
// plane (as the card's head names it) and its view's letter written along the strip, in its nation's colour (in
// plane-spotting "?" on the grey of every unnamed card's head: no colour tells a nation there).
function spine(card) {
  const wild = WILD[card];
  const code = planeOf(card);
  const [, nation] = PLANES[code] || [];
  const name = wild || (SPOTTING ? "?" : SHORT[code] || code);
  return h("span", { class: `ss-spine${wild ? " wild" : ""}`, "aria-hidden": "true", "data-testid": "pile-spine",
    style: wild ? undefined : `background: ${SPOTTING ? UNNAMED : NATIONS[nation]?.band || "#555"}` },
  wild ? "" : h("b", { class: "ss-spine-view" }, viewOf(card)), h("span", { class: `ss-spine-name${name.length > 9 ? " long" : ""}` }, name));
}
// The strips are marked once the pile has its width, and again as it changes (a turned phone, a narrower window).
const stripWatch = typeof ResizeObserver === "function" ? new ResizeObserver((entries) => entries.forEach((e) => markStrips(e.target))) : null;
function markStrips(pileEl) {
  if (!pileEl.isConnected) return;
  for (const holder of pileEl.querySelectorAll(".ss-pc")) {
    const card = holder.querySelector("svg.card");
    const narrow = Boolean(holder.querySelector(".ss-spine")) && holder.clientWidth < 0.75 * card.clientWidth;
    holder.classList.toggle("ss-strip", narrow);
  }
  if (stripWatch && !pileEl.dataset.watched) { pileEl.dataset.watched = ""; stripWatch.observe(pileEl); }
}

// A card shown large stays ZOOM_MS at most; a press anywhere but on it puts it back at once.
const ZOOM_MS = 4000;
let zoomTimer = null;
function unzoom() {
  clearTimeout(zoomTimer);
  document.querySelectorAll(".ss-board svg.card.zoomed").forEach((c) => c.classList.remove("zoomed"));
  // (the hand's line, while a card of the pile was shown large, said what a second tap takes)
  document.querySelectorAll("[data-testid=hand-say][data-was]").forEach((x) => { x.textContent = x.dataset.was; delete x.dataset.was; });
}
document.addEventListener("pointerdown", (event) => {
  if (!(event.target instanceof Element) || !event.target.closest("svg.card.zoomed")) unzoom();
}, true);

// In plane-spotting a card of the hand, in the dock, shows large where the player looks at it: under a resting mouse,
// or the focus moved onto it by Tab or an arrow key.  Large, it would cover the dock's words above the hand (the
// status line, a refusal): it is lifted clear of the dock where the window has room above it, and put back by a click
// on it (a discard tried, or a card refused), by a refusal, and never shown for the focus a move made by a key leaves
// on a card.  (See the stylesheet's .ss-look.)
let focusByKey = false;                // the last key pressed moves the focus (Tab, an arrow)
const LOOK_SCALE = 2.4;
const handSpot = (target) => (target instanceof Element ? target.closest(".ss-hand svg.card.ss-spot") : null);
function lookAt(card) {
  const dock = card.closest(".dock");
  const box = card.getBoundingClientRect();
  const top = dock ? dock.getBoundingClientRect().top : box.top;
  // (grown from its foot: the large card's top would stand LOOK_SCALE heights above the foot)
  const lift = box.bottom - top;
  const room = top - box.height * LOOK_SCALE - 4;
  card.style.setProperty("--ss-lift", room >= 0 && lift > 0 ? `${Math.round(lift)}px` : "0px");
  card.classList.add("ss-look");
}
// the card of the hand shown large under the mouse, and its place in the hand (lifted, the card leaves its place: the
// mouse resting there still looks at it)
let looking = null;
const inside = (r, x, y) => x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
function unlook() {
  looking = null;
  document.querySelectorAll(".ss-hand svg.card.ss-look").forEach((c) => c.classList.remove("ss-look"));
}
document.addEventListener("keydown", (event) => { focusByKey = event.key === "Tab" || event.key.startsWith("Arrow"); }, true);
// (where the pointer pressed: the hand drawn again under a pointer that has not moved since shows no card large)
let pressedAt = null;
document.addEventListener("pointerover", (event) => {
  const card = handSpot(event.target);
  const still = pressedAt && pressedAt.x === event.clientX && pressedAt.y === event.clientY;
  if (!card || event.pointerType !== "mouse" || still || card.hasAttribute("data-looked") || looking?.card === card) return;
  unlook();
  looking = { card, slot: card.getBoundingClientRect() };
  lookAt(card);
});
document.addEventListener("pointermove", (event) => {
  const [x, y] = [event.clientX, event.clientY];
  if (pressedAt && (pressedAt.x !== x || pressedAt.y !== y)) pressedAt = null;
  if (looking && (!looking.card.isConnected || (!inside(looking.slot, x, y) && !inside(looking.card.getBoundingClientRect(), x, y)))) unlook();
  // (a card put back by a press shows large again once the pointer has left it and come back)
  document.querySelectorAll(".ss-hand svg.card[data-looked]").forEach((c) => {
    if (!inside(c.getBoundingClientRect(), x, y)) c.removeAttribute("data-looked");
  });
});
document.addEventListener("pointerdown", (event) => {
  focusByKey = false;
  pressedAt = { x: event.clientX, y: event.clientY };
  const card = handSpot(event.target);
  unlook();
  if (card) card.setAttribute("data-looked", "");      // (put back, till the pointer leaves it)
}, true);
document.addEventListener("focusin", (event) => {
  const card = handSpot(event.target);
  if (card && focusByKey) lookAt(card);
});
document.addEventListener("focusout", (event) => {
  const card = handSpot(event.target);
  if (card) card.classList.remove("ss-look");
});

// A hint asked at a turn stays on through the turn (hint.js's follow): asked at the draw, it is asked again once the
// card is drawn; asked after it (where it weighs what goes on the table first, a set, a swap, a fourth card: see
// unweighed), again once that is down, for the discard; so that one press's advice follows each decision of the turn.
// On while every move since it was asked is the player's own, in the same round.
export function hintFollow(view, asked) {
  const obs = view.observation;
  if (!obs || !["draw", "play"].includes(obs.phase)) return false;
  const since = (obs.history || []).slice(asked);
  const newRound = (obs.events || []).some((e) => e.event === "round over" && e.moves > asked);
  return since.length > 0 && !newRound && since.every(([seat]) => seat === obs.seat);
}

// The sets that may be laid, one choice a plane: a plane with one way to lay it lays at a click; one with several
// (which wild cards to use, a fourth card) opens its ways first, so the choice stays short on any screen.
let layPlane = null;                   // the plane whose ways are open
function layPanel(lays, ctx) {
  const { act } = ctx;
  const byPlane = new Map();
  for (const a of lays) {
    const plane = planeOf(a.split(" ").slice(1).find((w) => PLANES[planeOf(w)]) || "");
    if (!byPlane.has(plane)) byPlane.set(plane, []);
    byPlane.get(plane).push(a);
  }
  if (!byPlane.has(layPlane)) layPlane = null;
  const tiny = (a) => h("span", { class: "row ss-tiny" }, a.split(" ").slice(1).map((w) => planeCard(w.replace("+", ""), {
    size: "tiny", attrs: w.startsWith("+") ? { class: "fourth" } : {} })));
  // (not in plane-spotting, where the player picks a set's cards himself: see ``setting``)
  const planeWords = (plane) => PLANES[plane]?.[0] || "a set";
  const choices = [...byPlane.entries()].map(([plane, ways]) => {
    const kind = PLANES[plane]?.[2] || "";
    if (ways.length === 1) {
      return clickable(h("div", { class: "ss-lay" }, tiny(ways[0]), h("span", { class: `ss-plane ${kind}` }, `Lay ${planeWords(plane)}`)),
        ways[0], act, label(ways[0], ctx.view));
    }
    const open = layPlane === plane;
    return h("button", { type: "button", class: `ss-lay ss-lay-plane${open ? " open" : ""}`, "data-choose": `lay ${plane}`, "aria-expanded": String(open),
      onclick: () => { layPlane = open ? null : plane; ctx.redraw(); } },
    h("span", { class: `ss-plane ${kind}` }, `Lay ${planeWords(plane)}`),
    h("span", { class: "ss-ways" }, `${open ? "hide the" : "show"} ${ways.length} ways ${open ? "▴" : "▾"}`));
  });
  const ways = layPlane ? byPlane.get(layPlane).map((a) => clickable(h("div", { class: "ss-lay ss-way" }, tiny(a),
    h("span", { class: "ss-way-words" }, layWays(a))), a, act, label(a, ctx.view))) : [];
  // (on a phone the choices wrap two a line, so the count says how many there are to look through)
  const row = choices.length > 2 && matchMedia("(max-width: 600px)").matches ? `: ${choices.length} choices` : "";
  return h("div", { class: "panel ss-lays decision-area" }, h("h3", {}, "Lay down a set", row ? h("span", { class: "ss-ways" }, row) : ""),
    h("div", { class: "ss-lay-list" }, choices), ways.length ? h("div", { class: "ss-lay-list ss-way-list" }, ways) : "");
}

// Which cards a way of laying uses, in words: the views of the plane, then the wild cards by name.
function layWays(action) {
  const words = action.split(" ").slice(1);
  const views = words.filter((w) => PLANES[planeOf(w)] && !w.startsWith("+")).map((w) => VIEWS[viewOf(w)]);
  // the wild cards counted: "two" and the card's name, not the name twice
  const counted = new Map();
  words.filter((w) => WILD[w]).forEach((w) => counted.set(WILD[w], (counted.get(WILD[w]) || 0) + 1));
  const wilds = [...counted].map(([name, n]) => (n === 1 ? name : `${["", "", "two", "three", "four"][n] || n} ${name}`));
  const fourth = words.find((w) => w.startsWith("+"));
  return [views.length ? `${views.join(" and ")} view${views.length > 1 ? "s" : ""}` : "", ...wilds,
    fourth ? `and ${WILD[fourth.slice(1)] || cardName(fourth.slice(1))} as a fourth card` : ""].filter(Boolean).join(", ");
}

// Naming: the person says a plane and a nation, from the lists or typed; the server judges it.
function namePanel(obs, act) {
  const set = (obs.table || []).find((x) => x.id === obs.pending_set);
  const plane = h("select", { name: "ss-plane", "aria-label": "Plane" }, h("option", { value: "" }, "Choose the plane…"),
    Object.entries(PLANES).sort((a, b) => a[1][0].localeCompare(b[1][0])).map(([code, p]) => h("option", { value: code }, p[0])));
  const nation = h("select", { name: "ss-nation", "aria-label": "Nation" }, h("option", { value: "" }, "Choose the nation…"),
    Object.entries(NATIONS).map(([code, x]) => h("option", { value: code }, x.name)));
  const typed = h("input", { name: "ss-typed", placeholder: `or type it: ${TYPED_EXAMPLE}`, "aria-label": "Name the plane and its nation", size: 22 });
  const sayButton = h("button", { type: "submit", class: "primary", "data-testid": "say-name" }, "Say it");
  // what is missing, said beside the button (a placeholder is faint, and gone once anything is typed)
  const missing = h("span", { class: "ss-name-missing", role: "alert", "data-testid": "name-missing" });
  const form = h("form", { class: "ss-name-form" }, plane, nation, typed, sayButton, missing);
  const mend = () => { missing.textContent = ""; };
  [plane, nation, typed].forEach((field) => { field.addEventListener("input", mend); field.addEventListener("change", mend); });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = typed.value.trim();
    if (text) return act(`name ${text}`);
    if (!plane.value || !nation.value) {
      // the focus goes to the first list still to choose from, so the next key or tap fills it
      missing.textContent = !plane.value && !nation.value ? "Choose a name first: the plane and its nation, or type them."
        : !plane.value ? "Choose the plane too." : "Choose the nation too.";
      (plane.value ? nation : plane).focus();
      return;
    }
    act(`name ${plane.value} ${nation.value}`);
  });
  // the set being named, drawn large: on a phone the cards on the table are too small to tell one outline from another
  const shown = set ? h("div", { class: "ss-name-cards", "data-testid": "naming-cards", "aria-label": "The cards you laid" },
    [...set.cards, set.extra].filter(Boolean).map((c) => planeCard(c, { size: "spot" }))) : "";
  // (no heading of its own: the prompt just above it asks for the name, and a second line saying it again was noise)
  return h("div", { class: "panel ss-name decision-area", "aria-label": "Name the plane you laid and its nation" },
    h("div", { class: "ss-name-body" }, shown, h("div", {},
      h("p", {}, "Say it right: a wrong plane or nation costs your next turn."), form)));
}

// In plane-spotting a card has no name, so two cards of one view would read alike: a move on a card of the hand
// says where the card lies in it instead, counted from the left ("card 3 from the left (top view)"; review 25b found
// "your 8th card from the left" clumsy in a list of them, whose order the hand's now is).
function handCardName(card, view) {
  const i = SPOTTING && !WILD[card] ? (view?.observation?.hand || []).indexOf(card) : -1;
  return i < 0 ? cardName(card) : `card ${i + 1} from the left (${VIEWS[viewOf(card)]} view)`;
}

// An enemy bomber set by its owner and plane ("Arthur's <plane> set"), in plane-spotting by its place among his
// sets where its plane is still to be named ("Arthur's 2nd bomber set"); by its number alone where no view is at hand.  Set numbers start again
// each round, so ``view`` must be the table as it stood at the move (just before it, or just after: a set shot
// down lies face down beside its shooter, and a shot that ended the round is read in that round's count).
function bomberSet(id, view) {
  const obs = view?.observation || {};
  let sets = everySet(obs);
  if (!sets.length) {      // a round just begun: the shot went out, and the count of the round before has the set
    const over = (obs.events || []).filter((e) => e.event === "round over" && e.round === obs.round - 1).at(-1);
    sets = over ? [...(over.laid || []).flat(), ...(over.shot_down || []).flat()] : [];
  }
  const set = sets.find((x) => x && String(x.id) === String(id));
  if (!set) return `bomber set #${id}`;
  return setName(set, sets, view, { noun: SPOTTING && !namedSets.has(set.id) ? "bomber set" : "set", full: true });
}

// A laid set by its owner and plane: "Cyril's PLANE set", "your PLANE set", "his PLANE set" (a move of its
// owner's, ``by``; see setName); by its number alone where it is not found.
// ``sets``: the sets of the round the move was in (the play log's); else the table of ``view``.
function setWords(id, view, sets = null, by = null) {
  const obs = view?.observation || {};
  const all = sets || everySet(obs);
  const set = all.find((x) => x && String(x.id) === String(id));
  if (!set) return `set #${id}`;
  // (a move of the log on a set came after its naming, perhaps in a round gone by: by its plane, never "1st set")
  return setName(set, all, view, { by, known: Boolean(sets) });
}

// Whether a move's words need the table as it stood when it was made (the replay's analysis fetches that view for
// them): a shot, a swap and a wild card added name the set's owner and plane, and a set's number names another set
// in another round.  (A discard names a card by its place in the hand only in plane-spotting, which a replay does
// not hide.)
export function labelNeedsView(action) {
  // (a take names the cards the pile held then)
  return ["shoot ", "take ", "swap ", "add "].some((verb) => action.startsWith(verb));
}

export function label(action, view) {
  const [verb, a, b] = action.split(" ");
  if (verb === "lay") {
    const words = action.split(" ").slice(1);
    const plane = words.find((w) => PLANES[planeOf(w)]);
    // (in plane-spotting two planes' cards of one view would read alike: each says where it lies in the hand)
    const hand = SPOTTING ? view?.observation?.hand || [] : [];
    const at = (w) => { const i = hand.indexOf(w); return i < 0 ? "" : ` (card ${i + 1})`; };
    const parts = words.map((w) => (w.startsWith("+") ? `+${WILD[w.slice(1)] || w.slice(1)}` : WILD[w] || `${VIEWS[viewOf(w)]}${at(w)}`));
    return `Lay ${SPOTTING ? "a set" : PLANES[planeOf(plane)]?.[0] || plane}: ${parts.join(", ")}`;
  }
  if (verb === "name") return `Name: ${PLANES[a]?.[0] || a}, ${NATIONS[b]?.name || b}`;
  if (verb === "discard") return `Discard ${handCardName(a, view)}`;
  if (verb === "take") return takeWords(Number(a), view);
  // (in plane-spotting a swap named with its card and set would give the card away: a hint says only that there is one)
  if (verb === "swap") return SPOTTING ? "Swap a card of yours for a wild card (which card, and where, is for you to spot)" : `Swap ${handCardName(a, view)} into ${setWords(b, view)}`;
  if (verb === "add") return `Add ${WILD[a]} to ${setWords(b, view)}`;
  if (verb === "shoot") return `Shoot down ${bomberSet(a, view)}`;
  if (action === "hold") return "Hold fire";
  if (action === "draw stock") return "Draw from the stock";
  return action;
}

// A take from the pile, short at every size (the hint's row, the move list, the analysis keep to a line or two): how
// many, as the pile's numbers say, and the lowest card taken, "Take 4 from the pile, down to PLANE (top)"; the cards
// it takes, each named, are ``takeList``'s (the move list's button shows them on a hover).  A view without the pile (a
// replay's move list) says only how many.
function takeWords(n, view) {
  const pile = view?.observation?.pile || [];
  if (pile.length < n) return n === 1 ? "Take the top discard" : `Take the top ${n} discards`;
  const low = pile.at(-n);
  const short = WILD[low] || (SPOTTING ? `a plane (${VIEWS[viewOf(low)]} view)` : `${SHORT[planeOf(low)] || planeOf(low)} (${VIEWS[viewOf(low)]})`);
  if (n === 1) return `Take ${short} from the pile`;
  return `Take ${n} from the pile, down to ${short}`;
}
// The cards a take of ``n`` takes, top first, each named (null where the view has no pile)
function takeList(n, view) {
  const pile = view?.observation?.pile || [];
  return pile.length < n ? null : `The cards it takes, top first: ${listed(pile.slice(-n).reverse().map((c) => cardName(c)))}`;
}
// A move's words in full where its label is short (a take of several from the pile: every card it takes): the move
// list's button shows them on a hover
export function labelTitle(action, view) {
  const [verb, a] = action.split(" ");
  return verb === "take" && Number(a) > 1 ? takeList(Number(a), view) : null;
}

// The one move left, said in the hint's place (the Hint button has nothing to weigh): a last card to discard is
// named, with what it does
export function hintOnly(action, view) {
  const [verb, a] = action.split(" ");
  const hand = view?.observation?.hand || [];
  const how = `(${tap} it${tap === "tap" ? " twice" : ""}, or here)`;
  if (verb === "discard" && hand.length === 1) return `discard your last card, ${handCardName(a, view)}, to go out ${how}.`;
  if (verb === "discard") return `discard ${handCardName(a, view)} ${how}.`;
  const words = label(action, view);
  return `${words.charAt(0).toLowerCase()}${words.slice(1)}.`;
}

// A hint's row for a set of bombers to lay says, beside it, where the table shows a risk to it: an opponent seen
// taking from the pile (cards everyone saw go into his hand, still there) two cards or more toward a set of enemy
// fighters (two views of one fighter, or one and a wild card), with which he could shoot the set down once it is
// laid.  From the public table only; null where nothing is known against it (the hint's row keeps its words).
// Under each row, what the move builds or keeps, in the server's words from the seat's own view (the same reasons the
// analysis gives its judged moves: "completes the Ki-99 set (30 points to lay); costs 160 points while held");
// none in plane-spotting, where a reason would name the plane the player is to recognise.
export function hintWords(action, view) {
  const why = view?.observation?.reasons?.[action] || "";
  const said = (text) => (why ? [h("span", { class: "ss-move" }, text), h("small", { class: "ss-reason", "data-testid": "hint-reason" }, why)] : text);
  if (action === "hold") {
    const keep = holdKeeps(view);
    return keep ? ["Play", said(`Hold fire (${keep})`)] : why ? ["Play", said(label(action, view))] : null;
  }
  const risk = layRisk(action, view);
  if (risk) return ["Play", said(`${label(action, view)} (at risk: ${risk})`)];
  return why ? ["Play", said(label(action, view))] : null;
}
// Why holding fire may be worth more than a shot, where the table shows it (review 22b: "Hold fire" ranked over a
// shot down with no reason given): a set in range holds a wild card standing for a card in the player's hand, which
// he could swap for that wild card once he holds fire; a shot takes the set off the table, wild card and all.  From
// his own hand and the table, in the default game only (in plane-spotting it would say which plane a card of his is).
function holdKeeps(view) {
  const obs = view?.observation;
  if (SPOTTING || !obs || obs.phase !== "shoot") return null;
  const hand = obs.hand || [];
  for (const x of obs.table || []) {
    if (!(view.legal || []).includes(`shoot ${x.id}`)) continue;
    const slot = (x.cards || []).findIndex((c, i) => WILD[c] && hand.includes(`${x.plane}/${VIEW_ORDER[i]}`));
    if (slot < 0) continue;
    const card = `${x.plane}/${VIEW_ORDER[slot]}`;
    return `keeps ${bomberSet(x.id, view)} on the table, its ${WILD[x.cards[slot]]} for your ${cardName(card)} to swap`;
  }
  return null;
}
function layRisk(action, view) {
  const obs = view?.observation;
  if (SPOTTING || !obs || !action.startsWith("lay ")) return null;
  const code = planeOf(action.split(" ").slice(1).find((w) => PLANES[planeOf(w)]) || "");
  const [, nation, kind] = PLANES[code] || [];
  if (kind !== "bomber") return null;
  const side = NATIONS[nation]?.side;
  for (const [seat, cards] of (obs.seen_in_hands || []).entries()) {
    if (seat === view.seat) continue;
    const wilds = cards.filter((c) => WILD[c]);
    const views = new Map();           // an enemy fighter -> the views of it seen going into his hand
    for (const c of cards) {
      const p = PLANES[planeOf(c)];
      if (!p || p[2] !== "fighter" || !side || NATIONS[p[1]]?.side === side) continue;
      views.set(planeOf(c), new Set([...(views.get(planeOf(c)) || []), viewOf(c)]));
    }
    for (const [fighter, seen] of views) {
      if (seen.size + wilds.length < 2) continue;
      const held = seen.size === 1 ? `a ${PLANES[fighter][0]} card and ${listed(wilds.map((w) => WILD[w]))}`
        : `${plural(seen.size, `${PLANES[fighter][0]} card`)}${wilds.length ? ` and ${listed(wilds.map((w) => WILD[w]))}` : ""}`;
      return `${seatName(view, seat)} took ${held} from the pile, enemy fighters that could shoot it down`;
    }
  }
  return null;
}

// In plane-spotting a swap made from the hint would show which card of the hand is which plane: the hint names it, the
// player makes it
export function hintPlayable(action) {
  return !(SPOTTING && action.startsWith("swap "));
}

// The moves a hint passes over, in words: the expert weighs what goes on the table (a set, a swap, a fourth card)
// before a discard, so while one may be made the discards wait; not "not worth playing", as they must come later.
export function unweighed(count, view) {
  if (view?.observation?.phase !== "play") return null;
  return `${count === 1 ? "Your discard was" : `Your ${count} discards were`} not weighed yet: the expert first puts on the table `
    + "what it can (a set, a swap, a fourth card), and weighs which card to throw away once that is done: the hint, still on, then asks again by itself.";
}

// The stock's end in sight: "3 cards left in the stock: when it runs out, the round ends" (or, where it is still to be
// turned over, "then the discard pile is turned over as a new stock, once"); null while more than STOCK_LOW are left.
const STOCK_LOW = 5;
const lastStock = (obs) => Boolean(obs.stock_turned_over) || obs.stock_out === "end-round";
// (the status line's shorter words, beside the prompt to draw: "3 left in the stock, then the round ends.")
function stockShort(view) {
  const obs = view?.observation;
  if (!stockWords(view)) return null;
  return `${obs.stock_size} left in the stock, then ${lastStock(obs) ? "the round ends" : "the pile is turned over"}.`;
}
function stockWords(view) {
  const obs = view?.observation;
  if (!obs || view.over || obs.stock_size === undefined || obs.stock_size > STOCK_LOW) return null;
  const last = lastStock(obs);
  const left = obs.stock_size ? `${plural(obs.stock_size, "card")} left in the stock` : "The stock is empty";
  return `${left}: ${last ? `when it runs out, the round ends${obs.stock_turned_over ? " (it was turned over once already)" : ""}`
    : "then the discard pile, but its top card, is turned over as a new stock, once"}.`;
}

// News at the table: a turn missed for a wrong name; the stock turned over (made again from the discards); the stock
// running low, once in a round as it comes down to STOCK_LOW cards.
const TURNED = "The stock ran out: the discard pile, but its top card, was turned over as a new stock. When this one runs out, the round ends.";
function stockNews(prev, view) {
  const a = prev.observation || {};
  const b = view.observation || {};
  if (a.round !== b.round || view.over) return null;
  if (b.stock_turned_over && !a.stock_turned_over) return TURNED;
  if (b.stock_size <= STOCK_LOW && a.stock_size > STOCK_LOW) return stockWords(view);
  return null;
}

export function status(view) {
  if (view.over || view.seat === null || !view.legal.length) return "";
  const phase = view.observation?.phase;
  const low = stockShort(view);
  if (phase === "draw") return `Draw from the stock, or take a discard and all above it.${low ? ` ${low}` : ""}`;
  if (phase === "name") return "Name the plane you laid down, and its nation.";
  if (phase === "shoot") return "Your fighters may shoot down a set of enemy bombers.";
  // (a fourth card down: the turn must end with going out, the last card discarded)
  if (view.observation?.must_go_out) return "Go out this turn: put down what you can, then discard your last card.";
  return "Lay sets, swap in wild cards, then discard to end your turn.";
}

// The round and how the game ends: "Round 2 · first to 250 wins"; a table that stops after so many rounds says which
// of them this is, and that the highest total wins at the end of the last.
function roundLine(obs) {
  if (!obs.max_rounds) return `Round ${obs.round} · first to ${obs.target} wins`;
  const last = obs.round >= obs.max_rounds;
  return `Round ${obs.round} of ${obs.max_rounds}${last ? " (the last)" : ""} · first to ${obs.target} wins, or the highest total after round ${obs.max_rounds}`;
}

// Whether the round limit ended the game (rather than a player reaching the target alone).
function limitReached(result, view) {
  const obs = view.observation || {};
  if (!obs.max_rounds || (result.rounds || 0) < obs.max_rounds) return false;
  const totals = Object.values(result.totals || {});
  const best = Math.max(...totals);
  return !(best >= obs.target && totals.filter((t) => t === best).length === 1);
}

export function resultText(result, view) {
  if (!result) return "";
  const rules = view.observation?.seat_names || Object.keys(result.totals || {});
  const totals = rules.map((r, i) => `${person(view, i)} ${points(result.totals?.[r])}`).join(" · ");
  const won = rules.indexOf(result.winner);
  // "You win" for the person's own seat, "Arthur wins" for another's
  const head = result.winner ? `${person(view, won, { start: true })} ${addressed(view, won) ? "win" : "wins"}` : "A draw";
  if (limitReached(result, view)) return `${head} after ${plural(result.rounds, "round")} (the round limit was reached: the highest total wins): ${totals}.`;
  const why = endReason(result, view, rules);
  return why ? `${head} after ${plural(result.rounds, "round")}. ${why}` : `${head} after ${plural(result.rounds, "round")}: ${totals}.`;
}

// Why the game ended, by the rules page's ruling 12 (totals are checked after each round; if several are past the
// target, the highest total wins, not the first to cross): "You reached 250 first: you 260 · Arthur 120." or "Both
// of you passed 250 this round; the higher total wins: you 285, Arthur 270."  Words only: the server ended the game.
function endReason(result, view, rules) {
  const target = view.observation?.target;
  const final = rules.map((r) => result.totals?.[r]);
  const last = (result.round_scores || []).at(-1);
  if (!target || !result.winner || final.some((t) => typeof t !== "number")) return "";
  const past = final.map((t, i) => (t >= target ? i : -1)).filter((i) => i >= 0);
  const won = rules.indexOf(result.winner);
  const listedTotals = (seats) => seats.map((i) => `${person(view, i)} ${points(final[i])}`);
  if (past.length === 1) {
    return `${person(view, won, { start: true })} reached ${target} first: ${listedTotals(rules.map((_, i) => i)).join(" · ")}.`;
  }
  const before = last ? final.map((t, i) => t - (last[i] || 0)) : final;
  const crossed = past.filter((i) => before[i] < target);
  const order = [won, ...past.filter((i) => i !== won).sort((a, b) => final[b] - final[a])];
  const higher = past.length === 2 ? "higher" : "highest";
  const among = past.some((i) => addressed(view, i)) ? "of you" : "players";
  const whom = past.length === rules.length ? (past.length === 2 ? `Both ${among}` : `All ${past.length} ${among}`) : listed(past.map((i) => person(view, i)));
  const when = crossed.length === past.length ? `passed ${target} this round` : `are past ${target}`;
  const rest = rules.map((_, i) => i).filter((i) => !past.includes(i));
  const others = rest.length ? ` (${listedTotals(rest).join(", ")})` : "";
  return `${whom.charAt(0).toUpperCase()}${whom.slice(1)} ${when}; the ${higher} total wins: ${listedTotals(order).join(", ")}${others}.`;
}

// The naming form below the board says any plane and nation, so the move list
// leaves out the many "name ..." moves rather than show a button for each.
// In plane-spotting it leaves out the swaps too: a swap listed would say which plane a card of the hand is.
// (a hand of ten or more, a pile of nine or more: the list's tenth move and those after it have keys too, 0 and a to z)
export const moreKeys = true;
export function moves(view) {
  const spotting = Boolean(view.observation?.recognition);
  // (in plane-spotting no swap nor set is listed: which cards make one is for the player to spot)
  const shown = view.legal.filter((a) => !a.startsWith("name ") && !(spotting && (a.startsWith("swap ") || a.startsWith("lay "))));
  if (!spotting) return shown;
  // (the discards, each named by its place in the hand, in the hand's order, left to right: the keys 1-9 then follow
  // the hand, and the list reads as the row of cards does, where it jumped 8th, 4th, 3rd, 9th)
  const hand = view.observation.hand || [];
  const at = (a) => (a.startsWith("discard ") && hand.includes(a.slice(8)) ? hand.indexOf(a.slice(8)) : -1);
  const placed = shown.filter((a) => at(a) >= 0).sort((a, b) => at(a) - at(b));
  return [...shown.filter((a) => !a.startsWith("discard ")), ...placed, ...shown.filter((a) => a.startsWith("discard ") && at(a) < 0)];
}

// Words for a move just made, in the past tense (the same after "You" as after a name).
export function describe(action, view, seat) {
  const hist = view?.observation?.history || [];
  const last = hist.at(-1);
  const at = last && last[0] === seat && last[1] === action ? hist.length - 1 : -1;
  const words = moveWords(action, view, seat, at);
  // a name said is answered at once, as a friend holding the cards would answer it
  const said = action.startsWith("name ") && at >= 0 ? (view.observation.naming || []).filter((x) => x.seat === seat).at(-1) : null;
  if (!said) return words;
  if (said.correct) return `${words}: right`;
  // the player's own wrong name is answered once, whole, in the headline: "You named it wrongly: it is the PLANE
  // (NATION); you miss your next turn" (the boxed panel below says only what he said)
  if (seat === view.seat && !view.onlooker && view.legal?.length) return `named it wrongly: ${truthOf(said, view, "(")}; you miss your next turn`;
  return `${words}. ${verdict(said, view)}`;
}

// The plane a set wrongly named is: "it is the PLANE, NATION" (or "(NATION)")
function truthOf(said, view, mark = ",") {
  const truth = setPlane(view.observation, said.set);
  if (!truth) return "that is not the plane laid";
  const nation = NATIONS[truth[1]]?.name || truth[1];
  return mark === "(" ? `it is the ${truth[0]} (${nation})` : `it is the ${truth[0]}, ${nation}`;
}

// A wrong name in the analysis, in one short sentence the replay follows with the turn lost: "Wrong name: it is the
// PLANE, NATION."
// The analysis on a phone: the hand the decision was about, small, just under the judgement (the replay's board, with
// the hand at its foot, lies far below); the cards the move played are marked.  At a desk the board sits beside it.
// Above it, on every screen, what the move made and the expert's choice each did, as the server's reasons say from the
// seat's own view then ("breaks up your two PLANE views; 5 points off your hand"): why one gave away chances.
export function judged({ obs, played, best, view }) {
  const reasonOf = (action) => (obs && obs.reasons && obs.reasons[action]) || "";
  const why = (action, whose) => (reasonOf(action) ? h("li", {}, h("b", {}, `${whose} ${label(action, view || { observation: obs })}: `), reasonOf(action)) : "");
  const reasons = played && (reasonOf(played) || (best && best !== played && reasonOf(best)))
    ? h("ul", { class: "ss-reasons", "data-testid": "judged-reasons", "aria-label": "What each move does" },
      why(played, "Played:"), best && best !== played ? why(best, "The expert's choice:") : "") : null;
  const hand = judgedHand({ obs, played });
  // (one element: the replay appends what this returns as it is)
  return reasons && hand ? h("div", { class: "ss-judged-whole" }, reasons, hand) : reasons || hand;
}

function judgedHand({ obs, played }) {
  const hand = obs?.hand || [];
  if (!hand.length || !played) return null;
  const used = new Set(played.split(" ").slice(1).map((w) => w.replace("+", "")));
  return h("figure", { class: "ss-judged", "data-testid": "judged-hand" },
    h("figcaption", {}, `The hand before the move (${plural(hand.length, "card")})${hand.some((c) => used.has(c)) ? `, ${hand.filter((c) => used.has(c)).length > 1 ? "the cards it played" : "the card it played"} raised` : ""}:`),
    h("div", { class: "row ss-judged-cards" }, hand.map((c) => {
      const el = planeCard(c, { size: "small" });
      if (used.has(c)) el.classList.add("ss-judged-played");
      return el;
    })));
}

// The right answer is the expert's ("name PLANE NATION").
export function wrongAnswer(action, right, view, seat) {
  const [verb, plane, nation] = (right || "").split(" ");
  if (!action.startsWith("name ") || verb !== "name" || !PLANES[plane]) return null;
  return `Wrong name: it is the ${PLANES[plane][0]}, ${NATIONS[nation]?.name || nation}.`;
}

// A wrong name answered in words: "Not quite: it is the PLANE, NATION. You miss your next turn." (another player
// "misses a turn")
function verdict(said, view) {
  return `Not quite: ${truthOf(said, view)}. ${addressed(view, said.seat) ? "You miss your next turn" : `${seatName(view, said.seat)} misses the next turn`}.`;
}

// A take of more cards than this is told short: how many, and the lowest card taken
const LONG_TAKE = 3;
// The cards move ``at`` (a take from the pile) took, top first, where the page saw them (null where not)
function tookCards(view, seat, at) {
  const came = seat === view?.seat && at >= 0 ? arrivals.get(at) : null;
  return came || (!SPOTTING && at >= 0 ? takes.get(at) : null) || null;
}

// The words for move ``at`` of the history (-1: not known), by ``seat``: as ``describe``, and a card that came into
// the person's own hand named (the page saw it arrive).
function moveWords(action, view, seat, at, sets = null) {
  const [verb, a] = action.split(" ");
  const came = seat === view?.seat && at >= 0 ? arrivals.get(at) : null;
  if (verb === "draw") return came ? `drew ${theCards(came)} from the stock` : "drew from the stock";
  if (verb === "take") {
    const took = a === "1" ? "took the top discard" : `took the top ${a} discards`;
    const cards = tookCards(view, seat, at);
    // (a long take, short: how many and the lowest card taken; the play log's line shows every card on a hover)
    if (cards && cards.length > LONG_TAKE) return `took ${cards.length} from the pile, down to ${theCards(cards.slice(-1))}`;
    return cards ? `${took}: ${theCards(cards)}` : took;
  }
  if (verb === "shoot" && sets) return `shot down ${setOf(sets, a, view)}`;
  if (verb === "lay") return label(action).replace(/^Lay /, "laid ");
  if (verb === "name") return `named it: ${label(action).replace(/^Name: /, "")}`;
  if (verb === "discard") return `discarded ${cardName(a)}`;
  const target = verb === "swap" || verb === "add" ? setWords(action.split(" ")[2], view, sets, seat) : "";
  if (verb === "swap") {
    // (the wild card it won, as the rules told it: "… into Arthur's <plane> set for <wild card>")
    const won = at >= 0 ? (view?.observation?.events || []).find((e) => e.event === "wild swapped" && e.move === at) : null;
    return `swapped ${cardName(a)} into ${target}${won ? ` for ${WILD[won.wild] || won.wild}` : ""}`;
  }
  if (verb === "add") return `added ${WILD[a] || cardName(a)} to ${target}`;
  if (verb === "shoot") return label(action, view).replace(/^Shoot down /, "shot down ");
  if (action === "hold") return "held fire";
  return action;
}

// The end: every round's score for each player, then the totals.
export function ending(view) {
  const obs = view.observation;
  const rounds = obs.round_scores || [];
  const names = obs.seat_names || [];
  // each round's count, as the rules recorded it when the round ended
  const overs = Object.fromEntries((obs.events || []).filter((e) => e.event === "round over").map((e) => [e.round - 1, e]));
  const details = Object.fromEntries(Object.entries(overs).map(([r, e]) => [r, e.breakdown]));
  // who went out, or why the round ended with nobody out (the stock ran out, or only discards went to and fro)
  const outBy = (r) => (!overs[r] ? "" : h("small", { class: "ss-why", "data-testid": `round-end-${r + 1}` }, roundEndWords(view, obs, overs[r])));
  const cell = (r, i) => {
    const d = details[r] && details[r][i];
    if (!d) return h("td", {}, points(rounds[r][i]));
    // each set shot down with its owner, and the owner's doubling wild card in it ("shot down Arthur's PLANE +60
    // (doubled by Arthur's WILD)"); "WILD doubled a set" only for that wild card in this player's own sets
    const hasVic = (x) => [...(x.cards || []), x.extra].includes("VIC");
    const whose = (j) => (addressed(view, j) ? "your" : `${seatName(view, j)}'s`);
    const shot = overs[r]?.shot_down?.[i];
    const shotParts = shot ? shot.map((x) => `shot down ${whose(x.by)} ${PLANES[x.plane]?.[0] || "plane"} +${x.value}${hasVic(x) ? ` (doubled by ${whose(x.by)} ${WILD.VIC})` : ""}`)
      : [d.captured ? `shot down +${d.captured}` : ""];
    const ownVic = !shot || (overs[r].laid?.[i] || []).some(hasVic);
    const parts = [
      d.laid ? `sets +${d.laid}` : "", ...shotParts,
      d.victory === "all" ? `${WILD.VIC} on the last turn: all doubled` : d.victory === "set" && ownVic ? `${WILD.VIC} doubled a set` : "",
      d.hand ? `hand −${d.hand}` : "",
    ].filter(Boolean);
    return h("td", {}, h("b", {}, points(rounds[r][i])), parts.length ? h("small", { class: "ss-why" }, parts.join(" · ")) : "");
  };
  // the last round's count, which ended the game, heads the final view (no sheet stands over the table and the result)
  const over = lastOver(obs);
  const last = over ? roundCount(view, over, { final: true }) : null;
  return h("div", { class: "panel-light ending", "data-testid": "ending" },
    last ? h("section", { class: "ss-last-round", "data-testid": "last-round" }, h("h3", {}, last.title), last.body) : "",
    h("p", {}, `Laid bombers score ${PACK.kinds.bomber.points} a card and fighters ${PACK.kinds.fighter.points}; ${WILD.VIC} doubles its set, or everything its player laid if it went down on his last turn; every card left in hand counts against its holder as it would have scored (${WILD.KEF} ${PACK.wild.KEF.penalty}, ${WILD.VIC} ${PACK.wild.VIC.penalty}).`),
    h("div", { class: "scroll" }, h("table", { class: "list ss-rounds" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Round"), names.map((_, i) => h("th", { scope: "col" }, columnName(view, i))))),
      h("tbody", {}, rounds.map((_, r) => h("tr", {}, h("th", { scope: "row" }, String(r + 1), outBy(r)), names.map((__, i) => cell(r, i))))),
      h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, "Total"), names.map((__, i) => h("td", {}, h("b", {}, points(obs.totals?.[i])))))))));
}

// A player's column in a table of points: "You" for the reader's own seat, as the rest of the page says it (review 25:
// the end's table said "Reviewer" where the page said "You"), else his name
const columnName = (view, i) => (addressed(view, i) ? "You" : seatName(view, i));

// Why round ``over`` ended, short: "Ann went out", "the stock ran out", "only discards changed hands for 12 turns"
function roundEndWords(view, obs, over) {
  if (over.went_out !== null && over.went_out !== undefined) return `${seatName(view, over.went_out)} went out`;
  const stall = (obs.events || []).find((e) => e.event === "stalemate" && e.round === over.round);
  return stall ? `nobody went out: only discards changed hands for ${plural(stall.turns, "turn")}` : "the stock ran out";
}

// A round's end stops play with its count: who went out, each player's sets (the doubling wild card marked), the
// enemy sets his fighters shot down, what his hand cost him, his points for the round and his running total.
export function summary(prev, view) {
  const before = (prev.observation.round_scores || []).length;
  const obs = view.observation;
  if ((obs.round_scores || []).length <= before) return null;
  const over = (obs.events || []).filter((e) => e.event === "round over").at(-1);
  if (!over) return null;
  countSeen(over);
  const count = roundCount(view, over);
  // the round that ends the game is counted in a sheet as every round before it (review 26: it went straight to the
  // end): the sheet waits for the player, and its foot leads to the final table (play again, the replay); the final
  // view keeps the count under the result
  if (view.over) return { ...count, last: true };
  // at the quick pace the count goes on by itself after its time, counted here (the table's own countdown is held:
  // "last"), so that it stops for a player reading it: once he scrolls or touches the count it waits for his Go on
  const after = countdownMs(view, count.body);
  const clock = after ? selfPaced(count.body, after, over.round + 1) : null;
  // (while the count is open, the status under it says when the next round begins: the bots' first moves of it
  // wait behind the count)
  const status = () => `Round ${over.round + 1} begins when you press Go on${clock && !clock.paused() ? `, or by itself in ${Math.round(after / 1000)} s` : ""}.`;
  // (the table's own countdown is never used: the count goes by itself only as counted here, or waits)
  return { ...count, status, last: true };
}

// How long a round's count stays before play goes on by itself: at the quick pace 8 s, longer for a long count (a
// second for every three words), 8 s so for an onlooker; at the others, steady (the table's default) with them, it
// waits for the player's Go on: a count of several players' sets and hands takes longer to read than a half time's
// few lines (review 24: at steady it went on after 14 to 32 s, the player still reading it). The pace's words say so.
const SUMMARY_MS = { quick: 8000 };
export const paceWords = "How long the other players' moves stay on screen; at quick a round's count goes on by itself, at steady, instant and slow it waits for you";
function countdownMs(view, body) {
  let pace = "steady";
  try {
    const chosen = localStorage.getItem("parlour:pace");
    if (["instant", "quick", "steady", "slow"].includes(chosen)) pace = chosen;
  } catch { /* (storage refused: the table's default pace) */ }
  const base = view.seat === null || view.seat === undefined ? 8000 : SUMMARY_MS[pace] || null;
  const words = body.textContent ? body.textContent.split(/\s+/).length : 0;
  return base ? Math.max(base, Math.round(words / 3) * 1000) : null;
}

// The count's own countdown, in the sheet's foot beside Go on: "play goes on by itself in 12 s", which presses Go on
// when it runs out; a player who scrolls the count, touches it or presses a key in it (but Enter and Escape, which go
// on) stops it: "paused", and the count waits for his Go on.
function selfPaced(body, ms, next) {
  let left = ms;
  let paused = false;
  let at = Date.now();
  const say = h("span", { class: "muted ss-countdown", "data-testid": "count-down" });
  const show = () => {
    say.textContent = paused ? "paused: press Go on when you have read it" : `play goes on by itself in ${Math.max(1, Math.ceil(left / 1000))} s`;
  };
  const pause = () => {
    if (paused) return;
    paused = true;
    show();
    say.classList.add("paused");
    // (the status under the sheet said when play would go on by itself)
    const status = document.querySelector(".dock .status");
    if (status && status.textContent.includes("by itself")) status.textContent = `Round ${next} begins when you press Go on.`;
  };
  show();
  requestAnimationFrame(() => {
    const sheet = body.closest(".sheet");
    if (!sheet) return;
    sheet.querySelector(".sheet-foot")?.append(" ", say);
    body.addEventListener("scroll", pause, { passive: true });
    for (const kind of ["pointerdown", "touchstart", "wheel"]) sheet.addEventListener(kind, (event) => {
      if (!(event.target instanceof Element && event.target.closest("[data-testid=go-on]"))) pause();
    }, { passive: true });
    const onKey = (event) => { if (sheet.isConnected && !["Enter", "Escape", "Tab", "Shift"].includes(event.key)) pause(); };
    document.addEventListener("keydown", onKey, true);
    const tick = setInterval(() => {
      if (!sheet.isConnected) { clearInterval(tick); document.removeEventListener("keydown", onKey, true); return; }
      const now = Date.now();
      if (!paused) left -= now - at;
      at = now;
      if (paused) return;
      if (left <= 0) {
        clearInterval(tick);
        document.removeEventListener("keydown", onKey, true);
        sheet.querySelector("[data-testid=go-on]")?.click();
      } else show();
    }, 250);
  });
  return { paused: () => paused };
}

// A round's count shown once at this table stays shut at the next reload (this browser keeps which it was)
const seenKey = () => `parlour:round-count-seen:${location.pathname}`;
function countSeen(over) {
  try { localStorage.setItem(seenKey(), String(over.moves)); } catch { /* (storage refused: shown again, no harm) */ }
}
function countWasSeen(over) {
  try { return localStorage.getItem(seenKey()) === String(over.moves); } catch { return false; }
}

// The count of the round ``over`` (its "round over" event), as the summary shows it: kept too for the player who
// comes back to the table (a reload) and for a look at the last round's count at any time in the next.
function roundCount(view, over, { final = false } = {}) {
  const obs = view.observation;
  const names = obs.seat_names || [];
  const you = (i) => addressed(view, i);
  const who = (i) => (you(i) ? "You" : seatName(view, i));
  const whom = (i) => (you(i) ? "you" : seatName(view, i));
  const whose = (i) => (you(i) ? "your" : `${seatName(view, i)}'s`);
  const planeName = (x) => PLANES[x.plane]?.[0] || "a plane";
  const title = over.went_out !== null && over.went_out !== undefined
    ? `Round ${over.round}: ${who(over.went_out)} went out` : `Round ${over.round}: ${roundEndWords(view, obs, over)}`;
  const totals = obs.totals || [];
  const rows = names.map((_, i) => {
    const b = over.breakdown[i];
    // each set at its face value; the doubling wild card's own set shows it doubled, unless that card doubles everything
    const hasVic = (x) => [...(x.cards || []), x.extra].includes("VIC");
    const all = b.victory === "all";
    const laid = (over.laid?.[i] || []).map((x) => (hasVic(x) && !all ? `${planeName(x)} (+${x.value}, doubled by ${WILD.VIC})`
      : `${planeName(x)} (+${all && hasVic(x) ? x.value / 2 : x.value})`));
    // (a shot-down set's doubling wild card was its owner's: the doubling is told as his, in the shooter's line)
    const shot = (over.shot_down?.[i] || []).map((x) => `${whose(x.by)} ${planeName(x)} (+${x.value}${hasVic(x) ? `, doubled by ${whose(x.by)} ${WILD.VIC}` : ""})`);
    // his sets that another player's fighters shot down: laid, but scoring for the shooter
    const lost = names.flatMap((__, j) => (j === i ? [] : (over.shot_down?.[j] || []).filter((x) => x.by === i)
      .map((x) => `Laid ${planeName(x)}, shot down by ${whom(j)} (its ${x.value} points are ${you(j) ? "yours" : `${seatName(view, j)}'s`})`)));
    const hand = over.hands?.[i] || [];
    // the turns he missed this round for a wrong name (the play log's line for it goes under this count)
    const missed = (obs.events || []).filter((e) => e.event === "forfeits a turn" && e.round === over.round && e.seat === i).length;
    // the wild cards swapped out of sets this round (review 26: the count never said so): who gave which card for
    // which wild card, in whose set; and, in the owner's row, what his set lost (the doubling wild card: its doubling)
    const swaps = (obs.events || []).filter((e) => e.event === "wild swapped" && e.round === over.round);
    const setPlane = (e) => PLANES[e.plane]?.[0] || "a plane";
    const swapped = swaps.filter((e) => e.seat === i).map((e) => `Swapped ${cardName(e.card, { named: true })} for ${WILD[e.wild] || e.wild} in ${e.owner === i ? (you(i) ? "your own" : "his own") : whose(e.owner)} ${setPlane(e)} set`);
    const robbed = swaps.filter((e) => e.owner === i && e.seat !== i).map((e) => `Lost ${WILD[e.wild] || e.wild} from the ${setPlane(e)} set to ${whose(e.seat)} swap${e.wild === "VIC" ? ": it no longer counted double" : ""}`);
    const lines = [
      laid.length ? `Sets: ${laid.join(", ")}${all ? `; ${WILD.VIC} went down on the last turn, so all are doubled: 2 × ${b.laid / 2} = +${b.laid}` : ""}`
        : lost.length ? "" : "No sets laid.",
      ...lost,
      ...swapped,
      ...robbed,
      shot.length ? `Shot down: ${shot.join(", ")}` : "",
      missed ? `Missed ${missed === 1 ? "a turn" : plural(missed, "turn")}: a plane or nation named wrong` : "",
      hand.length ? `Left in hand, −${b.hand}: ${hand.map((c) => cardName(c, { named: true })).join(", ")  /* the round is over: its cards are named */}` : i === over.went_out ? "" : "Nothing left in hand.",
    ].filter(Boolean);
    return h("section", { class: `ss-round-row${i === view.seat ? " mine" : ""}` },
      h("div", { class: "ss-round-head" }, h("b", {}, who(i)), i === over.went_out ? h("span", { class: "ss-out" }, "went out") : "",
        h("span", { class: "ss-round-points" }, `${b.total >= 0 ? "+" : "−"}${Math.abs(b.total)} this round`),
        h("span", { class: "ss-round-total" }, `total ${points(totals[i])}`)),
      h("ul", {}, lines.map((l) => h("li", {}, l))));
  });
  const best = Math.max(...totals);
  // the last round's count ends the game: it says who won, which the page behind it also says
  const next = view.over ? `That was the last round.${view.result ? ` Game over: ${resultText(view.result, view)}` : ""}` : `${aheadWords(obs, over)} ${totals.filter((x) => x === best).length > 1 ? "The lead is shared" : `${who(totals.indexOf(best))} ${you(totals.indexOf(best)) ? "lead" : "leads"} with ${points(best)}`}.`;
  return { title, body: h("div", { class: "ss-round" }, rows, final ? "" : h("p", { class: "muted" }, next)) };
}

// How the game goes on after round ``over``: to the target, and on a table with a round limit, to its last round.
function aheadWords(obs, over) {
  if (!obs.max_rounds) return `First to ${obs.target} wins.`;
  if (over.round + 1 >= obs.max_rounds) return `Round ${obs.max_rounds} is the last round: after it the highest total wins.`;
  return `First to ${obs.target} wins, or the highest total after round ${obs.max_rounds}, the last.`;
}

// The last round's count, again: a player back at the table (a reload) just after a round ended finds its count open
// over the table until he goes on, and at any time in the next round a button in the board's head opens it.
const lastOver = (obs) => (obs.events || []).filter((e) => e.event === "round over").at(-1) || null;
// Whether the last round's count is news to the player at his table: the round just ended, he has not moved since
// (one watching: the table has not yet gone once round), and the count was not shown at its end in this browser.
// A page opened then (a reload, a visit) says it in one lit line in the board's head, which opens the count: the next
// round has begun, and a count opened over the table covered the hand and the draw until Go on (review 25).
function countIsNew(view) {
  const obs = view.observation;
  const over = lastOver(obs);
  if (view.over || !over) return false;
  const since = (obs.history || []).slice(over.moves);
  const seen = view.seat === null || view.seat === undefined
    ? since.filter(([, a]) => /^(draw|take) /.test(a)).length >= (obs.seat_names || []).length
    : since.some(([seat]) => seat === view.seat);
  return !seen && !countWasSeen(over);
}
function showCount(view, over) {
  countSeen(over);
  document.querySelector("dialog.ss-count")?.remove();
  const { title, body } = roundCount(view, over);
  const goOn = h("button", { type: "button", class: "primary", "data-testid": "count-go-on", onclick: () => box.close() }, "Go on");
  const box = h("dialog", { class: "ss-count", "aria-labelledby": "ss-count-title", "data-testid": "round-count" },
    h("h2", { id: "ss-count-title" }, title), body, h("div", { class: "sheet-foot" }, goOn));
  box.addEventListener("close", () => box.remove());
  // (the table's keys, a digit for a move, wait while it is open: Escape and Enter still close it)
  box.addEventListener("keydown", (event) => event.stopPropagation());
  document.body.append(box);
  box.showModal();
  goOn.focus({ preventScroll: true });
}

// -- the play log ---------------------------------------------------------------------------------------------
// An enemy bomber set shot down, by owner and plane, out of ``sets`` (the sets of the round the shot was in):
// "Betty's PLANE set", "your PLANE set".
function setOf(sets, id, view) {
  const set = sets.find((x) => x && String(x.id) === String(id));
  if (!set) return `bomber set #${id}`;
  return setName(set, sets, view, { noun: SPOTTING && !namedSets.has(set.id) ? "bomber set" : "set", full: true });
}

// A turn missed for a wrong name, in words: "Betty misses this turn: the name was wrong".
const missWords = (view, seat) => `${person(view, seat, { start: true })} ${addressed(view, seat) ? "miss" : "misses"} this turn: the name was wrong`;

// The turns passed over for a wrong name, read from the public history: a turn begins with a draw or a take, and
// the seats between one turn's player and the next turn's (the same player again, at two) missed theirs.  A map
// from the place in the history of the move they came before (its length: after the last move) to those seats.
function skippedTurns(obs) {
  const hist = obs.history || [];
  const n = (obs.seat_names || []).length;
  const overs = (obs.events || []).filter((e) => e.event === "round over").map((e) => e.moves);
  const out = new Map();
  const between = (a, b, at) => {
    const seats = [];
    for (let s = (a + 1) % n; s !== b; s = (s + 1) % n) seats.push(s);
    if (seats.length) out.set(at, seats);
  };
  if (!n) return out;
  let last = null;                     // the seat whose turn began last, in this round
  hist.forEach(([seat, action], i) => {
    if (overs.includes(i)) last = null;                    // a new round: its first player follows its dealer
    if (!/^(draw|take) /.test(action)) return;
    if (last !== null) between(last, seat, i);
    last = seat;
  });
  // the turn going on now, not yet begun with a move (the last move ended the turn before it)
  const now = (obs.to_move || [])[0];
  if (last !== null && obs.phase === "draw" && now !== undefined && !overs.includes(hist.length)) between(last, now, hist.length);
  return out;
}

// A turn missed for a wrong name is news: it stays at the head of the story a while (the log keeps it).  So is a
// round begun, with who plays first: "Round 1: Arthur plays first", "Round 2: you play first" (at the table only: a
// replay tells no news).
export function announce(prev, view) {
  if (!prev) return roundNews(null, view);
  const misses = (v) => (v.observation?.events || []).filter((e) => e.event === "forfeits a turn");
  const now = misses(view);
  return now.length > misses(prev).length ? missWords(view, now.at(-1).seat) : roundNews(prev, view) || stockNews(prev, view);
}

// The round just begun, and who plays first in it; null where the round is under way (the table opened again in the
// middle of it: the player has moved in it already, or an onlooker finds moves made).
function roundNews(prev, view) {
  const obs = view.observation;
  if (!obs || view.over || !obs.round) return null;
  if (prev && (prev.observation?.round ?? obs.round) >= obs.round) return null;
  const start = lastOver(obs)?.moves ?? 0;
  const since = (obs.history || []).slice(start);
  const seat = view.seat === null || view.seat === undefined || view.onlooker ? null : view.seat;
  if (!prev && (seat === null ? since.length : since.some(([s]) => s === seat))) return null;
  // (the first move of the round, or the seat to move where none is made yet: a turn missed passes the first turn on)
  const first = since.length ? since[0][0] : (obs.to_move || [])[0];
  if (first === undefined) return null;
  const you = addressed(view, first);
  const verb = since.length && !you ? "played" : you ? "play" : "plays";
  return `Round ${obs.round}: ${person(view, first)} ${verb} first.`;
}

// At the player's turn, before his draw: the others' moves since his last, this round's, each player's in one
// sentence as the play log words them ("Since your turn: Arthur drew from the stock, laid ..., discarded .... Betty
// ...").  The bots' turns flash by in the story line, its headline keeping only the last move (review 22b); here
// they are together where his turn begins.  A laptop has it over the stock and the pile, a phone in the dock's glance.
let sinceOpen = false;
function sinceYourTurn(ctx, testid) {
  const { obs, view } = ctx;
  const hist = obs.history || [];
  if (view.seat === null || view.seat === undefined || obs.phase !== "draw") return "";
  const ends = (obs.events || []).filter((e) => e.event === "round over" && e.moves !== undefined && e.moves <= hist.length);
  const roundStart = Math.max(0, ...ends.map((e) => e.moves));
  let from = roundStart;
  hist.forEach(([seat], i) => { if (seat === view.seat && i >= roundStart) from = i + 1; });
  const skipped = skippedTurns(obs);
  let names = hist.slice(0, from).filter(([, a]) => a.startsWith("name ")).length;
  const runs = [];
  const add = (seat, text) => {
    if (runs.length && runs.at(-1).seat === seat) runs.at(-1).texts.push(text);
    else runs.push({ seat, texts: [text] });
  };
  const missed = (i) => (skipped.get(i) || []).forEach((s) => add(s, "missed a turn (a wrong name)"));
  for (let i = from; i < hist.length; i++) {
    const [seat, action] = hist[i];
    if (i > from) missed(i);
    let text = moveWords(action, view, seat, i, everySet(obs));
    if (action.startsWith("name ")) {
      const said = (obs.naming || [])[names++];
      if (said) text += said.correct ? " (right)" : " (wrong)";
    }
    add(seat, text);
  }
  missed(hist.length);
  const lines = runs.filter((r) => r.seat !== view.seat).map((r) => `${person(view, r.seat, { start: true })} ${listed(r.texts)}.`);
  if (!lines.length) return "";
  // (the phone's, three lines at most, opens whole at a tap: the open state lasts while the board is drawn again)
  const phone = testid === "glance-since";
  const el = h("p", { class: `ss-since${phone && sinceOpen ? " open" : ""}`, "data-testid": testid,
    title: phone ? "Tap to read it all" : undefined }, h("b", {}, "Since your turn: "), lines.join(" "));
  if (phone) el.addEventListener("click", () => { sinceOpen = !sinceOpen; el.classList.toggle("open", sinceOpen); });
  return el;
}

// Every move of the game in words, round by round with the end of each marked, the latest at the bottom (scrolled
// into view): the bots' moves flash by in the story line, one at a time, and here they stay.
function playLog(ctx) {
  const { obs, view } = ctx;
  const hist = obs.history || [];
  const overs = (obs.events || []).filter((e) => e.event === "round over");
  // the sets of each round, for the words of a shot: a round over lists its own; this round's lie on the table
  const setsOf = (r) => (overs[r] ? [...(overs[r].laid || []).flat(), ...(overs[r].shot_down || []).flat()] : everySet(obs));
  const who = (seat) => person(view, seat, { start: true });
  const items = [];
  let r = 0;
  let names = 0;                       // the names said so far: each name move has its entry in the naming log
  const skipped = skippedTurns(obs);
  const missLine = (s) => h("li", { class: "ss-log-move ss-log-miss", "data-missed": s }, missWords(view, s));
  const roundEnd = (over) => h("li", { class: "ss-log-round" }, `End of round ${over.round}: ${over.went_out === null || over.went_out === undefined
    ? roundEndWords(view, obs, over) : `${who(over.went_out)} went out`}`);
  if (hist.length) items.push(h("li", { class: "ss-log-round" }, "Round 1"));
  hist.forEach(([seat, action], i) => {
    while (overs[r] && overs[r].moves !== undefined && i >= overs[r].moves) {
      items.push(roundEnd(overs[r]));
      r += 1;
      items.push(h("li", { class: "ss-log-round" }, `Round ${r + 1}`));
    }
    for (const s of skipped.get(i) || []) items.push(missLine(s));
    // the stock turned over by this draw: the round ends when the new one runs out
    const turned = (obs.events || []).find((e) => e.event === "stock turned over" && e.move === i);
    if (turned) {
      items.push(h("li", { class: "ss-log-move ss-log-stock", "data-testid": "log-stock-turned" },
        `The stock ran out: the discard pile, but its top card, was turned over as a new stock of ${plural(turned.cards, "card")}. When it runs out, the round ends.`));
    }
    let text = `${who(seat)} ${moveWords(action, view, seat, i, setsOf(r))}`;
    if (action.startsWith("name ")) {
      const said = (obs.naming || [])[names++];
      // ("You named it: PLANE, NATION: wrong", short: the turn it costs has a line of its own when it is missed, and
      // the player's own is answered whole in his turn's boxed panel)
      if (said && !said.correct) text += ": wrong";
      else if (said) text += " ✓";
    }
    // (a long take is told short: every card it took on a hover)
    const took = action.startsWith("take ") ? tookCards(view, seat, i) : null;
    items.push(h("li", { class: i === hist.length - 1 ? "ss-log-move ss-latest" : "ss-log-move", "data-move": i,
      "aria-current": i === hist.length - 1 && ctx.readOnly ? "step" : undefined,
      title: took && took.length > LONG_TAKE ? `Took, top first: ${listed(took.map((c) => cardName(c)))}` : undefined }, text));
  });
  for (const s of skipped.get(hist.length) || []) items.push(missLine(s));
  while (overs[r] && overs[r].moves !== undefined && hist.length >= overs[r].moves) { items.push(roundEnd(overs[r])); r += 1; }
  const list = h("ol", { class: "ss-log", "aria-label": "Every move of the game", "data-testid": "play-log", tabindex: "0" },
    items.length ? items : h("li", { class: "ss-log-round" }, "No moves yet"));
  // the latest kept in sight as the list takes its size (the page's stylesheet may come after the first drawing)
  const toEnd = () => { list.scrollTop = list.scrollHeight; };
  requestAnimationFrame(toEnd);
  if (typeof ResizeObserver === "function") {
    const watch = new ResizeObserver(() => (list.isConnected ? toEnd() : watch.disconnect()));
    watch.observe(list);
  }
  return h("section", { class: "ss-log-panel", role: "group", "aria-label": "Play log" }, h("h3", {}, "Play"), list);
}
