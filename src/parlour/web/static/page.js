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
  return winners.length ? `Won by ${winners.join(" & ")}` : "Finished";
}
