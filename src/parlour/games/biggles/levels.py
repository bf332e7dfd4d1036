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

LEVELS: Final[dict[str, dict[str, float]]] = {
    "gentle": {"turn": 1.9, "react": 1.4, "miss": 0.4},
    "newcomer": {"turn": 1.6, "react": 1.1, "miss": 0.35},
    "casual": {"turn": 1.1, "react": 0.75, "miss": 0.2},
    "club": {"turn": 0.8, "react": 0.5, "miss": 0.1},
    "practised": {"turn": 0.55, "react": 0.33, "miss": 0.04},
}
#: the opponent a person meets when no level is named: the gentlest
DEFAULT: Final = "gentle"
#: the pace of a bot with no level of its own (the random bot, the menus' Beginner): the gentlest level's hands, so
#: that it is the weakest on offer, as its name says (at a club player's hands its random moves beat the gentle
#: level; tests/biggles/test_levels.py)
PACE: Final = "gentle"
#: the Beginner's hands beyond that level's: it turns and reacts this many times slower and misses this share of
#: the cards it could play, so that, now that it builds whenever it sees a card for its build (``bots.TimedBot``),
#: it is still the weakest (it wins about one game in eight against the gentle level; tests/biggles/test_levels.py)
BEGINNER_TURN: Final = 1.3
BEGINNER_MISS: Final = 0.45
#: a plain name and one line for each level, for menus.  A name means the same strength in every game (the
#: menus' words, ``parlour.bots``): the gentlest level, which someone new to the game beats about half the time,
#: is the "Casual player" as in the card games; the quickest, hard to beat, is their "Expert"
TITLES: Final = {"gentle": "Casual player", "newcomer": "Improving player", "casual": "Regular player",
                  "club": "Club player", "practised": "Expert"}
NOTES: Final = {
    # (short and honest: players who know the game beat it easily, as three reviewers' scripted players did)
    "gentle": "Slow and misses nearly half its chances: for your first games; when you win easily, try the "
              "Improving player",
    "newcomer": "Turns slowly and misses about a third of the chances to play: a step up from the casual player",
    "casual": "A little quicker, and misses one chance in five",
    "club": "Turns a three in under a second and seldom misses a playable card",
    "practised": "Turns in about half a second and pounces in a third: hard to beat",
}
