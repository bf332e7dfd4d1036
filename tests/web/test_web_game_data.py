"""The browser views of Squadron Scramble and British Towns carry their own copy of the pack: it must match the data."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src/parlour/web/static/games"


def test_squadron_scramble_planes_match_planes_json():
    data = json.loads((ROOT / "src/parlour/games/squadron_scramble/data/planes.json").read_text())
    js = (STATIC / "squadron-scramble.js").read_text()
    found = dict((code, (name, nation, kind)) for code, name, nation, kind in
                 re.findall(r'^\s+(\w+): \["([^"]+)", "(\w+)", "(\w+)"\],$', js, re.M))
    assert found == {p["code"]: (p["name"], p["nation"], p["kind"]) for p in data["planes"]}
    nations = dict(re.findall(r'^\s+(\w\w): \{ name: "([^"]+)"', js, re.M))
    assert nations == {n["code"]: n["name"] for n in data["nations"]}


def test_british_towns_pack_matches_towns_json():
    data = json.loads((ROOT / "src/parlour/games/british_towns/data/towns.json").read_text())
    js = (STATIC / "british-towns-common.js").read_text()
    towns = {code: (name, int(region)) for code, name, region in re.findall(r'"?([A-Z-]+)"?: \["([^"]+)", (\d)\]', js)}
    assert towns == {t["code"]: (t["name"], t["region"]) for t in data["towns"]}
    regions = {int(n): name for n, name in re.findall(r'^\s+(\d): \{ name: "([^"]+)"', js, re.M)}
    assert regions == {r["number"]: r["name"] for r in data["regions"]}
