// Wording the game views share: plurals, seat names and a seat's own result.
export const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

// The name of a seat as the table knows it ("Ann"), from a rules seat name ("P1") or number.
// Two bots of one kind share a name, so the rules name is added where names repeat.
export function seatName(view, who) {
  const rules = view.observation?.seat_names || [];
  const i = typeof who === "number" ? who : rules.indexOf(who);
  const name = view.seats && view.seats[i] && view.seats[i].name;
  if (!name) return rules[i] || (typeof who === "number" ? `P${who + 1}` : who);
  const twins = view.seats.filter((x) => x.name === name).length > 1;
  return twins && rules[i] && rules[i] !== name ? `${name} (${rules[i]})` : name;
}

// " You win!" or " You lose." after a result, for a player (nothing for a spectator).
export const yourResult = (view, won) => (view.seat === null || view.seat === undefined ? "" : won ? " You win!" : " You lose.");

// "Q. P. Rangers' ground", "Charlton's ground": a name ending in s takes the apostrophe alone.
export const possessive = (name) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);

// A score as print sets it: a true minus sign for a loss ("−8"), so every negative on a page reads alike.
export const points = (n) => (typeof n === "number" && n < 0 ? `−${-n}` : String(n ?? 0));

// Items as a sentence lists them: "Ann", "Ann and Bob", "Ann, Bob and Cat" ("" for none).
export const listed = (items) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

// A message as a sentence starts: its first letter a capital (the server's refusals begin in lower case).
export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

// A place in words: "1st", "2nd", "11th", "22nd".
export const ordinal = (n) => `${n}${[11, 12, 13].includes(n % 100) ? "th" : ["th", "st", "nd", "rd"][n % 10] || "th"}`;

// Whether the page speaks to the player at ``seat`` as "you": his own seat's view, not one shown to someone else
// (a replay's boards show each seat's view to whoever opens it: ``view.onlooker`` where the reader is not that seat).
export const addressed = (view, seat) => Boolean(view) && view.seat !== null && view.seat !== undefined
  && Number(seat) === view.seat && !view.onlooker;

// A seat as the player reads it in a story or a log: "You"/"you" for his own seat, its name for any other.
export const person = (view, seat, { start = false } = {}) =>
  (addressed(view, seat) ? (start ? "You" : "you") : seatName(view, seat));

// The verb for choosing on the board: "tap" where the screen is touched, "click" where a mouse points.
export const tap = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches ? "tap" : "click";

// A tournament game's own name, from its table's context (the server's): "Saturday Drive · round 4, table 4:
// Chelsea 3–3 Charlton" once over (the score in the middle), "… : Chelsea v Charlton" before.
export function contextTitle(c) {
  const [a, b] = c.sides;
  const middle = c.figures && c.figures.length === 2 ? ` ${c.figures[0]}–${c.figures[1]} ` : " v ";
  return `${c.name} · ${c.where}: ${a}${middle}${b}`;
}
