// International Football Whist in the browser: the pitch with its tracks, badges
// and goals, the ball, the Master team, the trick, the score and the hand.
//
// Everything drawn comes from the seat's observation; the pitch geometry, the
// teams and their colours come from the game's own data files (pitch.json,
// pack.json), fetched from /api/games/football-whist/data so that replacing the
// files changes the board with no change here.
// Only actions in ctx.legal are made clickable: hand cards ("play E7"), pitch
// positions ("kick W3", "move E1") and the ball itself ("stay").
import { h, s, clear, stylesheet } from "/static/dom.js";
import { card, clickable, refusable } from "/static/cards.js";
import { addressed, person, plural, possessive, yourResult } from "/static/words.js";

const DATA = await fetch("/api/games/football-whist/data").then((r) => {
  if (!r.ok) throw new Error(`the Football Whist data: ${r.status}`);
  return r.json();
});
const PITCH = DATA.pitch;
const TEAMS = Object.fromEntries(DATA.pack.teams.map((t) => [t.code, t]));
const TEAM_ORDER = DATA.pack.teams.map((t) => t.code);     // the hand is sorted in the pack's team order
const POSITIONS = DATA.pack.positions.by_number;
// Text on cream needs contrast: the Welsh gold is darkened for numbers and names.
const INK = { W: "#8a6500" };

await stylesheet("/static/games/football-whist.css");

const teamOf = (text) => TEAMS[text[0]];
const numberOf = (text) => Number(text.slice(1));
const side = (seat) => (seat % 2 === 0 ? "A" : "B");
const seatName = (view, seat) => (view.seats && view.seats[seat] ? view.seats[seat].name : `Player ${seat + 1}`);
// A seat as the player reads it in a line of the story: "You" for his own seat (a replay's boards, drawn for each
// seat in turn, name every seat), its name for any other; the verb after it agrees ("You kick off", "Ann kicks off").
const mine = (ctx, seat) => !ctx.readOnly && ctx.view && ctx.view.seat !== null && ctx.view.seat !== undefined && seat === ctx.view.seat;
const who = (ctx, seat, start = true) => (mine(ctx, seat) ? (start ? "You" : "you") : seatName(ctx.view, seat));
const verb = (ctx, seat, you, others) => (mine(ctx, seat) ? you : others);
const nodeTeam = (node) => (PITCH.badges[node] ? TEAMS[PITCH.badges[node]] : null);

// A card of the pack; a Master-team card carries a star on a dark disc at its top (a shape, not a colour:
// the gold glow is kept for the cards that may be played).
function cardFor(text, opts = {}) {
  const team = teamOf(text);
  const n = numberOf(text);
  const svg = card({
    corner: String(n), middle: String(n), caption: team.name, colour: INK[team.code] || team.colour,
    band: team.colour, badge: team.code, size: opts.size || "",
    title: `${team.name} ${n}, ${POSITIONS[String(n)]}${opts.master ? " (Master team)" : ""}`,
    attrs: { class: `fw-card${opts.master ? " fw-master" : ""}`, "data-card": text },
  });
  // the team's letter again under the corner number, as a real card's index has it: where the cards of a phone's
  // full hand overlap, the letter at the right-hand corner is covered and this one is still read (the stylesheet
  // shows it there only)
  svg.append(s("text", { x: 10, y: 50, "font-size": 20, "font-weight": 700, fill: INK[team.code] || team.colour,
    class: "fw-corner-team", "aria-hidden": "true" }, team.code));
  if (opts.master) {
    // (under the head, between the corner number's row and the big number, clear of both: at the head a disc
    // ran into two-digit numbers, "10★E", and a wide badge letter)
    svg.append(s("circle", { cx: 50, cy: 37.5, r: 10, fill: "#1d1d1f", stroke: "#fff", "stroke-width": 1.5, class: "fw-star" }),
      s("text", { x: 50, y: 42.5, "text-anchor": "middle", "font-size": 14, fill: "#fff" }, "★"));
  }
  return svg;
}

// A position in words: its badge's team and the half it lies in (each team has a badge in each half).
function nodeLabel(node) {
  if (node === PITCH.centre) return "the centre circle";
  if (node === PITCH.goals.west) return "the West goal";
  if (node === PITCH.goals.east) return "the East goal";
  const team = nodeTeam(node);
  const half = PITCH.layout[node][0] < PITCH.layout[PITCH.centre][0] ? "West" : "East";
  return team ? `${team.name} (${half} half)` : `a position in the ${half} half`;
}

// -- the pitch ---------------------------------------------------------------
// Drawn from the data file's layout grid; on a phone the same pitch gets bigger
// positions and letters (the page draws the table again when the width class changes).
const narrow = window.matchMedia("(max-width: 600px)");
const xs = Object.values(PITCH.layout).map((p) => p[0]);
const ys = Object.values(PITCH.layout).map((p) => p[1]);
const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
const isGoal = (node) => node === PITCH.goals.west || node === PITCH.goals.east;

function geometry() {
  const small = narrow.matches;
  // (on a phone the goals are wider, for their names in large letters, and the positions move in to meet them)
  const W = 720, H = small ? 400 : 330, padY = small ? 76 : 56, padX = small ? 78 : 74;
  const at = (node) => {
    const [x, y] = PITCH.layout[node];
    return [padX + ((x - minX) / (maxX - minX || 1)) * (W - 2 * padX), padY + ((y - minY) / (maxY - minY || 1)) * (H - 2 * padY)];
  };
  return { W, H, at, small, r: small ? 40 : 27, centreR: small ? 44 : 34 };
}

function pitchSvg(ctx) {
  const { obs, legal, act, readOnly } = ctx;
  const { W, H, at, small, r, centreR } = geometry();
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: `fw-pitch${small ? " fw-small" : ""}`, role: "group", "aria-label": `The pitch; the ball is on ${nodeLabel(obs.ball)}` });
  // the grass, the lines
  for (let i = 0; i < 8; i++) svg.append(s("rect", { x: (W / 8) * i, y: 0, width: W / 8, height: H, fill: i % 2 ? "#2e7d46" : "#2a7340" }));
  svg.append(
    s("rect", { x: 8, y: 8, width: W - 16, height: H - 16, fill: "none", stroke: "#ffffffa0", "stroke-width": 2.5 }),
    s("line", { x1: W / 2, y1: 8, x2: W / 2, y2: H - 8, stroke: "#ffffff70", "stroke-width": 2 }),
  );
  const attacking = obs.attacking || {};
  const by = (goal) => Object.keys(attacking).find((k) => attacking[k] === goal);
  for (const [a, b] of PITCH.tracks) {
    const [x1, y1] = at(a); const [x2, y2] = at(b);
    svg.append(s("line", { x1, y1, x2, y2, class: "fw-track" }));
  }
  const moves = new Map();
  if (!readOnly) {
    for (const a of legal) {
      const [verb, node] = a.split(" ");
      if ((verb === "move" || verb === "kick") && node) moves.set(node, a);
    }
  }
  // what a tap on a position would ask for: "kick" (a kick-off) or "move" (the ball, after a trick won); a player
  // only, while the match is on (a tap at another time is answered too: it is not his turn, or a card is to play)
  const player = !readOnly && ctx.seat !== null && ctx.seat !== undefined && obs.phase !== "over";
  const pitchTurn = !player ? null : legal.some((a) => a.startsWith("kick ")) || (!legal.length && obs.phase === "kick")
    ? "kick" : "move";
  const goalW = small ? 68 : 60, goalH = small ? 120 : 96;
  const goalBox = (node) => {
    const [x, y] = at(node);
    const west = node === PITCH.goals.west;
    return { x: west ? 10 : W - 10 - goalW, y: y - goalH / 2, cx: west ? 10 + goalW / 2 : W - 10 - goalW / 2, cy: y, mouth: west ? 10 + goalW : W - 10 - goalW };
  };
  for (const node of Object.keys(PITCH.layout)) {
    const [x, y] = at(node);
    const g = s("g", { class: `fw-node${node === obs.ball ? " fw-has-ball" : ""}`, "data-node": node });
    const team = nodeTeam(node);
    if (isGoal(node)) {
      const b = goalBox(node);
      const attacker = by(node);
      g.append(
        s("rect", { x: b.x, y: b.y, width: goalW, height: goalH, rx: 6, class: "fw-goal" }),
        s("path", { d: `M${b.mouth} ${b.y} v${goalH}`, stroke: "#fff", "stroke-width": 5 }),
        s("text", { x: b.cx, y: b.cy - (small ? 14 : 12), class: "fw-goal-name" }, node === PITCH.goals.west ? "West" : "East"),
        s("text", { x: b.cx, y: b.cy + (small ? 6 : 4), class: "fw-goal-name" }, "goal"),
        // (a drive's attacking team by name, squeezed into the goal's width where it is long)
        attacker ? s("text", { x: b.cx, y: b.cy + (small ? 30 : 24), class: "fw-goal-side",
          ...(teamName(attacker) && teamName(attacker).length > (small ? 6 : 5) ? { textLength: goalW - 6, lengthAdjust: "spacingAndGlyphs" } : {}) },
        teamName(attacker) || (small ? `for ${attacker}` : `${attacker} attack`)) : "",
      );
    } else if (node === PITCH.centre) {
      g.append(s("circle", { cx: x, cy: y, r: centreR, class: "fw-centre" }),
        small ? "" : s("text", { x, y: y + centreR + 16, class: "fw-node-id fw-centre-name" }, "centre circle"));
    } else {
      g.append(
        node === obs.ball ? s("circle", { cx: x, cy: y, r: r + 7, class: "fw-ball-halo" }) : "",
        s("circle", { cx: x, cy: y, r, fill: team ? team.colour : "#777", class: "fw-badge" }),
        s("text", { x, y: y + (small ? 4 : 2), class: "fw-badge-code" }, team ? team.code : node),
        small ? "" : s("text", { x, y: y + 14, class: "fw-badge-name" }, team ? team.badge : ""),
        s("text", { x, y: y > H / 2 ? y + r + 17 : y - r - 7, class: "fw-node-id" }, team ? team.name : ""),
      );
    }
    // a position the ball may not go to now answers a tap: the server says why, and what may be done (at a
    // kick-off or a move of the ball, the positions it may go to; in a trick, the cards to play); the badges are
    // not tab stops: the targets are the moves
    if (pitchTurn && !moves.has(node)) {
      refusable(g, `${pitchTurn} ${node}`, ctx.refuse, `${nodeLabel(node)}: the ball cannot go there now`);
      g.setAttribute("tabindex", "-1");
    }
    svg.append(g);
  }
  // the ball rests on the right of its position, leaving the badge readable (the names clear of it)
  let [bx, by_] = at(obs.ball);
  if (isGoal(obs.ball)) [bx, by_] = [goalBox(obs.ball).cx, goalBox(obs.ball).cy];
  // (on the badge's right edge, a little above its middle: the badge's own name lies in its lower half, which the
  // ball covered, "Leopa…", and the team's name lies outside it, over or under it)
  const br = small ? 17 : 13;
  if (!isGoal(obs.ball) && obs.ball !== PITCH.centre) [bx, by_] = [bx + r + br * 0.35, by_ - r * 0.35];
  const ball = s("g", { class: "fw-ball", "data-ball": obs.ball },
    s("circle", { cx: bx, cy: by_, r: br, fill: "#fff", stroke: "#111", "stroke-width": 2 }),
    s("path", { d: `M${bx} ${by_ - br * 0.4} l${br * 0.38} ${br * 0.28} -${br * 0.15} ${br * 0.45} h-${br * 0.46} l-${br * 0.15} -${br * 0.45}z`, fill: "#111" }));
  svg.append(ball);
  // a goal just scored is seen: the ball stands in the goal, the goal lit, for a moment, then goes back to the
  // centre circle where the view has it (at once at the instant pace or with reduced motion)
  if (ctx.goalIn && PITCH.layout[ctx.goalIn]) {
    const b = goalBox(ctx.goalIn);
    const lit = svg.querySelector(`[data-node="${ctx.goalIn}"] .fw-goal`);
    const beat = goalBeat();
    if (beat) {
      ball.classList.add("fw-ball-in-goal");
      ball.dataset.inGoal = ctx.goalIn;
      // (low in the goal, under its name, the word for its attackers put away meanwhile: the ball covers no letters)
      const side = svg.querySelector(`[data-node="${ctx.goalIn}"] .fw-goal-side`);
      ball.style.transform = `translate(${b.cx - bx}px, ${b.cy + goalH / 2 - br - 5 - by_}px)`;
      if (side) side.style.visibility = "hidden";
      if (lit) lit.classList.add("fw-goal-scored");
      setTimeout(() => {
        ball.classList.remove("fw-ball-in-goal");
        delete ball.dataset.inGoal;
        ball.style.transform = "";
        if (side) side.style.visibility = "";
        if (lit) lit.classList.remove("fw-goal-scored");
      }, beat);
    }
  }
  // where the ball may go: an arrow from the ball to each position it may reach, under a bright solid ring round
  // the position (drawn last, on top and easy to hit); the ball's own position ringed white and marked "stay"
  const [ox, oy] = at(obs.ball);
  const reach = (node) => (isGoal(node) ? Math.min(goalW, goalH) / 2 + 6 : (node === PITCH.centre ? centreR : r) + 9);
  if (moves.size) {
    svg.append(s("defs", {}, s("marker", { id: "fw-arrow-head", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 4,
      markerHeight: 4, orient: "auto-start-reverse" }, s("path", { d: "M0 0 L10 5 L0 10 z", fill: "#ffeb3b" }))));
    const from = (obs.ball === PITCH.centre ? centreR : isGoal(obs.ball) ? 0 : r) + 4;
    for (const node of moves.keys()) {
      const [tx, ty] = isGoal(node) ? [goalBox(node).cx, goalBox(node).cy] : at(node);
      const d = Math.hypot(tx - ox, ty - oy) || 1;
      const [ux, uy] = [(tx - ox) / d, (ty - oy) / d];
      const to = reach(node);
      if (d > from + to + 6) {
        svg.append(s("line", { x1: ox + ux * from, y1: oy + uy * from, x2: tx - ux * to, y2: ty - uy * to,
          class: "fw-arrow", "marker-end": "url(#fw-arrow-head)", "data-arrow": node }));
      }
    }
  }
  for (const [node, action] of moves) {
    const [x, y] = at(node);
    let shape;
    if (isGoal(node)) { const b = goalBox(node); shape = s("rect", { x: b.x - 4, y: b.y - 4, width: goalW + 8, height: goalH + 8, rx: 8 }); }
    else shape = s("circle", { cx: x, cy: y, r: (node === PITCH.centre ? centreR : r) + 5 });
    const ring = s("g", { class: "fw-target", "data-target-node": node }, shape);
    svg.append(clickable(ring, action, act, `${action.startsWith("kick") ? "Kick off to" : "Move the ball to"} ${nodeLabel(node)}`));
  }
  // what lies on the pitch that a label must keep clear of: the ball, the badges, their names and the arrows
  const busy = pitchParts(svg, { at, r, small, W, H, ball: [bx - br, by_ - br, bx + br, by_ + br], own: obs.ball });
  // (and the centre circle and the goals, each a place the ball may go: a tag on one would seem to name it)
  const [ccx, ccy] = at(PITCH.centre);
  busy.push({ box: [ccx - centreR - 5, ccy - centreR - 5, ccx + centreR + 5, ccy + centreR + 5], w: 2 },
    ...[PITCH.goals.west, PITCH.goals.east].map((node) => {
      const b = goalBox(node);
      return { box: [b.x - 4, b.y - 4, b.x + goalW + 4, b.y + goalH + 4], w: 2 };
    }));
  const ownPlace = obs.ball === PITCH.centre ? 1 : 0;     // (the ball on the centre circle: its own ring is the tag's)
  if (ownPlace) busy.splice(busy.length - 3, 1);
  if (!readOnly && legal.includes("stay")) {
    const rr = (obs.ball === PITCH.centre ? centreR : isGoal(obs.ball) ? br : r) + 5;
    // (the tag goes where it covers neither the ball nor a badge, a name or an arrow: under the ring, else above it,
    // else beside it)
    const [tw, th] = small ? [68, 26] : [50, 19];
    // (all round the ring, nearest first and under it first; between two arrows that part from the ring, further
    // out where they lie further apart)
    const angles = Array.from({ length: 24 }, (_, i) => (i * Math.PI) / 12)
      .sort((a, b) => Math.abs(Math.atan2(Math.sin(a - Math.PI / 2), Math.cos(a - Math.PI / 2)))
        - Math.abs(Math.atan2(Math.sin(b - Math.PI / 2), Math.cos(b - Math.PI / 2))));
    const spots = [3, 10, 18, 28, 40].flatMap((gap) => angles.map((a) => {
      const out = rr + gap + Math.abs(Math.cos(a)) * tw / 2 + Math.abs(Math.sin(a)) * th / 2;
      return [ox + Math.cos(a) * out, oy + Math.sin(a) * out];
    }));
    const [tx, ty] = clearest(spots.map(([x, y]) => [x - tw / 2, y - th / 2, x + tw / 2, y + th / 2]), busy, [ox, oy, rr]);
    const ring = s("g", { class: "fw-target fw-stay", "data-testid": "fw-stay" }, s("circle", { cx: ox, cy: oy, r: rr }),
      s("rect", { x: tx, y: ty, width: tw, height: th, rx: 9, class: "fw-stay-tag", "data-testid": "fw-stay-tag" }),
      s("text", { x: tx + tw / 2, y: ty + th / 2 + (small ? 6.5 : 4.5), class: "fw-stay-word" }, "stay"));
    svg.append(clickable(ring, "stay", act, `Leave the ball on ${nodeLabel(obs.ball)}`));
  }
  // the ball on top of the rings and arrows drawn for its moves: the thing moved is never hidden under them (it
  // takes no clicks, so the ring under it still answers)
  svg.append(ball);
  // the centre circle's name under it, else over it, where no arrow crosses it (else left out: the ring and the
  // buttons name it)
  const centreName = svg.querySelector(".fw-centre-name");
  if (centreName) {
    const [cx, cy] = at(PITCH.centre);
    const box = (y) => [cx - 44, y - 11, cx + 44, y + 3];
    const arrows = busy.filter((part) => part.arrow);
    const free = (y) => !arrows.some((part) => hits(box(y), part));
    const y = [cy + centreR + 16, cy - centreR - 7].find(free);
    if (y === undefined) centreName.remove();
    else centreName.setAttribute("y", y);
  }
  fitBadgeNames(svg);
  return svg;
}

// The parts of a drawn pitch a label must not cover, each { box: [x1, y1, x2, y2] } (the ball, each badge, each
// badge's name, the window's edge) or { arrow: [x1, y1, x2, y2] }, with how much covering it costs (w): a name
// costs least, the window's edge most.
function pitchParts(svg, { at, r, small, W, H, ball, own = null }) {
  const parts = [{ box: ball, w: 4 }, ...[[-1e4, -1e4, W + 1e4, 0], [-1e4, H, W + 1e4, H + 1e4], [-1e4, -1e4, 0, H + 1e4],
    [W, -1e4, W + 1e4, H + 1e4]].map((box) => ({ box, w: 9 }))];
  const size = small ? 18 : 12;
  for (const node of Object.keys(PITCH.layout)) {
    if (isGoal(node) || node === PITCH.centre) continue;
    const [x, y] = at(node);
    parts.push({ box: [x - r, y - r, x + r, y + r], w: 2 });
    const name = nodeTeam(node) ? nodeTeam(node).name : "";
    const base = y > H / 2 ? y + r + 17 : y - r - 7;
    const half = (name.length * size * 0.62) / 2;
    // (a name covered costs nearly what an arrow does: the "stay" tag lay over one where the room was short)
    // (the name of the ball's own position most of all: it says where "stay" leaves the ball)
    if (name) parts.push({ box: [x - half, base - size * 0.8, x + half, base + 2], w: node === own ? 8 : 2.5 });
  }
  for (const line of svg.querySelectorAll(".fw-arrow")) {
    parts.push({ arrow: ["x1", "y1", "x2", "y2"].map((k) => Number(line.getAttribute(k))), w: 3 });
  }
  return parts;
}

// Whether a box [x1, y1, x2, y2] meets a part of the pitch (a box, or an arrow: points along it).
function hits(box, part) {
  if (part.arrow) {
    const [x1, y1, x2, y2] = part.arrow;
    for (let i = 0; i <= 24; i++) {
      const x = x1 + ((x2 - x1) * i) / 24, y = y1 + ((y2 - y1) * i) / 24;
      if (x >= box[0] - 11 && x <= box[2] + 11 && y >= box[1] - 11 && y <= box[3] + 11) return true;
    }
    return false;
  }
  const b = part.box;
  return box[0] < b[2] && b[0] < box[2] && box[1] < b[3] && b[1] < box[3];
}

// The first box that meets no part (nor the ring round [x, y, radius] it labels), else the one that costs least:
// its top left corner.
function clearest(boxes, parts, [x, y, radius]) {
  const cost = (box) => parts.reduce((sum, part) => sum + (hits(box, part) ? part.w : 0), 0)
    + (Math.hypot(Math.max(box[0] - x, 0, x - box[2]), Math.max(box[1] - y, 0, y - box[3])) < radius ? 2 : 0);
  let best = boxes[0], least = Infinity;
  for (const box of boxes) {
    const c = cost(box);
    if (c < least) { best = box; least = c; }
    if (!c) break;
  }
  return [best[0], best[1]];
}

// How long a goal just scored is held in sight (ms): none at the instant pace or where motion is reduced.
const GOAL_BEAT_MS = 1400;
function goalBeat() {
  if (localStorage.getItem("parlour:pace") === "instant") return 0;
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return 0;
  return GOAL_BEAT_MS;
}

// The goals a live table has shown so far (null before its first view): a view with more has a goal just scored.
let goalsShown = null;

// Each badge's name fitted inside its circle: measured once the pitch is on the page, its type made smaller
// where the name is wider than the circle at the name's height.
function fitBadgeNames(svg) {
  if (!svg.isConnected) { requestAnimationFrame(() => { if (svg.isConnected) fitBadgeNames(svg); }); return; }
  for (const name of svg.querySelectorAll(".fw-badge-name")) {
    const circle = name.parentNode.querySelector(".fw-badge");
    if (!circle || !name.textContent) continue;
    const r = Number(circle.getAttribute("r")), cx = Number(circle.getAttribute("cx")), cy = Number(circle.getAttribute("cy"));
    for (let i = 0; i < 4; i++) {
      const box = name.getBBox();
      if (!box.width) break;
      const dy = Math.max(Math.abs(box.y - cy), Math.abs(box.y + box.height - cy));
      const room = 2 * Math.sqrt(Math.max(0, r * r - dy * dy)) - 2;
      const over = Math.max(box.x + box.width - (cx + room / 2), cx - room / 2 - box.x);
      if (over <= 0) break;
      const size = parseFloat(getComputedStyle(name).fontSize);
      name.style.fontSize = `${(size * room / box.width * 0.97).toFixed(2)}px`;
    }
  }
}

// The ball's moves as buttons in the dock too, where they are few (a kick-off, a move after a trick won): the
// legal ones the server sent, each in words, the team's colour beside it; the pitch's rings are the same moves.
function ballButtons(ctx) {
  const { obs, legal, act, readOnly } = ctx;
  if (readOnly || !["kick", "move"].includes(obs.phase)) return "";
  const ball = legal.filter((a) => /^(kick|move) /.test(a) || a === "stay");
  if (!ball.length || ball.length > 6) return "";
  // (short words, the verb said once at the head of the row: "Ball to:" then each place, "Stay on" the ball's own)
  const place = (node) => nodeLabel(node).replace(/^the /, "");
  return h("div", { class: "decision-area fw-ball-moves", "data-testid": "ball-moves", role: "group", "aria-label": "Where the ball may go" },
    h("span", { class: "fw-ball-moves-head", "aria-hidden": "true" }, obs.phase === "kick" ? "Kick off to:" : "Ball to:"),
    ball.map((a) => {
      const node = a === "stay" ? obs.ball : a.split(" ")[1];
      const team = nodeTeam(node);
      // (the digit key that makes it, as the list of moves numbers it: these buttons stand for that list here)
      const digit = legal.indexOf(a) + 1;
      return h("button", { type: "button", "data-action": a, class: a === "stay" ? "fw-stay-button" : "", onclick: () => act(a),
        "aria-label": label(a === "stay" ? "stay" : a) + (a === "stay" ? ` (on ${nodeLabel(node)})` : "") },
      digit >= 1 && digit <= 9 ? h("kbd", { class: "fw-key" }, String(digit)) : "",
      // (the centre circle has no team: a hollow ring, not a colour that could be a team's)
      h("span", { class: `fw-dot${team ? "" : " fw-dot-none"}`, "aria-hidden": "true", style: team ? `background:${team.colour}` : "" }),
      a === "stay" ? `Stay on ${place(node)}` : place(node));
    }));
}

// A game played for a drive: its table (table.js) and replay say so, and the sides are its teams
let tournament = null;
export function inTournament(context) { tournament = context; }
// A partnership's team where a drive names it ("Aston Villa"), else null: its words and badges are then the team's,
// not the letters A and B (review 24)
const teamName = (p) => (tournament && tournament.kind === "drive" && tournament.sides[p === "A" ? 0 : 1]) || null;
// A partnership in words: its team, or "partners A"; in short, where a list names both: its team, or "A"
const sideWords = (p) => teamName(p) || `partners ${p}`;
const sideShort = (p) => teamName(p) || p;

// -- the scoreboard ----------------------------------------------------------------
function scoreboard(ctx) {
  const { obs, view } = ctx;
  const master = obs.master ? TEAMS[obs.master] : null;
  // (a drive's game: each side is a team, named as the drive names it, not by its two seats)
  // (a drive's game: each side is a team, named as the drive names it, not by its two seats)
  const names = (p) => teamName(p) || obs.partnerships[p].map((seat) => seatName(view, seat)).join(" & ");
  const mine = ctx.seat === null || ctx.seat === undefined ? null : side(ctx.seat);
  const you = ctx.readOnly ? "" : " (you)";
  const sideBox = (p) => h("div", { class: `fw-side fw-side-${p}${mine === p ? " fw-mine" : ""}`, "data-side": p },
    // (a drive's sides: Home and Away over their teams' names, not the letters A and B)
    h("div", { class: "fw-side-name" }, `${teamName(p) ? (p === "A" ? "Home" : "Away") : p}${mine === p ? you : ""}`),
    h("div", { class: "fw-goals", "data-testid": `goals-${p}` }, String(obs.goals[p])),
    h("div", { class: "fw-side-who" }, names(p)),
    // (the tricks of this half, said so; at full time the match's, both halves)
    h("div", { class: "fw-side-tricks", "data-testid": `tricks-${p}` }, obs.phase === "over"
      ? `${plural(tricksWon(obs, 0)[p] + tricksWon(obs, 1)[p], "trick")} in the match`
      // (each part kept whole on its line: on a phone the two go on two lines, not three)
      : [h("span", { class: "fw-nowrap" }, `tricks this half ${obs.tricks_won[p]}`), " · ",
        h("span", { class: "fw-nowrap" }, `attack ${obs.attacking[p] === PITCH.goals.west ? "← West" : "East →"}`)]));
  // (a goal just scored, the ball drawn in the goal: the box says where it goes, not "none" beside it)
  const noMaster = ctx.goalIn ? "Goal! The ball goes back to the centre: no Master team" : "none (centre circle)";
  return h("div", { class: "fw-score" },
    sideBox("A"),
    h("div", { class: "fw-mid" },
      h("div", { class: "fw-half" }, obs.phase === "over" ? "Full time" : `Half ${obs.half} of 2`),
      obs.phase === "over" ? finalScore(ctx) : "",
      obs.phase === "over" ? scorers(ctx) : "",
      obs.phase === "over" ? lastMaster(obs) : h("div", { class: "fw-master-box", style: master ? `--team:${master.colour}` : "" },
        h("span", { class: "fw-master-label" }, "Master team"),
        master ? h("span", { class: "fw-master", "data-testid": "master", "data-team": master.code }, `${master.name} · ${master.badge}`)
          : h("span", { class: "fw-master none", "data-testid": "master" }, noMaster))),
    sideBox("B"));
}

// Where the ball lay when the last card of the match was played (its badge's team was the Master team of the
// last trick), from the public history: a kick-off or a move puts it on a position, a goal back on the centre circle.
function ballAtLastCard(obs) {
  let ball = PITCH.centre, at = PITCH.centre;
  for (const [, action] of obs.history || []) {
    const [verb, node] = action.split(" ");
    if (verb === "kick" || verb === "move") ball = isGoal(node) ? PITCH.centre : node;
    else if (verb === "play") at = ball;
  }
  return at;
}

// At full time the ball may have moved after the last trick (its winner's move, which may still score): a small
// note under the result and the scorers names the Master team of that last trick, not the badge the ball ended on.
function lastMaster(obs) {
  const team = nodeTeam(ballAtLastCard(obs));
  return h("div", { class: "fw-master-box fw-master-over", style: team ? `--team:${team.colour}` : "" },
    h("span", { class: "fw-master-label" }, "Last trick's Master team: "),
    team ? h("span", { class: "fw-master", "data-testid": "master", "data-team": team.code }, `${team.name} · ${team.badge}`)
      : h("span", { class: "fw-master none", "data-testid": "master" }, "none (centre circle)"));
}

// Who scored, under the result at full time: each side's scorers with their goals ("A: Betty scored 2, You scored 1 ·
// B: Cyril scored 1"), an own goal said so under the side it counted for.
function scorers(ctx) {
  const { obs, view } = ctx;
  const log = obs.goal_log || [];
  if (!log.length) return h("div", { class: "fw-scorers", "data-testid": "scorers" }, "No goals in the match");
  const line = (p) => {
    const count = new Map();
    for (const g of log.filter((x) => x.partnership === p)) {
      const key = `${g.by}:${g.own_goal ? 1 : 0}`;
      const was = count.get(key) || { name: who({ view, readOnly: ctx.readOnly }, g.by), own: g.own_goal, n: 0 };
      count.set(key, { ...was, n: was.n + 1 });
    }
    // "Arsenal 1 scored 3": the verb keeps a seat's name (a drive's "Arsenal 1") apart from its goals
    const said = ({ name, own, n }) => `${name} scored ${n}${own ? ` own goal${n > 1 ? "s" : ""}` : ""}`;
    // (a drive's side by its team, "Burnley: Burnley 2 scored 1", as the scoreboard above names it)
    return count.size ? `${sideShort(p)}: ${[...count.values()].map(said).join(", ")}` : "";
  };
  return h("div", { class: "fw-scorers", "data-testid": "scorers" },
    `Goals · ${["A", "B"].map(line).filter(Boolean).join(" · ")}`);
}

// The result at the scoreboard, at full time: the page opens at its top there, the title and the seats in view
// (data-end-result), and the result with them.
function finalScore(ctx) {
  const g = ctx.obs.goals;
  const winner = g.A === g.B ? null : g.A > g.B ? "A" : "B";
  const mine = ctx.readOnly || ctx.seat === null || ctx.seat === undefined ? null : side(ctx.seat);
  const you = mine === null ? "" : winner === null ? " · honours even" : winner === mine ? " · you win" : " · you lose";
  return h("div", { class: "fw-final", "data-testid": "board-result", "data-end-result": "" },
    `${winner ? `${clubOf(winner) || `Partners ${winner}`} win ${Math.max(g.A, g.B)}–${Math.min(g.A, g.B)}` : `A draw, ${g.A}–${g.B}`}${you}`);
}

// -- the table: four seats around the trick ---------------------------------------------
function tableArea(ctx) {
  const { obs, view } = ctx;
  const me = ctx.seat ?? 0;
  const where = { [me]: "s", [(me + 1) % 4]: "w", [(me + 2) % 4]: "n", [(me + 3) % 4]: "e" };
  const current = obs.trick.cards;
  const halfTricks = obs.tricks[obs.half - 1] || [];
  const last = halfTricks[halfTricks.length - 1];
  // after the last trick of a move (a goal included) it stays on the table until the next card is led
  const showLast = !current.length && !!last;
  const shown = showLast ? last.cards.map((c, i) => [(last.leader + i) % 4, c]) : current;
  const masterCode = obs.master;
  const grid = h("div", { class: `fw-trick${showLast ? " fw-trick-last" : ""}`, "data-testid": "trick" });
  for (const [seat, c] of shown) {
    const won = showLast && seat === last.winner;
    const el = cardFor(c, { size: "small", master: c[0] === masterCode && !showLast });
    grid.append(h("div", { class: `fw-played fw-${where[seat]}${won ? " fw-won" : ""}` }, el));
  }
  const scored = showLast && obs.phase === "kick";
  const kicks = () => `${who(ctx, obs.kicker)} ${verb(ctx, obs.kicker, "kick", "kicks")} off`;
  const over = obs.phase === "over";
  const lastTeam = over ? nodeTeam(ballAtLastCard(obs)) : null;
  const note = scored ? `${who(ctx, last.winner)} won the trick that scored · ${kicks()}`
    // (the last trick's Master team, then the winner's move of the ball after it, then the end)
    // ("Cyril won the last trick, with TEAM as the Master team, then left the ball where it was. The match is over.")
    : showLast && over ? `${who(ctx, last.winner)} won the last trick, with ${lastTeam ? `${lastTeam.name} as the Master team` : "no Master team"}`
      + `${thenBall(ballAfter(ctx, halfTricks.length - 1))}. The match is over.`
    : showLast ? `${who(ctx, last.winner)} won the trick`
    : !current.length && obs.phase === "kick" ? kicks()
      : current.length ? `${teamOf(current[0][1]).name} led` : "";
  const seatBox = (seat) => {
    const turn = obs.to_move.includes(seat) && obs.phase !== "over";
    const n = obs.hand_sizes[seat];
    return h("div", { class: `fw-seat fw-${where[seat]} fw-side-${side(seat)}${turn ? " fw-turn" : ""}${seat === ctx.seat ? " fw-me" : ""}`, "data-seat": seat },
      h("span", { class: "fw-seat-name" }, h("b", { class: "fw-chip", title: sideWords(side(seat)) }, teamName(side(seat)) || side(seat)), `${seatName(view, seat)}${seat === ctx.seat && !ctx.readOnly ? " (you)" : ""}`),
      h("span", { class: "fw-seat-info" }, `${plural(n, "card")}${obs.kicker === seat && obs.phase === "kick" ? " · kicks off" : ""}`));
  };
  // (the trick is the decision's once a card is led to it; at a lead the pitch is, whose ball sets the Master team)
  const deciding = !ctx.readOnly && obs.phase === "play" && ctx.legal.length && current.length;
  return h("div", { class: "fw-table-box", "data-focus": deciding ? "the trick" : undefined,
    "data-watch": tricksWatched(ctx) ? "the trick" : undefined },
    h("div", { class: "fw-table" }, [0, 1, 2, 3].map(seatBox), grid),
    h("div", { class: "fw-trick-note", "data-testid": "trick-note" }, note || "\u00a0"));
}

// Where the ball went after trick number k (from 0) of this half, in words, from the public history: the
// winner's ball moves between the trick's fourth card and the next card or kick-off.
function ballAfter(ctx, k) {
  const { obs } = ctx;
  const target = 44 * (obs.half - 1) + 4 * (k + 1);
  let plays = 0;
  const moves = [];
  for (const [seat, action] of obs.history || []) {
    if (plays === target && (action.startsWith("play") || action.startsWith("kick"))) break;
    if (action.startsWith("play")) plays += 1;
    else if (plays === target) moves.push([seat, action]);
  }
  const made = moves.filter(([, action]) => action.startsWith("move "));
  if (!moves.length) return "";
  if (!made.length) return "The ball stayed put";
  const [seat, action] = made[made.length - 1];
  const node = action.split(" ")[1];
  if (node === PITCH.goals.west || node === PITCH.goals.east) return `${who(ctx, seat)} put it in ${nodeLabel(node)}`;
  return `Ball to ${nodeLabel(node)}`;
}

// The winner's move of the ball after a trick, as the end of a sentence about him: ", then moved the ball to ...".
// (after the half's last trick the winner is asked only when a goal is within reach: not asked, nothing was left)
function thenBall(after) {
  if (!after) return "; no goal was within reach of the ball, so it stayed where it was";
  if (after === "The ball stayed put") return ", then left the ball where it was";
  if (after.startsWith("Ball to ")) return `, then moved the ball to ${after.slice("Ball to ".length)}`;
  return `, then put it in ${after.split(" put it in ").at(-1)}`;
}

// The trick before the one on the table, while the next is played (before its first card the table shows it).
function lastTrickShown(ctx) {
  const { obs } = ctx;
  const halfTricks = obs.tricks[obs.half - 1] || [];
  const last = halfTricks[halfTricks.length - 1];
  return obs.trick.cards.length && last ? lastTrick(ctx, last, halfTricks.length - 1) : "";
}

// The trick before the one on the table, kept in sight while the next is played, under the pitch beside the goals
// and as large as the hand's cards: its four cards in the order played, each with its player's name (the winner's
// marked), who won it and where the ball went.
function lastTrick(ctx, last, k, title = "Last trick") {
  const cards = last.cards.map((c, i) => {
    const seat = (last.leader + i) % 4;
    return h("span", { class: `fw-last-card${seat === last.winner ? " fw-won" : ""}` }, cardFor(c),
      h("span", { class: "fw-last-who" }, who(ctx, seat)));
  });
  const ball = ballAfter(ctx, k);
  return h("div", { class: "fw-last", "data-testid": "last-trick", role: "group", "aria-label": "The last trick" },
    h("h3", { class: "fw-last-title" }, title),
    h("div", { class: "fw-last-cards" }, cards),
    h("div", { class: "fw-last-won" }, `${who(ctx, last.winner)} won it`, ball ? ` · ${ball}` : ""));
}

function handRow(ctx) {
  const { obs, legal, act, readOnly, refuse } = ctx;
  if (!obs.hand || !obs.hand.length) return "";
  const playable = new Set(readOnly ? [] : legal.filter((a) => a.startsWith("play ")));
  const cards = [...obs.hand].sort((a, b) => TEAM_ORDER.indexOf(a[0]) - TEAM_ORDER.indexOf(b[0]) || numberOf(a) - numberOf(b));
  // while the ball is kicked off or moved no card is played: on a phone the hand rests on one row of smaller
  // cards, so that the dock stays low and the pitch, the decision then, stands whole above it
  const resting = !readOnly && ["kick", "move"].includes(obs.phase);
  // (its cards' count, for a phone's one row: the cards overlap there as far as they must to keep to one line)
  const row = h("div", { class: `fw-hand${resting ? " fw-hand-resting" : ""}`, "data-testid": "hand",
    style: `--fw-cards:${cards.length}` });
  for (const c of cards) {
    const el = cardFor(c, { master: c[0] === obs.master });
    const action = `play ${c}`;
    if (playable.has(action)) clickable(el, action, act, `Play ${teamOf(c).name} ${numberOf(c)}`);
    else {
      if (playable.size) el.classList.add("fw-dim");
      if (!readOnly && obs.phase !== "over") refusable(el, action, refuse, `${teamOf(c).name} ${numberOf(c)}: cannot be played now`);
    }
    row.append(el);
  }
  // (whose: "Your hand" for the player's own seat; someone with no seat who picks a seat's view reads its name)
  const seat = ctx.view ? ctx.view.seat : null;
  const whose = !ctx.view || seat === null || seat === undefined || addressed(ctx.view, seat) ? "Your" : possessive(seatName(ctx.view, seat));
  // (the heading shares its line with the match at a glance: the score, the half and the Master team)
  return h("div", { class: "fw-hand-box hand-area", id: "fw-hand" },
    h("h3", { class: "fw-hand-head" }, h("span", { class: "fw-hand-title" }, `${whose} hand`), " ", statusStrip(ctx)), row);
}

// The words that read on a colour: white where it is dark enough for white to stand out (a contrast of 4.5 or more),
// else nearly black.
function onColour(hex) {
  const lin = (i) => { const c = parseInt(hex.slice(i, i + 2), 16) / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const lum = 0.2126 * lin(1) + 0.7152 * lin(3) + 0.0722 * lin(5);
  return 1.05 / (lum + 0.05) >= 4.5 ? "#ffffff" : "#111111";
}

// The match at a glance, on one line kept with the hand in the dock (on a phone the scoreboard has scrolled off by the
// time a decision comes): the score, the half and the Master team, "A (you) 2–1 B · 1st half · ★ Master:" and the team.
function statusStrip(ctx) {
  const { obs } = ctx;
  const mineSide = ctx.readOnly || ctx.seat === null || ctx.seat === undefined ? null : side(ctx.seat);
  const you = (p) => (mineSide === p ? `${teamName(p) || p} (you)` : teamName(p) || p);
  const master = obs.master ? TEAMS[obs.master] : null;
  const half = obs.phase === "over" ? "full time" : obs.half === 1 ? "1st half" : "2nd half";
  // which way the player's side attacks, in the pitch's own words, and the tricks each side has won this half
  // (a second line on a phone; a watcher reads partners A's way)
  const way = mineSide || "A";
  const goal = obs.attacking[way] === PITCH.goals.west ? "← West goal" : "East goal →";
  const t = obs.tricks_won || { A: 0, B: 0 };
  // (the Master team first, a chip in its team's colour with its badge's name, right under the prompt: the thing a
  // play decision rests on; its words dark or white, whichever reads on the colour)
  return h("span", { class: "fw-strip", "data-testid": "fw-strip" },
    h("span", { class: `fw-nowrap fw-strip-master${master ? "" : " none"}`, "data-testid": "fw-strip-master",
      style: master ? `--team:${master.colour};--on-team:${onColour(master.colour)}` : "" },
      master ? `★ Master: ${master.name} · ${master.badge}` : "No Master team"), " ",
    // (each "·" kept at the end of the piece before it: a line never starts with one)
    h("span", { class: "fw-nowrap", "data-testid": "fw-strip-score" }, `${you("A")} ${obs.goals.A}–${obs.goals.B} ${you("B")} ·`), " ",
    h("span", { class: "fw-nowrap" }, half, obs.phase === "over" ? "" : " ·"),
    obs.phase === "over" ? "" : [" ",
      h("span", { class: "fw-nowrap", "data-testid": "fw-strip-attack" }, `${mineSide ? "you attack" : `${teamName("A") || "A"} attack`} ${goal} ·`), " ",
      h("span", { class: "fw-nowrap", "data-testid": "fw-strip-tricks" }, `tricks this half ${t.A}–${t.B}`)]);
}

// -- the story: goals and every move of the match ---------------------------------------------
// Which goal a partnership attacked in a half: the sheet has them change ends at half time.
function goalAttacked(obs, partnership, half) {
  const now = obs.attacking[partnership];
  if (half === obs.half) return now;
  return now === PITCH.goals.west ? PITCH.goals.east : PITCH.goals.west;
}

// Every goal of the match with the score it made: [{goal, text, score}].
function goals(obs, view, readOnly = false) {
  const ctx = { view, readOnly };
  const score = { A: 0, B: 0 };
  return (obs.goal_log || []).map((g) => {
    score[g.partnership] += 1;
    const into = goalAttacked(obs, g.partnership, g.half) === PITCH.goals.west ? "West" : "East";
    const by = `${who(ctx, g.by)} ${verb(ctx, g.by, "put", "puts")}`;
    const lead = score.A === score.B ? `${score.A}–${score.B}, level`
      : score.A > score.B ? `${sideWords("A")} lead ${score.A}–${score.B}` : `${sideWords("B")} lead ${score.B}–${score.A}`;
    const text = `${g.own_goal ? "Own goal" : "Goal"}! ${by} it in the ${into} goal: ${lead}`;
    return { goal: g, text, score: { ...score } };
  });
}

function timeline(ctx) {
  const { obs, view } = ctx;
  const list = goals(obs, view, ctx.readOnly);
  // (a group, not a landmark: the replay draws a board for each seat, and landmarks must be unique)
  return h("div", { class: "fw-goals-panel", role: "group", "aria-label": "Goals" }, h("h3", {}, "Goals"),
    list.length ? scrolledToEnd(h("ol", { class: "fw-timeline", "data-testid": "goal-timeline", tabindex: "0", "aria-label": "Every goal, in order" }, list.map(({ goal, text }) => h("li", { class: `fw-goal-${goal.partnership}` },
      h("span", { class: "fw-when" }, `Half ${goal.half}, trick ${goal.after_trick}`), " ", text.replace(/^(Own goal|Goal)! /, "")))))
      : h("p", { class: "fw-quiet" }, "No goals yet."));
}

// A list kept to a height shows its end, the newest entries (once it is on the page).
function scrolledToEnd(list) {
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
  return list;
}

// Each half's kick-off, made or to come: [{half, seat, at}] (at: its place in the history, null while it is to come).
// A half opens with a kick: the match's first move, and the first after the first half's 44 cards.
function kickOffs(obs) {
  const found = [];
  let plays = 0;
  (obs.history || []).forEach(([seat, action], at) => {
    if (action.startsWith("kick") && plays === 44 * found.length) found.push({ half: found.length + 1, seat, at });
    if (action.startsWith("play")) plays += 1;
  });
  const opening = obs.phase === "kick" && !(obs.tricks[obs.half - 1] || []).length;
  if (opening && found.length < obs.half) found.push({ half: obs.half, seat: obs.kicker, at: null });
  return found;
}

// A half's kick-off in words: "Kick-off: Betty kicks off for partners A, toward the West goal".
function kickOffText(ctx, { half, seat }) {
  const goal = goalAttacked(ctx.obs || ctx.view.observation, side(seat), half) === PITCH.goals.west ? "West" : "East";
  return `${half === 1 ? "Kick-off" : "Second half kick-off"}: ${who(ctx, seat)} ${verb(ctx, seat, "kick", "kicks")} off `
    + `for ${sideWords(side(seat))}, toward the ${goal} goal`;
}

// The whole match, move by move, each half opened by its kick-off (half time marked): a kick-off after every
// card of a deal is played.
function playLog(ctx) {
  const { obs } = ctx;
  const items = [];
  const opens = kickOffs(obs);
  let plays = 0;
  obs.history.forEach(([seat, action], i) => {
    if (action.startsWith("kick") && plays > 0 && plays % 44 === 0 && !items.some((x) => x.half2)) items.push({ half2: true });
    const opening = opens.find((k) => k.at === i);
    if (opening) items.push({ kickoff: opening });
    items.push({ seat, action, i });
    if (!action.startsWith("play")) return;
    plays += 1;
    // after a trick's fourth card, who took it (the ball's move, his, comes next)
    const trick = plays % 44 === 0 ? 10 : Math.floor((plays % 44) / 4) - 1;
    const done = obs.tricks?.[plays > 44 ? 1 : 0]?.[trick];
    if (plays % 4 === 0 && done && done.winner !== undefined && done.winner !== null) items.push({ won: done.winner });
  });
  const coming = opens.find((k) => k.at === null);
  if (coming) items.push(...(coming.half === 2 && !items.some((x) => x.half2) ? [{ half2: true }] : []), { kickoff: coming });
  const list = h("ol", { class: "fw-log", "aria-label": "Every move of the match", "data-testid": "play-log", tabindex: "0" },
    items.map((x) => (x.half2 ? h("li", { class: "fw-log-half", "data-testid": "log-half-time" }, halfTimeLine(obs))
      : x.kickoff ? h("li", { class: "fw-log-half fw-log-kickoff", "data-testid": "log-kickoff" }, kickOffText(ctx, x.kickoff))
      : x.won !== undefined ? h("li", { class: "fw-log-won" }, `${who(ctx, x.won)} won the trick (${sideWords(side(x.won))})`)
      : h("li", { value: x.i + 1, class: x.i === obs.history.length - 1 ? "fw-latest" : "" },
      `${who(ctx, x.seat)} ${words(x.action)}`))));
  // shown to its end with whole entries only: the box as tall as the newest entries that fit in it (none cut
  // across at its top); the older ones a scroll up
  const fit = () => {
    if (!list.isConnected) return;
    list.style.maxHeight = "";
    const room = list.clientHeight;
    const all = [...list.children];
    if (all.length && list.scrollHeight > room + 1) {
      // (scrolled to its end the box shows its bottom padding, not its top one: no sliver of an older entry)
      const pad = parseFloat(getComputedStyle(list).paddingBottom);
      // (measured to the fraction of a pixel: whole-pixel offsets add up to a sliver of the entry above)
      const at = (el) => el.getBoundingClientRect();
      const bottom = at(all.at(-1)).bottom;
      let top = at(all.at(-1)).top;
      for (let i = all.length - 2; i >= 0 && bottom - at(all[i]).top + pad <= room; i -= 1) top = at(all[i]).top;
      list.style.maxHeight = `${bottom - top + pad}px`;
    }
    list.scrollTop = list.scrollHeight;
  };
  requestAnimationFrame(fit);
  // (the half's kick-off is the log's line where it happened, not a heading above it too: said once)
  return h("section", { class: "fw-log-panel", "data-keep": "" }, h("h3", {}, "Play"), list);
}

// Half time in the log, where the second half's part of it opens: the score at the break, the tricks each side
// won in the first half and the change of ends ("Half time: partners B lead 2–1 · tricks A 5, B 6 · ends changed"),
// so that it is still said once the half-time box has gone.  A drive's sides are its teams here too ("Half time:
// Burnley lead 1–0 · tricks Aston Villa 6, Burnley 5 · ends changed"), as in the half-time box.
function halfTimeLine(obs) {
  const g = { A: 0, B: 0 };
  (obs.goal_log || []).filter((x) => x.half === 1).forEach((x) => { g[x.partnership] += 1; });
  const t = tricksWon(obs, 0);
  const lead = g.A === g.B ? `level at ${g.A}–${g.B}` : g.A > g.B ? `${sideWords("A")} lead ${g.A}–${g.B}` : `${sideWords("B")} lead ${g.B}–${g.A}`;
  return `Half time: ${lead} · tricks ${sideShort("A")} ${t.A}, ${sideShort("B")} ${t.B} · ends changed`;
}

// A move in words, in the past tense (which reads the same after "You" as after a name).
function words(action) {
  const [verb, arg] = action.split(" ");
  if (verb === "play") return `played ${teamOf(arg).name} ${numberOf(arg)}`;
  if (verb === "kick") return `kicked off to ${nodeLabel(arg)}`;
  if (verb === "move") return `moved the ball to ${nodeLabel(arg)}`;
  if (verb === "stay") return "left the ball where it was";
  return action;
}

// -- the contract ------------------------------------------------------------------------
// The pitch is part of the decision (marked data-focus: the page keeps it in sight above the dock) when the
// ball is to move, at a lead (where the ball lies decides the Master team, which a lead must weigh) and when
// following: the trick decides where the ball goes next, so on a phone the pitch stays in sight under the trick.
function pitchFocus(ctx) {
  const { obs } = ctx;
  if (ctx.readOnly || !ctx.legal.length) return undefined;
  if (["kick", "move"].includes(obs.phase)) return "the pitch";
  if (obs.phase !== "play") return undefined;
  return obs.trick.cards.length ? "the pitch while the trick is played" : "the pitch at a lead";
}

// While another player kicks off or moves the ball, the pitch is what to watch (marked data-watch: the page
// brings it into sight above the dock as it does a decision's part, on a phone too).
function pitchWatch(ctx) {
  const { obs } = ctx;
  if (ctx.readOnly || !ctx.legal || ctx.legal.length || ctx.view?.over) return undefined;
  if (["kick", "move"].includes(obs.phase)) return "the ball's next move";
  // (on a phone, while the others play to a trick, the ball and the badge under it, which make the Master team the
  // player's next card must weigh, are kept above the dock with the trick: the pitch no longer lies half under it)
  return tricksWatched(ctx) ? "the ball's badge while the trick is played" : undefined;
}
const tricksWatched = (ctx) => narrow.matches && !ctx.readOnly && ctx.seat !== null && ctx.seat !== undefined
  && ctx.obs.phase === "play" && !(ctx.legal && ctx.legal.length) && !ctx.view?.over;

// A ball move chosen (a button in the dock, a ringed position on the pitch) is taken at once: every way of
// choosing it again goes off, the one chosen stays marked, and the dock says what the player chose until the
// server's answer draws the table again (a move refused by the server: the table is drawn afresh to choose again).
function takeAtOnce(ctx, parts) {
  let taken = null;
  return (action) => {
    if (!/^(kick|move) |^stay$/.test(action)) return ctx.act(action);
    if (taken) return false;
    const sent = ctx.act(action);
    if (sent === false) return sent;
    taken = action;
    const [pitch, buttons, box] = parts();
    // (the one chosen keeps the keyboard's focus where it had it, marked off rather than disabled: a disabled
    // control drops the focus to the page, and the table then has nothing to carry it on to his next turn)
    for (const ring of pitch.querySelectorAll(".fw-target")) {
      const chosen = ring.dataset.action === action;
      ring.classList.add("fw-taken");
      ring.classList.remove("clickable", "legal-glow");
      ring.classList.toggle("fw-chosen", chosen);
      ring.setAttribute("aria-disabled", "true");
      if (!chosen || document.activeElement !== ring) ring.setAttribute("tabindex", "-1");
    }
    for (const arrow of pitch.querySelectorAll(".fw-arrow")) arrow.classList.toggle("fw-taken", arrow.dataset.arrow !== action.split(" ")[1]);
    const said = h("p", { class: "fw-ball-chosen", "data-testid": "ball-chosen", role: "status" }, `You ${words(action)}…`);
    if (buttons) {
      for (const button of buttons.querySelectorAll("button")) {
        const chosen = button.dataset.action === action;
        if (chosen && document.activeElement === button) button.setAttribute("aria-disabled", "true");
        else button.disabled = true;
        button.classList.toggle("fw-chosen", chosen);
      }
      buttons.prepend(said);
    } else box.append(said);
    setTimeout(() => { if (pitch.isConnected && ctx.redraw) ctx.redraw(); }, 6000);
    return sent;
  };
}

// The replay's jumps (replay.js shows them as buttons and as ticks on the step bar): the kick-off, each goal, half
// time, the second half's kick-off and full time.  The step that ends the first half also sets up the second (the
// cards dealt again, the ends changed): it is marked ``ended``, and the replay shows it twice, first as the half ended
// (its last trick and who won it), then the second half's kick-off.  The labels name no scorer: the jumps do not give
// the result away.
export function marks(info) {
  const obs = info.observation || {};
  const history = obs.history || [];
  const firstHalf = 4 * ((obs.tricks || [])[0] || []).length;
  const out = [{ step: 0, label: "Kick-off" }];
  let plays = 0;
  let goal = 0;
  let halfTimeAt = null;
  history.forEach(([, action], i) => {
    const [verb, node] = action.split(" ");
    if (verb === "kick" && i > 0 && halfTimeAt === null && firstHalf && plays === firstHalf) {
      halfTimeAt = i;
      out.push({ step: i, label: "Half time", ended: true, caption: "half time" }, { step: i, label: "Second half" });
    }
    if (verb === "play") plays += 1;
    if (verb === "move" && isGoal(node)) { goal += 1; out.push({ step: i + 1, label: `Goal ${goal}` }); }
  });
  if (obs.phase === "over") out.push({ step: history.length, label: "Full time" });
  // (a goal scored with the half's last move: its jump shows the half as it ended, the goal in it; the marks in the
  // order of their steps, the goal before half time)
  out.forEach((m) => { if (m.step === halfTimeAt && m.label.startsWith("Goal")) m.ended = true; });
  return out.sort((a, b) => a.step - b.step || (b.ended ? 1 : 0) - (a.ended ? 1 : 0));
}

// In a replay, the step that ended the first half, shown as the half ended (``ctx.ended``): the score at the break,
// the half's last trick and who won it, in the board's place (the table behind it is already the second half's).
function replayHalfTime(ctx) {
  const { obs, view } = ctx;
  if (!ctx.readOnly || !ctx.ended || obs.half !== 2 || (obs.tricks[1] || []).length || !(obs.tricks[0] || []).length) return null;
  // (names only, as on the replay's boards; the sheet shows the half's last trick and who won it, as at the table)
  const sheet = halfTime({ ...view, seat: null });
  return h("section", { class: "fw-replay-half", "data-testid": "replay-half-time" },
    h("h3", {}, sheet.title),
    sheet.body,
    h("p", { class: "fw-replay-note" }, "The table as the first half ended. Step on (▶) for the second half's kick-off."));
}

export function render(el, ctx) {
  const { obs } = ctx;
  const halfOver = replayHalfTime(ctx);
  if (halfOver) {
    el.classList.add("fw-board");
    el.append(halfOver);
    return;
  }
  let pitch = null, buttons = null, box = null;
  // (a goal scored since the last view drawn, in this half: the goal the scorers attack; a goal that ended a half
  // is told by the half-time sheet, the sides having changed ends)
  const log = obs.goal_log || [];
  const scored = !ctx.readOnly && goalsShown !== null && log.length > goalsShown ? log.at(-1) : null;
  if (!ctx.readOnly) goalsShown = log.length;
  const goalIn = scored && scored.half === obs.half && obs.attacking ? obs.attacking[scored.partnership] : null;
  ctx = { ...ctx, act: takeAtOnce(ctx, () => [pitch, buttons, box]), goalIn };
  const moveNote = obs.move ? h("div", { class: "fw-move-note" },
    `${who(ctx, obs.move.mover)} won the trick: ${plural(obs.move.moves_left, "ball move")} left`) : "";
  el.classList.add("fw-board");
  el.append(
    scoreboard(ctx),
    h("div", { class: "fw-main" },
      box = h("div", { class: "fw-pitch-box", "data-focus": pitchFocus(ctx), "data-watch": pitchWatch(ctx) },
        pitch = pitchSvg(ctx), moveNote),
      // at the end of a live table the timeline moves to the ending, beside the result (ending below): shown once
      h("div", { class: "fw-side-col" }, tableArea(ctx),
        // (the goals, the last trick and the log kept in sight above the dock with the decision where there is room:
        // on a laptop with the hint or the list of moves open the page scrolls past its head rather than hide them)
        h("div", { class: "fw-under", "data-keep": "" }, lastTrickShown(ctx), ctx.view.over && !ctx.readOnly ? "" : timeline(ctx)),
        playLog(ctx))),
    (buttons = ballButtons(ctx) || null) || "",
    handRow(ctx));
}

// The replay's boards name every seat, the reader's too (a board is a seat's view, not the reader at the table): its
// caption names them the same way.
export const replayByName = true;

// What the next to play does, for the replay's caption ("Betty kicks off", "Arthur moves the ball", "Cyril to play").
export function toPlay(obs) {
  if (!obs) return null;
  if (obs.phase === "kick") return obs.half === 2 && !(obs.tricks[1] || []).length && !(obs.goal_log || []).some((g) => g.half === 2) ? "kicks off the second half" : "kicks off";
  if (obs.phase === "move") return "moves the ball";
  return "to play";
}

export function label(action) {
  const [verb, arg] = action.split(" ");
  if (verb === "play") return `${teamOf(arg).name} ${numberOf(arg)}`;
  if (verb === "kick") return `Kick off to ${nodeLabel(arg)}`;
  if (verb === "move") return `Ball to ${nodeLabel(arg)}`;
  if (verb === "stay") return "Leave the ball here";
  return action;
}

// The analysis of a ball move (a kick-off, a move after a trick won, the ball left where it was): the pitch as it
// stood, drawn beside the judgement, the move made ringed and the expert's choice ringed in gold (on a phone the
// board's own pitch lies a long scroll below).
export function judged({ obs, played, best, seat }) {
  // what the move made and the expert's choice each do, as the server's view of the seat said then
  const why = (action, whose) => (reasonOf(action, obs) ? h("li", {}, h("b", {}, `${whose} ${label(action)}: `), reasonOf(action, obs)) : "");
  const reasons = obs && (reasonOf(played, obs) || (best && best !== played && reasonOf(best, obs)))
    ? h("ul", { class: "fw-reasons", "data-testid": "judged-reasons", "aria-label": "What each move does" },
      why(played, "Played:"), best && best !== played ? why(best, "The expert's choice:") : "") : "";
  // (a card played: the hand it was played from, which lies under the board, below the fold even on a laptop)
  const drawn = !obs ? null : /^(kick|move) |^stay$/.test(played || "") ? judgedPitch({ obs, played, best, seat })
    : /^play /.test(played || "") ? judgedHand({ obs, played, best }) : null;
  if (!drawn) return reasons || null;
  // (one element: the replay appends what this returns as it is)
  return reasons ? h("div", { class: "fw-judged-whole" }, reasons, drawn) : drawn;
}

// The hand a judged card was played from, small, under the judgement at every size: the card played ringed in red,
// the expert's choice in gold, the Master team's cards starred as at the table.
function judgedHand({ obs, played, best }) {
  const hand = obs.hand || [];
  const card = (action) => (action || "").split(" ")[1];
  if (!hand.includes(card(played))) return null;
  const cards = [...hand].sort((a, b) => TEAM_ORDER.indexOf(a[0]) - TEAM_ORDER.indexOf(b[0]) || numberOf(a) - numberOf(b));
  const other = best && best !== played && hand.includes(card(best)) ? card(best) : null;
  const row = h("div", { class: "fw-judged-cards" }, cards.map((c) => {
    const el = cardFor(c, { master: c[0] === obs.master, size: "small" });
    if (c === card(played)) el.classList.add("fw-judged-card-played");
    else if (c === other) el.classList.add("fw-judged-card-best");
    return el;
  }));
  return h("figure", { class: "fw-judged fw-judged-hand", "data-testid": "judged-hand" },
    h("figcaption", {}, `The hand before the move (${plural(hand.length, "card")}): `,
      h("span", { class: "fw-key-played" }, `▢ the card played, ${label(played)}`),
      other ? h("span", { class: "fw-key-best" }, `▢ the expert's choice, ${label(best)}`) : ""), row);
}

function judgedPitch({ obs, played, best, seat }) {
  const svg = pitchSvg({ obs, legal: [], readOnly: true, seat, act: () => {} });
  const { at, r, centreR } = geometry();
  const mark = (action, cls) => {
    const node = action === "stay" ? obs.ball : action.split(" ")[1];
    if (!PITCH.layout[node]) return;
    const [x, y] = isGoal(node) ? [at(node)[0] + (node === PITCH.goals.west ? -20 : 20), at(node)[1]] : at(node);
    svg.append(s("circle", { cx: x, cy: y, r: (node === PITCH.centre ? centreR : r) + 6, class: `fw-judged-mark ${cls}` }));
  };
  if (best && best !== played) mark(best, "fw-judged-best");
  mark(played, "fw-judged-played");
  const key = [h("span", { class: "fw-key-played" }, "◯ the move made"), best && best !== played ? h("span", { class: "fw-key-best" }, "◯ the expert's choice") : ""];
  return h("figure", { class: "fw-judged", "data-testid": "judged-pitch" }, svg,
    h("figcaption", {}, `The ball on ${nodeLabel(obs.ball)} before the move: `, ...key));
}

// A hint row's verb and its move: a card is played; the ball is kicked off, moved or left where it is.
// Each row says what its move does, where the server's view says so (its reasons, worked out from the seat's own
// view): "wins the trick", "Master: (a team) (you hold 3); nearer the goal you attack".
export function hintWords(action, view) {
  const [verb, arg] = action.split(" ");
  const why = reasonOf(action, view && view.observation);
  const said = (text) => (why ? [text, h("small", { class: "fw-reason", "data-testid": "hint-reason", title: why }, why)] : text);
  if (verb === "kick") return ["Kick off", said(`to ${nodeLabel(arg)}`)];
  if (verb === "move") return ["Move", said(`the ball to ${nodeLabel(arg)}`)];
  if (verb === "stay") return ["Leave", said("the ball where it is")];
  return ["Play", said(label(action))];
}

// A move's reason as the server gave it in the seat's view ("" where it gave none).
function reasonOf(action, obs) {
  return (obs && obs.reasons && obs.reasons[action]) || "";
}

// At a kick-off or a move of the ball the hint's rows are the same moves as the buttons and rings: its heading
// says a row makes its move.
export function hintTap(view) {
  const phase = view && view.observation && view.observation.phase;
  if (!["kick", "move"].includes(phase)) return null;
  return `${narrow.matches ? "tap" : "click"} a line to play it`;
}

export function status(view) {
  const obs = view.observation;
  if (view.over || !view.legal || !view.legal.length) return null;
  // (in words for every way of playing: a mouse, a finger or the keyboard all "choose")
  if (obs.phase === "kick") return "Kick off: choose a ringed badge on the pitch; its team becomes the Master team.";
  if (obs.phase === "play") {
    if (!obs.trick.cards.length) return "Your lead: choose a card from your hand.";
    const led = teamOf(obs.trick.cards[0][1]);
    const follows = view.legal.every((a) => a.slice(5, 6) === led.code);
    return follows ? `Follow ${led.name}: choose one of your ${led.name} cards.` : `You have no ${led.name}: play any card.`;
  }
  if (obs.phase === "move") {
    const left = obs.move ? obs.move.moves_left : 1;
    // (the half's last trick: the rules offer only the ways into a goal, as nothing else would count)
    if (obs.hand && !obs.hand.length) {
      return `You won the half's last trick: only a goal counts now (${plural(left, "ball move")} left): choose a ringed position, or “stay”.`;
    }
    return `You won the trick (${plural(left, "ball move")} left): choose a ringed badge on the pitch, or “stay”.`;
  }
  return null;
}

// The partners of a side by name: "Ann & Cyril", or "You & Cyril" for the player's own side.
// (a drive's game: a side is its team)
const clubOf = (p) => (tournament && tournament.kind === "drive" ? tournament.sides[p === "A" ? 0 : 1] : null);
const partners = (view, p) => clubOf(p) || (p === "A" ? [0, 2] : [1, 3]).sort((a, b) => (b === view.seat) - (a === view.seat))
  .map((seat) => who({ view }, seat)).join(" & ");

// The match's outcome from its goals: "Ann & Cyril (partners A) win 5–4", or "a draw, 3–3".
function verdict(view, g) {
  if (g.A === g.B) return `a draw, ${g.A}–${g.B}`;
  const winner = g.A > g.B ? "A" : "B";
  return `${partners(view, winner)}${clubOf(winner) ? "" : ` (partners ${winner})`} win ${Math.max(g.A, g.B)}–${Math.min(g.A, g.B)}`;
}

// The tricks each side won in one half (0: the first).
function tricksWon(obs, half) {
  const won = { A: 0, B: 0 };
  (obs.tricks[half] || []).forEach((x) => { won[side(x.winner)] += 1; });
  return won;
}

// A goal's line without its cry ("Goal! "): the scorer, the goal and the score.
const goalWords = (text) => text.replace(/^(Own goal|Goal)! /, "");

// The sides' table in a summary: each side's partners and goals, then one column for each of ``columns``,
// [heading, side -> value].
function sidesTable(view, columns) {
  const g = view.observation.goals;
  return h("table", { class: "list" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Partners"), h("th", { scope: "col" }, "Goals"),
      columns.map(([heading]) => h("th", { scope: "col" }, heading)))),
    h("tbody", {}, ["A", "B"].map((p) => h("tr", {}, h("td", {}, clubOf(p) || `${p}: ${partners(view, p)}`), h("td", {}, String(g[p])),
      columns.map(([, value]) => h("td", {}, String(value(p))))))));
}

export function resultText(result, view) {
  if (!result) return "";
  const g = result.goals;
  if (!result.winner) return `A draw, ${g.A}–${g.B}.`;
  return `${verdict(view, g)}.${yourResult(view, side(view.seat) === result.winner)}`;
}

// What a side wins: the hint says "the match is all but decided".
export const contest = "match";

// Words for the move just made, after the player's name.
// (the move that scored, while it is the last one told, says so: the story never falls back to a plain "moved the
// ball to the West goal" under a prompt to kick off after it)
export function describe(action, view, seat) {
  const [verb, node] = action.split(" ");
  const obs = view && view.observation;
  const last = obs && obs.history && obs.history.at(-1);
  const goal = obs && (obs.goal_log || []).at(-1);
  if (verb !== "move" || !isGoal(node) || !goal || goal.by !== seat || !last || last[1] !== action) return words(action);
  const score = goals(obs, view).at(-1).text.split(": ").at(-1);
  return `${goal.own_goal ? "scored an own goal" : "scored"} in ${nodeLabel(node)}: ${score}`;
}

// Half time stops play: the score, the goals of the half, the tricks each side won, and how the second half starts.
export function summary(prev, view) {
  const obs = view.observation;
  // (the rules' own end: a table closed early has no full time)
  if (obs.phase === "over" && prev.observation.phase !== "over") return fullTime(view);
  if (!(prev.observation.half === 1 && obs.half === 2)) return null;
  return halfTime(view);
}

// The page opened (a reload, a link followed) on an end: the same sheet as the player saw it come. At full time
// (the rules' end, not a table closed early), and at half time, before the player has played in the second half.
export function opening(view) {
  const obs = view.observation;
  if (obs.phase === "over") return fullTime(view);
  return atHalfTime(obs, view.seat) ? halfTime(view) : null;
}

// Half time, for the page opened on it: the second half's first trick not yet played out, and the player's own
// hand still whole (the bots may have kicked off and led meanwhile; the player has not yet been to the table).
const atHalfTime = (obs, seat) => obs.half === 2 && obs.phase !== "over" && !(obs.tricks[1] || []).length
  && (seat === null || seat === undefined ? !obs.trick.cards.length : obs.hand_sizes[seat] === 11);

function halfTime(view) {
  const obs = view.observation;
  const g = obs.goals;
  const firstHalf = goals(obs, view).filter((x) => x.goal.half === 1);
  const tricks = tricksWon(obs, 0);
  const lead = g.A === g.B ? `level at ${g.A}–${g.B}` : g.A > g.B ? `${sideWords("A")} lead ${g.A}–${g.B}` : `${sideWords("B")} lead ${g.B}–${g.A}`;
  const ends = (p) => (obs.attacking[p] === PITCH.goals.west ? "the West goal" : "the East goal");
  // the half's last trick, whose cards the board no longer shows (the second deal is on it): who won it and
  // what became of the ball, read as in the first half
  const firstTricks = obs.tricks[0] || [];
  const final = firstTricks[firstTricks.length - 1];
  const lastOfHalf = final ? lastTrick({ view, obs: { ...obs, half: 1 } }, final, firstTricks.length - 1,
    `The half's last trick (trick ${firstTricks.length})`) : "";
  if (lastOfHalf) lastOfHalf.dataset.testid = "half-last-trick";
  return {
    title: `Half time: ${lead}`,
    body: h("div", { class: "fw-summary" },
      lastOfHalf,
      sidesTable(view, [["Tricks won this half", (p) => tricks[p]]]),
      firstHalf.length ? h("ol", { class: "fw-timeline" }, firstHalf.map(({ goal, text }) => h("li", {}, `Trick ${goal.after_trick}: ${goalWords(text)}`)))
        : h("p", {}, "No goals in the first half."),
      h("p", {}, `The cards are dealt again and the sides change ends: ${sideWords("A")} now attack ${ends("A")}, ${sideWords("B")} ${ends("B")}. `,
        `${who({ view }, obs.kicker)} ${verb({ view }, obs.kicker, "kick", "kicks")} off the second half from the centre circle.`)),
  };
}

// Full time is an event too: the score, who won, the second half's goals and tricks, before the match's page.
function fullTime(view) {
  const obs = view.observation;
  const g = obs.goals;
  const tricks = [tricksWon(obs, 0), tricksWon(obs, 1)];
  const mine = view.seat === null ? null : side(view.seat);
  const winner = g.A === g.B ? null : g.A > g.B ? "A" : "B";
  const outcome = verdict(view, g);
  const you = mine === null ? "" : winner === null ? " Honours even." : winner === mine ? " You win." : " You lose.";
  const all = goals(obs, view);
  const byHalf = (half) => all.filter((x) => x.goal.half === half);
  const list = (half) => h("li", {}, h("b", {}, half === 1 ? "First half: " : "Second half: "),
    byHalf(half).length ? byHalf(half).map(({ goal, text }) => `trick ${goal.after_trick}, ${goalWords(text).replace(/: [^:]* lead \d+–\d+$|: \d+–\d+, level$/, "").replace(/^You /, "you ")}`).join("; ")
      : "no goals");
  const analyse = analyseLink(view, "fw-analyse");
  // (the result said once, in the title: the box keeps short, under the pitch and the last trick)
  return {
    title: `Full time: ${outcome}.${you}`,
    last: true,
    place: placeFullTime,
    body: h("div", { class: "fw-summary" },
      sidesTable(view, [["Tricks, first half", (p) => tricks[0][p]], ["Tricks, second half", (p) => tricks[1][p]]]),
      h("ul", { class: "fw-timeline" }, list(1), list(2)), analyse),
  };
}

// Full time: the box stands at the window's foot under the final position it talks about: on a laptop the pitch and
// the last trick, on a phone the pitch (the trick and the pitch together leave the box too little room there). The
// page scrolls down as far as the box needs (at most to the board's head on a laptop, to the pitch's on a phone), and
// the box keeps to the room left under them, its words scrolling inside it where they need more. (In the next frame:
// the table scrolls to the page's top at a game's end in this one.)
const wide = window.matchMedia("(min-width: 1100px)");
function placeFullTime(sheet) {
  const board = document.querySelector(".board.fw-board");
  const pitch = board && board.querySelector(".fw-pitch-box");
  if (!sheet || !pitch) return;
  requestAnimationFrame(() => {
    const parts = wide.matches ? [pitch, board.querySelector(".fw-table-box")].filter(Boolean) : [pitch];
    const under = () => Math.max(...parts.map((el) => el.getBoundingClientRect().bottom));
    const need = under() + 12 + sheet.scrollHeight + 8 - window.innerHeight;
    const head = (wide.matches ? board : pitch).getBoundingClientRect().top - 6;
    if (need > 0) window.scrollBy({ top: Math.min(need, head), behavior: "instant" });
    sheet.style.maxHeight = `${Math.max(Math.floor(window.innerHeight - under() - 20), 180)}px`;
    sheet.dataset.placed = "";
  });
}

// A player's way to the expert's analysis of his moves, one click from the final whistle (the full-time box, and
// the final table under it): the replay opens with it going ("" for a watcher, or away from the table's page).
function analyseLink(view, testid) {
  const [where, tableId] = location.pathname.split("/").filter(Boolean);
  if (view.seat === null || where !== "t" || !tableId) return "";
  return h("p", { class: "fw-analyse" }, h("a", { class: "button primary", href: `/replay/${tableId}#analyse`, "data-testid": testid }, "Analyse my moves"),
    " the expert goes through each of your decisions and says which ones cost the match");
}

// A goal is an event: the banner says who scored, where, and the score it made.  So is a half's kick-off: at
// the table's first view (prev null) while the first trick is on, and when the second half begins, the banner
// says who kicks off, for which partners, toward which goal.
export function announce(prev, view) {
  const obs = view.observation;
  const list = goals(obs, view);
  // (a goal stands alone for a beat, then gives way at the next move: never run on with the moves after it; a goal
  // that ended the first half is told in the half-time box, and the bar says the second half's kick-off instead)
  const halfTurned = prev && prev.observation.half !== obs.half;
  if (prev && !halfTurned && list.length > (prev.observation.goal_log || []).length) return { text: list[list.length - 1].text, beat: true };
  // (the half's opening: no trick of it finished yet; a table opened later, or a half already going on, has none)
  const opening = (o) => o.phase !== "over" && !(o.tricks[o.half - 1] || []).length;
  if (!opening(obs) || (prev && opening(prev.observation) && prev.observation.half === obs.half)) return null;
  // (the kick-off is said once, and gives way at the next move, which the bar then shows whole)
  const kick = kickOffs(obs).find((k) => k.half === obs.half);
  return kick ? { text: kickOffText({ view, obs }, kick), passing: true } : null;
}

// The end of the match: every goal in order.
export function ending(view) {
  return h("div", { class: "board fw-board fw-ending" }, analyseLink(view, "fw-analyse-end"), timeline({ obs: view.observation, view }));
}
