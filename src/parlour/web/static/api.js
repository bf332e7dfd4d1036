// Talking to the server, and the keys this browser holds: seat keys for its tables, organiser keys for its
// drives and cycles.  A key goes with a request as "Authorization: Bearer KEY".
export async function api(method, url, body, key) {
  const headers = {};
  if (body) headers["Content-Type"] = "application/json";
  if (key) headers.Authorization = `Bearer ${key}`;
  const response = await fetch(url, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const data = response.status === 204 ? {} : await response.json().catch(() => ({}));
  // (the status goes with the error: a page says a refused key in its own words)
  if (!response.ok) throw Object.assign(new Error(data.detail || `${response.status} ${response.statusText}`), { status: response.status });
  return data;
}

// The games on offer, asked for once a page load.
let gameList = null;
export const games = () => (gameList ??= api("GET", "/api/games"));

const keyOf = (table) => `parlour:${table}`;
export const mySeat = (table) => JSON.parse(localStorage.getItem(keyOf(table)) || "null");
export const keepSeat = (table, seat) => localStorage.setItem(keyOf(table), JSON.stringify(seat));
export const joinLinks = (table) => JSON.parse(sessionStorage.getItem(`parlour:links:${table}`) || "{}");
// The tables this browser holds a seat key for: the list of tables shows them even when they are private.
export const myTables = () => Object.keys(localStorage).filter((k) => /^parlour:[A-Za-z0-9]+$/.test(k) && k !== "parlour:pace")
  .map((k) => k.slice("parlour:".length));

// A table just made: this browser keeps its own seat's key, and the join links to show.
export function keepMade(made) {
  if (made.token) keepSeat(made.id, { seat: made.seat, token: made.token });
  sessionStorage.setItem(`parlour:links:${made.id}`, JSON.stringify(made.join));
}

// A drive's or a cycle's organiser key: kept from its creation, or from its organiser link (#organiser=KEY).
const organiserOf = (id) => `parlour:organiser:${id}`;
export const organiserKey = (id) => localStorage.getItem(organiserOf(id));
export const keepOrganiser = (id, key) => localStorage.setItem(organiserOf(id), key);
// What follows # in a link, as a map: #invite=X or #organiser=Y.
export const hashParams = () => new URLSearchParams(location.hash.slice(1));
