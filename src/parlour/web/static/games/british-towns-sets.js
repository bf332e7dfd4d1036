// British Towns, the regional-sets game: draw from the stock or take the top
// discard, lay down whole regions, discard.  Only legal moves are clickable.
import { h } from "/static/dom.js";
import { clickable, refusable } from "/static/cards.js";
import { plural, points, seatName, tap } from "/static/words.js";
import { byRegion, colourOf, keyCard, regionChip, regionOf, resultWords, shortName, townCard, townName, REGIONS } from "/static/games/british-towns-common.js";

export function render(el, ctx) {
  const { obs, view, legal, act, readOnly } = ctx;
  const can = (a) => !readOnly && legal.includes(a);
  const names = obs.seat_names || [];
  const me = obs.seat;

  // -- every player's laid sets ----------------------------------------------------------
  const seats = h("div", { class: "bt-seats" }, names.map((n, i) => {
    const sets = obs.sets?.[i] || {};
    return h("div", { class: `bt-seat wide${i === me ? " mine" : ""}${(obs.to_move || []).includes(i) ? " turn" : ""}` },
      // the score (cards laid less cards in hand) once the player has laid a set: before, it is only his hand
      h("div", { class: "bt-seat-name" }, seatName(view, i), i === me ? " (you)" : "",
        Object.keys(sets).length ? h("span", { class: "bt-score", "data-testid": `score-${i}`, title: "cards laid less cards in hand" }, `score ${points(obs.scores?.[i])}`) : ""),
      h("div", { class: "bt-seat-count" }, `${plural(obs.hand_sizes?.[i] ?? 0, "card")} in hand`),
      Object.keys(sets).length
        ? h("div", { class: "bt-sets" }, Object.entries(sets).map(([r, cards]) => h("div", {
          class: "bt-set", title: `Region ${r}: ${REGIONS[r]?.name}`, style: `--rc:${colourOf(Number(r))}`,
        }, h("div", { class: "bt-set-label" }, regionChip(Number(r)), ` ${REGIONS[r]?.name || ""} · ${plural(cards.length, "card")}`),
        // every card of a laid set by name, in full: a set never hides a town under another card
        h("ul", { class: "bt-set-names" }, cards.map((c) => h("li", { "data-card": c }, shortName(c)))))))
        : h("div", { class: "muted-light" }, "no set laid"));
  }));

  // -- stock and discards ---------------------------------------------------------------------
  const discards = obs.discards || [];
  const top = discards[discards.length - 1];
  const stockCard = townCard("", { faceDown: true, size: "big" });
  if (can("draw stock")) clickable(stockCard, "draw stock", act, "Draw the top card of the stock");
  let topCard = h("div", { class: "bt-empty" }, "no discards");
  if (top) {
    topCard = townCard(top, { size: "big" });
    if (can(`add ${top}`)) clickable(topCard, `add ${top}`, act, `Add ${townName(top)} to your set (it completes your region)`);
    else if (can("take discard")) clickable(topCard, "take discard", act, `Take ${townName(top)} from the discards`);
  }
  const middle = h("div", { class: "bt-middle" },
    h("div", { class: "bt-pile" }, obs.stock_size ? stockCard : h("div", { class: "bt-empty" }, "stock empty"),
      h("div", { class: "bt-pile-label" }, `Stock: ${obs.stock_size ?? 0}`)),
    h("div", { class: "bt-pile" }, topCard, h("div", { class: "bt-pile-label" }, `Discards: ${discards.length}`)),
    discards.length > 1 ? h("div", { class: "bt-under" }, h("div", { class: "bt-pile-label" }, "Below it:"),
      h("div", { class: "bt-under-list" }, discards.slice(-6, -1).reverse().map((c) => h("span", { class: "bt-town", style: `--rc:${colourOf(regionOf(c))}` }, townName(c)))))
      : "");

  // -- my hand ------------------------------------------------------------------------------------
  let hand = "";
  if (obs.hand) {
    const done = can("done") ? clickable(h("span", { class: "bt-btn" }, "Done: draw up to seven"), "done", act) : "";
    hand = h("div", { class: "panel bt-hand hand-area" },
      h("h3", {}, `Your hand (${obs.hand.length})`, legal.some((a) => a.startsWith("discard ")) && !readOnly
        ? h("span", { class: "muted-light" }, ` · ${tap} a card to discard it`) : ""),
      h("div", { class: "bt-groups" }, byRegion(obs.hand).map(([r, cards]) => {
        const lay = `lay ${r}`;
        return h("div", { class: "bt-group", style: `--rc:${colourOf(r)}` },
          h("div", { class: "row" }, cards.map((c) => {
            const card = townCard(c);
            return can(`discard ${c}`) ? clickable(card, `discard ${c}`, act, `Discard ${townName(c)}`)
              : readOnly ? card : refusable(card, `discard ${c}`, ctx.refuse, `${townName(c)}: cannot be discarded now`);
          })),
          can(lay) ? clickable(h("span", { class: "bt-btn lay" }, `Lay down ${REGIONS[r]?.name || `region ${r}`}`), lay, act, `Lay down ${REGIONS[r]?.name} (region ${r})`) : "");
      })), done);
  }

  // the KEY card, as in the asking game: which regions there are, their sizes, and who has laid each
  const laidBy = {};
  (obs.sets || []).forEach((sets, seat) => Object.keys(sets).forEach((r) => { laidBy[r] = seat; }));
  // at the player's turn the piles are what the decision is about: the page keeps them in view (the key, now
  // with every region's towns, is there to look up, beside them)
  const deciding = !readOnly && legal.length > 0;
  if (deciding) middle.dataset.focus = "the stock and the discards";
  el.append(h("div", { class: "bt-layout sets" }, h("div", { class: "bt-main" }, middle, seats, hand),
    h("div", { class: "bt-side" }, keyCard(obs, view, laidBy))));
}

export function label(action) {
  const [verb, arg] = action.split(" ");
  if (verb === "discard") return `Discard ${townName(arg)}`;
  if (verb === "lay") return `Lay down ${REGIONS[arg]?.name || `region ${arg}`}`;
  if (verb === "add") return `Add ${townName(arg)} to your set`;
  if (action === "take discard") return "Take the top discard";
  if (action === "draw stock") return "Draw from the stock";
  if (action === "done") return "Done: draw up to seven";
  return action;
}

export function status(view) {
  if (view.over || view.seat === null || !view.legal.length) return "";
  const legal = view.legal;
  if (legal[0].startsWith("add ")) return "The top discard completes one of your regions: add it to your set (that is your turn).";
  if (legal.includes("draw stock") || legal.includes("take discard")) return "Your turn: draw from the stock, or take the top discard.";
  if (legal.some((a) => a.startsWith("lay ")) && !legal.some((a) => a.startsWith("discard "))) return "You hold a whole region: lay it down.";
  return "Lay down a region, or discard a card.";
}

export function resultText(result, view) {
  return resultWords(result, view, "scores", "");
}

// Words for a move just made, in the past tense (a card drawn from the stock is named to its taker alone: only he
// saw it, and his view lists what he drew).
export function describe(action, view, seat) {
  const [verb, arg] = action.split(" ");
  const drawn = view && seat === view.seat ? view.observation?.drawn || [] : [];
  if (action === "draw stock" && drawn.length) return `drew ${townName(drawn[drawn.length - 1])} from the stock`;
  if (verb === "discard") return `discarded ${townName(arg)}`;
  if (verb === "lay") return `laid down ${REGIONS[arg]?.name || `region ${arg}`}`;
  if (verb === "add") return `added ${townName(arg)} to a region already laid`;
  if (action === "take discard") return "took the top discard";
  if (action === "draw stock") return "drew from the stock";
  if (action === "done") return "drew up to seven cards";
  return action;
}

// The end: why the game stopped, and the count (cards laid, less cards still in hand).
export function ending(view) {
  const obs = view.observation;
  const r = view.result;
  if (!r) return "";
  const over = (obs.events || []).filter((e) => e.event === "game over").at(-1);
  const reshuffles = (obs.events || []).filter((e) => e.event === "reshuffle").length;
  // (the rules' words say "his hand"; the page says "your" to the player and names anyone else's)
  const whose = over && over.seat === view.seat ? "your" : "their";
  const why = over ? `${over.seat === view.seat ? "You" : seatName(view, over.seat)} ${over.why.replace(/\bhis\b/g, whose)}, so the game ended.` : "The game ended.";
  const stock = reshuffles ? ` The stock ran out and the discards were shuffled into a new one ${reshuffles === 1 ? "once" : reshuffles === 2 ? "twice" : `${reshuffles} times`}.` : " The stock ran out.";
  const names = obs.seat_names;
  return h("div", { class: "panel-light ending", "data-testid": "ending" },
    h("p", {}, why, over && /seven|stock/.test(over.why) ? stock : ""),
    h("p", {}, "Each player scores the cards laid in front of him, less the cards still in his hand."),
    h("table", { class: "list" }, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Laid"), h("th", { scope: "col" }, "In hand"), h("th", { scope: "col" }, "Score"))),
      h("tbody", {}, names.map((n, i) => {
        const laid = Object.values(obs.sets?.[i] || {}).reduce((a, c) => a + c.length, 0);
        return h("tr", {}, h("td", {}, seatName(view, i)), h("td", {}, String(laid)), h("td", {}, String(obs.hand_sizes?.[i] ?? 0)), h("td", {}, points(r.scores[n])));
      }))));
}
