// A finished game step by step, from each seat's view or the whole table's, and the expert's analysis
// of one seat's moves.
import { h, clear } from "/static/dom.js";
import { api } from "/static/api.js";
import { gameModule, main, resultText } from "/static/page.js";

// -- replay ------------------------------------------------------------------------------
export async function replayPage(tableId) {
  const info = await api("GET", `/api/tables/${tableId}`).catch((error) => {
    clear(main).append(h("h1", {}, "No such table"), h("p", {}, error.message));
  });
  if (!info) return;
  if (!info.over) {
    clear(main).append(h("h1", {}, info.title), h("p", {}, "This game is still being played; it can be replayed once it is over."),
      h("a", { class: "button", href: `/t/${tableId}` }, "Watch it"));
    return;
  }
  const mod = await gameModule(info.game);
  document.title = `Replay · ${info.title}`;
  const slider = h("input", { type: "range", min: 0, max: info.moves, value: info.moves, "aria-label": "Step" });
  const which = h("select", { "aria-label": "Whose view" }, h("option", { value: "all" }, "Whole table"),
    info.seats.map((s, i) => h("option", { value: i }, `${s.name}'s view`)));
  const label = h("span", { class: "muted", "data-testid": "step" });
  const views = h("div", { class: "views" });
  const analysisBox = h("section", { class: "analysis", "data-testid": "analysis", "aria-live": "polite" });
  let analysed = null;                   // the analysis shown: {seat, name, moves: [...]}
  const pct = (c) => (c === null || c === undefined ? "–" : `${Math.round(100 * c)}%`);
  const named = (action) => (mod.label ? mod.label(action, { ...info, seat: analysed.seat }) : action);
  const markStep = (step) => analysisBox.querySelectorAll("li[data-index]").forEach((li) => {
    if (Number(li.dataset.index) === step) li.setAttribute("aria-current", "step"); else li.removeAttribute("aria-current");
  });
  const show = async () => {
    const step = Number(slider.value);
    const data = await api("GET", `/api/tables/${tableId}/replay?step=${step}&seat=${which.value}`);
    const next = analysed && analysed.moves.find((m) => m.index === step);
    clear(label).append(`Step ${step} of ${data.steps}`, data.action ? [" · ", stepWords(data)] : " · the deal",
      next ? ` · next, ${analysed.name} chose ${named(next.played)} (${pct(next.played_chance)}; the expert: ${named(next.best)}, ${pct(next.best_chance)})` : "");
    markStep(step);
    clear(views).append(...data.views.map((v) => {
      const board = h("div", { class: "board" }, h("h3", {}, `${v.name}'s view`));
      const fakeView = { ...info, observation: v.observation, seat: v.seat, legal: [], over: data.result !== null, result: data.result };
      mod.render(board, { view: fakeView, obs: v.observation, seat: v.seat, legal: [], act: () => {}, readOnly: true });
      return board;
    }));
  };
  // The move that made this step, in the game's own words (past tense: "Ann played England 6").
  const stepWords = (data) => {
    const { seat, action } = data.action;
    const name = info.seats[seat].name;
    const shown = { ...info, observation: data.views[0].observation, seat: data.views[0].seat };
    const words = mod.describe ? mod.describe(action, shown, seat) : (mod.label ? mod.label(action, shown) : action);
    return [h("b", {}, name), " ", words];
  };
  const step = (d) => { slider.value = Math.max(0, Math.min(info.moves, Number(slider.value) + d)); show(); };
  // The expert's analysis of one seat: each decision it made, judged from its own view at the time,
  // the costly ones marked.  Picking a move shows the table as it stood before it, from that seat's view.
  const analyser = h("select", { "aria-label": "Whose moves to analyse" }, info.seats.map((s, i) => h("option", { value: i }, s.name)));
  const analyseButton = h("button", { type: "button", "data-testid": "analyse", onclick: async () => {
    const seat = Number(analyser.value);
    analyseButton.disabled = true;
    clear(analysisBox).append(h("p", { class: "muted" }, `The expert is going through ${info.seats[seat].name}'s moves…`));
    try {
      const data = await api("GET", `/api/tables/${tableId}/analysis?seat=${seat}`);
      analysed = data;
      drawAnalysis(data);
      show();
    } catch (error) { clear(analysisBox).append(h("p", { class: "error" }, error.message)); }
    analyseButton.disabled = false;
  } }, "Analyse");
  const drawAnalysis = (data) => {
    const label = mod.label || ((x) => x);
    const fake = { ...info, seat: data.seat };
    clear(analysisBox).append(
      h("h2", {}, `${data.name}'s moves, as the expert sees them`),
      h("p", { class: "muted" }, `${data.decisions} decisions with a choice; ${data.costly} gave away more than ${pct(data.threshold)} of the chance of winning`,
        " (judged from what ", data.name, " could see at the time)."),
      data.moves.length ? h("ol", { class: "analysis-moves" }, data.moves.map((m) => h("li", { "data-index": m.index, class: m.costly ? "costly" : "" },
        h("button", { type: "button", onclick: () => { slider.value = m.index; which.value = String(data.seat); show(); } },
          h("span", { class: "move-number" }, `Move ${m.move}`), " ", label(m.played, fake), " ", h("span", { class: "chance" }, pct(m.played_chance))),
        m.costly ? h("span", { class: "cost", "data-testid": "costly" }, `gave away ${pct(m.cost)}`) : "",
        m.played === m.best ? h("span", { class: "muted" }, " the expert's choice")
          : h("span", { class: "muted" }, ` the expert: ${label(m.best, fake)} ${pct(m.best_chance)}`)))) : h("p", {}, "Every move of this seat was forced."));
  };
  const analysisControls = info.real_time ? "" : h("div", { class: "replay-controls" }, "The expert's analysis of ", analyser, analyseButton);
  slider.addEventListener("input", show);
  which.addEventListener("change", show);
  document.onkeydown = (event) => {
    if (event.key === "ArrowLeft") step(-1);
    if (event.key === "ArrowRight") step(1);
  };
  clear(main).append(
    h("p", {}, h("a", { href: "/games" }, "Finished games"), " / replay"),
    h("div", { class: "table-head" }, h("h1", {}, info.title), h("span", {}, info.result.abandoned ? resultText(info.result) : (mod.resultText || resultText)(info.result, info))),
    h("div", { class: "replay-controls" },
      h("button", { onclick: () => { slider.value = 0; show(); } }, "Start"), h("button", { onclick: () => step(-1), "aria-label": "Back" }, "◀"),
      slider, h("button", { onclick: () => step(1), "aria-label": "Forward" }, "▶"),
      h("button", { onclick: () => { slider.value = info.moves; show(); } }, "End"), which,
      h("a", { class: "button", href: `/api/tables/${tableId}/record` }, "Download the record")),
    label, analysisControls, analysisBox, h("h2", { class: "sr-only" }, "The table at this step"), views);
  show();
}

