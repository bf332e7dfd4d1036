"""What goes over the wire: every request body, every answer and every socket message, as Pydantic models.

FastAPI checks each request body against its model and describes them all in
``/api/openapi.json``, so a client can be generated from it.  The models say
the shape and the types; what depends on the game or the tournament (how many
seats, which bots, a variant's bounds, a drive's teams) is still judged by the
rules and the tournaments themselves, which give their own reasons.

The pages show an error's ``detail`` as it is, so a refused value is
explained in words: each body lists its ``refusals``, field by field.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    BaseModel,
    Field,
    ModelWrapValidatorHandler,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    model_validator,
)
from pydantic.json_schema import models_json_schema
from pydantic_core import PydanticCustomError
from typing_extensions import Self

#: the error type of a refusal in words (see ``Body``)
REFUSED = "refused"

#: a seed as the server keeps it: the engine's random streams take 63 bits
Seed = Annotated[StrictInt, Field(ge=0, lt=2**63)]
#: who chose a table's seed: its creator (where nobody else plays) or the server
Chooser = Literal["creator", "server"]
#: a short name a person gives, shown at the table
Name = Annotated[StrictStr, Field(max_length=40)]


class Body(BaseModel):
    """A request body or socket message whose refusals are said in words.

    ``refusals`` maps a field to what a client is told when its value for that
    field is missing, of the wrong type or out of bounds; the key "" stands for
    the object as a whole.  A field without one keeps Pydantic's own wording.
    """

    refusals: ClassVar[dict[str, str]] = {}
    #: the object in words, for a field it does not have
    what: ClassVar[str] = "this object"

    @model_validator(mode="wrap")
    @classmethod
    def _in_words(cls, data: Any, handler: ModelWrapValidatorHandler[Self]) -> Self:
        try:
            return handler(data)
        except ValidationError as error:
            first = error.errors()[0]
            field = str(first["loc"][0]) if first["loc"] else ""
            if first["type"] == REFUSED:
                raise                               # already in words: a nested object's refusal
            if first["type"] == "extra_forbidden":
                raise PydanticCustomError(REFUSED, "{what} has no field '{field}'",
                                          {"what": cls.what, "field": field}) from None
            if field not in cls.refusals:
                raise                               # no words to give: Pydantic's own
            raise PydanticCustomError(REFUSED, "{reason}", {"reason": cls.refusals[field]}) from None


class Refusal(BaseModel):
    """Every refused request: the reason in words (a 400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 501 or 503)."""

    detail: str


# -- tables ------------------------------------------------------------------------------
class Seat(Body):
    """Who sits in one seat: a person (the creator, or whoever opens the seat's join link) or a bot."""

    kind: Literal["person", "bot"]
    name: Name | None = Field(None, description="shown at the table; a bot is named after its seat if left out")
    bot: StrictStr | None = Field(None, description="the bot's name, as GET /api/games lists them; "
                                                     "the game's default_bot if left out")

    refusals = {"": "kind must be 'person' or 'bot'", "kind": "kind must be 'person' or 'bot'",
                "name": "a name is text of at most 40 characters", "bot": "bot is a bot's name, such as 'random'"}


SEATS = "seats must list who sits where: {'kind': 'person'} or {'kind': 'bot', 'bot': NAME}"


class NewTable(Body):
    """``POST /api/tables``: a game, who sits where, and optionally the variant and the seed."""

    model_config = {"json_schema_extra": {"examples": [
        {"game": "football-whist", "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"},
                                             {"kind": "person"}, {"kind": "bot", "bot": "random"}],
         "variant": {"own_goals": True}, "seed": 42, "sit": True},
        {"game": "biggles", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "club"}], "variant": {"matches": 1}},
    ]}}

    game: StrictStr = Field(description="the game's id, as GET /api/games lists them", examples=["football-whist"])
    seats: list[Seat] = Field(min_length=1, description="one entry per seat, in seat order")
    variant: dict[str, Any] | None = Field(None, description="option names and values (GET /api/games lists them)")
    seed: Seed | None = Field(None, description="the deal: kept only where every person seat is the creator's own "
                                                "(the rest bots); the server draws one if left out, and at a table "
                                                "where anyone else plays")
    sit: StrictBool = Field(True, description="the creator takes the first person seat and gets its key")
    public: StrictBool = Field(False, description="list the table in GET /api/tables for everyone to see")
    open_seats: StrictBool = Field(False, description="anyone may take a free person seat (else only with its "
                                                       "join link's invite)")
    hints: StrictBool = Field(False, description="each person at the table may ask the expert for a hint at his "
                                                 "turn (turn-by-turn games); everyone at the table is shown it")

    refusals = {"game": "game is a game's id, as GET /api/games lists them", "seats": SEATS,
                "variant": "variant is an object of option names and values",
                "seed": "seed must be a whole number from 0 to 2**63 - 1", "sit": "sit is true or false",
                "public": "public is true or false", "open_seats": "open_seats is true or false",
                "hints": "hints is true or false"}


class SeatClaim(Body):
    """``POST /api/tables/ID/seats/N/claim``: the join link's invite (unless the table's seats are open to
    anyone) and the name the player is to be known by."""

    model_config = {"json_schema_extra": {"examples": [{"invite": "Jt1bqQ0mR3v1c0aVx2d9Ugf3", "name": "Ann"}]}}

    invite: Annotated[StrictStr, Field(max_length=100)] | None = Field(None, description="the secret after "
                                                                           "#invite= in the seat's join link")
    name: Name | None = Field(None, description="shown at the table (the seat's name if left out)")

    refusals = {"invite": "invite is the text after #invite= in the join link",
                "name": "a name is text of at most 40 characters"}


class TableMade(BaseModel):
    """A new table: its address, a join link for each person seat, and the creator's seat and key."""

    id: str
    url: str
    join: dict[str, str] = Field(description="person seat number -> the link that takes it (its invite after "
                                             "#invite=); the creator's own seat has none")
    seat: int | None = Field(None, description="the creator's seat (left out when the creator does not sit)")
    token: str | None = Field(None, description="the creator's seat key: it opens the play socket for that seat")
    seed_chosen_by: Chooser = Field(
        "server", description="who chose the seed: the creator (his seed, kept where nobody else plays) or the "
                              "server (it drew one: none was given, or another person sits at the table)")


class SeatKey(BaseModel):
    """A seat taken: the key that opens the play socket for it."""

    seat: int
    token: str


class EnteredResult(BaseModel):
    """A drive's or a cycle's result typed in by its organiser, for the list of finished games: no table was played
    for it (or its table's result was replaced), so it has no replay."""

    id: str = Field(description="the result's own name, unique in the list (\"drive-ID-2-3\", \"cycle-ID-4\")")
    game: str = Field(description="the game it was a result of: football-whist, biggles")
    players: list[str] = Field(description="the two sides, home (or blue) first")
    figures: list[int] = Field(description="the two sides' goals or points, in the same order")
    unit: str = Field(description="goals or points")
    at: float | None = Field(None, description="when it was entered (seconds since the epoch)")
    corrected: bool = Field(False, description="it replaced an earlier result")
    tournament: "TournamentOf"


class TournamentOf(BaseModel):
    """The drive or cycle a listed table was played for, named so that two on one evening differ."""

    name: str = Field(description="the drive's or the cycle's title (\"Saturday Drive\", \"Biggles cycle, 5 "
                                  "December\"; a cycle made before cycles had one by its players)")
    where: str = Field(description="the fixture in words: \"round 4, table 4\", \"match 3\"")
    url: str = Field(description="the tournament's page")
    stood_in: list[str] = Field([], description="the players (a cycle) or teams (a drive) who play in person at "
                                                "the tournament's tables but for whom a bot played here")


class TableSummary(BaseModel):
    """A table in the list of tables, with its result once finished."""

    id: str
    game: str
    variant: dict[str, Any]
    seats: list[dict[str, Any]]
    created: float
    finished: float | None
    result: dict[str, Any] | None
    meta: dict[str, Any] | None = Field(description="the fixture it was played for, if any")
    moves: int
    options: dict[str, Any] = Field(default_factory=dict, description="how it was set up: {\"hints\": true, "
                                                                      "\"seed_chosen_by\": \"server\"}")
    winners: list[str] = Field(default_factory=list, description="the names at the seats that won (none for a draw)")
    tournament: TournamentOf | None = Field(default=None, description="the drive or cycle it was played for, if any")
    score: dict[str, Any] | None = Field(default=None, description=(
        "the final score by side, for lists: {\"unit\": \"goals\"|\"points\", \"sides\": [{\"names\": [the names at "
        "the side's seats], \"seats\": [their seat numbers], \"figure\": 3, \"won\": true}]}, sides in seat order, "
        "with \"single_match\": true for a game of one match (a Biggles cycle's, won by playing Biggles first); "
        "none for a game closed early"))


class HeldSeat(Body):
    """One seat key this client holds: the table and the key."""

    table: Annotated[StrictStr, Field(max_length=40)]
    key: Annotated[StrictStr, Field(max_length=100)]


class HeldSeats(Body):
    """``POST /api/tables/mine``: the seat keys this client holds, to list the tables they open."""

    model_config = {"json_schema_extra": {"examples": [
        {"keys": [{"table": "Ab3dE5gH", "key": "Jt1bqQ0mR3v1c0aVx2d9Ugf3"}], "finished": True}]}}

    keys: list[HeldSeat] = Field(max_length=200, description="each table with this client's key to a seat at it")
    finished: bool | None = Field(None, description="only the finished tables (true), the unfinished (false), or all")


class MyTable(TableSummary):
    """A table in the list of a player's own tables: the seat his key opens."""

    seat: int = Field(description="the seat the key opens")


class SeatLink(BaseModel):
    """A person seat's own link at a tournament's open table, made afresh for the organiser to hand on (or to sit
    down with): it opens the seat on any device.  A link made before for that seat stops working."""

    seat: int
    name: str
    url: str = Field(description="the table's address with the seat and its new key after # (#seat=N&key=KEY)")


class SeatHeld(BaseModel):
    """The seat a key opens at a table."""

    seat: int


# -- the play socket ----------------------------------------------------------------------
class SeatView(BaseModel):
    name: str
    kind: Literal["person", "bot"]
    bot: str | None
    connected: bool


class RaceView(BaseModel):
    """Where a real-time game's race stands: before each match every person says he is ready, then a count
    runs, and only at Go may anyone move (docs/rules/biggles.md, ruling 12)."""

    phase: Literal["waiting", "counting", "running", "match-over", "paused", "over"] = Field(
        description="waiting: for every person to be ready before the first match (a 'ready' message each); "
                    "counting: everyone is ready, Go comes in go_in seconds (a race resumed mid-match counts "
                    "too); running: the race is on; match-over: a match has just ended (the observation's last "
                    "match result) and the next waits for every person to be ready; paused: a person is away; "
                    "over: the game is over")
    match: int = Field(description="the match about to start or under way, from 1 (at the end: the last played)")
    ready: list[int] = Field(description="the seats ready for the match about to start (a bot always is)")
    waiting_for: list[int] = Field(description="the person seats still to say they are ready (empty unless "
                                               "waiting or match-over)")
    go_in: float | None = Field(description="seconds until Go, while counting (else null)")
    count: float = Field(description="the length of a count in seconds")
    resumed: bool = Field(False, description="counting: the count resumes a match already under way (a player came "
                                             "back, or the server restarted), not the start of a fresh one")
    cascade: bool = Field(False, description="the variant's cascade: a build whose top black card was just cancelled "
                                             "may be stopped again at once (by default it is safe from a stop until "
                                             "its owner plays another black card)")


class TableView(BaseModel):
    """The table as one seat sees it (``seat`` null: a spectator); the server sends it after every change."""

    type: Literal["view"] = "view"
    table: str
    game: str
    seat: int | None
    seats: list[SeatView]
    observation: dict[str, Any] = Field(description="the game's own observation for that seat")
    legal: list[str] = Field(description="the seat's legal actions now (empty for a spectator, and in a race "
                                         "at any time but between Go and the match's end)")
    to_move: list[int]
    moves: int
    over: bool
    result: dict[str, Any] | None
    real_time: bool
    running: bool
    clock: float | None
    hints: bool = Field(False, description="the table allows hints: each person may ask the expert at his turn")
    hint_withheld: str | None = Field(None, description="at a table with hints, to the seat whose turn it is: why "
                                      "no hint is offered at this decision (the game tests what it would tell), "
                                      "else null")
    race: RaceView | None = Field(None, description="a real-time game's race (null in a turn-by-turn game)")
    version: int | None = Field(None, description="in a race, the view's number: a press names the view its move "
                                                  "was first offered in (``timing.version``)")
    after_game: dict[str, Any] | None = Field(None, description="once the game is over, the game's own account of "
                                                  "it worked out from the record (Biggles: each match's stops, "
                                                  "stops missed and longest run), else null")
    notice: str | None = Field(None, description="a line for everyone at the table while the server is too busy "
                                                 "for a bot's search, e.g. \"Arthur plays by rule of thumb: the "
                                                 "server is busy\" (null otherwise)")
    finish_offered: bool = Field(False, description="the seat may finish the game here by agreement, counted as it "
                                 "stands (POST /api/tables/ID/finish): its rules offer it now (a stalled sets game "
                                 "of British Towns, at that seat's turn) and every other seat is a bot")


class GameContext(BaseModel):
    """The tournament a table's game was played for: a drive's fixture or a cycle's match, said on its table, its
    end and its replay, with the way back."""

    kind: Literal["drive", "cycle"]
    name: str = Field(description="the tournament's name: the drive's or the cycle's title")
    where: str = Field(description="the fixture in words: \"round 4, table 4\", \"match 2\"")
    sides: list[str] = Field(description="the sides by name, in seat order: the home team (blue player) first")
    figures: list[int] | None = Field(None, description="each side's goals or points, once the game is over")
    url: str = Field(description="the tournament's page")
    back: str = Field(description="the link back in words: \"Back to the drive\"")


class TableInfo(TableView):
    """``GET /api/tables/ID``: the spectator's view, the seats already taken and the game's title."""

    claimed: list[int]
    title: str
    context: GameContext | None = Field(None, description="the drive or cycle the game was played for, if any")
    seed_chosen_by: Chooser | None = Field(
        None, description="who chose the deal: the server, or the creator where nobody else plays "
                          "(null for a table made before the server kept it)")


class ErrorMessage(BaseModel):
    """A refused socket message: the reason, sent to that connection only."""

    type: Literal["error"] = "error"
    message: str


class Timing(Body):
    """When a press in a race was made and what it answered, by the page's own clock (docs/rules/biggles.md,
    ruling 14): the server judges it by these, within the round trip its pings measure."""

    version: StrictInt = Field(ge=0, description="the view (its ``version``) in which the move was first offered")
    reaction: float = Field(ge=0, le=60, description="seconds from that view's arrival to the press")
    at: float = Field(description="the page's clock at the press, in seconds (the clock its pongs give)")

    refusals = {"version": "'timing.version' is the number of the view the move was first offered in",
                "reaction": "'timing.reaction' is the seconds from that view to the press, 0 to 60",
                "at": "'timing.at' is the page's clock at the press, in seconds"}


class Act(Body):
    """Make a move; ``moves`` is the number of moves in the view it was chosen from; in a race, ``timing`` says
    when it was made."""

    type: Literal["act"]
    action: Annotated[StrictStr, Field(min_length=1, max_length=100)] = Field(examples=["play E7"])
    moves: StrictInt | None = None
    timing: Timing | None = None

    refusals = {"action": "an action is a short text, such as 'play E7'",
                "moves": "'moves' is the number of moves you saw, a whole number",
                "timing": "'timing' is {version, reaction, at}: the view the move came in, the seconds since, "
                          "and the page's clock"}


class Pong(Body):
    """The answer to the server's ``ping`` in a race: its ``id`` and the page's clock when it came."""

    type: Literal["pong"]
    id: StrictInt
    at: float

    refusals = {"id": "'id' is the number of the ping answered", "at": "'at' is the page's clock, in seconds"}


class Ping(BaseModel):
    """Sent in a race about once a second: the page answers with a ``pong`` at once (the round trip and the
    clocks' offset are measured from it)."""

    type: Literal["ping"] = "ping"
    id: int


class AskView(Body):
    """Ask for the view again."""

    type: Literal["view"]


class Ready(Body):
    """A person at a real-time game is ready for the match about to start (each match starts once every person
    is, with a count)."""

    type: Literal["ready"]


class AskHint(Body):
    """Ask the expert about the seat's move now (a table made with hints, at the seat's turn); ``moves`` is the
    number of moves in the view it was asked from."""

    type: Literal["hint"]
    moves: StrictInt | None = None

    refusals = {"moves": "'moves' is the number of moves you saw, a whole number"}


class HintOption(BaseModel):
    """A legal move as the expert judged it: its estimated chance of winning, 0 to 1."""

    action: str
    chance: float
    visits: int = Field(description="how many of the search's iterations tried it")
    level: bool = Field(False, description="shown at the expert's choice's chance: it came out higher on fewer "
                                           "tries, within the search's noise (its own figure is not shown)")


class Hint(BaseModel):
    """The answer to ``hint``, sent to the asking connection only: the moves the expert judged, best first.

    Worked out from the seat's own view alone (the worlds it cannot tell from the true one), with the same
    budget and seed as the analysis of a finished game, so both judge a position alike."""

    type: Literal["hint"] = "hint"
    seat: int
    moves: int = Field(description="the moves made when it was asked: a hint for an older position is stale")
    options: list[HintOption] = Field(description="every move the expert judged, best (its own choice) first")
    unjudged: int = Field(0, description="legal moves the expert passed over without judging them (the game's "
                                         "search prunes them: a wrong name, a discard while cards could go down)")
    iterations: int = Field(description="the search's budget: iterations of its look-ahead")
    seconds: float = Field(description="how long the expert thought")


#: what a client sends on the play socket
ClientMessage = Annotated[Act | AskView | AskHint | Ready | Pong, Field(discriminator="type")]
#: what the server sends on it
ServerMessage = Annotated[TableView | ErrorMessage | Hint | Ping, Field(discriminator="type")]


# -- replays ---------------------------------------------------------------------------------
class ReplayAction(BaseModel):
    seat: int
    action: str


class SeatObservation(BaseModel):
    seat: int
    name: str
    observation: dict[str, Any]


class ReplayStep(BaseModel):
    """A finished game as it stood after ``step`` of its ``steps`` actions."""

    game: str
    step: int
    steps: int
    action: ReplayAction | None = Field(description="the step-th action (null at step 0)")
    views: list[SeatObservation]
    result: dict[str, Any] | None = Field(description="the result, at the last step")
    time: float | None = Field(None, description="a race's step-th action: when it was made, in seconds on the race "
                                                 "clock from the game's start (null at step 0, in a turn-by-turn "
                                                 "game, or where the record keeps no time)")
    time_before: float | None = Field(None, description="the same for the action before it (null at steps 0 and 1)")
    time_next: float | None = Field(None, description="the same for the action after it (null at the last step): "
                                                      "the replay's Play waits the gap between them")


class AnalysisOption(BaseModel):
    action: str
    visits: int
    value: float | None = Field(description="the search's mean return, -1 to 1 (null: not searched)")
    chance: float | None = Field(description="the estimated chance of winning, 0 to 1")


class AnalysedMove(BaseModel):
    """One decision of the seat: the move played, the expert's choice and the best other move, with chances."""

    index: int = Field(description="the move's place in the record (from 0): the replay's step before it")
    move: int
    seat: int
    legal: int
    played: str
    played_chance: float | None
    best: str = Field(description="the expert's own choice")
    best_chance: float | None
    alternative: str | None = Field(description="the best move other than the one played")
    alternative_chance: float | None
    cost: float | None = Field(description="the chance of winning the move gave away: best's minus played's, "
                                           "at least 0")
    costly: bool = Field(description="the cost is over the threshold, or the move was a wrong answer")
    wrong_answer: bool = Field(False, description="a wrong answer where the rules count one right (a plane named "
                                                  "wrongly in Squadron Scramble, which forfeits the next turn): "
                                                  "costly whatever its cost, the right answer the expert's choice")
    unmeasured: str | None = Field(None, description="why the move has no figures (a wrong answer whose cost lies "
                                                     "past the expert's look-ahead), in words for the player")
    options: list[AnalysisOption]


class Analysis(BaseModel):
    """A finished game's decisions of one seat as the expert judges them, from that seat's view alone."""

    table: str
    game: str
    seat: int
    name: str
    bot: str
    iterations: int = Field(description="the search's budget a decision: the same as a hint's")
    seed: int = Field(0, description="the search's seed: the same as a hint's")
    threshold: float
    moves: list[AnalysedMove]
    decisions: int = Field(description="the seat's decisions that had a choice")
    costly: int
    finished: bool = Field(True, description="false when the safety cap stopped the analysis: ``moves`` holds the "
                                             "decisions judged before it (each on the whole budget)")


class AnalysisProgress(BaseModel):
    """How far the analysis of a seat has got: ``done`` of its ``total`` decisions judged."""

    seat: int
    started: bool = Field(description="the analysis has been asked for")
    done: int
    total: int | None = Field(description="the seat's decisions with a choice (null until known)")
    ready: bool = Field(description="the analysis is made: GET analysis answers at once")


# -- games -------------------------------------------------------------------------------
class VariantOption(BaseModel):
    name: str = Field(description="the option's identifier, as records keep it and --variant NAME=VALUE takes it")
    label: str = Field(description="the option in plain words, for a menu: 'Own goals count'")
    type: str
    default: Any
    description: str
    source: str
    choices: list[Any]
    choice_labels: list[str] = Field(description="each of choices in plain words, in the same order")
    minimum: int | None
    maximum: int | None


class BotInfo(BaseModel):
    name: str = Field(description="the bot's name, as a seat names it")
    title: str = Field(description="a plain name to show over it: 'Club player'")
    description: str


class GameInfo(BaseModel):
    id: str
    title: str
    summary: str
    seat_counts: list[int]
    seat_names: dict[int, list[str]] = Field(description="number of players -> the seats' names")
    seat_count_notes: dict[int, str] = Field(
        default_factory=dict, description="number of players -> a word of warning about a table that size")
    bots: list[str] = Field(description="the bots' names, weakest first")
    bot_catalogue: list[BotInfo] = Field(description="the same bots, weakest first, with plain names and a line each")
    default_bot: str = Field(description="the bot a seat gets when none is named, and the one a menu offers first")
    real_time: bool
    rules: str = Field(description="the address of the rules page")
    variants: list[VariantOption]


# -- tournaments ------------------------------------------------------------------------------
class NewDrive(Body):
    """``POST /api/drives``: the teams in the order they registered (a list, or one a line)."""

    model_config = {"json_schema_extra": {"examples": [
        {"title": "Christmas Drive", "teams": ["Aston Villa", "Charlton", "Q.P. Rangers", "Swansea"], "rounds": 2}]}}

    title: StrictStr | None = None
    teams: list[StrictStr] | StrictStr
    rounds: StrictInt | None = Field(None, description="default: one full cycle of the tables")
    bye_points: StrictInt | None = None

    refusals = {"title": "title is some text", "teams": "teams are a list of names, or names one a line",
                "rounds": "rounds is a whole number", "bye_points": "bye_points is a whole number"}


class DriveEntry(Body):
    """A fixture's result, a correction of it, or a void (which has no goals); the drive judges it."""

    model_config = {"extra": "forbid", "json_schema_extra": {"examples": [
        {"kind": "result", "round": 1, "table": 1, "home_goals": 3, "away_goals": 1},
        {"kind": "void", "round": 1, "table": 1}]}}
    what = "a drive entry"

    kind: Literal["result", "correction", "void"]
    round: StrictInt
    table: StrictInt
    home_goals: StrictInt | None = None
    away_goals: StrictInt | None = None
    meta: Any = Field(None, description="ignored: the server notes that the organiser entered it")

    refusals = {"": "an entry is an object with kind, round and table",
                "kind": "an entry's kind is one of result, correction, void",
                "round": "round is a whole number", "table": "table is a whole number",
                "home_goals": "home_goals is a whole number of goals",
                "away_goals": "away_goals is a whole number of goals"}


class FixtureTable(Body):
    """A Parlour table for a drive's fixture: four seats (Home at A1 and A2); four heuristic bots if left out."""

    model_config = {"json_schema_extra": {"examples": [{"seats": [{"kind": "bot", "bot": "random"}] * 4, "seed": 3}]}}

    seats: list[Seat] | None = None
    variant: dict[str, Any] | None = None
    seed: Seed | None = Field(None, description="kept only at a table of bots and the organiser alone, as for "
                                                "any table (NewTable's seed); else the server draws one")

    refusals = {"seats": SEATS, "variant": NewTable.refusals["variant"], "seed": NewTable.refusals["seed"]}


class BotsPlay(Body):
    """Bots play every game of the drive still to play."""

    seed: StrictInt | None = Field(None, description="the server draws one if left out (the tables are of bots "
                                                      "alone, so a seed given is kept: the k-th table gets seed + k)")
    bots: StrictStr = "heuristic"

    refusals = {"seed": "seed is a whole number and bots a bot's name",
                "bots": "seed is a whole number and bots a bot's name"}


class DriveBotsPlay(BotsPlay):
    """Bots play every game of the drive still to play, at a pace: ``watch`` (the default), slow enough for anyone
    watching one of their tables to follow each card, or ``quick``, the server's usual pace for bots."""

    pace: Literal["watch", "quick"] = "watch"

    refusals = {**BotsPlay.refusals, "pace": "pace is watch (slow enough to follow) or quick"}


class CycleBotsPlay(BotsPlay):
    """Bots play every match of the Biggles cycle due and not yet in play (a Biggles level), at a pace as a drive's:
    ``watch`` (the default), slow enough for anyone watching to follow the race, or ``quick``, the live tables' usual
    pace (review 24: a cycle of bots was over in about a minute, before anyone could watch)."""

    bots: StrictStr = "club"
    pace: Literal["watch", "quick"] = "watch"

    refusals = {**BotsPlay.refusals, "pace": "pace is watch (slow enough to follow) or quick"}


class Made(BaseModel):
    """A new drive or cycle, the page that shows it, and its organiser key (given this once only)."""

    id: str
    url: str
    key: str = Field(description="the organiser key: every change to the tournament needs it "
                                 "(Authorization: Bearer KEY)")
    organiser: str = Field(description="the organiser link: the page, with the key after #organiser=")


class TournamentSummary(BaseModel):
    id: str
    kind: str
    config: dict[str, Any]
    created: float
    state: str = Field("", description="where it stands, in words: 'not started', 'round 2 of 3 being played', "
                                       "'finished: Charlton champions'")


class TableLink(BaseModel):
    id: str
    finished: bool
    bots: list[str | None] = Field([], description="the bot at each seat (its name), None for a person")


class BotsPace(BaseModel):
    """A pace a drive's bots may play at: its name, its title and the seconds a bot waits before each card."""

    name: str
    title: str
    seconds: float


class BotsCarrying(BaseModel):
    """Whether the bots carry the tournament on by themselves, round by round, until the organiser pauses them."""

    playing: bool
    bots: str | None = Field(None, description="the bot they play as")
    next_at: float | None = Field(None, description="when the server starts the bots' next games (epoch seconds), "
                                                    "while it waits between two rounds or sittings")


class DriveBotsCarrying(BotsCarrying):
    """A drive's bots: as a cycle's, and the pace they play at (review 22d: at the quick pace a game was over in a
    minute, before anyone could watch it)."""

    pace: str = Field("watch", description="the pace its bots play at: watch (slow enough to follow) or quick")
    paces: list[BotsPace] = Field([], description="the paces on offer, each with its seconds a card")


class FixtureResult(BaseModel):
    home_goals: int
    away_goals: int
    corrected: bool
    meta: dict[str, Any] | None


class FixtureView(BaseModel):
    round: int
    table: int
    ground: str
    home: str
    away: str | None
    bye: bool
    result: FixtureResult | None
    tables: list[TableLink] = Field(description="the Parlour tables played for it, oldest first")


class TeamCard(BaseModel):
    team: str
    side: Literal["home", "away"]
    card: str = Field(description="the address of the team's fixture card")


class DriveView(BaseModel):
    """A drive: its config, the league table, the Cup, every round's fixtures, the entries and the cards."""

    id: str
    kind: Literal["drive"] = "drive"
    config: dict[str, Any]
    summary: dict[str, Any]
    rounds: list[list[FixtureView]]
    entries: list[dict[str, Any]]
    teams: list[TeamCard]
    bots: DriveBotsCarrying
    #: the teams whose people have sat at the drive's tables: the bots leave their games to them
    people: list[str] = []


class NewCycle(Body):
    """``POST /api/cycles``: the players in ring order (a list, or one a line) and the rounds."""

    model_config = {"json_schema_extra": {"examples": [{"players": ["Ann", "Bob", "Cat"], "rounds": 1}]}}

    players: list[StrictStr] | StrictStr
    rounds: StrictInt = 1
    title: StrictStr | None = Field(None, description="its name; none (or blank): \"Biggles cycle, 5 December\", "
                                                      "the day it is made")

    refusals = {"players": "players are a list of names, or names one a line", "rounds": "rounds is a whole number",
                "title": "title is some text"}


POINTS = "the points are whole numbers: the winner scores 8 and the loser 0 to 7"


class CycleEntry(Body):
    """A match's points (``blue`` and ``red``, if given, must name its players); the cycle judges it."""

    model_config = {"extra": "forbid", "json_schema_extra": {"examples": [
        {"kind": "result", "match": 0, "blue_points": 8, "red_points": 5}]}}
    what = "a cycle entry"

    kind: Literal["result", "correction"]
    match: StrictInt
    blue_points: StrictInt
    red_points: StrictInt
    blue: StrictStr | None = None
    red: StrictStr | None = None

    refusals = {"": "a cycle entry is {kind, match, blue_points, red_points}",
                "kind": "a cycle entry's kind is result or correction", "match": "match is a match's number",
                "blue_points": POINTS, "red_points": POINTS, "blue": "blue is a player's name",
                "red": "red is a player's name"}


class MatchTable(Body):
    """A live one-match Biggles table for a match of the cycle: two seats (blue in P1); two people if left out."""

    model_config = {"json_schema_extra": {"examples": [
        {"seats": [{"kind": "person"}, {"kind": "bot", "bot": "club"}]}]}}

    seats: list[Seat] | None = None
    seed: Seed | None = Field(None, description="kept only at a table of bots and the organiser alone, as for "
                                                "any table (NewTable's seed); else the server draws one")

    refusals = {"seats": SEATS, "seed": NewTable.refusals["seed"]}


class CycleMatch(BaseModel):
    match: int = Field(description="its place in the cycle, from 0: what a result entered, or a table, names it by")
    number: int = Field(0, description="its number as people read it, from 1, in the order the matches are played "
                                       "(each round sitting by sitting), on the page and the printed sheet alike")
    blue: str
    red: str
    decider: int = Field(description="0 in the ring, then the round of deciders")
    round: int = Field(description="the round it is played in, from 1: the ring's rounds, then each round of "
                                   "deciders")
    points: dict[str, int] | None
    winner: str | None
    tables: list[TableLink]
    source: dict[str, Any] | None = Field(None, description="how its points came in: source (organiser, parlour: "
                                          "played at a table, bots: a table of bots alone), at (epoch seconds), "
                                          "table_id, corrected; idle: the players who made no move at its table "
                                          "(left it, say), for the organiser to keep it or play the match again; "
                                          "kept: those players, once the organiser kept the result; none for "
                                          "points kept before sources were")
    sitting: int = Field(1, description="the sitting of its round it is played in, from 1: in one sitting "
                                        "nobody plays two matches")
    sittings: int = Field(1, description="how many sittings its round has")
    waits: str | None = Field(None, description="why it cannot start yet, in words: a player's earlier match (an "
                                                "earlier sitting's, or round's) is not in (\"sitting 2 starts when "
                                                "Ruth's sitting-1 match is in\"); none once it may")


class CycleView(BaseModel):
    """A Biggles cycle: the players, the table, every match due (deciders once due) with its tables."""

    id: str
    kind: Literal["biggles-cycle"] = "biggles-cycle"
    title: str = Field(description="its title (\"Biggles cycle, 5 December\"), or for a cycle made before cycles had "
                                   "one its players (\"the cycle of Ann, Bob and Cat\")")
    players: list[str]
    rounds: int
    report: dict[str, Any]
    matches: list[CycleMatch]
    win_points: int
    bots: DriveBotsCarrying = Field(description="the bots, and the pace they race at (as a drive's: each pace's "
                                                "seconds are a drive's card's, the race slowed alike)")
    #: the players who have sat in person at the cycle's tables: the bots leave their matches to them
    people: list[str] = []


# -- operations ------------------------------------------------------------------------------
class Health(BaseModel):
    """``/healthz``: "ok", or "unavailable" (with a 503) and the reason."""

    status: Literal["ok", "unavailable"]
    database: Literal["ok", "down"]
    listening: bool | None = Field(None, description="on PostgreSQL: whether this process hears the others' moves")
    detail: str | None = None


def socket_schemas(ref_template: str = "#/components/schemas/{model}") -> dict[str, Any]:
    """JSON schemas of the play socket's messages (which OpenAPI has no place for), by model name."""
    _, document = models_json_schema(
        [(Act, "validation"), (AskView, "validation"), (AskHint, "validation"), (Ready, "validation"),
         (TableView, "serialization"),
         (ErrorMessage, "serialization"), (Hint, "serialization")],
        ref_template=ref_template)
    schemas: dict[str, Any] = document["$defs"]
    return schemas
