// Parlour's browser client: which page to draw for the address.  The pages are modules of their own
// (lobby.js, table.js, replay.js, tournaments.js); the server decides everything they show.
import { h, clear } from "/static/dom.js";
import { main } from "/static/page.js";
import * as lobby from "/static/lobby.js";
import { playTable } from "/static/table.js";
import { replayPage } from "/static/replay.js";
import * as tournaments from "/static/tournaments.js";

// -- routing ---------------------------------------------------------------------------------
function route() {
  document.onkeydown = null;
  main.style.paddingBottom = "";
  main.classList.remove("at-table");
  document.querySelector(".skip-link")?.remove();      // (a table's own: see table.js)
  tournaments.stop();
  const parts = location.pathname.split("/").filter(Boolean);
  if (parts.length === 0) return lobby.home();
  if (parts[0] === "drives" && parts[1]) return tournaments.drive(main, parts[1]);
  if (parts[0] === "drives") return tournaments.home(main);
  if (parts[0] === "cycles") return tournaments.cycle(main, parts[1]);
  if (parts[0] === "new") return lobby.newTable(parts[1]);
  if (parts[0] === "games") return lobby.finishedGames();
  if (parts[0] === "replay") return replayPage(parts[1]);
  if (parts[0] === "t" && parts[2] === "join") return lobby.join(parts[1], parts[3]);
  if (parts[0] === "t") return playTable(parts[1]);
  clear(main).append(h("h1", {}, "Not found"));
}

window.addEventListener("popstate", route);
route();

