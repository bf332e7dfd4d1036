// What every page of the client shares: the page's main element, a game's own module, moving to
// another page, and the plain words for a result.
import * as generic from "/static/games/generic.js";

export const main = document.getElementById("main");

// A game's module (its board, words and controls), or the fallback that lists the observation.
export async function gameModule(id) {
  try {
    return await import(`/static/games/${id}.js`);
  } catch (error) {
    return generic;
  }
}

// Another page of the client, without reloading (app.js routes on popstate).
export function go(url, { replace = false } = {}) {
  if (replace) history.replaceState({}, "", url); else history.pushState({}, "", url);
  window.dispatchEvent(new PopStateEvent("popstate"));
}

// A result in words, for lists: who won by name (``winners``, the server's), a draw, or a table closed early.
export function resultText(result, winners = []) {
  if (!result) return "";
  if (result.abandoned) return `Closed before the end (${result.reason})`;
  if (result.winner === null || result.winner === undefined) return "A draw";
  return winners.length ? `Won by ${together(winners)}` : "Finished";
}

// A pair of one team's players by the team's name: "Q.P. Rangers (1 & 2)" rather than "Q.P. Rangers 1 & Q.P. Rangers 2".
export function together(names) {
  const parts = names.map((n) => /^(.*\S) (\d+)$/.exec(n));
  if (names.length > 1 && parts.every((p) => p && p[1] === parts[0][1])) return `${parts[0][1]} (${parts.map((p) => p[2]).join(" & ")})`;
  return names.join(" & ");
}
