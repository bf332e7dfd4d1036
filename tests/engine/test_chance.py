"""``parlour.engine.chance.shuffle`` deals exactly what ``random.Random.shuffle`` deals, draw for draw."""

import random

from hypothesis import given, strategies as st

from parlour.engine import chance


def test_this_python_shuffles_as_the_module_does():
    assert chance.NATIVE


@given(seed=st.integers(min_value=0, max_value=2**64) | st.text(max_size=20), size=st.integers(0, 200))
def test_the_same_order_and_the_same_draws_as_random_shuffle(seed, size):
    ours, theirs = random.Random(seed), random.Random(seed)
    mine, library = list(range(size)), list(range(size))
    chance.shuffle(ours, mine)
    theirs.shuffle(library)
    assert mine == library
    assert ours.random() == theirs.random()           # and the generators stand at the same place after


def test_a_generator_of_its_own_kind_is_left_to_its_own_shuffle():
    class Counted(random.Random):
        shuffles = 0

        def shuffle(self, x):
            Counted.shuffles += 1
            super().shuffle(x)

    items = list(range(10))
    chance.shuffle(Counted(3), items)
    assert Counted.shuffles == 1 and sorted(items) == list(range(10))


def test_a_python_that_shuffled_otherwise_would_be_seen(monkeypatch):
    monkeypatch.setattr(random.Random, "shuffle", lambda self, x: x.reverse())
    assert not chance._same_as_the_library()
