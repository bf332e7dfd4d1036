// A finished game step by step, from each seat's view or the whole table's, and the expert's analysis
// of one seat's moves: each decision judged from what that seat could see then, with the same search,
// budget and seed as a hint at the table, so the analysis and the hints agree.
import { h, clear } from "/static/dom.js";
import { api, hashParams, mySeat } from "/static/api.js";
import { gameModule, main, resultText } from "/static/page.js";
import { addressed, capital, contextTitle, plural, possessive } from "/static/words.js";
import { takeSeatFromLink } from "/static/seats.js";

// options shown for a decision before the rest
const FIRST = 5;
// the replay's Play: a step every so many milliseconds (a turn-by-turn game's, or a race's whose record keeps no times;
// a race's Play waits the real gap between two moves, never less than PLAY_QUICKEST nor more than PLAY_LONGEST)
const PLAY_MS = 700;
const PLAY_QUICKEST = 120;
const PLAY_LONGEST = 2500;

// A time on the race clock as a player reads a stopwatch: "1:04.3" (minutes, seconds and tenths)
export function raceClock(seconds) {
  const tenths = Math.round(seconds * 10);
  const minutes = Math.floor(tenths / 600);
  const rest = ((tenths % 600) / 10).toFixed(1);
  return `${minutes}:${rest.padStart(4, "0")}`;
}
// A gap in seconds, in words: "1.2 s", a gap under a second to the hundredth ("0.24 s": a race's moves come that close)
export const gapWords = (seconds) => { const s = Math.max(0, seconds); return `${s < 0.995 ? s.toFixed(2) : s.toFixed(1)} s`; };
// When a race's move was made, in plain words: "1:04.3 into the race, 1.2 s after the move before"; a match's first
// move is timed from Go (the count of ``count`` seconds before it is on the race clock too); null where the record
// keeps no time
export function clockWords(data, count, firstOfMatch) {
  if (typeof data.time !== "number") return null;
  const into = `${raceClock(data.time)} into the race`;
  if (firstOfMatch) {
    const sinceGo = data.time - (typeof data.time_before === "number" ? data.time_before : 0) - (count || 0);
    return sinceGo >= 0 ? `${into}, ${gapWords(sinceGo)} after Go` : into;
  }
  return typeof data.time_before === "number" ? `${into}, ${gapWords(data.time - data.time_before)} after the move before` : into;
}

// -- replay ------------------------------------------------------------------------------
export async function replayPage(tableId) {
  const info = await api("GET", `/api/tables/${tableId}`).catch((error) => {
    // (in a player's words, never the server's, which names the link's code: review 25c read "no table 'NOPE1234'")
    const missing = error.status === 404;
    clear(main).append(h("h1", { "data-testid": "replay-missing" }, missing ? "No game to replay here" : "The replay could not be opened"),
      h("p", {}, missing ? "This link leads to no game: it may have been copied only in part. Every finished game is in the list."
        : "The server did not answer as it should: try again in a moment."),
      h("a", { class: "button", href: "/games" }, "Finished games"));
  });
  if (!info) return;
  const linked = await takeSeatFromLink(tableId);          // a seat's private link, opened here
  if (!info.over) {
    clear(main).append(h("h1", {}, info.title), h("p", {}, "This game is still being played; it can be replayed once it is over."),
      h("a", { class: "button", href: `/t/${tableId}` }, "Watch it"));
    return;
  }
  const mod = await gameModule(info.game);
  if (mod.inTournament) mod.inTournament(info.context || null);
  document.title = `Replay · ${info.context ? contextTitle(info.context) : info.title}`;
  // A move in words, as the game names it (never its code), seen from one seat as the table stood when the move
  // was made: a move may name what lay on the table then ("Shoot down Arthur's Wellington (set #2)"), and the
  // same number names another set in another round, so the words are never worked out against the final view.
  // ``observation`` is that seat's at that step.  Without it the table's own view stands in, for its seats' names,
  // where the game says the words need no table (``mod.labelNeedsView``); where they do, none does (the game
  // then names the move by what the action itself says: "bomber set #2").
  const needsView = (action) => Boolean(mod.labelNeedsView && mod.labelNeedsView(action));
  // (a seat's view is "you" to this browser only where it holds that seat: to anyone else it is the seat's by name)
  const onlooker = (seat) => !(mySeat(tableId) && mySeat(tableId).seat === seat);
  const seenBy = (seat, observation) => ({ ...info, seat, observation: observation || info.observation, legal: [], onlooker: onlooker(seat) });
  const named = (action, seat, observation) => (mod.label
    ? mod.label(action, seenBy(seat, observation || (needsView(action) ? { seat_names: info.observation?.seat_names } : null)))
    : action);
  // each seat's observation at each step, fetched once: `${step}:${seat}` -> a promise of it, and once it has come
  const asked = new Map();
  const known = new Map();
  const keep = (step, v) => { const key = `${step}:${v.seat}`; known.set(key, v.observation); asked.set(key, Promise.resolve(v.observation)); };
  const observe = (step, seat) => {
    const key = `${step}:${seat}`;
    if (!asked.has(key)) {
      asked.set(key, api("GET", `/api/tables/${tableId}/replay?step=${step}&seat=${seat}`).then((d) => {
        d.views.forEach((v) => keep(step, v));
        return known.get(key);
      }, (error) => { asked.delete(key); throw error; }));
    }
    return asked.get(key);
  };
  const pct = (c) => (c === null || c === undefined ? "not weighed" : `${Math.round(100 * c)}%`);
  // (a costly move's cost, past the bar, never reads as the bar itself: 10.4% against "more than 10%" keeps its tenth,
  // 10.04% reads "just over 10%" (review 24: "10.0%" beside "more than 10%"; review 25c: "10.01%" a precision the
  // expert's search has not got); a cost within the bar, a wrong answer's, is whole)
  const lost = (c, bar) => {
    if (c <= bar || Math.round(100 * c) > Math.round(100 * bar)) return pct(c);
    for (const digits of [1]) {
      const said = (100 * c).toFixed(digits);
      if (Number(said) > 100 * bar) return `${said}%`;
    }
    return `just over ${pct(bar)}`;
  };
  // A move's cost as the page shows it: the difference of the two figures shown beside it, each rounded (28% and 14%
  // gave away 14%, never 15%); a costly move whose rounded difference would read as the bar keeps its tenth
  const spent = (m, bar) => {
    const gap = typeof m.best_chance === "number" && typeof m.played_chance === "number"
      ? Math.round(100 * m.best_chance) - Math.round(100 * m.played_chance) : null;
    if (gap === null || (m.costly && gap <= Math.round(100 * bar))) return m.costly ? lost(m.cost, bar) : pct(m.cost);
    return `${Math.max(0, gap)}%`;
  };
  // Where a seat made no costly move, where its chance fell most between two of its decisions (on the others' moves
  // and the cards that came), from the figures the list shows; null where it never fell by more than the bar
  const fell = (data) => {
    const ms = data.moves.filter((m) => typeof m.played_chance === "number");
    let worst = null;
    for (let i = 1; i < ms.length; i += 1) {
      const drop = Math.round(100 * ms[i - 1].played_chance) - Math.round(100 * ms[i].played_chance);
      if (!worst || drop > worst.drop) worst = { drop, from: ms[i - 1], to: ms[i] };
    }
    return worst && worst.drop > Math.round(100 * data.threshold) ? worst : null;
  };
  // Where many small slips add up and no move was costly: the stretch of the seat's decisions over which its chance fell
  // most, from the highest it stood before to the lowest after (its own slips and the others' moves together), with
  // how many of its small slips lie in it; null where it fell by no more than the bar (review 25a: "26 small slips"
  // and no word of where a game lost 7-12 was lost)
  const slide = (data) => {
    if (data.costly || !smallLosses(data)) return null;
    const ms = data.moves.filter((m) => typeof m.played_chance === "number");
    let peak = null;
    let worst = null;
    for (const m of ms) {
      if (peak && (!worst || Math.round(100 * peak.played_chance) - Math.round(100 * m.played_chance) > worst.drop)) {
        worst = { drop: Math.round(100 * peak.played_chance) - Math.round(100 * m.played_chance), from: peak, to: m };
      }
      if (!peak || m.played_chance > peak.played_chance) peak = m;
    }
    if (!worst || worst.drop <= Math.round(100 * data.threshold)) return null;
    const within = ms.filter((m) => m.index >= worst.from.index && m.index < worst.to.index);
    return { ...worst, moves: within.length, slips: within.filter((m) => m.cost > 0).length };
  };
  // a replay opens at the deal, so that its first screen does not give the result away; a link may ask for a step
  // ("#step=12"), and the player's analysis ("#analyse") goes to the decision it opens on
  const openAt = /^\d+$/.test(hashParams().get("step") || "") ? Math.min(info.moves, Number(hashParams().get("step"))) : 0;
  const slider = h("input", { type: "range", min: 0, max: info.moves, value: openAt, "aria-label": "Step" });
  // whose view: every player's (a board each, one under another) or one player's; the player's own is shown first
  // (a tournament's table that bots played throughout, a drive's, has no person at it: each view is named by the seat's
  // name as the tournament gives it, "Rovers 1's view (a bot)", never by a seat number nor by a compass point: each
  // board draws the seat whose view it is at its foot)
  const botsOnly = Boolean(info.context) && info.seats.every((s) => s.kind === "bot");
  const viewName = (i) => (mySeat(tableId) && mySeat(tableId).seat === i ? `Your view (${info.seats[i].name})`
    : `${possessive(info.seats[i].name)} view${botsOnly ? " (a bot)" : ""}`);
  const which = h("select", { "aria-label": "Whose view", "data-testid": "whose-view" },
    h("option", { value: "all" }, "Every player's view, a board each"),
    info.seats.map((s, i) => h("option", { value: i }, viewName(i))));
  // one board at first, in every game: this browser's own seat where it holds one, else the first seat's (a board each,
  // one under another, put the second a screen or more down, on a phone four of them); the picker offers every view
  which.value = mySeat(tableId) && info.seats[mySeat(tableId).seat] ? String(mySeat(tableId).seat) : "0";
  // the heading over the boards says what the picker says
  const viewsHeading = h("h2", { class: "views-heading", "data-testid": "views-heading" });
  const stepLabel = h("span", { class: "muted", "data-testid": "step" });
  // on a phone the words of the move are kept to three lines (the board stays in the first screen); where they run
  // longer (why the game ended comes last) a tap on them, or on "more", shows them whole, and they stay whole
  // from step to step until "less"
  let captionOpen = false;
  const stepMore = h("button", { type: "button", class: "step-more", "data-testid": "step-more", hidden: true, "aria-expanded": "false",
    onclick: (event) => { event.stopPropagation(); openCaption(!captionOpen); } }, "more");
  const fitCaption = () => {
    stepMore.hidden = !captionOpen && stepLabel.scrollHeight <= stepLabel.clientHeight + 1;
  };
  const openCaption = (open) => {
    captionOpen = open;
    stepLabel.classList.toggle("open", open);
    stepMore.textContent = open ? "less" : "more";
    stepMore.setAttribute("aria-expanded", String(open));
    fitCaption();
  };
  stepLabel.addEventListener("click", () => { if (!stepMore.hidden) openCaption(!captionOpen); });
  const caption = h("div", { class: "step-caption" }, stepLabel, stepMore);
  const views = h("div", { class: "views" });
  const analysisBox = h("section", { class: "analysis", "data-testid": "analysis", "aria-live": "polite", "aria-label": "The expert's analysis" });
  // the board with the decision's judgement above it, and the analysis beside it on a wide screen (its list in a
  // box of its own that scrolls), under it on a phone: a move picked in the list shows its board without a scroll
  const boardSide = h("div", { class: "replay-board" });
  const body = h("div", { class: "replay-body", "data-testid": "replay-body" }, boardSide, analysisBox);
  // the decision at the step shown, as the expert judged it, and the way to the costly ones: next to the board
  const focus = h("section", { class: "analysis-focus", "data-testid": "analysis-focus", "aria-live": "polite", hidden: true });
  let analysed = null;                   // the analysis shown: {seat, name, moves: [...], ...}
  let shown = 0;                         // the step last asked for (an older answer is dropped)
  // the steps where a game's mark says a match ended and the next was dealt (``ended``), and whether the one shown
  // is shown as the match ended (before the deal)
  const endMarks = new Map((mod.marks ? mod.marks(info) : []).filter((m) => m.ended).map((m) => [m.step, m]));
  const ends = new Set(endMarks.keys());
  let ended = false;
  const atEnd = () => ended && ends.has(Number(slider.value));
  let current = null;                    // the step shown, as the server sent it

  const show = async () => {
    const step = Number(slider.value);
    shown = step;
    const data = await api("GET", `/api/tables/${tableId}/replay?step=${step}&seat=${which.value}`);
    if (shown !== step) return;
    data.views.forEach((v) => keep(step, v));
    current = data;
    // one count for the bar, the step bar's slider and the analysis (round 14b: "After move 23 … next: move 24" beside
    // the analysis's "Move 24" gave the one decision two numbers): a step of a turn-by-turn game is named by the move to
    // play there, as the analysis names that decision ("Move 24 of 60: Ann to play", and its heading "Move 24: Ann to
    // play"), with the move just made after it; the last step by the last move.  A race's steps name the move made.
    const lead = stepLead(data);
    // a race's move says when it was made on the race clock, and how long after the move before (or Go)
    const clock = clockWords(data, info.race ? info.race.count : 0, step === 1 || ends.has(step - 1));
    slider.setAttribute("aria-valuetext", lead.text);
    clear(stepLabel).append(lead.text, ...(lead.mover ? [": ", h("span", { class: "step-next", "data-testid": "step-next" }, lead.mover)] : []),
      ...(data.action ? [lead.ahead ? " · just before, " : " · ", ...stepWords(data, lead.ahead)] : []),
      clock ? h("span", { class: "step-clock", "data-testid": "step-clock" }, ` · ${clock}`) : "");
    fitCaption();
    viewsHeading.textContent = which.selectedOptions[0].textContent;
    // (the boards are drawn first, then put in place of the old ones at once: a board emptied while the new ones were
    // drawn left the page short for a moment, and the window went back to its top at every step)
    const boards = data.views.map((v, n) => {
      // one board: the heading above names it; every player's: each board says whose it is, and which of how many
      const title = data.views.length > 1 ? `${viewName(v.seat)}: board ${n + 1} of ${data.views.length}` : viewName(v.seat);
      const board = h("div", { class: "board" }, h("h3", { class: data.views.length > 1 ? "" : "sr-only" }, title));
      const fakeView = { ...info, observation: v.observation, seat: v.seat, legal: [], over: data.result !== null, result: data.result, onlooker: onlooker(v.seat) };
      mod.render(board, { view: fakeView, obs: v.observation, seat: v.seat, legal: [], act: () => {}, readOnly: true, ended: atEnd() });
      return board;
    });
    views.replaceChildren(...boards);
    await drawFocus(step);
  };
  // How a step is named (``show``): by the move to play there in a turn-by-turn game, with who plays it; the deal and
  // the last step by what they are
  // (a step shown as a part of the game ended, before the next is dealt, is named by the game's mark where it gives
  // words for it: "After move 59 of 120 · half time", the next to play not yet named; the game may say what the next to play does: "Betty kicks off")
  const stepLead = (data) => {
    const step = data.step;
    const obs = data.views[0]?.observation;
    const toMove = obs?.to_move || [];
    // (only where the game's mark gives the words: Biggles' and Squadron's board says it there)
    const ending = atEnd() ? endMarks.get(step) : null;
    if (ending && ending.caption) return { text: `After move ${step} of ${data.steps} · ${ending.caption}`, mover: null, ahead: false };
    const mover = !info.real_time && step < data.steps && toMove.length === 1 && info.seats[toMove[0]]
      ? `${info.seats[toMove[0]].name} ${(mod.toPlay && mod.toPlay(obs)) || "to play"}` : null;
    if (!step) return { text: `The deal (${plural(data.steps, "move")} to come)${info.real_time ? "" : ` · move 1`}`, mover, ahead: false };
    if (step >= data.steps) return { text: `After move ${step} of ${data.steps}, the last`, mover: null, ahead: false };
    if (info.real_time) return { text: `After move ${step} of ${data.steps}`, mover: null, ahead: false };
    return { text: `Move ${step + 1} of ${data.steps}`, mover, ahead: true };
  };
  // The move that made this step, in the game's own words (past tense: "Ann played England 6").
  const stepWords = (data, within = false) => {
    const { seat, action } = data.action;
    const name = info.seats[seat].name;
    // (a game whose replay boards name every seat, the reader's too, has its caption do the same: "Rev scored" over a
    // board that says "Rev puts it in the West goal", never "you scored" beside it)
    const seen = { ...info, observation: data.views[0].observation, seat: data.views[0].seat, onlooker: mod.replayByName || onlooker(data.views[0].seat) };
    const words = mod.describe ? mod.describe(action, seen, seat) : (mod.label ? mod.label(action, seen) : action);
    // (the reader's own move, shown from his own seat, is his: "You laid down ...; ... your hand", as at the table;
    // anyone else's by name, its words then in the third person)
    // ("you" within a sentence: "... · just before, you took ...")
    // (a game whose one board shows the whole table by name, Biggles', names the mover here as its board and its list
    // of moves do: "You turned three cards" over "Ann played black 2" read as two players, review 25)
    return [h("b", {}, addressed(seen, seat) && !mod.oneBoard ? (within ? "you" : "You") : name), " ", words];
  };
  const step = (d) => {
    const here = Number(slider.value);
    // a step that ends a match and deals the next (a game's mark says so) is shown twice: the board as the match
    // ended, then the new deal
    if (ends.has(here) && (d > 0 ? ended : !ended)) { ended = !ended; return show(); }
    slider.value = Math.max(0, Math.min(info.moves, here + d));
    ended = d > 0 && ends.has(Number(slider.value));
    return show();
  };

  // A decision of the analysis: the table as it stood before the move, from the analysed seat's view, with
  // the expert's judgement of it beside the board, scrolled into sight.
  const goTo = async (m) => {
    slider.value = m.index;
    which.value = String(analysed.seat);
    await show();
    // the move's line in the list, in its box's sight (the box alone scrolls: the page then goes to the board)
    const line = analysisBox.querySelector(`li[data-index="${m.index}"]`);
    const box = line && line.closest(".analysis-moves");
    if (box && box.scrollHeight > box.clientHeight) {
      const top = line.offsetTop - box.offsetTop;
      if (top < box.scrollTop || top + line.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top - box.clientHeight / 3;
    }
    focus.scrollIntoView({ block: "start" });
  };
  const costly = () => analysed.moves.filter((m) => m.costly);
  // Many small losses, none past the bar, are worth telling too: how many there were and the worst few, from the
  // analysis's own figures (no new search), never a sum of them (chances lost at different moments do not add up:
  // such a sum could pass the chance there ever was); null where they are too few or too slight to tell of
  const smallLosses = (data) => {
    const small = data.moves.filter((m) => !m.costly && m.cost > 0);
    const total = small.reduce((sum, m) => sum + m.cost, 0);
    return small.length >= 3 && total >= data.threshold
      ? { count: small.length, worst: small.slice().sort((a, b) => b.cost - a.cost).slice(0, 3) } : null;
  };
  // The analysed seat in the analysis's words: the reader's own seat is "you" ("Your moves, as the expert sees them",
  // "You asked Arthur for Leeds", "no costly moves of yours"), anyone else's by name (review 26a: the reader's own game
  // said "Reviewer asked Arthur for Glasgow", "Reviewer's moves").
  const whose = (data) => (onlooker(data.seat)
    ? { Name: data.name, poss: possessive(data.name), Poss: possessive(data.name), of: possessive(data.name) }
    : { Name: "You", poss: "your", Poss: "Your", of: "yours" });
  const drain = (data) => {
    const loss = smallLosses(data);
    if (!loss) return "";
    const bar = `each no more than ${pct(data.threshold)} of the chance of winning`;   // (a move past the bar is costly)
    const head = data.costly ? `Besides the costly moves, ${whose(data).Name} made ${loss.count} smaller slips, ${bar}`
      : `No single move of ${whose(data).of} cost much, but there were ${loss.count} small slips, ${bar}`;
    return h("p", { class: "drain", "data-testid": "drain" }, `${head}: the worst were `, loss.worst.map((m, i) => [
      i ? (i === loss.worst.length - 1 ? " and " : ", ") : "",
      h("button", { type: "button", onclick: () => goTo(m) }, `move ${m.move}, ${named(m.played, data.seat, known.get(`${m.index}:${data.seat}`))}`),
      ` (${spent(m, data.threshold)} below the expert's choice)`]), ".");
  };
  // (many small slips: the stretch where the game was lost, the slips in it counted)
  const stretch = (data) => {
    const at = slide(data);
    if (!at) return "";
    return h("p", { class: "drain", "data-testid": "stretch" }, `Where the game was lost: ${whose(data).poss} chance fell most between `,
      h("button", { type: "button", onclick: () => goTo(at.from) }, `move ${at.from.move}`), " and ",
      h("button", { type: "button", onclick: () => goTo(at.to) }, `move ${at.to.move}`),
      `, from ${pct(at.from.played_chance)} to ${pct(at.to.played_chance)}, over ${plural(at.moves, "move")} of ${whose(data).of}`,
      at.slips ? `, ${at.slips === at.moves ? (at.moves === 1 ? "a small slip" : "every one a small slip") : `${at.slips} of them small slips`}` : "",
      ", and the other players' moves and the cards that came between them.");
  };
  // (no costly move, yet the chance fell: where, in the list's own figures, so that a loss is not left unexplained)
  const turned = (data) => {
    const at = data.costly || slide(data) ? null : fell(data);
    if (!at) return "";
    return h("p", { class: "drain", "data-testid": "chance-fell" }, `No single move of ${whose(data).of} to blame: the chance fell most between `,
      h("button", { type: "button", onclick: () => goTo(at.from) }, `move ${at.from.move}`), " and ",
      h("button", { type: "button", onclick: () => goTo(at.to) }, `move ${at.to.move}`),
      `, from ${pct(at.from.played_chance)} to ${pct(at.to.played_chance)}, on the other players' moves and the cards that came.`);
  };
  const nextCostly = (direction) => {
    const here = Number(slider.value);
    const list = costly();
    const m = direction > 0 ? list.find((x) => x.index > here) : list.slice().reverse().find((x) => x.index < here);
    if (m) goTo(m);
  };

  const drawFocus = async (step) => {
    if (!analysed) return;
    analysisBox.querySelectorAll("li[data-index]").forEach((li) => {
      if (Number(li.dataset.index) === step) li.setAttribute("aria-current", "step"); else li.removeAttribute("aria-current");
    });
    const list = costly();
    const sooner = list.filter((x) => x.index < step).length;
    const later = list.filter((x) => x.index > step).length;
    const nav = h("div", { class: "analysis-nav" },
      h("button", { type: "button", "data-testid": "previous-costly", disabled: sooner ? undefined : true, onclick: () => nextCostly(-1) }, "◀ Previous costly move"),
      h("button", { type: "button", "data-testid": "next-costly", disabled: later ? undefined : true, onclick: () => nextCostly(1) }, "Next costly move ▶"),
      h("span", { class: "muted" }, list.length ? `${plural(list.length, "costly move")} of ${whose(analysed).of}`
        : smallLosses(analysed) ? `no single costly move of ${whose(analysed).of}, but ${smallLosses(analysed).count} small slips`
          + (slide(analysed) ? `; the chance fell most between move ${slide(analysed).from.move} and move ${slide(analysed).to.move}` : "")
          : `no costly moves of ${whose(analysed).of}`),
      // (on a phone the list of the seat's moves and its summary lie under the board, a screen or two down: a jump
      // there, beside the costly moves' buttons; on a wide screen the list stands beside the board and this is hidden)
      h("button", { type: "button", class: "jump-to-moves", "data-testid": "jump-to-moves",
        onclick: () => analysisBox.scrollIntoView({ block: "start" }) },
      `${onlooker(analysed.seat) ? `${analysed.name}'s` : "Your"} moves ↓`));
    // (a step just after one of the seat's moves, with no decision of its own: the board shows that move's result,
    // so the box judges that move, saying so, rather than "Not a decision" right after the player's own move)
    const here = analysed.moves.find((x) => x.index === step);
    const m = here || analysed.moves.find((x) => x.index === step - 1);
    if (m && !here) analysisBox.querySelector(`li[data-index="${m.index}"]`)?.setAttribute("aria-current", "step");
    focus.hidden = false;
    if (!m) {
      clear(focus).append(nav, h("p", { class: "muted" }, `Not a decision of ${whose(analysed).of}: pick one in the list, or step to it.`));
      return;
    }
    const seat = analysed.seat;
    // the table as this seat saw it before the move (its options are named on it) and just after (the move made)
    const [before, after] = await Promise.all([observe(m.index, seat), observe(m.index + 1, seat)]).catch(() => []);
    if (shown !== step || analysed.seat !== seat) return;
    const made = mod.describe && after ? mod.describe(m.played, seenBy(seat, after), seat) : `played ${named(m.played, seat, before)}`;
    const options = m.options.filter((o) => o.chance !== null);
    const top = options.slice(0, FIRST);
    if (!top.some((o) => o.action === m.played)) top.push(m.options.find((o) => o.action === m.played) || { action: m.played, chance: m.played_chance });
    // (a wrong answer whose cost the expert cannot measure, ``unmeasured``: the right answer and the one given, no
    // figures, and why in words)
    const unmeasured = m.wrong_answer && m.unmeasured;
    if (unmeasured) top.splice(0, top.length, { action: m.best, right: true }, { action: m.played });
    // (a wrong answer where the rules count one right, a plane named wrongly: a mistake the rules punish with a turn)
    // (a game may say such a wrong answer whole, in one short sentence: Squadron Scramble's wrong name and its truth)
    const answered = unmeasured && mod.wrongAnswer && after ? mod.wrongAnswer(m.played, m.best, seenBy(seat, after), seat) : null;
    const verdict = m.played === m.best ? "the expert's own choice"
      : unmeasured ? `wrong, so the next turn is lost. No figures: ${m.unmeasured}`
      : m.wrong_answer ? `wrong, so the next turn is lost${m.cost ? `: that gave away ${spent(m, analysed.threshold)} of the chance of winning` : ""}`
      : m.costly ? `gave away ${spent(m, analysed.threshold)} of the chance of winning` : m.cost === null ? "not weighed by the expert"
        : m.cost === 0 ? "as good as the expert's choice" : `${spent(m, analysed.threshold)} below the expert's choice`;
    clear(focus).append(nav,
      h("h2", { tabindex: "-1" }, here ? `Move ${m.move}: ${onlooker(seat) ? `${analysed.name} to play` : "your move"}`
        : `${onlooker(seat) ? `${analysed.name}'s` : "Your"} move ${m.move}, just played, judged`),
      // (where the move's words speak to the player reading his own game, "your set", he is "You" at their head too:
      // "You drew …, and it went onto your set", never "Ann drew …, and it went onto your set")
      h("p", { class: m.costly ? "verdict costly" : "verdict" }, answered ? `${answered} It cost ${onlooker(seat) ? `${analysed.name}'s` : "your"} next turn; the expert puts no figure on that.` : `${whose(analysed).Name} ${made}${unmeasured ? "" : ` — ${pct(m.played_chance)}`}: ${verdict}.`),
      h("ol", { class: "analysis-options", "aria-label": "The expert's view of the moves, best first" }, top.map((o) => h("li", { class: o.action === m.played ? "played" : "" },
        h("span", { class: "option-name" }, named(o.action, seat, before), o.action === m.played ? h("span", { class: "muted" }, " (played)") : ""),
        h("span", { class: "bar", "aria-hidden": "true", style: unmeasured ? "visibility: hidden" : undefined }, h("span", { style: `width:${o.chance === null ? 0 : Math.round(100 * o.chance)}%` })),
        h("span", { class: "chance" }, unmeasured ? (o.right ? "right" : "wrong") : pct(o.chance))))),
      // (a game may draw the part of its board the move was about beside the judgement: Football Whist's pitch at a
      // ball move, which on a phone lies far below it)
      mod.judged && before ? mod.judged({ obs: before, played: m.played, best: m.best, seat, view: seenBy(seat, before) }) || "" : "",
      options.length > FIRST ? h("p", { class: "muted" }, `The ${FIRST} best of ${plural(options.length, "move")} the expert weighed.`) : "");
  };

  // The expert's analysis of one seat: each decision it made, the costly ones marked.  Picking one shows
  // the table as it stood before it, from that seat's view.
  const analyser = h("select", { "aria-label": "Whose moves to analyse" }, info.seats.map((s, i) => h("option", { value: i }, s.name)));
  if (mySeat(tableId) && info.seats[mySeat(tableId).seat]) analyser.value = String(mySeat(tableId).seat);
  const analyseAnswer = h("p", { class: "error analyse-answer", "data-testid": "analyse-answer", role: "alert", hidden: true });
  const analyseButton = h("button", { type: "button", "data-testid": "analyse", onclick: async () => {
    const seat = Number(analyser.value);
    analyseButton.disabled = true;
    analyseAnswer.hidden = true;
    const bar = h("progress", { max: 1, value: 0, "aria-label": "Decisions judged" });
    const count = h("span", { class: "muted", "data-testid": "analysis-progress" });
    body.classList.add("analysed");
    clear(analysisBox).append(h("p", {}, `The expert is going through ${info.seats[seat].name}'s moves, one decision at a time… `, count), bar);
    analysisBox.scrollIntoView({ block: "nearest" });     // (on a phone it lies under the board: the progress in sight)
    const poll = setInterval(async () => {
      const p = await api("GET", `/api/tables/${tableId}/analysis/progress?seat=${seat}`).catch(() => null);
      if (p && p.total) { bar.max = p.total; bar.value = p.done; count.textContent = `${p.done} of ${plural(p.total, "decision")} judged`; }
    }, 400);
    try {
      // the analysis is for the players: this browser's seat key at the table, if it played there
      const data = await api("GET", `/api/tables/${tableId}/analysis?seat=${seat}`, undefined, mySeat(tableId)?.token);
      // the tables that the list's words need: those of the decisions whose move, or the expert's, names what lay there
      await Promise.all(data.moves.filter((m) => needsView(m.played) || needsView(m.best)).map((m) => observe(m.index, seat)));
      analysed = data;
      drawAnalysis(data);
      which.value = String(seat);           // the table from the analysed seat's view, as each decision shows it
      // it opens on the seat's first costly move (the board before it), or its first decision: not on the last step
      const first = costly()[0] || data.moves[0];
      // (the page scrolls to the judgement's head on purpose, and the focus goes there too, so that the player,
      // and a screen reader, are told where they now are: never a jump that leaves the focus on the button above)
      if (first) goTo(first).then(() => focus.querySelector("h2")?.focus({ preventScroll: true })); else show();
    } catch (error) {
      const refused = error.status === 401 || error.status === 403;
      // the answer stands beside the button, where the person looks (on a phone the analysis box lies far below)
      clear(analysisBox);
      body.classList.remove("analysed");
      analyseAnswer.textContent = refused
        // (the server's refusal names the key a program sends; a person is told, in one short sentence, what to do)
        ? "The analysis is for the players of this game: open this replay in the browser you played in."
        : capital(error.message);
      analyseAnswer.hidden = false;
      analyseWhy.hidden = true;                  // (the answer says it now)
      analyseAnswer.parentElement.scrollIntoView({ block: "nearest" });      // (the button and its answer both)
    }
    clearInterval(poll);
    analyseButton.disabled = false;
  } }, "Analyse");
  const unmeasuredCount = (data) => data.moves.filter((m) => m.wrong_answer && m.unmeasured && m.costly).length;
  // the analysis is for the players: a replay opened in a browser that holds no seat of the game (a watcher's, a
  // bot game's) offers the button greyed, with the reason beside it before any press (a press still asks the server,
  // which has the last word)
  // (review 24: greyed, it still looked like a control: it now reads as words, "not available here", the reason after)
  const analyseWhy = h("span", { class: "muted analyse-why", id: "analyse-why", "data-testid": "analyse-why" },
    " only the players of this game may analyse it, each in the browser they played in.");
  if (mySeat(tableId)) analyseWhy.hidden = true;
  else {
    analyseButton.setAttribute("aria-disabled", "true");
    analyseButton.setAttribute("aria-describedby", "analyse-why");
    analyseButton.classList.add("unavailable");
    analyseButton.textContent = "is not available here:";
  }
  const drawAnalysis = (data) => {
    // (where there are costly moves, the list opens on them alone, as the headline counts them; the box shows the rest)
    const onlyCostly = h("input", { type: "checkbox", "data-testid": "only-costly", checked: data.costly ? true : undefined });
    const list = h("ol", { class: `analysis-moves${data.costly ? " only-costly" : ""}` }, data.moves.map((m) => h("li", { "data-index": m.index, class: m.costly ? "costly" : "" },
      h("button", { type: "button", onclick: () => goTo(m) },
        h("span", { class: "move-number" }, `Move ${m.move}`), " ", named(m.played, data.seat, known.get(`${m.index}:${data.seat}`)), " ", m.unmeasured ? "" : h("span", { class: "chance" }, pct(m.played_chance))),
      m.wrong_answer ? h("span", { class: "cost", "data-testid": "costly" }, `wrong: a turn lost${m.cost ? `, ${spent(m, data.threshold)}` : m.unmeasured ? " (its cost is not measured)" : ""}`)
        : m.costly ? h("span", { class: "cost", "data-testid": "costly" }, `gave away ${spent(m, data.threshold)}`) : "",
      m.played === m.best ? h("span", { class: "muted" }, " the expert's choice")
        : h("span", { class: "muted" }, ` ${m.unmeasured ? "right" : "the expert"}: ${named(m.best, data.seat, known.get(`${m.index}:${data.seat}`))}${m.unmeasured ? "" : ` ${pct(m.best_chance)}`}`))));
    onlyCostly.addEventListener("change", () => list.classList.toggle("only-costly", onlyCostly.checked));
    const unfinished = data.finished ? "" : h("p", { class: "error" },
      `The expert stopped before the end: ${data.moves.length} of ${plural(data.decisions, "decision")} judged, the rest left out.`);
    clear(analysisBox).append(
      h("h2", {}, `${whose(data).Poss} moves, as the expert sees them`),
      // (a wrong answer whose cost is not measured is counted apart: it gave away no figure)
      h("p", { class: "muted" }, `${plural(data.decisions, "decision")} with a choice; ${data.costly - unmeasuredCount(data)} gave away more than ${Math.round(100 * data.threshold)}% of the chance of winning`,
        unmeasuredCount(data) ? `, and ${unmeasuredCount(data)} ${unmeasuredCount(data) === 1 ? "answer was" : "answers were"} wrong, a turn lost each` : "",
        ` (judged from what ${onlooker(data.seat) ? data.name : "you"} could see at the time, as a hint would have judged them then). Pick a move to see the table before it.`),
      drain(data),
      stretch(data),
      turned(data),
      unfinished,
      data.costly ? h("label", { class: "only-costly-label" }, onlyCostly, "Only the costly moves") : "",
      data.moves.length ? list : h("p", {}, "Every move of this seat was forced."));
  };
  // a tournament's game that bots played at every seat (a drive's, a cycle's bot match) has no player to give the
  // analysis to: no control that nobody can use, a short line instead
  // (a race, Biggles', has no expert's analysis: one line says so, and where its story is told instead)
  const analysisControls = info.real_time ? h("p", { class: "muted", "data-testid": "no-analysis" },
    mod.account && info.after_game ? "No expert analysis for a race: “How the game went”, below, tells how each match went." : "No expert analysis for a race.")
    : botsOnly ? h("p", { class: "muted", "data-testid": "no-analysis" }, "No analysis: bots played every seat.")
      : h("div", { class: "replay-controls" }, "The expert's analysis of ", analyser, analyseButton, analyseWhy, analyseAnswer);
  // a game's own marks along the steps (Biggles: where each match starts and ends), as buttons that go there
  // (marks that are only the game's start and end, a single match's, would repeat the step bar's own Start and End
  // just above them: none then)
  const allMarks = mod.marks ? mod.marks(info) : [];
  const marks = allMarks.every((m) => m.step === 0 || m.step === info.moves) ? [] : allMarks;
  // (on a phone, one row of small buttons, each saying where it goes in full: "Match 1 end", never a bare "end")
  const narrowMarks = Boolean(marks.length) && window.matchMedia("(max-width: 600px)").matches;
  const markBar = marks.length ? h("div", { class: "replay-controls", "data-testid": "replay-marks", role: "group", "aria-label": "Go to" },
    h("span", { class: "replay-marks-head" }, "Go to: "),
    marks.map((m) => h("button", { type: "button", "data-step": m.step, "aria-label": m.label, onclick: () => { pause(); slider.value = m.step; ended = Boolean(m.ended); show(); } },
      m.label))) : "";
  // the marks as ticks on the step bar too (a match's end, in Biggles), so the long bar shows where they lie
  const ticks = marks.length ? h("datalist", { id: "replay-ticks", "data-testid": "replay-ticks" },
    marks.map((m) => h("option", { value: m.step, label: m.label }))) : "";
  if (marks.length) slider.setAttribute("list", "replay-ticks");
  // Play: the steps go by on their own until the end or Pause (any other step control pauses): a race's as its moves
  // came, each after the real gap on the race clock (capped: a long wait is cut short), a turn-by-turn game's one
  // every PLAY_MS
  let playing = null;
  const playButton = h("button", { type: "button", "data-testid": "autoplay", "aria-pressed": "false" }, "Play");
  // (review 25c: Play ran at one speed: the player picks how fast, kept for the next replay; a race's gaps are scaled
  // by it, "1×" its real gaps)
  const speed = h("select", { "data-testid": "play-speed", "aria-label": "Play speed", title: "How fast Play goes" },
    [["0.5", "½×"], ["1", "1×"], ["2", "2×"], ["4", "4×"]].map(([value, text]) => h("option", { value }, text)));
  speed.value = ["0.5", "1", "2", "4"].includes(localStorage.getItem("parlour:replay-speed")) ? localStorage.getItem("parlour:replay-speed") : "1";
  speed.addEventListener("change", () => {
    localStorage.setItem("parlour:replay-speed", speed.value);
    if (playing) { pause(); play(); }                     // (the new speed at once, from the step shown)
  });
  const wait = () => Math.round(baseWait() / Number(speed.value));
  const baseWait = () => {
    const here = Number(slider.value);
    if (!current || current.step !== here) return PLAY_MS;
    if (atEnd()) return 2 * PLAY_MS;                      // a match's end, held a moment before the next deal
    if (typeof current.time_next !== "number") return PLAY_MS;
    const gap = 1000 * (current.time_next - (typeof current.time === "number" ? current.time : 0));
    return Math.round(Math.max(PLAY_QUICKEST, Math.min(PLAY_LONGEST, gap)));
  };
  const pause = () => {
    clearTimeout(playing);
    playing = null;
    playButton.textContent = "Play";
    playButton.setAttribute("aria-pressed", "false");
  };
  const atLast = () => Number(slider.value) >= info.moves && !(ends.has(Number(slider.value)) && !ended);
  const play = () => {
    if (atLast()) { slider.value = 0; ended = false; show(); }       // (from the end: again from the deal)
    playButton.textContent = "Pause";
    playButton.setAttribute("aria-pressed", "true");
    const next = () => {
      const timer = setTimeout(async () => {
        if (playing !== timer) return;
        if (atLast()) { pause(); return; }
        await step(1);
        if (playing === timer) next();
      }, wait());
      playing = timer;
      playButton.dataset.wait = String(wait());           // (the gap Play waits now, for a test to read)
    };
    next();
  };
  playButton.addEventListener("click", () => (playing ? pause() : play()));
  slider.addEventListener("input", () => { pause(); ended = ends.has(Number(slider.value)); show(); });
  which.addEventListener("change", show);
  document.onkeydown = (event) => {
    if (event.key === "ArrowLeft") { pause(); step(-1); }
    if (event.key === "ArrowRight") { pause(); step(1); }
  };
  // the view chooser, the record and a game's own account of the whole game, worked out by the server from the
  // record (Biggles: how each match went).  On a phone, where a game has marks (Biggles' matches), the step bar and
  // the marks lead and the board follows at once, in the first screen; these come under the board.
  const viewRow = h("div", { class: "replay-controls" }, which, h("a", { class: "button", href: `/api/tables/${tableId}/record` }, "Download the record"));
  const accountBox = mod.account && info.after_game ? h("details", { class: "replay-account", "data-testid": "replay-account" },
    h("summary", {}, "How the game went"), mod.account({ ...info, seat: mySeat(tableId) ? mySeat(tableId).seat : null })) : "";
  // (on a phone, in every game, the step bar leads and the board follows at once, in the first screen: the view
  // picker, the analysis's controls and the game's account come under the board, where they keep out of its way)
  const compact = window.matchMedia("(max-width: 600px)").matches;
  if (narrowMarks) markBar.classList.add("replay-marks-compact");
  clear(main).append(
    info.context ? h("p", { "data-testid": "tournament-path" }, h("a", { href: info.context.url, "data-testid": "back-to-tournament" }, info.context.back), ` · replay · ${info.title}`)
      : h("p", {}, h("a", { href: "/games" }, "Finished games"), " / replay"),
    h("div", { class: "table-head replay-head" }, h("h1", { "data-testid": "replay-title" }, info.context ? contextTitle(info.context) : info.title), h("span", { "data-testid": "replay-result" }, info.result.abandoned ? resultText(info.result)
      // (the reader's own seat is "you" here as in the moves below: "You win after 3 rounds", not his name)
      : mod.resultText ? mod.resultText(info.result, { ...info, seat: mySeat(tableId) ? mySeat(tableId).seat : null, onlooker: false })
        : resultText(info.result, info))),
    // the steps and the words of the move shown: one compact bar that stays pinned at the window's top as the page
    // scrolls, so that on a phone each step is a tap with the board in view under it (no scrolling back up)
    h("div", { class: "replay-stepbar", "data-testid": "replay-stepbar" },
      h("div", { class: "replay-controls replay-steps" },
        h("button", { onclick: () => { pause(); slider.value = 0; show(); } }, "Start"), h("button", { onclick: () => { pause(); step(-1); }, "aria-label": "Back" }, "◀"),
        slider, ticks, h("button", { onclick: () => { pause(); step(1); }, "aria-label": "Forward" }, "▶"),
        h("button", { onclick: () => { pause(); slider.value = info.moves; show(); } }, "End"), playButton, speed),
      caption),
    // (a race's replay, Biggles', on a laptop too, review 25: the picker, the record, the note on the analysis and the
    // account over the board put it halfway down the first screen, its list of moves below the window)
    // (review 26: there the view picker stood under the board, its heading over it; on a laptop it stands beside the
    // heading, in the row the heading had to itself)
    ...(compact || info.real_time ? [markBar, body, h("div", { class: "replay-extras", id: "replay-extras", "data-testid": "replay-extras" }, compact ? viewRow : "", analysisControls, accountBox)]
      // (on a laptop the view picker and the analysis's controls share one row: the marks' row under the step bar
      // had put the board's hand below the first screen (review 25c))
      : [h("div", { class: "replay-tools", "data-testid": "replay-tools" }, viewRow, analysisControls), markBar, accountBox, body]));
  // (on a phone, what comes under the board is one tap away, said beside the board's heading: the other views and the
  // expert's analysis, which a reviewer found only after scrolling past the whole board)
  const extrasLink = compact ? h("a", { href: "#replay-extras", class: "replay-extras-link", "data-testid": "replay-extras-link",
    onclick: (event) => { event.preventDefault(); main.querySelector("#replay-extras").scrollIntoView({ block: "start" }); } },
  mod.account && info.after_game ? "Views, analysis, how it went ↓" : "Other views and analysis ↓") : "";
  boardSide.append(focus, compact ? h("div", { class: "views-head" }, viewsHeading, extrasLink)
    : info.real_time ? h("div", { class: "views-head views-head-row", "data-testid": "views-head" }, viewsHeading, viewRow) : viewsHeading, views);
  // (the pinned bar's height, for what the page keeps in sight under it: the decision scrolled to, the analysis beside)
  const stepbar = main.querySelector(".replay-stepbar");
  new ResizeObserver(() => { document.documentElement.style.setProperty("--stepbar", `${stepbar.offsetHeight}px`); fitCaption(); }).observe(stepbar);
  if (linked && linked.refused) main.prepend(h("p", { class: "error", role: "alert", "data-testid": "seat-link-refused" }, linked.refused));
  show();
  // a game's end offers "Analyse my moves": the replay opened at #analyse starts the player's analysis at once
  // (only where this browser holds a seat of the game: else the page says who may, as ever)
  if (location.hash === "#analyse" && mySeat(tableId) && main.contains(analyseButton)) analyseButton.click();
}
