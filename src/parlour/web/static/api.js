// Talking to the server, and the seat keys this browser holds for its tables.
export async function api(method, url, body) {
  const response = await fetch(url, {
    method, headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.detail || `${response.status} ${response.statusText}`);
  return data;
}

// The games on offer, asked for once a page load.
let gameList = null;
export const games = () => (gameList ??= api("GET", "/api/games"));

const keyOf = (table) => `parlour:${table}`;
export const mySeat = (table) => JSON.parse(localStorage.getItem(keyOf(table)) || "null");
export const keepSeat = (table, seat) => localStorage.setItem(keyOf(table), JSON.stringify(seat));
export const joinLinks = (table) => JSON.parse(sessionStorage.getItem(`parlour:links:${table}`) || "{}");

// A table just made: this browser keeps the first person seat's key, and the join links to show.
export function keepMade(made) {
  if (made.token) keepSeat(made.id, { seat: made.seat, token: made.token });
  sessionStorage.setItem(`parlour:links:${made.id}`, JSON.stringify(made.join));
}
