// British Towns, the regional-sets game: draw from the stock or take the top
// discard, lay down whole regions, discard.  Only legal moves are clickable.
import { h, stylesheet } from "/static/dom.js";
import { clickable, refusable, rovingFocus } from "/static/cards.js";
import { addressed, capital, listed, person, plural, points, possessive, seatName, tap } from "/static/words.js";
import { byRegion, colourOf, endSummary, keyCard, regionChip, regionOf, regionPhrase, resultHead, resultWords, shortName, townCard, townName, REGIONS } from "/static/games/british-towns-common.js";
// what a region card does in this game, said on the card: it stands in a set for a town
const REGION_CARD_ROLE = "stands for any one of its towns";
// (this game's own layout: one instruction at a time, in the dock)
await stylesheet("/static/games/british-towns-sets.css");

const HAND = 7;
// the rules' words for a game finished by agreement (its end's why, and its result's ending)
const AGREED = "finished by agreement, counted as it stood";
// the finish by agreement told as a move, in the play log and the replay alike
const FINISHED = "finished the stalled game by agreement, and it was counted as it stood";

// The card turned up beside the stock at the deal: every view names it (the table saw it), so the play log and the
// replay tell the deal in the same words at any move, in any browser.
function firstUp(obs) {
  return obs.turned_up || null;
}

// Why the game ended, after the name of the player whose turn it was: the rules' words, with "their" (or "your") for
// "his", and a stalemate told as what that player found.
function endWords(ev, view) {
  const why = ev.why.replace(/\bhis\b/g, addressed(view, ev.seat) ? "your" : "their");
  return why.startsWith("stalemate: ") ? `found that ${why.slice(11)}: a stalemate` : why;
}

// The game so far, move by move, in words: [{ at, seat, text, card }] (at: the move's place in the history; seat: who
// made it, null for the table's own news). Replayed from the public history and events: each event carries the count
// of moves made when it happened (the move it happened in included), which places it; the discard pile is followed
// so that a card taken from it is named, and each hand's size, so that the person's own draws are named from his view.
// the least height of the key's box that is fitted above the dock: two rows of regions (a phone's row is about 45px)
const KEY_ROWS_2 = 96;

// At the player's turn, in the dock: "Since your last turn: Arthur drew from the stock and discarded TOWN. Betty ..."
// (the others' moves after his latest, a sentence a player, the table's news in its place): whole on a laptop, two
// lines on a phone (at three players or more, where the story's one move is not all that happened).
function sinceLast(moves, from, view, phone = false) {
  const fresh = moves.filter((m) => m.at >= from && m.seat !== view.seat);
  if (!fresh.length) return "";
  const runs = [];
  for (const m of fresh) {
    if (runs.length && runs.at(-1).seat === m.seat) runs.at(-1).texts.push(m.text);
    else runs.push({ seat: m.seat, texts: [m.text] });
  }
  const lines = runs.map((r) => (r.seat === null ? h("span", { class: "bt-since-news" }, `${capital(r.texts.map(brief).join("; "))}. `)
    : h("span", {}, h("b", {}, person(view, r.seat, { start: true })), ` ${listed(r.texts.map(brief))}. `)));
  // (the gist, a few words a move: the towns of a set laid, the cards drawn to seven, a new stock's count, are in the
  // play log, which the line points to where it left something out)
  const cut = fresh.some((m) => brief(m.text) !== m.text);
  const text = h("p", { class: "bt-since-text" }, h("b", {}, "Since your last turn: "), lines,
    cut && !phone ? h("span", { class: "muted-light", "data-testid": "since-more-log" }, "More in the play log.") : "");
  if (!phone) return h("div", { class: "bt-since bt-since-sets decision-area", "data-testid": "since" }, text);
  // (on a phone two lines, the hand still on the first screen; the rest a tap away, "Show all")
  const more = h("button", { type: "button", class: "bt-since-more", "data-testid": "since-more", "aria-expanded": String(sinceOpen) },
    sinceOpen ? "Show less" : "Show all");
  const box = h("div", { class: `bt-since bt-since-phone decision-area${sinceOpen ? " open" : ""}`, "data-testid": "since" }, text, more);
  more.addEventListener("click", () => {
    sinceOpen = !box.classList.contains("open");
    box.classList.toggle("open", sinceOpen);
    more.textContent = sinceOpen ? "Show less" : "Show all";
    more.setAttribute("aria-expanded", String(sinceOpen));
  });
  requestAnimationFrame(() => { if (!sinceOpen && text.scrollHeight <= text.clientHeight + 1) more.hidden = true; });
  return box;
}
// A move of the play log in a few words, for the line of what the others did since the player's last turn.
function brief(text) {
  return text
    .replace(/^laid down (.+?): .*$/, "laid down $1")
    .replace(/^drew (?:.+ )?from the stock, back up to seven$/, "drew back up to seven")
    .replace(/^drew from the stock$/, "drew")
    .replace(/^took (.+) from the discard pile$/, "took $1")
    .replace(/^drew (.+) from the stock, and it went onto (.+)$/, "drew $1 onto $2")
    .replace(/^took (.+) from the discard pile and added it to (.+)$/, "added $1 to $2")
    .replace(/^The stock ran out: .*$/, "the stock ran out and was made again from the discards");
}
let sinceOpen = false;      // the phone's summary opened whole by the player ("Show all"), kept till he closes it

// Cards drawn, as a sentence lists them: the towns first, the region cards last ("TOWN, TOWN, TOWN and the
// region card of REGION"), so that no region's own "and" runs into the list's.
function cardList(cards) {
  const region = (c) => /^R\d+$/.test(c);
  return listed([...cards.filter((c) => !region(c)), ...cards.filter(region)].map(townName));
}

// The deal, in words: who dealt, the card turned up, who plays first; and, where the deal left the stock short (five
// players), that the game will be short: "Arthur dealt and turned up TOWN; you play first."
export function dealWords(obs, view) {
  if (obs.dealer === undefined || obs.dealer === null) return "";
  const names = obs.seat_names || [];
  const first = (obs.history || [])[0]?.[0] ?? (names.length ? (obs.dealer + 1) % names.length : null);
  const up = firstUp(obs);
  const dealt = `${person(view, obs.dealer, { start: true })} dealt${up ? ` and turned up ${townName(up)}` : ""}`;
  const plays = first === null ? "" : `; ${person(view, first)} ${addressed(view, first) ? "play" : "plays"} first`;
  return `${dealt}${plays}.`;
}

// After a deal to five, the stock is nearly empty (seven cards to each from one pack): said at the start.
export function shortStock(obs) {
  const left = (obs.history || []).length ? null : obs.stock_size;
  return typeof left === "number" && left <= 10 ? `Only ${plural(left, "card")} ${left === 1 ? "is" : "are"} left in the stock after the deal, so the game will be short.` : "";
}

export function playLog(obs, view) {
  const first = firstUp(obs);
  const names = obs.seat_names || [];
  const history = obs.history || [];
  const hands = names.map(() => HAND);
  const UNKNOWN = {};
  let pile = [first || UNKNOWN];
  const own = obs.drawn || [];
  let mine = 0;
  const lines = [];
  const whose = (s) => (addressed(view, s) ? "your" : "their");
  const say = (at, seat, text, card) => lines.push({ at, seat, text, card });
  const toSet = (s, card) => `${whose(s)} set of ${regionPhrase(regionOf(card))}`;
  // each move's events, in the order they happened (one with no count, or a count past the history: told at the end)
  const eventsOf = history.map(() => []);
  const loose = [];
  for (const ev of obs.events || []) (eventsOf[ev.moves - 1] || loose).push(ev);
  // (the deal first: who dealt, the card turned up, who plays first)
  const deal = dealWords(obs, view);
  if (deal) say(-1, null, deal);
  // an event the move's own words have not told: a card drawn onto a set, a reshuffle, the end
  const tell = (at, ev) => {
    if (ev.event === "reshuffle") {
      say(at, null, `The stock ran out: the ${pile.length} discards were shuffled into a new stock of ${plural(pile.length - 1, "card")}, and ${townName(ev.turned_up)} was turned up`);
      pile = [ev.turned_up];
    } else if (ev.event === "game over") say(at, null, capital(endWhy(view, ev)));
    else if (ev.event === "added") say(at, ev.seat, ev.how === "drawn" ? `drew ${townName(ev.card)}, and it went onto ${toSet(ev.seat, ev.card)}`
      : `added ${townName(ev.card)} to ${toSet(ev.seat, ev.card)}`);
  };
  // whether a player's turn ended with his move (else his next move, or his move to come, is in the same turn)
  const turnEnds = (at, s) => {
    const following = history[at + 1];
    return following ? following[0] !== s : !((obs.to_move || []).includes(s) && obs.phase === "play");
  };
  history.forEach(([s, action], at) => {
    const [verb, arg] = action.split(" ");
    let events = eventsOf[at];
    if (action === "take discard") {
      const card = pile.pop();
      hands[s] += 1;
      const named = card && card !== UNKNOWN;
      say(at, s, named ? `took ${townName(card)} from the discard pile` : "took the face-up card from the discard pile", named ? card : null);
    } else if (action === "draw stock") {
      // the card drawn went straight onto a set of his (its event names it), or into his hand
      const onto = events.find((ev) => ev.event === "added" && ev.seat === s);
      if (onto) {
        events = events.filter((ev) => ev !== onto);
        say(at, s, `drew ${townName(onto.card)} from the stock, and it went onto ${toSet(s, onto.card)}`);
      } else {
        hands[s] += 1;
        const card = view && s === view.seat ? own[mine++] : null;
        say(at, s, card ? `drew ${townName(card)} from the stock` : "drew from the stock", card);
      }
    } else if (action === "finish") {
      events = events.filter((ev) => ev.event !== "game over");
      say(at, s, FINISHED);
    } else if (verb === "discard") {
      pile.push(arg);
      hands[s] -= 1;
      say(at, s, `discarded ${townName(arg)}`);
    } else if (verb === "add") {
      pile.pop();
      events = events.filter((ev) => !(ev.event === "added" && ev.seat === s && ev.card === arg));
      say(at, s, `took ${townName(arg)} from the discard pile and added it to ${toSet(s, arg)}`);
    } else if (verb === "lay" || action === "done") {
      if (verb === "lay") {
        const set = obs.sets?.[s]?.[arg] || [];
        const later = (obs.events || []).filter((x) => x.event === "added" && x.seat === s && String(x.region) === arg).length;
        const laid = set.slice(0, Math.max(set.length - later, 0));
        hands[s] -= laid.length;
        const towns = laid.filter((c) => !/^R\d+$/.test(c)).map(townName);
        const words = listed([...towns, ...(laid.length > towns.length ? ["the region card"] : [])]);
        say(at, s, `laid down ${regionPhrase(Number(arg))}: ${words}`);
      }
      // his turn over, he draws back up to seven (short of it where the stock gave out: the game ended there, and
      // the draw and the end are told as one thing that happened, not "back up to seven" and then "could not")
      if (turnEnds(at, s)) {
        const ended = events.some((ev) => ev.event === "game over");
        const short = events.find((ev) => ev.event === "game over" && ev.seat === s && /up to seven/.test(ev.why));
        const count = Math.max((ended ? obs.hand_sizes?.[s] ?? HAND : HAND) - hands[s], 0);
        hands[s] += count;
        if (short) {
          // the stock gave out while he drew back up: told in the order it happened, in his one voice (the last
          // cards of the stock, a new stock shuffled from the discards and how many it held, a card that went onto
          // a set), then how many he still needed
          events = events.filter((ev) => ev !== short);
          const during = events.filter((ev) => ev.event === "reshuffle" || (ev.event === "added" && ev.how === "drawn" && ev.seat === s));
          events = events.filter((ev) => !during.includes(ev));
          const parts = [{ size: 0, adds: [] }];
          for (const ev of during) {
            if (ev.event === "reshuffle") {
              parts.push({ size: pile.length - 1, held: pile.length, up: ev.turned_up, adds: [] });
              pile = [ev.turned_up];
            } else parts.at(-1).adds.push(ev.card);
          }
          // (each new stock was drawn to its end; the rest came from the stock there when he began)
          const adds = during.filter((ev) => ev.event === "added").length;
          parts[0].size = Math.max(count + adds - parts.slice(1).reduce((a, p) => a + p.size, 0), 0);
          const you = addressed(view, s);
          const texts = parts.map((p, i) => {
            const intoHand = Math.max(p.size - p.adds.length, 0);
            const drawn = view && s === view.seat ? own.slice(mine, mine + intoHand) : [];
            mine += drawn.length;
            const onto = p.adds.map((c) => `${townName(c)} went onto ${toSet(s, c)}`);
            const kept = drawn.length === intoHand && intoHand ? cardList(drawn) : "";
            const what = !p.size ? "" : i === 0 ? (p.size === 1 ? "the last card in the stock" : p.size === 2 ? "the last two cards in the stock" : `the last ${p.size} cards in the stock`)
              : p.size === 1 ? "the new stock’s only card" : p.size === 2 ? "both cards of the new stock" : `all ${p.size} cards of the new stock`;
            // (each card drawn told apart: "the last two cards in the stock: TOWN went onto your set of REGION, and you
            // kept TOWN", never a list that reads as three cards)
            if (!what) return "";
            if (!onto.length) return `drew ${what}${kept ? `, ${kept}` : ""}`;
            return `drew ${what}: ${listed(onto)}${kept ? `, and ${you ? "you" : "they"} kept ${kept}` : ""}`;
          });
          // (then the end, in the end's own words: said after his last draw, or alone where he drew nothing)
          const end = endWhy(view, short);
          parts.forEach((p, i) => {
            if (i) say(at, null, `The stock ran out: the ${p.held} discards were shuffled into a new stock of ${plural(p.size, "card")}, and ${townName(p.up)} was turned up`);
            const last = i === parts.length - 1;
            if (last) {
              if (texts[i]) say(at, s, `${texts[i]}; ${end}`);
              // (a move that said nothing of its own, "done" with a set laid earlier: his line says the turn ended)
              else if (!lines.some((l) => l.at === at && l.seat === s)) say(at, s, `ended the turn; ${end}`);
              else say(at, null, capital(end));
            } else if (texts[i]) say(at, s, texts[i]);
          });
        } else if (count) {
          const drawn = view && s === view.seat ? own.slice(mine, mine + count) : [];
          mine += drawn.length;
          const cards = drawn.length === count ? cardList(drawn) : plural(count, "card");
          say(at, s, `drew ${cards} from the stock, back up to seven`);
        }
      }
    }
    events.forEach((ev) => tell(at, ev));
  });
  loose.forEach((ev) => tell(Math.max(history.length - 1, 0), ev));
  // a face-up card taken before this page saw the table: named where the taker still holds it, the one such card
  if (!first) {
    const taken = lines.find((l) => l.text === "took the face-up card from the discard pile");
    if (taken) {
      const known = new Set(lines.filter((l) => l.seat === taken.seat && l.card).map((l) => l.card));
      const left = (obs.seen_in_hands?.[taken.seat] || []).filter((c) => !known.has(c));
      if (left.length === 1) { taken.text = `took ${townName(left[0])} from the discard pile`; taken.card = left[0]; }
    }
  }
  return lines;
}

// On a touch screen a discard is two taps: the first picks the card out (raised, ringed, and its region shown in the
// key), the second (on it, or on the "Discard ..." button beside the hand's heading) throws it and ends the turn.  A
// finger that only meant to look at a card loses nothing.  A mouse or a key discards at once, as the heading says.
let keyScroll = 0;      // where the player last scrolled the key's box on a phone (it never scrolls by itself there)
let picked = null;      // { code, moves }: the card picked out, in the view (its count of moves) where it was picked

export function render(el, ctx) {
  const { obs, view, legal, act, readOnly } = ctx;
  const can = (a) => !readOnly && legal.includes(a);
  const names = obs.seat_names || [];
  const me = obs.seat;
  const twice = tap === "tap";
  const phone = window.matchMedia("(max-width: 600px)").matches;
  if (picked && (picked.moves !== view.moves || !can(`discard ${picked.code}`))) picked = null;
  const redraw = () => { if (ctx.redraw) ctx.redraw(); else { el.replaceChildren(); render(el, ctx); } };

  // -- the sets the player laid in his latest turn: announced in words, and marked on the table (in play: at the end
  // the end is the news) -----------------------------------------------------------------------------------------
  const history = obs.history || [];
  let from = history.length;
  while (from > 0 && history[from - 1][0] !== me) from -= 1;            // (after his latest move: the others' since)
  let start = from;
  while (start > 0 && history[start - 1][0] === me) start -= 1;         // his latest turn: his moves in a row
  const justLaid = me === undefined || me === null ? [] : history.slice(start, from)
    .filter(([, a]) => a.startsWith("lay ")).map(([, a]) => a.slice(4));
  const setName = (r) => `the ${(REGIONS[r]?.name || `region ${r}`).replace(/^The /, "")} set`;
  // (news only until another player moves: then his sets lie marked "just laid", and the news is the others' moves)
  const laidNews = justLaid.length && from === history.length && !view.over && addressed(view, me) ? h("div", { class: "bt-laid-news", role: "status", "data-testid": "laid-news" },
    `You laid ${listed(justLaid.map(setName))}: ${justLaid.length > 1 ? "they lie" : "it lies"} in front of you below, marked “just laid”.`) : "";

  // -- every player's laid sets ----------------------------------------------------------
  const seats = h("div", { class: "bt-seats" }, names.map((n, i) => {
    const sets = obs.sets?.[i] || {};
    return h("div", { class: `bt-seat wide${i === me ? " mine" : ""}${(obs.to_move || []).includes(i) ? " turn" : ""}` },
      // every player's score (cards laid less cards in hand) alike, from the start: before a set is laid it is his hand
      h("div", { class: "bt-seat-name" }, seatName(view, i), addressed(view, i) ? " (you)" : "",
        h("span", { class: "bt-score", "data-testid": `score-${i}`, title: "cards laid less cards in hand" }, `score ${points(obs.scores?.[i] ?? 0)}`)),
      // (the player's own box says why a score is below nothing before anyone has laid a card: review 24a)
      h("div", { class: "bt-seat-count" }, `${plural(obs.hand_sizes?.[i] ?? 0, "card")} in hand`,
        i === me && !view.over ? h("span", { class: "bt-score-why", "data-testid": "why-score" }, " (each −1 until laid)") : ""),
      Object.keys(sets).length
        ? h("div", { class: "bt-sets" }, Object.entries(sets).map(([r, cards]) => h("div", {
          class: `bt-set${i === me && justLaid.includes(r) ? " fresh" : ""}`, title: `Region ${r}: ${REGIONS[r]?.name}`, style: `--rc:${colourOf(Number(r))}`,
        }, h("div", { class: "bt-set-label" }, regionChip(Number(r)), ` ${REGIONS[r]?.name || ""} · ${plural(cards.length, "card")}`,
          i === me && justLaid.includes(r) ? h("b", { class: "bt-fresh" }, " · just laid") : ""),
        // every card of a laid set by name, in full: a set never hides a town under another card
        h("ul", { class: "bt-set-names" }, cards.map((c) => h("li", { "data-card": c }, shortName(c)))))))
        : h("div", { class: "muted-light" }, "no set laid"));
  }));

  // -- stock and discards ---------------------------------------------------------------------
  const discards = obs.discards || [];
  const top = discards[discards.length - 1];
  const stockCard = townCard("", { faceDown: true, size: "big" });
  if (can("draw stock")) clickable(stockCard, "draw stock", act, "Draw the top card of the stock");
  // (at his turn but past the draw: a tap on the stock asks the rules why not, and the answer says what to do)
  else if (!readOnly && legal.length && obs.stock_size) refusable(stockCard, "draw stock", ctx.refuse, "The stock: you cannot draw now");
  let topCard = h("div", { class: "bt-empty" }, "no discards");
  let mustAdd = "";
  if (top) {
    topCard = townCard(top, { size: "big", role: REGION_CARD_ROLE });
    if (can(`add ${top}`)) clickable(topCard, `add ${top}`, act, `Add ${townName(top)} to your set (it completes your region)`);
    // (a forced move: the words beside the card say what to do with it)
    if (can(`add ${top}`)) mustAdd = h("div", { class: "bt-must", "data-testid": "must-add" },
      `The top discard completes your set of ${regionPhrase(regionOf(top))}: ${tap} it to add it there. You must, and that is your whole turn.`);
    else if (can("take discard")) clickable(topCard, "take discard", act, `Take ${townName(top)} from the discard pile`);
  }
  const stall = stallNotice(obs, view, ctx);
  const middle = h("div", { class: "bt-middle" },
    h("div", { class: "bt-pile" }, obs.stock_size ? stockCard : h("div", { class: "bt-empty" }, "stock empty"),
      h("div", { class: "bt-pile-label" }, `Stock: ${obs.stock_size ?? 0}`)),
    h("div", { class: "bt-pile" }, topCard, h("div", { class: "bt-pile-label" }, `Discards: ${discards.length}`)), mustAdd,
    discards.length > 1 ? h("div", { class: "bt-under" }, h("div", { class: "bt-pile-label" }, "Below it:"),
      h("div", { class: "bt-under-list" }, discards.slice(-6, -1).reverse().map((c) => h("span", { class: "bt-town", style: `--rc:${colourOf(regionOf(c))}` }, townName(c)))))
      : "");

  // -- my hand ------------------------------------------------------------------------------------
  let hand = "";
  if (obs.hand) {
    const canLay = legal.filter((a) => a.startsWith("lay ")).map((a) => Number(a.slice(4)));
    const done = can("done") ? clickable(h("span", { class: "bt-btn" }, "Done: draw up to seven"), "done", act) : "";
    const discarding = legal.some((a) => a.startsWith("discard ")) && !readOnly;
    const howDiscard = twice ? "tap a card twice to discard it" : "click a card to discard it";
    // the card picked out (touch): raised in the hand, and a button here that throws it
    // (the button and "or pick another" on a line of their own under the heading, the words kept whole, clear of the
    // raised card: review 25a found "another" wrapped alone onto it)
    const pick = picked ? h("span", { class: "bt-pick", "data-testid": "picked" },
      clickable(h("span", { class: "bt-btn bt-confirm", "data-testid": "confirm-discard" }, `Discard ${townName(picked.code)}`),
        `discard ${picked.code}`, act, `Discard ${townName(picked.code)} and end your turn`),
      " ", h("span", { class: "bt-pick-or" }, "or pick another")) : "";
    hand = h("div", { class: "panel bt-hand hand-area" },
      h("h3", {}, `${addressed(view, me) ? "Your" : possessive(seatName(view, me))} hand (${obs.hand.length})`, pick || (canLay.length && !readOnly && (legal.includes("done") || discarding)
        // a region he may lay down: named, with where its button is (a set laid scores; a set kept in hand counts against him)
        ? h("span", { class: "bt-must", "data-testid": "may-lay" }, ` · you hold a whole region: ${tap} “Lay down ${listed(canLay.map(regionPhrase))}” under its cards to lay it`
          + (discarding ? `, or ${howDiscard}` : ""))
        : discarding
        ? h("span", { class: "muted-light", "data-testid": "how-discard" }, ` · ${howDiscard}`)
        // a region he must lay down (no discard, no ending the turn): the words say so beside its button's hand
        : !readOnly && legal.some((a) => a.startsWith("lay ")) && !legal.includes("done")
          ? h("span", { class: "bt-must", "data-testid": "must-lay" }, ` · you hold a whole region and must lay it down: ${tap} “Lay down ${regionPhrase(canLay[0])}” below`) : "")),
      rovingFocus(h("div", { class: "bt-groups" }, byRegion(obs.hand).map(([r, cards]) => {
        const lay = `lay ${r}`;
        // a card of a region another player has laid can never score (only its layer adds to a set): said under it,
        // from the sets laid, which every player sees
        const layer = (obs.sets || []).findIndex((sets, seat) => seat !== me && sets && sets[r]);
        const dead = layer >= 0 ? h("div", { class: "bt-dead", "data-testid": "dead" },
          `dead: ${person(view, layer, { start: true })} laid ${regionPhrase(r)}`) : "";
        return h("div", { class: `bt-group${dead ? " dead" : ""}`, style: `--rc:${colourOf(r)}` },
          h("div", { class: "row" }, cards.map((c) => {
            const card = townCard(c, { role: REGION_CARD_ROLE });
            const a = `discard ${c}`;
            if (!can(a)) return readOnly ? card : refusable(card, a, ctx.refuse, `${townName(c)}: cannot be discarded now`);
            if (!twice) return clickable(card, a, act, `Discard ${townName(c)}`);
            const on = picked?.code === c;
            card.setAttribute("aria-pressed", String(on));
            if (on) card.classList.add("picked");
            return clickable(card, a, () => { if (on) act(a); else { picked = { code: c, moves: view.moves }; redraw(); } },
              on ? `${townName(c)}, picked out: tap again to discard it and end your turn` : `Pick out ${townName(c)} to discard it`);
          })),
          can(lay) ? clickable(h("span", { class: "bt-btn lay" }, `Lay down ${regionPhrase(r)}`), lay, act, `Lay down ${regionPhrase(r)} (region ${r})`) : "", dead);
      })), (row) => [...row.querySelectorAll("svg.card")]), phone && !readOnly ? holdings(obs, view, can("take discard") ? top : null) : "", done);
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

  // -- every move so far, in words, newest first (as the asking game's asks heard): the newest play is at the top of
  // its box, and the box ends at a whole entry above the dock, so nothing new ever sits under it ------------------
  const moves = playLog(obs, view);
  const list = moves.length ? h("ol", { tabindex: "0", "aria-label": "Every move so far, newest first" }, moves.map((m) => h("li", {
    class: m.seat === null ? "news" : m.seat === view.seat ? "mine" : "",
  }, m.seat === null ? m.text : [h("b", {}, person(view, m.seat, { start: true })), ` ${m.text}`])).reverse())
    : h("p", { class: "muted-light" }, "No move yet.");
  const log = h("div", { class: "panel bt-history bt-log" }, h("h3", {}, "Play so far", moves.length ? h("span", { class: "muted-light" }, ", newest first") : ""), list);
  // (on a laptop's live table, where every set's towns and the log's newest entry would not all stand above the dock,
  // the sets keep to a line each, their towns in the key's "holds ...": measured before the log is fitted under them)
  if (!phone && !readOnly && !view.over) tighten(seats, log);
  if (moves.length) fitLog(list, seats);

  // the region the decision is about, marked in the key by words: the card picked out to discard, else the top
  // discard (to take or leave), else the card just drawn or taken this turn
  let now = null;
  const got = moves.filter((m) => m.seat === me && m.card && m.at >= start).at(-1);
  if (picked) now = { region: regionOf(picked.code), words: `◀ your pick to discard: ${shortName(picked.code)}` };
  else if (top && (can("take discard") || can(`add ${top}`))) now = { region: regionOf(top), words: `◀ the top discard: ${shortName(top)}` };
  else if (deciding && got) now = { region: regionOf(got.card), words: `◀ ${got.text.startsWith("took") ? "just taken" : "just drawn"}: ${shortName(got.card)}` };
  // the key's regions scroll in a box of their own (on a laptop turned to the region the decision is about; on a
  // phone still, where the player left it, that region marked in words): on a phone straight under the piles (which the page keeps above the dock at the player's turn); on a laptop at the side under the play
  // log; the box ends above the dock
  // (once the game is over, and in a replay, the key is a thing to read: whole, in the page)
  // (a card he must add to his set is his whole turn: the key then tells him nothing to lay, the page only what he
  // must do now)
  const key = keyCard(obs, view, laidBy, { sets: true, held, now, quiet: Boolean(mustAdd) });
  // (on a laptop at his turn: what the others did since his latest move, each player's turn whole in one line, in the
  // dock over his hand, so that no bot's turn is left under the dock in the play log)
  const since = deciding && me !== undefined && me !== null && (!phone || names.length > 2) ? sinceLast(moves, from, view, phone) : "";
  const boxed = !readOnly && !view.over;
  if (boxed) {
    key.classList.add("boxed");
    // (a box that scrolls takes the keyboard's focus, so that its arrow keys scroll it)
    key.querySelector("ul").setAttribute("tabindex", "0");
    key.querySelector("ul").setAttribute("aria-label", "The regions, with the towns of each");
  }
  // (the box ends above the dock, a real margin of 10px over it, where there is room for two rows of regions, else at
  // its own height and the page scrolls; fitted again as the dock grows or shrinks, the news and the prompt changing
  // in it)
  // (each size is written only where it differs from the one standing, and the fit never depends on what it sets:
  // the room is measured to the dock as it stands at the window's foot, not to the page's end, which the key itself
  // moves; so the key and the play log never refit each other without end)
  const heights = [];       // the regions' whole height at each size of words (0, k1, k2), as measured
  let level = 0;
  let widthAt = 0;
  const fit = () => {
    const box = key.querySelector("ul");
    const dock = document.querySelector(".dock");
    if (!box || !key.isConnected) return false;
    if (dock && !dock.classList.contains("over")) {
      // (on a laptop measured as at the page's top, the dock standing at the window's foot where it sticks: the key is
      // fitted to the page as it opens at his turn, wherever it happens to be scrolled while the fit is made; on a
      // phone, whose page is turned to the piles at his turn, as it stands)
      const above = () => dock.getBoundingClientRect().top - box.getBoundingClientRect().top - 10;
      let room = phone ? above() : innerHeight - dock.offsetHeight - (box.getBoundingClientRect().top + scrollY) - 10;
      // (on a phone at his turn, where the lines over the key leave it less than two rows of regions (a scores line
      // on two lines, a long summary), the page turns on by what is short, as far as the table's head stays in the
      // window: the key, the piles and the decision in the dock seen together, the key never running under the dock)
      if (phone && deciding && room < KEY_ROWS_2) {
        const head = el.getBoundingClientRect().top;
        const by = Math.ceil(Math.min(KEY_ROWS_2 - room, head));
        if (by > 0) {
          window.scrollBy({ top: by, behavior: "instant" });
          room = above();
        }
      }
      // (on a laptop the key's words close up, a size or two smaller, till every region is whole above the dock: the
      // box scrolls only where even that is too tall; each size's height measured once, the first time it is worn)
      if (!phone) {
        if (innerWidth !== widthAt) heights.length = 0;      // (a window made wider or narrower: measured afresh)
        widthAt = innerWidth;
        heights[level] = box.scrollHeight;
        const measure = (n) => {
          if (heights[n] === undefined) {
            wear(key, n);
            heights[n] = box.scrollHeight;
          }
          return heights[n];
        };
        let want = 0;
        while (want < 2 && measure(want) > room) want += 1;
        wear(key, want);
        level = want;
      }
      const max = room >= KEY_ROWS_2 && room < box.scrollHeight ? `${Math.floor(room)}px` : "";
      if (box.style.maxHeight !== max) box.style.maxHeight = max;
    }
    // (on a phone the key keeps still: it stays where the player scrolled it, his own regions in sight, the region
    // of the decision marked in words without turning the box to it)
    if (phone) {
      if (box.scrollTop !== keyScroll) box.scrollTop = keyScroll;
      return true;
    }
    // (on a laptop the key is whole, its words a size or two smaller, the marked region ringed and named in words where
    // it stands; only where even that is too tall does the box scroll, turned to the marked region)
    const at = box.querySelector("li.now");                 // (the box is its offset parent)
    if (at && box.scrollHeight > box.clientHeight + 1) box.scrollTop = keyTop(box, at);
    else if (box.scrollTop) box.scrollTop = 0;
    return true;
  };
  if (boxed && phone) {
    // (only the player moves the phone's key: a scroll his finger, the wheel or a key began is remembered)
    const box = key.querySelector("ul");
    let his = false;
    for (const kind of ["touchstart", "pointerdown", "wheel", "keydown"]) box.addEventListener(kind, () => { his = true; }, { passive: true });
    box.addEventListener("scroll", () => { if (his) keyScroll = box.scrollTop; }, { passive: true });
  }
  if (boxed) requestAnimationFrame(() => {
    const dock = document.querySelector(".dock");
    if (!fit() || !dock) return;
    // (fitted again, once a frame at most, as the dock grows or shrinks: the hint opened or closed, the news and the
    // prompt changing in it; and once the fonts are in, every size measured afresh)
    const again = onceAFrame(() => { if (!fit()) watch.disconnect(); });
    const watch = new ResizeObserver(again);
    watch.observe(dock);
    document.fonts?.ready.then(() => { heights.length = 0; again(); });
  });
  // -- on a phone, the other players in a line each at the top of the table: name, cards in hand, score and the sets
  // laid, in view with the piles at the player's turn (their full boxes, every town of a set, are further down) ----
  const others = phone && !readOnly && !view.over ? names.map((n, i) => i).filter((i) => i !== me) : [];
  const strip = others.length ? h("ul", { class: "bt-others", "data-testid": "others", "aria-label": "The other players" }, others.map((i) => {
    const laid = Object.keys(obs.sets?.[i] || {});
    return h("li", { class: (obs.to_move || []).includes(i) ? "turn" : "", "data-seat": i },
      h("b", {}, seatName(view, i)), ` · ${plural(obs.hand_sizes?.[i] ?? 0, "card")} in hand · score ${points(obs.scores?.[i] ?? 0)} · `,
      laid.length ? h("span", { class: "bt-others-laid" }, `${laid.length === 1 ? "set" : "sets"} laid `, laid.map((r) => regionChip(Number(r)))) : "no set laid");
  })) : "";
  // (and above them one short line of every player's score, the player's own first with the sets he has laid:
  // "You 14 · Arthur 2")
  const scored = me === undefined || me === null ? [] : [me, ...others];
  const scores = strip && scored.length ? h("p", { class: "bt-scores", "data-testid": "scores" }, "Scores ",
    h("span", { class: "bt-score-why", "data-testid": "why-score" }, "(a card in hand counts −1)"), ": ", scored.flatMap((i, k) => {
    const laid = i === me ? Object.keys(obs.sets?.[i] || {}) : [];
    return [k ? " · " : "", h("span", { class: "bt-scored", "data-seat": i }, h("b", {}, i === me ? "You" : seatName(view, i)), ` ${points(obs.scores?.[i] ?? 0)}`,
      laid.length ? h("span", { class: "bt-others-laid" }, " ", laid.map((r) => regionChip(Number(r)))) : "")];
  })) : "";
  const head = strip ? h("div", { class: "bt-strip" }, scores, strip) : "";
  if (head && deciding) head.dataset.focus = "the scores and the other players";
  // (on a laptop the key has the side to itself, whole above the dock, and the play log stands under the piles, over
  // the players: its newest entries keep their place above the dock however many sets the players lay below it)
  // (a phone's replay, and its analysis: the hand straight under the piles, so that a decision's hand and top discard
  // stand next to the judgement above the board; the key, a thing to look up, folded under the players)
  if (phone && readOnly) {
    const fold = h("details", { class: "bt-key-fold", "data-testid": "key-fold" },
      h("summary", {}, "The key", h("span", { class: "muted-light" }, ": every region and its towns")), key);
    el.append(h("div", { class: "bt-layout sets" },
      h("div", { class: "bt-main" }, head, middle, hand, laidNews, seats, fold), h("div", { class: "bt-side" }, log)));
    return;
  }
  el.append(h("div", { class: "bt-layout sets" },
    // (on a laptop the players' laid sets come before the play log, straight under the piles: they stay above the dock
    // while he decides, the hint open or not; the log takes the room left, its newest entries first, and the dock's
    // summary says what the others did since his last turn)
    // (a laptop's replay, and its analysis: the hand straight under the piles, as on a phone, so that at each step
    // what the player held is in the window without a scroll; the sets and the play log under it)
    h("div", { class: "bt-main" }, head, middle, stall, readOnly && !phone ? hand : "", phone ? [key, laidNews, seats] : [laidNews, seats, log], since,
      readOnly && !phone ? "" : hand),
    h("div", { class: "bt-side" }, phone ? log : key)));
}

// On a phone, under the hand: a short line a region held, what the key says of it ("REGION: 3 of 4", "1 of 3 and the
// region card"), or, for a region another player has laid, that its cards are dead and who laid it, in full; the
// key itself may stand under the dock while the player decides.
// top: the top discard where he may take it: its region is marked (and listed, held or not), so that the choice
// between the piles can be made from this line, a hint open over the key.
function holdings(obs, view, top = null) {
  const me = obs.seat;
  const size = Object.fromEntries((obs.key || []).map((k) => [k.region, k.towns]));
  const rows = byRegion(obs.hand);
  const topRegion = top ? regionOf(top) : null;
  if (topRegion && !rows.some(([r]) => r === topRegion)) rows.push([topRegion, []]);
  rows.sort((a, b) => a[0] - b[0]);
  return h("ul", { class: "bt-holds", "data-testid": "holds", "aria-label": "Your regions" }, rows.map(([r, cards]) => {
    const name = (REGIONS[r]?.name || `Region ${r}`).split(" and the ")[0];
    const layer = (obs.sets || []).findIndex((sets, seat) => seat !== me && sets && sets[r]);
    const towns = cards.filter((c) => !/^R\d+$/.test(c)).length;
    const card = towns < cards.length;
    const words = layer >= 0 ? `dead: ${person(view, layer)} laid it`
      : towns ? `${towns} of ${size[r] ?? "?"}${card ? " and the region card" : ""}${towns === size[r] || (card && towns === size[r] - 1) ? ", whole" : ""}`
        : card ? "the region card (no towns yet)" : "none in your hand";
    return h("li", { class: `${layer >= 0 ? "dead" : ""}${r === topRegion ? " bt-top-region" : ""}`, "data-region": r }, regionChip(r), ` ${name}: `, h("b", {}, words),
      r === topRegion ? [" ", h("span", { class: "bt-holds-top", "data-testid": "holds-top" }, "◀ top discard")] : "");
  }));
}

// A stalled game, as the rules' count says it (the public view's dry_restocks and stalled): no set laid or added to
// since the stock was made again that many times, so that the game may never end; and, where the server offers this
// seat the end by agreement (ctx.finish: at its turn, the other players all bots), the way to finish and count.
function stallNotice(obs, view, ctx) {
  if (!obs.stalled || view.over) return "";
  // (stalled by the new stocks; or, sooner as a rule, by the cards thrown since the last set: more than the stock and
  // the discards hold, so that whatever a player could get has gone by, taken and thrown back or drawn)
  const n = obs.dry_restocks;
  const times = n === 1 ? "once" : n === 2 ? "twice" : `${n} times`;
  const why = n >= 3 ? `since the stock was made again ${times}` : `for ${plural(obs.quiet_turns, "turn")}, though every card outside the hands has gone by`;
  // (the way out stands in the dock, where the player's decision is, at both sizes: at his turn a button beside the
  // prompt, a forced add to his set included; before it a line that says it comes; the notice on the table says why:
  // review 25a found "may never end" on the table and no finish in sight)
  const finish = ctx.finish && !ctx.readOnly ? h("p", { class: "bt-stall-way bt-stall-dock decision-area", "data-testid": "finish-way" },
    h("button", { type: "button", class: "primary", "data-testid": "finish-here", onclick: (event) => { event.currentTarget.disabled = true; ctx.finish(); } },
      "Finish here and count"),
    " The game has stalled: finishing ends it now, each player scoring the cards laid less the cards in hand, as they stand; or play on.")
    // (the way out is offered only at the start of the player's own turn, before he draws: said beforehand, so that
    // a stalled game never looks like one with no end in sight)
    : !ctx.readOnly && view.seat !== null && view.seat !== undefined
      && (view.seats || []).every((s, i) => i === view.seat || s.kind === "bot")
      ? h("p", { class: "bt-stall-way bt-stall-dock decision-area", "data-testid": "finish-later" },
        "At the start of your next turn, before you draw, you may finish the game here and have it counted as it stands.")
      : "";
  return [h("div", { class: "bt-stall", role: "status", "data-testid": "stalled" },
    h("p", {}, `No set has been laid or added to ${why}: as the rules stand this game may never end.`),
    finish ? h("p", { class: "bt-stall-where" }, ctx.finish ? "The button to finish it is over your hand." : "The way to finish it will be over your hand.") : ""), finish];
}

// The play log's box, newest first: it ends at the foot of the last entry wholly above the dock (where the dock stands
// over it, on a laptop, with room for two lines or more), else at the style sheet's height, never across an entry.
// (measured without taking its height off first, to the dock at the window's foot: it writes a height only where it
// differs from the one standing, so that nothing it does moves what it measures)
function fitLog(list, seats = null) {
  let sheet = null;         // the style sheet's height for the box, read before any is written
  const fit = () => {
    if (!list.isConnected) return false;
    if (sheet === null) sheet = list.clientHeight;
    const dock = document.querySelector(".dock");
    let room = sheet;
    const top = list.getBoundingClientRect().top;
    if (dock && !dock.classList.contains("over") && getComputedStyle(dock).position !== "fixed") {
      const above = innerHeight - dock.offsetHeight - (top + scrollY) - 6;
      // (with less than two lines' room, a tall dock: the newest entry alone, whole, the rest a scroll away)
      const first = list.firstElementChild ? list.firstElementChild.getBoundingClientRect().bottom - top + list.scrollTop : room;
      room = Math.min(room, above >= 40 ? above : first);
    }
    let foot = 0;
    for (const li of list.children) {
      const bottom = li.getBoundingClientRect().bottom - top + list.scrollTop;
      if (bottom > room + 0.5) break;
      foot = bottom;
    }
    const max = list.scrollHeight > room + 1 && foot ? `${Math.ceil(foot)}px` : "";
    if (list.style.maxHeight !== max) list.style.maxHeight = max;
    if (list.scrollTop) list.scrollTop = 0;
    return true;
  };
  requestAnimationFrame(fit);
  document.fonts?.ready.then(fit);
  // (and again as the dock grows or shrinks under it: the summary since the last turn, the story's line)
  const dock = document.querySelector(".dock");
  if (dock) {
    const watch = new ResizeObserver(onceAFrame(() => { if (!fit()) watch.disconnect(); }));
    watch.observe(dock);
    if (seats) watch.observe(seats);      // (and as the players' sets keep to a line each, or show their towns again)
  }
}

// The key's words at a size: 0 as the style sheet has them, 1 a size smaller (k1), 2 two sizes smaller (k2); a class
// is touched only where it is not as wanted.
function wear(key, level) {
  for (const [i, name] of ["k1", "k2"].entries()) {
    if (key.classList.contains(name) !== (level === i + 1)) key.classList.toggle(name, level === i + 1);
  }
}

// The players' boxes on a laptop: each set a line (chip, region, count), its towns left to the key, wherever every
// set's towns and the play log's heading and newest entry would not all stand above the dock; measured with the towns
// shown, again as the dock grows or shrinks (the hint opened or closed).
function tighten(seats, log) {
  const fit = () => {
    const dock = document.querySelector(".dock");
    if (!seats.isConnected) return false;
    if (!dock || dock.classList.contains("over") || getComputedStyle(dock).position === "fixed") return true;
    const was = seats.classList.contains("tight");
    if (was) seats.classList.remove("tight");
    const room = innerHeight - dock.offsetHeight - 6;
    const first = log.querySelector("li, p");
    const panel = log.getBoundingClientRect();
    const foot = first ? first.getBoundingClientRect().bottom - panel.top + 12 : 0;
    const need = seats.getBoundingClientRect().bottom + scrollY + (first ? 10 + foot : 0);
    const tight = need > room && Boolean(seats.querySelector(".bt-set"));
    if (tight) seats.classList.add("tight");
    return true;
  };
  requestAnimationFrame(() => {
    const dock = document.querySelector(".dock");
    if (!fit() || !dock) return;
    const watch = new ResizeObserver(onceAFrame(() => { if (!fit()) watch.disconnect(); }));
    watch.observe(dock);
  });
}

// A function that does its work at the next frame, once however often it is called before then.
function onceAFrame(work) {
  let asked = false;
  return () => {
    if (asked) return;
    asked = true;
    requestAnimationFrame(() => { asked = false; work(); });
  };
}

// Where the key's box scrolls to for the region marked: that region at its top; where the box cannot scroll so far (a
// region near the end), at the start of the last row of regions it can reach whole, so that no stray line of a region
// above is cut at its top edge (unless the marked one would then not fit whole: then as far as it goes).
function keyTop(box, at) {
  const max = box.scrollHeight - box.clientHeight;
  const mark = at.offsetTop - 4;
  if (mark <= max) return mark;
  const snap = Math.max(0, ...[...box.children].map((li) => li.offsetTop - 4).filter((t) => t <= max));
  return at.offsetTop + at.offsetHeight + 4 - snap <= box.clientHeight ? snap : max;
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
  if (action === "finish") return "Finish here and count";
  return action;
}

// The hint's words for a move that throws back the card the player has just taken from the discard pile: a waiting
// move (the table stays as it was, and the others are given no new card), said in plain words as what it does: "Discard
// TOWN again (the card you just took): gives Arthur nothing new". The card is the one the table saw go into his hand
// last (the public view's seen_in_hands), his last move being that take.
// And in the draw, where the top discard is of a region he holds cards of, its row says what taking it gives him:
// "Take TOWN from the discard pile: you hold 2 cards of REGION; it makes 3" (the figures beside it say the rest).
// (review 25a: every row of the hint says why, as the first turns' did: a region held none of, a card that can never
// score, the stock against the discard on offer, and what a discard leaves of its region in the hand)
export function hintWords(action, view) {
  const obs = view?.observation || {};
  const me = view?.seat;
  const hand = obs.hand || [];
  const heldOf = (region) => hand.filter((c) => regionOf(c) === region).length;
  // the player who laid a region (its cards are dead to everyone else), if another did
  const layer = (region) => (obs.sets || []).findIndex((sets, seat) => seat !== me && sets && sets[region]);
  const dead = (region) => `dead: ${person(view, layer(region))} laid ${regionPhrase(region)}`;
  const top = (obs.discards || []).at(-1);
  if (action === "take discard") {
    if (!top) return null;
    const region = regionOf(top);
    const held = heldOf(region);
    const why = layer(region) >= 0 ? dead(region)
      : held ? `you hold ${plural(held, "card")} of ${regionPhrase(region)}; it makes ${held + 1}`
        : `you hold no card of ${regionPhrase(region)} yet`;
    return ["Play", `Take ${townName(top)} from the discard pile: ${why}`];
  }
  if (action === "draw stock") {
    if (!top) return null;
    const region = regionOf(top);
    const why = layer(region) >= 0 ? `${townName(top)} on the pile is dead (${person(view, layer(region))} laid ${regionPhrase(region)})`
      : heldOf(region) ? `a card unseen, leaving ${townName(top)} on the pile` : `a card unseen, rather than ${townName(top)}, a region you hold nothing of`;
    return ["Play", `Draw from the stock: ${why}`];
  }
  const last = (obs.history || []).at(-1);
  const card = action.startsWith("discard ") ? action.slice(8) : null;
  if (!card) return null;
  if (last && last[0] === me && last[1] === "take discard" && obs.seen_in_hands?.[me]?.at(-1) === card) {
    const others = (obs.seat_names || []).map((_, i) => i).filter((i) => i !== me).map((i) => seatName(view, i));
    return ["Play", `Discard ${townName(card)} again (the card you just took): gives ${listed(others)} nothing new`];
  }
  const region = regionOf(card);
  const held = heldOf(region);
  // (review 26a) a dead card thrown to the player who laid its region, next to play: he must add it (ruling S8), so it is
  // a point handed to him, which the figures count; said so, not only "dead"
  const next = (me + 1) % Math.max(1, (obs.seat_names || []).length);
  const why = layer(region) >= 0 && layer(region) === next
    ? `gives ${person(view, next)} a point (it completes ${regionPhrase(region)}, which ${person(view, next)} laid)`
    : layer(region) >= 0 ? dead(region)
    : held <= 1 ? `your only card of ${regionPhrase(region)}` : `you keep ${plural(held - 1, "card")} of ${regionPhrase(region)}`;
  return ["Play", `Discard ${townName(card)}: ${why}`];
}

export function status(view) {
  if (view.over || view.seat === null || !view.legal.length) return "";
  const legal = view.legal;
  const Tap = tap[0].toUpperCase() + tap.slice(1);
  const lays = legal.filter((a) => a.startsWith("lay ")).map((a) => regionPhrase(Number(a.slice(4))));
  const discards = legal.some((a) => a.startsWith("discard "));
  if (legal[0].startsWith("add ")) {
    const card = legal[0].slice(4);
    return `The top discard, ${townName(card)}, completes your set of ${regionPhrase(regionOf(card))}: ${tap} it on the discard pile to add it there (you must, and that is your whole turn).`;
  }
  const top = view.observation?.discards?.at(-1);
  // (how to draw, said with where: the piles that may be drawn from glow, as the hand's cards do at a discard)
  if (legal.includes("draw stock") && legal.includes("take discard") && top) return `Your turn. Draw a card: ${tap} the stock or the discard pile (its top card is ${townName(top)}).`;
  // (only what is legal: no discard to take at the start or after a reshuffle's empty pile, no stock once it is out)
  if (legal.includes("draw stock")) return `Your turn. Draw from the stock: ${tap} it.`;
  if (legal.includes("take discard")) return top ? `Your turn. Take ${townName(top)} from the discard pile: ${tap} it.` : `Your turn. Take the top discard: ${tap} it.`;
  // (the hand's heading says what to tap, beside the button: the prompt says what it does, never the same words twice)
  if (lays.length && !discards && !legal.includes("done")) return `Your turn: laying down a whole region scores its cards for you.`;
  if (lays.length && legal.includes("done")) return `Lay down ${listed(lays)} too, or ${tap} "Done: draw up to seven" to end your turn.`;
  if (legal.includes("done")) return `${Tap} "Done: draw up to seven" under your hand to end your turn.`;
  // (on a touch screen a discard is two taps: the first picks the card out)
  const throwIt = tap === "tap" ? "tap a card in your hand to pick it out, then tap it again to discard it" : "click a card in your hand to discard it";
  if (lays.length) return `Lay down a region (its button is under its cards in your hand), or ${throwIt}.`;
  return `${throwIt[0].toUpperCase()}${throwIt.slice(1)}, and your turn ends.`;
}

export function resultText(result, view) {
  return `${resultWords(result, view, "scores", "")}${endingWords(result)}`;
}

// How a game that did not end by the sheet's rules ended, after its result: " It was finished by agreement, counted
// as it stood." (the result's ending, the rules' words)
function endingWords(result) {
  return result && result.ending ? ` It was ${result.ending}.` : "";
}

// Words for a move just made, in the past tense (a card drawn from the stock is named to its taker alone: only he
// saw it, and his view lists what he drew).
export function describe(action, view, seat) {
  const [verb, arg] = action.split(" ");
  // the last move as the play log tells it (which card was taken from the discards, a set completed by a draw)
  const history = view?.observation?.history || [];
  const last = history.at(-1);
  if (last && last[0] === seat && last[1] === action) {
    // (with the table's own news of that move, a new stock shuffled from the discards, in its place among them)
    const told = playLog(view.observation, view).filter((l) => l.at === history.length - 1 && (l.seat === seat || l.seat === null));
    if (told.some((l) => l.seat === seat)) {
      return told.map((l, i) => (l.seat === null ? l.text[0].toLowerCase() + l.text.slice(1) : told[i - 1]?.seat === null ? `then ${l.text}` : l.text)).join("; ");
    }
  }
  const drawn = view && seat === view.seat ? view.observation?.drawn || [] : [];
  if (action === "draw stock" && drawn.length) return `drew ${townName(drawn[drawn.length - 1])} from the stock`;
  if (verb === "discard") return `discarded ${townName(arg)}`;
  if (verb === "lay") return `laid down ${regionPhrase(Number(arg))}`;
  if (verb === "add") return `added ${townName(arg)} to a region already laid`;
  if (action === "take discard") return "took the top discard";
  if (action === "draw stock") return "drew from the stock";
  if (action === "done") return "drew up to seven cards";
  if (action === "finish") return FINISHED;
  return action;
}

// Why the game ended, in one plain clause (the rules' end, told as what happened at the table): the stock ran out
// and could not be made again from the discards (two or more are needed), or ran dry too often with no set laid.
// The one account of the end: the end's sheet says it as a sentence, and the play log and the replay's caption end
// the last move with it, in the same words ("you" for the reader's own seat alone, a name for anyone else).
export function endWhy(view, over) {
  const obs = view.observation;
  const who = person(view, over.seat);
  const left = (obs.discards || []).length;
  const dry = Number((over.why.match(/ran out (\d+) times/) || [])[1] || 0);
  const few = left === 1 ? "only one discard was left, too few to shuffle into a new stock (two are needed)"
    : "there were no discards to shuffle into a new stock";
  if (over.why === AGREED) return `${who} finished the stalled game by agreement, so it ended and was counted as it stood`;
  if (/^stalemate/.test(over.why)) return `the stock ran out ${dry === 1 ? "once" : dry === 2 ? "twice" : `${dry} times`} with no set laid or added to in between, so the game ended in a stalemate`;
  if (/up to seven/.test(over.why)) {
    const lacking = Math.max(HAND - (obs.hand_sizes?.[over.seat] ?? HAND), 0);
    const short = lacking ? `, ${plural(lacking, "card")} short,` : "";
    if (left >= 2) return `the stock ran out before ${who} could draw up to seven${short} and it had run out too often with no set laid to be made again, so the game ended`;
    return `the stock ran out before ${who} could draw up to seven${short} and ${few}, so the game ended`;
  }
  const turn = addressed(view, over.seat) ? "your turn" : `${possessive(seatName(view, over.seat))} turn`;
  if (/neither a stock nor a discard/.test(over.why)) {
    // (the pile emptied by the move before: a card taken from it onto a set, told as who took it, the turn's player
    // then with nothing to draw)
    const [by, action] = (obs.history || []).at(-1) || [];
    const card = typeof action === "string" && action.startsWith("add ") ? action.slice(4) : null;
    const took = card ? ` (${person(view, by)} had just added the last one, ${townName(card)}, to ${addressed(view, by) ? "your" : "their"} set)` : "";
    return `the stock was empty at the start of ${turn} and there were no discards to shuffle into a new stock${took}, so ${who} could not draw and the game ended`;
  }
  if (/too few discards/.test(over.why)) return `the stock was empty at the start of ${turn} and ${few}, so the game ended`;
  return `${who} ${endWords(over, view)}, so the game ended`;
}

// Why the game ended, as a headline of a few words over the whole account (review 24a: the account alone is a long
// sentence): "The stock ran out.", "Nothing left to draw.", "A stalemate.", "Ended by agreement."
export function endHeadline(view) {
  const over = (view.observation.events || []).filter((e) => e.event === "game over").at(-1);
  if (!over) return "The game is over.";
  if (over.why === AGREED) return "Ended by agreement.";
  if (/^stalemate/.test(over.why)) return "A stalemate: no set laid while the stock ran out.";
  if (/up to seven/.test(over.why)) return "The stock ran out.";
  if (/neither a stock nor a discard|too few discards/.test(over.why)) return "Nothing left to draw.";
  return "The game is over.";
}

// The end as the end's sheet says it: one sentence.
export function endSentence(view) {
  const over = (view.observation.events || []).filter((e) => e.event === "game over").at(-1);
  return over ? `${capital(endWhy(view, over))}.` : "The game is over.";
}

// The end: why the game stopped, in one sentence, and the count (cards laid, less cards still in hand).
export function ending(view) {
  const obs = view.observation;
  const r = view.result;
  if (!r) return "";
  const names = obs.seat_names;
  return h("div", { class: "panel-light ending", "data-testid": "ending" },
    h("p", { class: "end-headline", "data-testid": "end-headline" }, endHeadline(view)),
    h("p", { class: "end-detail", "data-testid": "end-why" }, endSentence(view)),
    h("table", { class: "list" },
      h("caption", { class: "end-caption" }, "Each player scores the cards laid in front of them, less the cards still in their hand."),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Laid"), h("th", { scope: "col" }, "In hand"), h("th", { scope: "col" }, "Score"))),
      h("tbody", {}, names.map((n, i) => {
        const laid = Object.values(obs.sets?.[i] || {}).reduce((a, c) => a + c.length, 0);
        // (the person himself "(you)", as in the asking game's table)
        return h("tr", {}, h("td", {}, seatName(view, i), i === view.seat ? " (you)" : ""), h("td", {}, String(laid)), h("td", {}, String(obs.hand_sizes?.[i] ?? 0)), h("td", {}, points(r.scores[n])));
      }))));
}

// The table's first view, before any move: the deal in words, in the story line ("Arthur dealt and turned up TOWN;
// you play first."), and a short stock said there too. The end is never news here (its sheet says it).
export function announce(prev, view) {
  const obs = view.observation || {};
  if (prev || view.over || (obs.history || []).length) return null;
  // (passing news: it gives way at the first move, never left lit over the moves that follow it)
  const text = [dealWords(obs, view), shortStock(obs)].filter(Boolean).join(" ");
  return text ? { text, passing: true } : null;
}

// The end stops play with its summary over the table: why the game ended, who won, and every player's count.
export function summary(prev, view) {
  return endSummary(prev, view, ending);
}

// The end is said once on the table: its sheet, then the line at the table's foot, who won (the count is the end's
// table under it); the story keeps the last move's words, with no "Game over" of its own.
export function bannerText(result, view) {
  return `${resultHead(result, view)}${endingWords(result)}`;
}
