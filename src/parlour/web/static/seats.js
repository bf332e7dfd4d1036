// A player's seats beyond this browser: the private link that carries a seat's key to another device, the
// taking of a seat by that link, and the player's own tables, listed by showing the server the keys held here.
// The key rides after # in the link: a browser never sends that part of an address, so it is in no log.
import { h } from "/static/dom.js";
import { api, hashParams, keepSeat, mySeat, myTables } from "/static/api.js";

// the seat keys this browser holds, as {table, key} (other things kept under "parlour:", a name, are passed by)
export function heldKeys() {
  return myTables().map((table) => {
    try {
      const seat = JSON.parse(localStorage.getItem(`parlour:${table}`));
      return seat && typeof seat.token === "string" ? { table, key: seat.token } : null;
    } catch { return null; }
  }).filter(Boolean);
}

// The tables this browser holds seat keys for, each with the seat its key opens (`seat`): the server lists
// only those whose keys are right, so nobody sees another person's private table.
export const ownTables = (finished) => {
  const keys = heldKeys();
  return keys.length ? api("POST", "/api/tables/mine", { keys, finished }) : Promise.resolve([]);
};

export const seatLink = (tableId, mine) => `${location.origin}/t/${tableId}#seat=${mine.seat}&key=${encodeURIComponent(mine.token)}`;

export const WRONG_LINK = "This seat link does not open a seat at this table (it may be cut short or mistyped), so you are "
  + "watching. Copy the whole link again on the device you played on: the table's \u201cYour seat on another device\u201d.";

// A seat's private link opened here: its key is checked with the server, kept, and taken out of the address
// bar.  Answers null where the address carries no key, {seat} for a seat taken, {refused: words} for a wrong key.
export async function takeSeatFromLink(tableId) {
  const key = hashParams().get("key");
  if (!key) return null;
  history.replaceState(history.state, "", location.pathname + location.search);
  try {
    const { seat } = await api("GET", `/api/tables/${tableId}/seat`, undefined, key);
    keepSeat(tableId, { seat, token: key });
    return { seat };
  } catch (error) {
    return { refused: error.status === 401 || error.status === 403 ? WRONG_LINK : error.message };
  }
}

// "Your seat on another device": the link, a warning, a copy button; folded away until asked for.  What the link
// gives besides the seat: the expert's analysis in the replay, but a real-time game (``realTime``) has none, and
// its link gives the game among your own once it ends.
export function seatLinkBox(tableId, mine, realTime = false) {
  const url = seatLink(tableId, mine);
  const copy = h("button", { type: "button", class: "copy", onclick: async () => {
    try { await navigator.clipboard.writeText(url); copy.textContent = "Copied"; } catch { copy.textContent = "Select the link and copy it by hand"; }
  } }, "Copy the link");
  return h("details", { class: "close-table seat-link", "data-testid": "seat-link" },
    h("summary", {}, "Your seat on another device"),
    h("p", {}, "Open this link on your phone or another computer to play this seat there, and to have ",
      realTime ? "this game under \u201cYour games\u201d there once it ends, with its replay and how the game went. "
        : "the expert's analysis in the replay. ",
      "Keep it to yourself: whoever has it can play your seat."),
    h("code", { "data-testid": "seat-link-url" }, url), " ", copy);
}

// A row of the player's own games (the home page's tables in play, the finished games' own): its seat's private link
// folded under "On another device", to carry the game to a phone or another computer, in play or finished.  Only
// where this browser holds that seat's key (``t.seat``, the seat the server found it opens): the link carries that
// key alone, never another seat's.
export function carryLink(t) {
  const mine = mySeat(t.id);
  if (!mine || typeof t.seat !== "number" || mine.seat !== t.seat || typeof mine.token !== "string") return "";
  const url = seatLink(t.id, mine);
  const copy = h("button", { type: "button", class: "copy", onclick: async () => {
    try { await navigator.clipboard.writeText(url); copy.textContent = "Copied"; } catch { copy.textContent = "Select the link and copy it by hand"; }
  } }, "Copy the link");
  return h("details", { class: "carry-link", "data-testid": "carry-link" },
    h("summary", {}, "On another device"),
    // (a box over the list, under the row's link: opened, it leaves the list's columns as they were)
    h("div", { class: "carry-box" }, h("p", {}, t.finished ? "Open this link on your phone or another computer to have this game, its replay and the expert's "
      + "analysis of your moves there too. " : "Open this link on your phone or another computer to play your seat there. ",
    "Keep it to yourself: it opens your seat."),
    h("code", { "data-testid": "carry-link-url" }, url), " ", copy));
}
