from parlour.engine.words import plural


def test_plural_says_one_round_and_two_rounds():
    assert [plural(n, "round") for n in (0, 1, 2)] == ["0 rounds", "1 round", "2 rounds"]
    assert plural(1, "match", "matches") == "1 match" and plural(3, "match", "matches") == "3 matches"
