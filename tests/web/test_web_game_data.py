"""The browser views draw the game equipment from the game's own data files, never from a copy.

Facts about the equipment (planes and nations, towns and regions, the pitch and
the teams; some of them reconstructed) live only in ``src/parlour/games/*/data/*.json``
so that a better source can replace a file without touching code.  The views
fetch them from ``GET /api/games/{id}/data``; these tests check that the views
ask for it, that it serves what they read, and that no name from the data files
is written into the static JavaScript.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src/parlour/web/static"
GAMES = ROOT / "src/parlour/games"


def data(game: str, name: str) -> dict:
    return json.loads((GAMES / game / "data" / f"{name}.json").read_text("utf-8"))


def equipment_names() -> dict[str, set[str]]:
    """Every name the data files give, by where it comes from."""
    planes, towns = data("squadron_scramble", "planes"), data("british_towns", "towns")
    pack = data("football_whist", "pack")
    words = {a for p in planes["planes"] for a in p["aliases"] if re.fullmatch(r"[a-z]{5,}", a)}
    return {
        "planes.json": {p["name"] for p in planes["planes"]} | {n["name"] for n in planes["nations"]}
                       | {w["name"] for w in planes["wild"].values()} | words,
        "towns.json": {t["name"] for t in towns["towns"]} | {r["name"] for r in towns["regions"]},
        "pack.json": {t["name"] for t in pack["teams"]} | {t["badge"] for t in pack["teams"]}
                     | set(pack["positions"]["by_number"].values()),
    }


def scripts() -> list[Path]:
    """The games' view modules (the shared helpers hold no equipment)."""
    return sorted((STATIC / "games").glob("*.js"))


def test_no_generated_copy_of_the_data_is_served():
    assert not list(STATIC.rglob("*.json")), "the views fetch /api/games/{id}/data; static copies of the data drift"


@pytest.mark.parametrize("module, game", [
    ("football-whist", "football-whist"),
    ("squadron-scramble", "squadron-scramble"),
    ("british-towns-common", "british-towns-sets"),
])
def test_the_view_fetches_its_equipment(module, game):
    assert f'fetch("/api/games/{game}/data")' in (STATIC / "games" / f"{module}.js").read_text("utf-8")


@pytest.mark.parametrize("source", ["planes.json", "towns.json", "pack.json"])
def test_no_equipment_name_is_written_into_the_scripts(source):
    names = equipment_names()[source]
    assert {"Lockheed P-38 Lightning", "Boeing B-17E Flying Fortress", "lightning", "Menai Bridge", "St. Andrews",
            "The North-West", "England", "Leopards"} & names, "the data files no longer give the names checked for"
    found = []
    for path in scripts():
        text = path.read_text("utf-8")
        for name in sorted(names):
            flags = re.IGNORECASE if name.islower() else 0
            if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, flags):
                found.append(f"{path.relative_to(STATIC)}: {name!r}")
    assert not found, f"names from {source} are copied into the browser code: {found}"


def test_the_endpoint_serves_what_the_views_read(client):
    fw = client.get("/api/games/football-whist/data").json()
    assert {"centre", "goals", "badges", "tracks", "layout"} <= fw["pitch"].keys()
    assert all({"code", "name", "badge", "colour"} <= t.keys() for t in fw["pack"]["teams"])
    assert fw["pack"]["positions"]["by_number"]
    ss = client.get("/api/games/squadron-scramble/data").json()["planes"]
    assert {"planes", "nations", "views", "wild", "alliances"} <= ss.keys()
    assert all({"code", "name", "nation", "kind", "aliases"} <= p.keys() for p in ss["planes"])
    for game in ("british-towns-asking", "british-towns-sets"):
        bt = client.get(f"/api/games/{game}/data").json()["towns"]
        assert all({"code", "name", "region"} <= t.keys() for t in bt["towns"])
        assert all({"number", "name"} <= r.keys() for r in bt["regions"])


def test_every_plane_has_an_outline_to_draw_and_it_is_marked_reconstructed():
    planes, outlines = data("squadron_scramble", "planes"), data("squadron_scramble", "outlines")
    assert outlines["confidence"] == "reconstructed" and "reconstructed" in outlines["about"]
    assert set(outlines["outlines"]) == {p["code"] for p in planes["planes"]}
    allowed = {"layout": {"single", "twin-boom", "biplane", "flying-boat"}, "nose": {"radial", "inline", "glazed"},
               "wing": {"low", "mid", "high", "gull"}, "tail": {"single", "twin"}, "gear": {"retracting", "fixed"}}
    for code, o in outlines["outlines"].items():
        assert 5 < o["length"] < 40 and 5 < o["span"] < 40 and o["engines"] in (1, 2, 3, 4), code
        for field, values in allowed.items():
            assert o[field] in values, (code, field)
        assert set(o) - set(outlines["fields"]) <= {"chin", "tall_fin", "short_nose"}, code
    # sixteen planes, and no two drawn from the same arrangement
    shapes = {json.dumps({k: v for k, v in o.items()}, sort_keys=True) for o in outlines["outlines"].values()}
    assert len(shapes) == len(outlines["outlines"])
    assert "squadron-outlines.js" in (STATIC / "games/squadron-scramble.js").read_text("utf-8")


def test_each_planes_short_name_is_part_of_its_name():
    """A card's head names the plane shortly and its foot in full: the one is part of the other, so that a plane is
    never called by two names (a head's "Type 96" over a foot's "Mitsubishi 96")."""
    for p in data("squadron_scramble", "planes")["planes"]:
        assert p.get("short", p["name"]) in p["name"], p
