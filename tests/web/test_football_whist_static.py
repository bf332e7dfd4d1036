"""The browser draws the Football Whist pitch and cards from a static copy of the game's data.

``src/parlour/web/static/games/football-whist-pitch.json`` is generated from the
game's own data files (the pitch the rules load, the pack's teams); this test
fails when the two drift.  Regenerate with:

    .venv/bin/python tests/web/test_football_whist_static.py
"""

from __future__ import annotations

import json
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "src" / "parlour" / "web" / "static" / "games" / "football-whist-pitch.json"


def expected() -> dict:
    from parlour.games.football_whist.cards import pack_data
    from parlour.games.football_whist.pitch import default_pitch

    pitch = default_pitch()
    pack = pack_data()
    return {
        "about": "Generated from src/parlour/games/football_whist/data (pitch.json, pack.json) by "
                 "tests/web/test_football_whist_static.py; do not edit by hand.",
        "pitch": pitch.data,
        "teams": pack["teams"],
        "positions": pack["positions"]["by_number"],
    }


def render() -> str:
    return json.dumps(expected(), indent=1, ensure_ascii=False) + "\n"


def test_static_pitch_matches_the_game_data():
    assert STATIC.exists(), "generate it: .venv/bin/python tests/web/test_football_whist_static.py"
    assert json.loads(STATIC.read_text("utf-8")) == expected(), \
        "the browser's pitch copy drifted from the game data: .venv/bin/python tests/web/test_football_whist_static.py"


def test_static_pitch_is_what_the_rules_load():
    from parlour.games.football_whist.pitch import build_pitch, default_pitch

    copy = build_pitch(json.loads(STATIC.read_text("utf-8"))["pitch"])
    pitch = default_pitch()
    assert (copy.nodes, copy.centre, copy.goals, copy.badge, copy.neighbours) == \
        (pitch.nodes, pitch.centre, pitch.goals, pitch.badge, pitch.neighbours)


if __name__ == "__main__":
    STATIC.write_text(render(), encoding="utf-8")
    print(f"wrote {STATIC}")
