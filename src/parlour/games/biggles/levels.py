"""Named Biggles bot levels: how fast a player turns cards and how quickly he reacts.

The figures are assumptions (no one has timed the 1955 players): a practised
player turns a three in about half a second and reacts to a playable card in
about a third of a second; a newcomer needs roughly three times as long and
misses a good share of chances.  The gentlest level, ``gentle``, is tuned in
the discrete-event twin against a model of a person new to the game at the
web table (turning every second, reacting in 1.2 s, missing one card in four,
the bot at the live table's pace): that person wins about half the games
(``tests/biggles/test_levels.py``).  ``turn`` and ``react`` are mean seconds,
``miss`` the chance of not noticing a playable card when it shows.  The
levels run from the slowest to the quickest.
"""

from typing import Final

#: (round 14: the gentlest turned at the live table about once a second, which no one took for a casual player's
#: pace; the two gentlest now turn slowly and are kept beatable by pace rather than by missing half their chances,
#: and the next is a step slower than it was: what a player sees of each matches its title)
LEVELS: Final[dict[str, dict[str, float]]] = {
    "gentle": {"turn": 3.0, "react": 1.2, "miss": 0.2},
    "newcomer": {"turn": 2.2, "react": 1.0, "miss": 0.2},
    "casual": {"turn": 1.5, "react": 0.8, "miss": 0.15},
    "club": {"turn": 0.8, "react": 0.5, "miss": 0.1},
    "practised": {"turn": 0.55, "react": 0.33, "miss": 0.04},
}
#: how many times quicker than a level's hands at a real table the bots move in live play: a person presses keys,
#: which is quicker than turning three cards by hand (docs/rules/biggles.md, Bots)
LIVE_PACE: Final = 2.0
#: the least time, in seconds, a bot at the live table takes to make a card move (play or stop) after the change it
#: answers (review 25: a club player played Biggles 0.19 s after its opponent's move, quicker than a person can see
#: and press; a quick person's reaction is about a quarter of a second).  A live-table pace, not a rule: the twin
#: and the replay of stored races keep their own timing
LIVE_REACT_FLOOR: Final = 0.25
#: the opponent a person meets when no level is named: the gentlest
DEFAULT: Final = "gentle"
#: the pace of a bot with no level of its own (the random bot, the menus' Beginner): the gentlest level's hands, so
#: that it is the weakest on offer, as its name says (at a club player's hands its random moves beat the gentle
#: level; tests/biggles/test_levels.py)
PACE: Final = "gentle"
#: the Beginner's hands beyond that level's: it turns this many times as long (a little quicker: the gentle level
#: turns slowly since round 14), reacts this many times slower, and misses this share of
#: the cards it could play, so that, now that it builds whenever it sees a card for its build (``bots.TimedBot``),
#: it is still the weakest (it wins about one game in eight against the gentle level; tests/biggles/test_levels.py)
BEGINNER_TURN: Final = 0.8
BEGINNER_REACT: Final = 1.5
BEGINNER_MISS: Final = 0.38
#: a plain name and one line for each level, for menus.  A name means the same strength in every game (the
#: menus' words, ``parlour.bots``): the gentlest level, which someone new to the game beats about half the time,
#: is the "Casual player" as in the card games; the quickest, hard to beat, is their "Expert"
TITLES: Final = {"gentle": "Casual player", "newcomer": "Improving player", "casual": "Regular player",
                  "club": "Club player", "practised": "Expert"}


def _seconds(x: float) -> str:
    """A live pace in figures: "1.5 seconds", "0.4 seconds"."""
    return f"{x:.2g} seconds"


def _pace(level: str) -> str:
    """What a player sees of a level at the live table: how often it turns, how quickly it takes a card it spots."""
    hands = LEVELS[level]
    return (f"turns every {_seconds(hands['turn'] / LIVE_PACE)}, takes a card it spots in about "
            f"{_seconds(max(hands['react'] / LIVE_PACE, LIVE_REACT_FLOOR))}")


#: (each says the level's live pace in figures worked out from LEVELS, so that what a menu says is what the bot does)
NOTES: Final = {
    # (short and honest: players who know the game beat it easily, as three reviewers' scripted players did)
    "gentle": f"Unhurried: {_pace('gentle')} and misses one chance in five. For your first games; when you win "
              "easily, try the Improving player",
    "newcomer": f"A little quicker: {_pace('newcomer')} and misses one chance in five",
    "casual": f"Steady: {_pace('casual')}, missing one chance in seven",
    "club": f"Brisk: {_pace('club')}, and seldom misses a playable card",
    "practised": f"Fast: {_pace('practised')}; hard to beat",
}
