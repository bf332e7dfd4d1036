import pytest

from parlour.engine import VariantError
from parlour.engine.errors import UnknownGame
from parlour.games import get_game


def test_variant_defaults_and_overrides():
    game = get_game("football-whist")
    assert game.variant() == {"own_goals": False, "centre_stops_double": False, "after_goal_lead": "trick-winner",
                              "idle_last_move": False}
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


def test_every_option_of_every_game_has_a_label_in_words_and_words_for_each_choice():
    from parlour.games import GAMES

    for game in GAMES.values():
        for option in game.variants:
            shown = option.to_dict()
            assert option.label and shown["label"] == option.label, (game.id, option.name)
            assert "_" not in option.label and option.label[0].isupper() and option.label != option.name
            if option.choices:
                assert len(option.choice_labels) == len(option.choices), (game.id, option.name)
                assert shown["choice_labels"] == list(option.choice_labels)
                assert all(label[0].isupper() and label not in option.choices for label in option.choice_labels)


def test_an_option_without_a_label_shows_its_name_in_words_and_labels_fit_the_choices():
    from parlour.engine.descriptor import VariantOption

    bare = VariantOption("max_rounds", int, 0, "A limit.", "ruling")
    assert bare.to_dict()["label"] == "Max rounds" and bare.to_dict()["choice_labels"] == []
    assert VariantOption("side", str, "a", "A side.", "ruling", choices=("a", "b")).to_dict()["choice_labels"] == ["a", "b"]
    with pytest.raises(ValueError, match="one label for each"):
        VariantOption("side", str, "a", "A side.", "ruling", choices=("a", "b"), choice_labels=("A",))


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
