// What the two British Towns games share: the pack (towns, regions and their
// colours), the town card drawn as SVG, the KEY card and results.
// The pack comes from the game's own data file (towns.json), fetched from
// /api/games/british-towns-sets/data (both games load the same file): town
// names, regions and which towns are in which region are never written here.
import { h, s, stylesheet } from "/static/dom.js";
import { blank, edge, wrap } from "/static/cards.js";
import { addressed, listed, person, plural, points, seatName } from "/static/words.js";

const DATA = await fetch("/api/games/british-towns-sets/data").then((r) => {
  if (!r.ok) throw new Error(`the British Towns data: ${r.status}`);
  return r.json();
});

// The colour of each region is a choice of this view (the data file gives none),
// by region number; a region without one gets grey.
const COLOUR = {
  1: "#c0392b", 2: "#d9822b", 3: "#9a7d0a", 4: "#1e8449", 5: "#117a8b",
  6: "#2e59a8", 7: "#7d3c98", 8: "#4d5656", 9: "#a3296b",
};

// number: { name, colour }
export const REGIONS = Object.fromEntries(DATA.towns.regions.map((r) => [r.number, { name: r.name, colour: r.colour || COLOUR[r.number] || "#555" }]));

// code: [name, region]
const TOWNS = Object.fromEntries(DATA.towns.towns.map((t) => [t.code, [t.name, t.region]]));
// region: the names of its towns, in the data file's order (the key lists them: a newcomer need not learn the map)
const TOWNS_OF = {};
const CODES_OF = {};
for (const t of DATA.towns.towns) { (TOWNS_OF[t.region] ||= []).push(t.name); (CODES_OF[t.region] ||= []).push(t.code); }

await stylesheet("/static/games/british-towns.css");

const isRegionCard = (code) => /^R\d+$/.test(code);
export const regionOf = (code) => (isRegionCard(code) ? Number(code.slice(1)) : TOWNS[code] ? TOWNS[code][1] : 0);
// a region card by its region's name ("the region card of REGION"), as a player would say it; "region card" alone
// within a group already headed by its region (a hand, an ask's buttons, a set laid), where that is enough
export const shortName = (code) => (isRegionCard(code) ? "region card" : townName(code));
// One name for a region card everywhere (the key, the asks, the hints, the server's refusals, the analysis): "the
// region card of" and the region's name as the key writes it ("the region card of REGION")
export const townName = (code) => (isRegionCard(code) ? `the region card of ${regionPhrase(Number(code.slice(1)))}`
  : TOWNS[code] ? TOWNS[code][0] : code);
// a region's name inside a sentence: "laid down the REGION" where its name begins with "The" (lower case inside a sentence)
export const regionPhrase = (region) => (REGIONS[region]?.name || `region ${region}`).replace(/^The /, "the ");
export const colourOf = (region) => (REGIONS[region] || { colour: "#555" }).colour;

// A town's name on its card is one line, never broken inside a word (review 24: "Birmin-gham", "Coven-try"): its
// size measured in the face the card draws it in, the biggest that leaves a margin at each side, 22 units at most
// (9px on a phone's 40px hand card); a long name smaller, down to NAME_MIN, and below that drawn a little narrower
// (its letters condensed to fit) rather than smaller still.  A two-word name may take two lines, one word a line.
const NAME_FACE = '"DejaVu Sans Condensed", "Roboto Condensed", "Arial Narrow", "Liberation Sans Narrow", system-ui, sans-serif';
const NAME_MAX = 22;
const NAME_MIN = 20;
const NAME_ROOM = 84;     // (of the card's 100 units across: 8 units clear at each side)
const measure = document.createElement("canvas").getContext("2d");
// a line's width, in units, at one unit of font size
function nameWidth(line) {
  measure.font = `800 100px ${NAME_FACE}`;
  return measure.measureText(line).width / 100;
}
// how a town's name is drawn: its lines, the size, and for each line whether it is condensed to NAME_ROOM
export function nameLines(short) {
  const words = short.split(" ");
  const lines = words.length > 1 && short.length > 9 ? [words[0], words.slice(1).join(" ")] : [short];
  const widest = Math.max(...lines.map(nameWidth));
  const px = Math.max(NAME_MIN, Math.min(NAME_MAX, Math.floor((NAME_ROOM / widest) * 10) / 10));
  return { px, lines: lines.map((line) => ({ line, condensed: nameWidth(line) * px > NAME_ROOM })) };
}

// A card of the pack: a town (its name big, region number and colour) or a REGION card.
// (role: what a region card does in this game, in the game's own words, said in its title: each game passes its own)
export function townCard(code, { size = "", attrs = {}, faceDown = false, role = "" } = {}) {
  if (faceDown) {
    const svg = blank("a face-down card", { kind: "bt-card", size, attrs });
    svg.append(
      edge("#24466b", "#fff", 3),
      s("path", { d: "M50 30 L62 50 L56 50 L68 72 L58 72 L70 96 L30 96 L42 72 L32 72 L44 50 L38 50 Z", fill: "#ffffff30" }),
      s("text", { x: 50, y: 124, "text-anchor": "middle", "font-size": 11, fill: "#fff", "font-weight": 700, "letter-spacing": 1 }, "BRITISH"),
      s("text", { x: 50, y: 136, "text-anchor": "middle", "font-size": 11, fill: "#fff", "font-weight": 700, "letter-spacing": 1 }, "TOWNS"));
    return svg;
  }
  const region = regionOf(code);
  const colour = colourOf(region);
  const name = townName(code);
  const title = isRegionCard(code)
    ? `REGION ${region}: ${REGIONS[region]?.name}${role ? ` (${role})` : ""}`
    : `${name}, region ${region} (${REGIONS[region]?.name})`;
  const svg = blank(title, { kind: "bt-card", size, attrs: { "data-card": code, ...attrs }, title });
  if (isRegionCard(code)) {
    svg.append(
      edge(colour, "#222"),
      s("rect", { x: 8, y: 8, width: 84, height: 128, rx: 6, fill: "none", stroke: "#fff9", "stroke-width": 2 }),
      s("text", { x: 50, y: 30, "text-anchor": "middle", "font-size": 14, "font-weight": 800, fill: "#fff", "letter-spacing": 2 }, "REGION"),
      s("text", { x: 50, y: 84, "text-anchor": "middle", "font-size": 54, "font-weight": 900, fill: "#fff" }, String(region)));
    wrap(REGIONS[region]?.name || "", 14).forEach((line, i) => svg.append(s("text", {
      x: 50, y: 106 + i * 11, "text-anchor": "middle", "font-size": 10, "font-weight": 600, fill: "#fff",
    }, line)));
    return svg;
  }
  const short = name.replace(/ \(.*\)$/, "");
  svg.append(
    edge("#fffdf7"),
    s("path", { d: "M2 40 V11 A9 9 0 0 1 11 2 H89 A9 9 0 0 1 98 11 V40 Z", fill: colour }),
    s("circle", { cx: 50, cy: 22, r: 14, fill: "#fff" }),
    s("text", { x: 50, y: 29, "text-anchor": "middle", "font-size": 20, "font-weight": 900, fill: colour }, String(region)),
    s("rect", { x: 2, y: 126, width: 96, height: 16, fill: colour }),
    s("path", { d: "M2 126 H98 V133 A9 9 0 0 1 89 142 H11 A9 9 0 0 1 2 133 Z", fill: colour }));
  const { px, lines } = nameLines(short);
  lines.forEach(({ line, condensed }, i) => {
    const y = lines.length > 1 ? 76 + i * (px + 2) : 84 + px * 0.35;
    svg.append(s("text", { x: 50, y, "text-anchor": "middle", "font-size": px, "font-weight": 800, fill: "#1d1d1f",
      "font-family": NAME_FACE, "data-name-line": i, ...(condensed ? { textLength: NAME_ROOM, lengthAdjust: "spacingAndGlyphs" } : {}) }, line));
  });
  if (short !== name) svg.append(s("text", { x: 50, y: 112, "text-anchor": "middle", "font-size": 10, fill: "#555" }, name.slice(short.length).trim()));
  // (the foot is the region's colour alone: its name there could only be a few pixels high, and the number and the
  // colour say it; the card's title names it in full)
  return svg;
}

// A small coloured chip naming a region: its number, and with full its name.
export function regionChip(region, { full = false, extra = "" } = {}) {
  return h("span", { class: "bt-chip", style: `--rc:${colourOf(region)}`, title: REGIONS[region]?.name || "" },
    h("b", {}, String(region)), full ? ` ${REGIONS[region]?.name || ""}` : "", extra);
}

// The KEY card: every region, how many towns it has and which, and who has laid it (a region laid is struck through).
// The printed card gives only the counts; the town names are Parlour's help, in a lighter line under them.
// What makes a region differs between the games: in the asking game all its towns and its REGION card; in the sets
// game all its towns, or all but one with the REGION card standing in (sets: then held gives, for a region laid,
// the cards its set holds, shown in place of the towns' names).
// The player's own hand is marked in it (his alone: the page has no other): each town he holds ticked and in bold,
// and "you hold 2 of 4" under the region, the region card too where he holds it; by a mark and words, not colour alone.
// now: { region, words }, the region the decision is about, marked with the words (and a ring, and scrolled to where
// the key is a box of its own). quiet: the sets game's "whole: lay it down" left unsaid, where the player must now do
// something else (a card he must add to his set is his whole turn: he lays nothing in it).
// look: the part the page brings into view where the player folds a phone's dock to look at the table (data-look).
export function keyCard(obs, view, laidBy, { focus = false, sets = false, held = {}, now = null, quiet = false, look = false } = {}) {
  const mine = new Set(obs.hand || []);
  return h("div", { class: "bt-key panel", "data-focus": focus ? "the key" : undefined, "data-look": look ? "the key" : undefined }, h("h3", {}, "The key"),
    h("ul", {}, (obs.key || []).map((k) => {
      const who = laidBy[k.region];
      const laid = sets && who !== undefined && held[k.region];
      const here = now && now.region === k.region;
      // (a region laid down keeps its name readable, with a tick before it: laid is done, not lost)
      return h("li", { class: `${who !== undefined ? "done" : ""}${here ? " now" : ""}`, "data-region": k.region }, regionChip(k.region),
        h("div", {}, here ? h("div", { class: "bt-keynow", "data-testid": "key-now" }, now.words) : "", h("div", { class: "bt-keyname" },
          who !== undefined ? h("span", { class: "bt-laidtick", "data-testid": `key-laid-${k.region}`, "aria-hidden": "true" }, "✓ ") : "", k.name),
          h("div", { class: "bt-keycount" }, sets ? `${plural(k.towns, "town")}, or ${plural(k.towns - 1, "town")} + the region card` : `${k.towns} towns + region card`,
            who !== undefined ? h("span", { class: "bt-laidby" }, ` · laid by ${person(view, who)}`) : ""),
          laid ? h("div", { class: "bt-keytowns bt-keyheld" }, `holds ${laid.map(shortName).join(" · ")}`)
            : townsOf(k.region, mine, addressed(view, obs.seat) ? "you hold" : `${seatName(view, obs.seat)} holds`, sets && who === undefined && !quiet)));
    })));
}

// A region's towns in the key, those of the player's hand ticked, with how many of them he holds.
// sets: the regional-sets game, where a region held whole (every town, or all but one and the region card) is said
// so from the moment it is whole, the deal too: it is laid down after the next draw.
function townsOf(region, mine, holds = "you hold", sets = false) {
  const codes = CODES_OF[region] || [];
  const have = codes.filter((c) => mine.has(c)).length;
  const card = mine.has(`R${region}`);
  const names = codes.map((c, i) => [i ? " · " : "", mine.has(c)
    ? h("b", { class: "bt-held", "data-held": c }, `✓ ${TOWNS_OF[region][i]}`) : TOWNS_OF[region][i]]);
  return h("div", { class: "bt-keytowns" }, names.flat(),
    have || card ? h("div", { class: "bt-keyhold", "data-testid": `key-hold-${region}` },
      // (the region card alone is said as such: "0 of 3 and the region card" reads as a sum, not a holding)
      have ? `${holds} ${have} of ${codes.length}${card ? " and the region card" : ""}` : `${holds} the region card (no towns yet)`,
      sets && (have === codes.length || (card && have === codes.length - 1))
        ? h("span", { class: "bt-whole", "data-testid": `key-whole-${region}` }, holds === "you hold" ? " · whole: lay it down on your turn" : " · whole: a set to lay down") : "") : "");
}

// The cards of a hand, grouped by region (towns first, then the REGION card).
export function byRegion(cards) {
  const groups = new Map();
  for (const c of cards) {
    const r = regionOf(c);
    if (!groups.has(r)) groups.set(r, []);
    groups.get(r).push(c);
  }
  return [...groups.entries()].sort((a, b) => a[0] - b[0])
    .map(([r, list]) => [r, list.sort((a, b) => Number(isRegionCard(a)) - Number(isRegionCard(b)))]);
}

export function resultWords(result, view, scoreKey, unit) {
  if (!result) return "";
  const names = view.observation?.seat_names || Object.keys(result[scoreKey] || {});
  const parts = names.map((n, i) => `${seatName(view, i)}: ${unit ? plural(result[scoreKey]?.[n], unit) : points(result[scoreKey]?.[n])}`);
  // (the reader who played and did not win is told so, as Football Whist's result tells him: "You lose.")
  const mine = view.seat === null || view.seat === undefined || view.onlooker ? null : names[view.seat];
  const lost = mine && (result.winner ? result.winner !== mine : (result.shared_by || []).length && !result.shared_by.includes(mine));
  return `${resultHead(result, view)} ${parts.join(" · ")}.${lost ? " You lose." : ""}`;
}

// Who won, alone: "Ann (you) wins.", "Shared by Ann & Bob.", "A draw." (the table's line at the end, where the count
// is the end's own table under it)
export function resultHead(result, view) {
  if (!result) return "";
  const names = view.observation?.seat_names || [];
  let head;
  // (the person himself, where he won: "You win.", as the end's sheet says it; anyone else by name)
  const you = (n) => addressed(view, names.indexOf(n));
  if (result.winner) head = you(result.winner) ? "You win." : `${seatName(view, names.indexOf(result.winner))} wins.`;
  else if (result.shared_by && result.shared_by.length) head = `Shared by ${listed(result.shared_by.map((n) => (you(n) ? "you" : seatName(view, names.indexOf(n)))))}.`;
  else head = "A draw.";
  return head;
}

// The game's end in a few words, as its summary's title and the table's news say it: "you win", "Ann wins", ...
export function endHead(view) {
  const r = view.result;
  const names = view.observation?.seat_names || [];
  const you = (n) => addressed(view, names.indexOf(n));
  const who = (n) => (you(n) ? "you" : seatName(view, names.indexOf(n)));
  if (r.winner) return you(r.winner) ? "you win" : `${who(r.winner)} wins`;
  if (r.shared_by && r.shared_by.length) {
    const mine = r.shared_by.some(you);
    const others = r.shared_by.filter((n) => !you(n)).map(who);
    return mine ? `you share the win with ${others.join(" and ")}` : `${others.join(" and ")} share the win`;
  }
  return "a draw";
}

// The end of the game, announced over the table the moment it comes (the table's summary sheet, as a round's end is
// in other games): who won and why, with every player's count (ending: the game's own end words).  Closing it shows
// the board, and the same count in the page under it (kept out of sight while the sheet is open: one count at a
// time, british-towns.css).
export function endSummary(prev, view, ending) {
  if (!prev || prev.over || !view.over || !view.result || view.result.abandoned) return null;
  const body = ending(view);
  if (!body) return null;
  body.setAttribute("data-testid", "end-summary");
  return { title: `Game over: ${endHead(view)}`, body, last: true, place: placeAtFoot };
}

// The game-over box at the window's foot, the page at its top (review 25a: on a laptop the box stood over the middle
// of the final table, the page scrolled so that the menu was off the screen): the menu, the heading, the piles and
// the players' sets stand above it, under a lighter shade.  (A phone's box is at its foot already.)
function placeAtFoot(sheet) {
  if (!sheet) return;
  sheet.classList.add("bt-end-sheet");
  // (at once, and again once the final table behind it has been laid out and brought into view)
  const top = () => { if (sheet.isConnected) window.scrollTo({ top: 0, behavior: "instant" }); };
  top();
  requestAnimationFrame(() => requestAnimationFrame(top));
  setTimeout(top, 100);
}

// A log box that scrolls, the latest entry last, shown to its end with whole entries only: the box is made just tall
// enough for the newest entries that fit in its height (never a line of an entry cut off at its top); the older ones
// are a scroll up.  (The box is its entries' offset parent: its CSS places it.)
export function showNewest(list) {
  const fit = () => {
    if (!list.isConnected) return;
    list.style.maxHeight = "";
    const room = list.clientHeight;
    const items = [...list.children];
    if (!items.length || list.scrollHeight <= room + 1) { list.scrollTop = list.scrollHeight; return; }
    const bottom = items.at(-1).offsetTop + items.at(-1).offsetHeight;
    let top = items.at(-1).offsetTop;
    for (let i = items.length - 2; i >= 0 && bottom - items[i].offsetTop <= room; i -= 1) top = items[i].offsetTop;
    list.style.maxHeight = `${bottom - top}px`;
    list.scrollTop = list.scrollHeight;
  };
  requestAnimationFrame(fit);
  document.fonts?.ready.then(fit);
}
