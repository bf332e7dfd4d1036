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
