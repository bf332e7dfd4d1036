"""What a player must be able to see at every decision, and the words he must never read.

``layout(page)`` looks at the page as it stands (never scrolling it) and lists what is wrong: the page
scrolls sideways; the prompt, the hand, a control of the decision or the part of the board the decision is
about (an element the game marks ``data-focus``) lies outside the window, or under something else (a
toast, the dock, a banner, the key).  ``words(texts, game)`` lists the codes and slips a player should
never read: action notation, card codes, seat ids where a name exists, variant identifiers, method
acronyms and "You plays".  The sweep (test_e2e_sweep.py) calls both at every decision of whole games.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "src/parlour/games"

#: the page, judged in the browser: a list of what is wrong, in words
LAYOUT_JS = """async () => {
  // a card just played settles first (its lift lasts a moment); the pulsing of targets goes on for ever
  await Promise.all(document.getAnimations().filter((a) => a.effect && a.effect.getTiming().iterations !== Infinity)
    .map((a) => a.finished.catch(() => null)));
  // and the page has drawn its frames (it brings the board into view as the dock settles)
  for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const wrong = [];
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  if (document.documentElement.scrollWidth > vw + 1)
    wrong.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px wide in ${vw})`);
  const name = (el) => {
    const bits = [el.tagName.toLowerCase()];
    if (el.id) bits.push('#' + el.id);
    if (el.classList && el.classList.length) bits.push('.' + [...el.classList].slice(0, 2).join('.'));
    for (const a of ['data-action', 'data-target', 'data-focus', 'data-testid'])
      if (el.getAttribute && el.getAttribute(a)) bits.push(`[${a}=${el.getAttribute(a)}]`);
    return bits.join('');
  };
  const shown = (el) => el.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true,
                                             opacityProperty: true });
  // wholly inside the window, and what a finger meets at its middle and near its corners is the element itself
  // a control in a row that scrolls sideways (the ways to lay a set on a phone) is reached by a swipe along it:
  // the row must be on screen, and the control wholly within it or scrolled out of it; so too a control in a box
  // of its own that scrolls up and down (the hint beside the ask on a laptop), though never in the dock itself
  const rows = new Set();
  const sideways = (el) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const style = getComputedStyle(p);
      if (/(auto|scroll)/.test(style.overflowX) && p.scrollWidth > p.clientWidth + 1) return p;
      if (!p.classList.contains('dock') && /(auto|scroll)/.test(style.overflowY)
          && p.scrollHeight > p.clientHeight + 1) return p;
    }
    return null;
  };
  const check = (el, what) => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return;
    const row = sideways(el);
    if (row) {
      const b = row.getBoundingClientRect();
      if (r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1 || r.bottom > b.bottom + 1) {
        if (!rows.has(row)) { rows.add(row); check(row, `${what}'s row`); }
        return;
      }
    }
    if (r.top < -1 || r.left < -1 || r.bottom > vh + 1 || r.right > vw + 1) {
      const at = [r.left, r.top, r.right, r.bottom].map(Math.round);
      wrong.push(`${what} ${name(el)} is not wholly on screen (${at[0]},${at[1]} to ${at[2]},${at[3]} in ${vw}x${vh})`);
      return;
    }
    // a shape drawn in SVG (a ring on the pitch) is met at its middle; a box at its middle and near its corners
    const inset = Math.min(6, r.width / 4, r.height / 4);
    const points = [[r.left + r.width / 2, r.top + r.height / 2]];
    if (!(el instanceof SVGElement) || el.tagName === 'svg')
      points.push([r.left + inset, r.top + inset], [r.right - inset, r.bottom - inset],
                  [r.right - inset, r.top + inset], [r.left + inset, r.bottom - inset]);
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(x, y);
      // (the element's own card drawn over it, in a fan of cards, is still the element)
      if (hit && hit !== el && !el.contains(hit) && !(hit.closest && hit.closest('.clickable, .refusable') === el)) {
        wrong.push(`${what} ${name(el)} is covered by ${name(hit)} at ${Math.round(x)},${Math.round(y)}`);
        return;
      }
    }
  };
  const dock = document.querySelector('.dock');
  if (!dock) { wrong.push('there is no dock'); return wrong; }
  const status = dock.querySelector('.status');
  if (status && shown(status) && status.textContent.trim()) check(status, 'the prompt');
  const hand = document.querySelector('.hand-area');
  if (hand && shown(hand)) {
    check(hand.querySelector('h3') || hand, 'the hand');
    hand.querySelectorAll('svg.card').forEach((c) => check(c, 'a card of the hand'));
  }
  const controls = document.querySelectorAll('.dock [data-action], .board [data-action], [data-target], .dock button');
  [...controls].filter(shown).forEach((el) => check(el, 'a control of the decision'));
  document.querySelectorAll('[data-focus]').forEach((el) => {
    if (shown(el)) check(el, `the board (${el.dataset.focus})`);
  });
  return wrong;
}"""

#: every text a player reads: the page's words (not the drawings on the cards) and what controls say to a screen reader
TEXTS_JS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest('svg, script, style') || !el.checkVisibility({ contentVisibilityAuto: true })) continue;
    const t = n.textContent.trim();
    if (el.closest('code') && /^https?:/.test(t)) continue;          // a link to send, not words to read
    if (t) out.push(t);
  }
  document.querySelectorAll('[aria-label], [title], input[placeholder], option').forEach((el) => {
    for (const a of ['aria-label', 'title', 'placeholder']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
    if (el.tagName === 'OPTION') out.push(el.textContent);
  });
  return out;
}"""


#: a table reads as one (its header, rows and totals stacked in columns, never laid side by side), at any moment
TABLES_JS = """() => [...document.querySelectorAll('table')]
  .filter((t) => t.checkVisibility() && getComputedStyle(t).display !== 'table')
  .map((t) => `the table ${t.className ? '.' + t.className.split(' ').join('.') : ''} is not laid out as a table`)"""


def tables(page) -> list[str]:
    return page.evaluate(TABLES_JS)


def layout(page) -> list[str]:
    return page.evaluate(LAYOUT_JS)


def texts(page) -> list[str]:
    return page.evaluate(TEXTS_JS)


def _codes() -> dict[str, list[str]]:
    planes = json.loads((DATA / "squadron_scramble/data/planes.json").read_text())
    towns = json.loads((DATA / "british_towns/data/towns.json").read_text())
    return {"planes": [p["code"] for p in planes["planes"]], "towns": [t["code"] for t in towns["towns"]]}


_CODES = _codes()
#: what no player should read, whatever the game
COMMON = {
    "action notation": re.compile(r"\b(play|kick|move|discard|take|lay|ask|swap|add|shoot|name|stop) [A-Z][A-Z0-9]*\d|"
                                  r"\bdraw stock\b|\btake discard\b|\btake \d+$|'(draw|take|play|lay|discard)"),
    "a method acronym": re.compile(r"\b(PIMC|IS-?MCTS|MCTS|UCT)\b"),
    "a variant identifier": re.compile(r"\b[a-z]+_[a-z_]+\b"),
    "'You' with a verb for he": re.compile(r"\bYou (plays|moves|takes|draws|lays|discards|asks|kicks|says|shoots|"
                                           r"holds|swaps|adds|leaves|gets|wins|loses|turns|stops|picks|scores|"
                                           r"goes|passes|has|is|was)\b"),
    "a match numbered from 0": re.compile(r"\bmatch 0\b", re.I),
}
#: each game's own codes
GAME = {
    "football-whist": {"a card or pitch code": re.compile(r"\b[EISW](1[01]|[1-9])\b|\b[EW]G\b"),
                       "a seat id": re.compile(r"\b[AB][12]\b")},
    "squadron-scramble": {"a plane code": re.compile(r"\b(%s)(/[TSF])?\b(?!-)" % "|".join(_CODES["planes"])),
                          "a wild-card code": re.compile(r"\b(KEF|VIC)\b"),
                          "a seat id": re.compile(r"\bP[1-9]\b")},
    "british-towns-asking": {"a town code": re.compile(r"\b(%s)\b|\bR[1-9]\b" % "|".join(_CODES["towns"])),
                             "a seat id": re.compile(r"\bP[1-9]\d?\b")},
    "british-towns-sets": {"a town code": re.compile(r"\b(%s)\b|\bR[1-9]\b" % "|".join(_CODES["towns"])),
                           "a seat id": re.compile(r"\bP[1-9]\b")},
    "biggles": {"a card code": re.compile(r"\b[KR][1-7]x?\b|\bBIG\b"), "a seat id": re.compile(r"\bP[12]\b")},
}


def words(seen: list[str], game: str | None = None) -> list[str]:
    """What is wrong with the texts a player saw: one line per kind of slip, with an example."""
    rules = dict(COMMON)
    if game:
        rules.update(GAME[game])
    else:                                   # a page about every game (lists, tournaments)
        for name, patterns in GAME.items():
            rules.update({f"{what} ({name})": pattern for what, pattern in patterns.items()})
    found: dict[str, str] = {}
    for text in seen:
        for what, pattern in rules.items():
            if what not in found and pattern.search(text):
                found[what] = text
    return [f"{what}: {text!r}" for what, text in found.items()]
