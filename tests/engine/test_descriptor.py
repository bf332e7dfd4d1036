import pytest

from parlour.engine import VariantError
from parlour.engine.errors import UnknownGame
from parlour.games import get_game


def test_variant_defaults_and_overrides():
    game = get_game("football-whist")
    assert game.variant() == {"own_goals": False, "centre_stops_double": False, "after_goal_lead": "trick-winner"}
    assert game.variant({"own_goals": True})["own_goals"] is True


@pytest.mark.parametrize(
    "given, message",
    [({"own_goal": True}, "unknown variant option 'own_goal'"),
     ({"own_goals": "yes"}, "true or false"),
     ({"after_goal_lead": "dealer"}, "must be one of")],
)
def test_bad_variants_are_refused(given, message):
    with pytest.raises(VariantError, match=message):
        get_game("football-whist").variant(given)


def test_every_option_says_where_it_comes_from():
    for option in get_game("football-whist").variants:
        assert option.source in ("rule sheet", "ruling", "reconstruction")
        assert option.description


def test_option_parse_from_command_line_text():
    option = {o.name: o for o in get_game("football-whist").variants}["own_goals"]
    assert option.parse("true") is True and option.parse("off") is False
    with pytest.raises(VariantError):
        option.parse("maybe")


def test_unknown_game():
    with pytest.raises(UnknownGame, match="no game called 'chess'"):
        get_game("chess")


def test_wrong_seat_count_refused():
    with pytest.raises(VariantError, match="4"):
        get_game("football-whist").new_state(seats=3, seed=1)
