// British Towns, the regional-sets game: draw from the stock or take the top
// discard, lay down whole regions, discard.  Only legal moves are clickable.
import { h } from "/static/dom.js";
import { clickable, refusable } from "/static/cards.js";
import { person, plural, points, seatName, tap } from "/static/words.js";
import { byRegion, colourOf, keyCard, regionChip, regionOf, regionPhrase, resultWords, shortName, townCard, townName, REGIONS } from "/static/games/british-towns-common.js";

const HAND = 7;

// The card turned up beside the stock at the deal, remembered from the page's first view of the table (the views
// name it only while it lies there): a later view replays the game from it.
function firstUp(obs) {
  const key = `bt-first-up:${location.pathname}`;
  try {
    if (!(obs.history || []).length && obs.discards?.length) sessionStorage.setItem(key, obs.discards[0]);
    return sessionStorage.getItem(key);
  } catch { return null; }
}

// The game so far, move by move, in words: [{ at, seat, text }] (at: the move's place in the history; seat: who
// made it, null for the table's own news). Replayed from the public history and events, following the discard pile,
// the stock's count and each hand's size, so that a card taken from the discards is named and a set completed by a
// card drawn, a reshuffle or the end is told where it happened. The person's own draws are named from his view.
// One thing the events leave open: a card drawn while a player draws back up to seven that went straight onto a set
// of his may be that refill's or a later draw's. The replay takes the first reading that fits every count (the stock
// is made again exactly when it runs out, and ends as long as the view says, every hand as big).
export function playLog(obs, view) {
  const first = firstUp(obs);
  let best = null;
  let open = 0;
  for (let flips = 0; flips < 256; flips += 1) {
    const tried = replay(obs, view, first, flips);
    if (tried.fits) return tried.lines;
    best ||= tried;
    open = Math.max(open, tried.open);
    if (flips + 1 >= 2 ** open) break;                  // every reading of the open points tried
  }
  return best.lines;
}

function replay(obs, view, first, flips) {
  const names = obs.seat_names || [];
  const events = obs.events || [];
  const history = obs.history || [];
  const total = (obs.key || []).reduce((a, k) => a + k.towns + 1, 0);
  let stock = total - HAND * names.length - 1;
  const hands = names.map(() => HAND);
  const UNKNOWN = {};
  let pile = [first || UNKNOWN];
  const own = obs.drawn || [];
  let mine = 0;
  let e = 0;
  let open = 0;
  let fits = true;
  const lines = [];
  const whose = (s) => (view && view.seat === s ? "your" : "their");
  const say = (at, seat, text, card) => lines.push({ at, seat, text, card });
  const next = () => events[e];
  // the discards become the stock, one turned up: the words, told after the move that ran the stock out
  const shuffle = () => {
    const ev = events[e++];
    stock = Math.max(pile.length - 1, 0);
    pile = [ev.turned_up];
    return `The stock ran out: the discards were shuffled into a new stock, and ${townName(ev.turned_up)} was turned up`;
  };
  // an empty stock is made again at once from two or more discards (or the game ends: its event says so), at the
  // turn of the player the event names
  const emptied = (seat) => {
    if (stock < 0) fits = false;
    if (stock !== 0 || pile.length < 2) return null;
    if (next()?.event === "reshuffle") {
      if (next().seat !== seat) fits = false;
      return shuffle();
    }
    if (next()?.event !== "game over") fits = false;
    return null;
  };
  const over = (at) => {
    const ev = events[e++];
    say(at, ev.seat, `${ev.why.replace(/\bhis\b/g, whose(ev.seat))}, so the game ended`);
  };
  // the next player's turn begins: the end follows the last move
  const turnOver = (at) => {
    const shuffled = emptied((history[at][0] + 1) % names.length);
    if (shuffled) say(at, null, shuffled);
    if (next()?.event === "game over" && at === history.length - 1) over(at);
  };
  // A card drawn from the stock at a player's turn went onto a set of his when his turn ended with it.
  const turnEnds = (at, s) => {
    const following = history[at + 1];
    return following ? following[0] !== s : !((obs.to_move || []).includes(s) && obs.phase === "play");
  };
  const laidSoFar = names.map(() => new Set());
  let decided = new Map();
  const isDrawnOnto = (ev, s) => ev && ev.event === "added" && ev.seat === s && ev.how === "drawn" && laidSoFar[s].has(String(ev.region));
  // while drawing up to seven: the next such event is this refill's where no later draw of his can have made it;
  // where one can, the first reading leaves it to that draw, and flips (a bit for each such open point) says otherwise
  const refillTakes = (at, s) => {
    const ev = next();
    if (!isDrawnOnto(ev, s)) return false;
    const later = history.some(([t, a], i) => i > at && t === s && a === "draw stock" && turnEnds(i, s));
    if (!later) return true;
    if (!decided.has(e)) decided.set(e, Boolean((flips >> open++) & 1));   // (one reading for the whole refill)
    return decided.get(e);
  };
  // one card from the stock: the card that went straight onto a set of his (an event names it), or his own draw
  const drawOne = (at, s, onto) => {
    stock -= 1;
    const shuffled = emptied(s);
    const taken = onto === undefined ? refillTakes(at, s) : onto;
    if (taken && !isDrawnOnto(next(), s)) fits = false;
    const added = taken && isDrawnOnto(next(), s) ? events[e++] : null;
    if (!added) hands[s] += 1;
    const card = added ? added.card : view && s === view.seat ? own[mine++] : null;
    return { added, card, shuffled };
  };
  const toSet = (s, card) => `${whose(s)} set of ${regionPhrase(regionOf(card))}`;
  history.forEach(([s, action], at) => {
    const [verb, arg] = action.split(" ");
    if (action === "take discard") {
      const card = pile.pop();
      hands[s] += 1;
      const named = card && card !== UNKNOWN;
      say(at, s, named ? `took ${townName(card)} from the discard pile` : "took the face-up card from the discard pile", named ? card : null);
    } else if (action === "draw stock") {
      const { added, card, shuffled } = drawOne(at, s, turnEnds(at, s));
      say(at, s, added ? `drew ${townName(card)} from the stock, and it went onto ${toSet(s, card)}`
        : card ? `drew ${townName(card)} from the stock` : "drew from the stock");
      if (shuffled) say(at, null, shuffled);
      if (added) turnOver(at);
    } else if (verb === "discard") {
      pile.push(arg);
      hands[s] -= 1;
      say(at, s, `discarded ${townName(arg)}`);
      turnOver(at);
    } else if (verb === "add") {
      pile.pop();
      if (next()?.event === "added") e += 1;
      else fits = false;
      say(at, s, `took ${townName(arg)} from the discard pile and added it to ${toSet(s, arg)}`);
      turnOver(at);
    } else if (verb === "lay" || action === "done") {
      if (verb === "lay") {
        const set = obs.sets?.[s]?.[arg] || [];
        const later = events.filter((x) => x.event === "added" && x.seat === s && String(x.region) === arg).length;
        const laid = set.slice(0, Math.max(set.length - later, 0));
        hands[s] -= laid.length;
        laidSoFar[s].add(arg);
        const towns = laid.filter((c) => !/^R\d+$/.test(c)).map(townName);
        const words = towns.join(", ") + (laid.length > towns.length ? `${towns.length ? " and " : ""}the region card` : "");
        say(at, s, `laid down ${regionPhrase(Number(arg))}: ${words}`);
      }
      // the turn passes (so he draws back up to seven) unless his next move, or his move now, is in the same turn
      if (!turnEnds(at, s)) return;
      const drawn = [];
      const news = [];
      decided = new Map();
      while (hands[s] < HAND) {
        if (stock <= 0) break;
        const { added, card, shuffled } = drawOne(at, s);
        if (added) news.push(`drew ${townName(card)}, and it went onto ${toSet(s, card)}`);
        else drawn.push(card);
        if (shuffled) news.push(shuffled);
      }
      const named = drawn.filter(Boolean);
      if (drawn.length) say(at, s, `drew ${named.length === drawn.length ? named.map(townName).join(", ") : plural(drawn.length, "card")} from the stock, back up to seven`);
      news.forEach((text) => say(at, text.startsWith("The stock") ? null : s, text));
      turnOver(at);
    }
  });
  if (e < events.length) fits = false;
  while (e < events.length) {                 // (any news the replay did not place: told at the end)
    const ev = next();
    if (ev.event === "reshuffle") say(history.length - 1, null, shuffle());
    else if (ev.event === "game over") over(history.length - 1);
    else { e += 1; if (ev.event === "added") say(history.length - 1, ev.seat, `added ${townName(ev.card)} to ${toSet(ev.seat, ev.card)}`); }
  }
  if (stock !== (obs.stock_size ?? stock) || hands.some((n, i) => n !== (obs.hand_sizes?.[i] ?? n))) fits = false;
  // a face-up card taken before this page saw the table: named where the taker still holds it, the one such card
  if (!first) {
    const taken = lines.find((l) => l.text === "took the face-up card from the discard pile");
    if (taken) {
      const known = new Set(lines.filter((l) => l.seat === taken.seat && l.card).map((l) => l.card));
      const left = (obs.seen_in_hands?.[taken.seat] || []).filter((c) => !known.has(c));
      if (left.length === 1) { taken.text = `took ${townName(left[0])} from the discard pile`; taken.card = left[0]; }
    }
  }
  return { lines, fits, open };
}

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
    else if (can("take discard")) clickable(topCard, "take discard", act, `Take ${townName(top)} from the discard pile`);
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
          can(lay) ? clickable(h("span", { class: "bt-btn lay" }, `Lay down ${regionPhrase(r)}`), lay, act, `Lay down ${regionPhrase(r)} (region ${r})`) : "");
      })), done);
  }

  // the KEY card, as in the asking game: which regions there are, their sizes, and who has laid each
  const laidBy = {};
  (obs.sets || []).forEach((sets, seat) => Object.keys(sets).forEach((r) => { laidBy[r] = seat; }));
  // at the player's turn the piles are what the decision is about: the page keeps them in view (the key, now
  // with every region's towns, is there to look up, beside them)
  const deciding = !readOnly && legal.length > 0;
  if (deciding) middle.dataset.focus = "the stock and the discards";
  const held = {};
  (obs.sets || []).forEach((sets) => Object.entries(sets).forEach(([r, cards]) => { held[r] = cards; }));

  // -- every move so far, in words, the latest at the bottom (the list scrolls itself, never the page) -----------------
  const moves = playLog(obs, view);
  const list = moves.length ? h("ol", { tabindex: "0", "aria-label": "Every move so far, the latest last" }, moves.map((m) => h("li", {
    class: m.seat === null ? "news" : m.seat === view.seat ? "mine" : "",
  }, m.seat === null ? m.text : [h("b", {}, person(view, m.seat, { start: true })), ` ${m.text}`])))
    : h("p", { class: "muted-light" }, "No move yet.");
  const log = h("div", { class: "panel bt-history bt-log" }, h("h3", {}, "Play so far"), list);
  if (moves.length) requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
  el.append(h("div", { class: "bt-layout sets" }, h("div", { class: "bt-main" }, middle, seats, hand),
    h("div", { class: "bt-side" }, log, keyCard(obs, view, laidBy, { sets: true, held }))));
}

// Whether a move's words need the table as it stood when it was made (the replay's analysis fetches that view):
// taking the discard names the card on top then, which later moves cover.
export function labelNeedsView(action) {
  return action === "take discard";
}

export function label(action, view) {
  const [verb, arg] = action.split(" ");
  const top = view?.observation?.discards?.at(-1);
  if (verb === "discard") return `Discard ${townName(arg)}`;
  if (verb === "lay") return `Lay down ${regionPhrase(Number(arg))}`;
  if (verb === "add") return `Add ${townName(arg)} to your set`;
  if (action === "take discard") return top ? `Take ${townName(top)} from the discard pile` : "Take the top discard";
  if (action === "draw stock") return "Draw from the stock";
  if (action === "done") return "Done: draw up to seven";
  return action;
}

export function status(view) {
  if (view.over || view.seat === null || !view.legal.length) return "";
  const legal = view.legal;
  if (legal[0].startsWith("add ")) return "The top discard completes one of your regions: add it to your set (that is your turn).";
  const top = view.observation?.discards?.at(-1);
  if (legal.includes("draw stock") && legal.includes("take discard") && top) return `Your turn: draw from the stock, or take ${townName(top)} from the discard pile.`;
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
  // the last move as the play log tells it (which card was taken from the discards, a set completed by a draw)
  const history = view?.observation?.history || [];
  const last = history.at(-1);
  if (last && last[0] === seat && last[1] === action) {
    const told = playLog(view.observation, view).filter((l) => l.at === history.length - 1 && l.seat === seat);
    if (told.length) return told.map((l) => l.text).join("; ");
  }
  const drawn = view && seat === view.seat ? view.observation?.drawn || [] : [];
  if (action === "draw stock" && drawn.length) return `drew ${townName(drawn[drawn.length - 1])} from the stock`;
  if (verb === "discard") return `discarded ${townName(arg)}`;
  if (verb === "lay") return `laid down ${regionPhrase(Number(arg))}`;
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
