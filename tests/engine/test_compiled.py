"""The compiled form of the rules (parlour.compiled): it plays exactly as the sources do, and goes stale safely.

Installing Parlour compiles the rules, so the suite itself runs them compiled;
the slow tests here play seeded games of every game in both forms, and run
the rules tests again (a folder a test) in the form the suite does not run: the Python sources
(``PARLOUR_PURE=1``), or, where the suite runs the sources (``PARLOUR_PURE=1``
set, a build gone stale after an edit, an install that compiled nothing), the
compiled form.  It reuses the installed build where there is a fresh one and
builds a copy of the package in a temporary folder only where there is not
(about a minute on two cores).  It is skipped only where this machine cannot
compile (no C compiler, Python headers or mypyc) and there is no fresh build.
Two quicker tests run setup.py's build step in a copy of the project where it
cannot compile (``PARLOUR_PURE=1``; a C compiler that is not there): the build
goes on with the sources, says so in one line, and leaves the reason.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path

import pytest

from parlour import compiled

SRC = Path(compiled.__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent.parent


def _copy_package(root: Path) -> Path:
    """A copy of the ``parlour`` package's sources (no build) under ``root``."""
    shutil.copytree(SRC / "parlour", root / "parlour",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", compiled.MANIFEST))
    return root


def _run(code: str, root: Path, cwd: Path | None = None, **env: str) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh interpreter that imports ``parlour`` from ``root``, in ``cwd`` (default ``root``)."""
    environ = {k: v for k, v in os.environ.items() if k != compiled.PURE_ENV}
    environ.update(PYTHONPATH=str(root), **env)
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=environ, cwd=cwd or root,
                          capture_output=True, text=True, timeout=1500)


def _fake_build(root: Path) -> None:
    """Files standing where a build's would, that cannot be imported: any import of one fails loudly."""
    for module in compiled.MODULES:
        compiled._built(root, module).write_bytes(b"not a shared library")
    manifest = {"sources": {m: compiled.fingerprint(compiled._source(root, m)) for m in compiled.MODULES}}
    (root / "parlour" / compiled.MANIFEST).write_text(json.dumps(manifest))


RUNNING = "import parlour, parlour.compiled as c; from parlour.games import GAMES; print(c.running())"


def test_state_reports_no_build_then_a_fresh_one_then_the_edited_source(tmp_path):
    root = _copy_package(tmp_path)
    assert compiled.state(root) == {"built": False, "stale": [], "skipped": None}
    _fake_build(root)
    assert compiled.state(root) == {"built": True, "stale": [], "skipped": None}
    rules = compiled._source(root, "parlour.games.biggles.rules")
    rules.write_text(rules.read_text() + "\n# an edit\n")
    assert compiled.state(root) == {"built": True, "stale": ["parlour.games.biggles.rules"], "skipped": None}
    (root / "parlour" / compiled.MANIFEST).write_text("{not json")
    assert compiled.state(root)["stale"] == list(compiled.MODULES)


def test_an_install_that_compiled_nothing_says_why(tmp_path):
    root = _copy_package(tmp_path)
    why = "not compiled at install: command 'cc' failed: No such file or directory"     # as setup.py words it
    compiled.write_manifest(root / "parlour", root, skipped=why)
    assert compiled.state(root) == {"built": False, "stale": [], "skipped": why}
    done = _run("import parlour.compiled as c; print(c.describe())", root)
    assert done.returncode == 0 and not done.stderr, done.stderr
    assert done.stdout.strip() == ("Python sources (not compiled at install: "
                                   "command 'cc' failed: No such file or directory)")
    (root / "parlour" / compiled.MANIFEST).unlink()
    assert "no compiled build here" in _run("import parlour.compiled as c; print(c.describe())", root).stdout


def test_a_stale_build_is_passed_over_for_the_sources_with_a_warning(tmp_path):
    root = _copy_package(tmp_path)
    _fake_build(root)
    pitch = compiled._source(root, "parlour.games.football_whist.pitch")
    pitch.write_text(pitch.read_text() + "\n# an edit\n")
    done = _run(RUNNING, root)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["python"]
    assert "older than their sources (parlour.games.football_whist.pitch)" in done.stderr
    described = _run("import warnings, parlour.compiled as c; warnings.simplefilter('ignore'); print(c.describe())",
                     root)
    assert described.stdout.strip() == ("Python sources (the compiled build is older than "
                                        "parlour.games.football_whist.pitch; `make compiled` builds it again)")


def test_parlour_pure_runs_the_sources_past_a_fresh_build(tmp_path):
    root = _copy_package(tmp_path)
    _fake_build(root)
    done = _run(RUNNING, root, PARLOUR_PURE="1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["python"] and "older than" not in done.stderr
    described = _run("import parlour.compiled as c; print(c.describe())", root, PARLOUR_PURE="1").stdout
    assert described.strip() == "Python sources (PARLOUR_PURE=1 passes over the compiled build)"
    # and without it the (here unloadable) build is what Python reaches for
    assert _run(RUNNING, root).returncode != 0


def test_clean_removes_exactly_what_a_build_leaves(tmp_path):
    root = _copy_package(tmp_path)
    _fake_build(root)
    removed = compiled.clean(root)
    assert len(removed) == len(compiled.MODULES) + 1 and not any(p.exists() for p in removed)
    assert compiled.state(root) == {"built": False, "stale": [], "skipped": None}
    assert all(compiled._source(root, m).exists() for m in compiled.MODULES)


#: seeded random games of every game; prints the records and views; checks clones, copies, pickles, worlds
PLAY = """
import copy, json, pickle, random, parlour, parlour.compiled as c
from parlour.engine.errors import IllegalAction
from parlour.engine.record import record_of
from parlour.games import GAMES

out = {"running": c.running()}
for game_id, game in sorted(GAMES.items()):
    for seats in game.seat_counts[:2]:
        for seed in range(3):
            variant = {"max_rounds": 1} if game_id == "squadron-scramble" else None
            state, rng = game.new_state(seats=seats, seed=seed, variant=variant), random.Random(seed)
            views, refused = [], []
            while not state.is_over:
                seat = rng.choice(sorted(state.to_move))
                legal = state.legal_actions(seat)
                if len(state.history) % 37 == 5:
                    twin = state.clone()
                    assert twin.snapshot() == state.snapshot() and twin.history == state.history
                    world = state.resample(seat, random.Random(seed))
                    for copied in (copy.deepcopy(state), pickle.loads(pickle.dumps(state)), copy.copy(state)):
                        assert copied.snapshot() == state.snapshot(), game_id
                    for copied in (copy.deepcopy(world), pickle.loads(pickle.dumps(world))):
                        assert copied.observation(seat) == world.observation(seat) == state.observation(seat)
                    for bad in ("nonsense", 7, None):
                        try:
                            state.apply(seat, bad)
                        except IllegalAction as e:
                            refused.append(str(e))
                    assert twin.snapshot() == state.snapshot()
                    views.append([state.observation(s) for s in range(seats)])
                state.apply(seat, rng.choice(legal))
            out[f"{game_id}/{seats}/{seed}"] = {
                "record": record_of(state).to_json(), "result": state.result(), "returns": state.returns(),
                "views": views, "end": [state.observation(s) for s in (*range(seats), None)], "refused": refused}
print(json.dumps(out, sort_keys=True, default=repr))
"""


def _compiler() -> bool:
    try:
        import mypyc.build  # noqa: F401
        import setuptools  # noqa: F401
    except ImportError:
        return False
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc) is not None and Path(sysconfig.get_paths()["include"], "Python.h").exists()


def _fresh_build() -> bool:
    """Whether the package under test has a fresh compiled build (the installed form, normally)."""
    found = compiled.state(SRC)
    return found["built"] and not found["stale"]


#: the rules' own tests (old records among them: tests/engine): what must pass in both forms, one folder per
#: test so that the suite's workers share them
RULES_TESTS = {"engine": 50, "football_whist": 100, "squadron_scramble": 100, "british_towns": 100, "biggles": 50}

CAN_COMPILE = pytest.mark.skipif(
    not _fresh_build() and not _compiler(),
    reason="no compiled build here, and no C compiler, Python headers or mypyc/setuptools to make one")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """A package with a fresh compiled build: the installed one, or (where it is stale or missing) a copy built now."""
    if _fresh_build():
        return SRC                                 # the installed build: nothing to compile
    root = _copy_package(tmp_path_factory.mktemp("built"))
    written = compiled.build(root)
    assert compiled.state(root) == {"built": True, "stale": [], "skipped": None}
    assert {p.name for p in written} >= {compiled.MANIFEST} and len(written) == len(compiled.MODULES) + 2
    return root


@CAN_COMPILE
def test_the_compiled_build_plays_exactly_as_the_sources(built, tmp_path):
    fast, pure = _run(PLAY, built, cwd=tmp_path), _run(PLAY, built, cwd=tmp_path, PARLOUR_PURE="1")
    assert fast.returncode == 0, fast.stderr
    assert pure.returncode == 0, pure.stderr
    fast_games, pure_games = json.loads(fast.stdout), json.loads(pure.stdout)
    assert fast_games.pop("running") == "compiled" and pure_games.pop("running") == "python"
    assert len(fast_games) >= 5 * 3
    for key in pure_games:
        assert fast_games[key] == pure_games[key], key
    assert all(game["refused"] for game in fast_games.values())


@CAN_COMPILE
@pytest.mark.parametrize("folder", sorted(RULES_TESTS))
def test_the_rules_tests_pass_in_the_form_the_suite_does_not_run(built, tmp_path, folder):
    # the sources past the build where the suite runs the build, or the build where it runs the sources; a test
    # marked ``sweep`` (a long walk over many positions, the rules' own tests that check each rule run here) only in
    # the suite's form (issue 37: british_towns' 8-seat sweep of worlds took 78 s of the folder's 270 in the sources)
    other = {"PARLOUR_PURE": "1"} if compiled.running() == "compiled" else {}
    rules_tests = _run(
        "import sys, pytest, parlour.compiled as c; print('rules:', c.running()); "
        "sys.exit(pytest.main(['-p', 'no:cacheprovider', '-p', 'no:xdist', '-x', '-m', 'not sweep', "
        f"'--ignore', {str(Path(__file__))!r}, {str(TESTS / folder)!r}]))",
        built, cwd=tmp_path, **other)               # (Hypothesis keeps its examples in the folder it runs in)
    assert rules_tests.returncode == 0, rules_tests.stdout[-4000:] + rules_tests.stderr[-2000:]
    assert f"rules: {'python' if other else 'compiled'}" in rules_tests.stdout
    passed = re.search(r"(\d+) passed", rules_tests.stdout)
    assert passed and int(passed.group(1)) > RULES_TESTS[folder], rules_tests.stdout[-2000:]


def _unfinal_constants(path: Path) -> list[str]:
    """Module-level UPPER_CASE names of ``path`` bound without ``Final`` (``X = ...`` or ``X, Y = ...``)."""
    import ast

    found = []
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign):
            if isinstance(node.value, ast.Call) and ast.unparse(node.value.func) == "TypeVar":
                continue
            for target in node.targets:
                names = target.elts if isinstance(target, ast.Tuple) else [target]
                found += [n.id for n in names if isinstance(n, ast.Name) and n.id.lstrip("_").isupper()]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            annotation = ast.unparse(node.annotation)
            if node.target.id.lstrip("_").isupper() and not annotation.startswith(("Final", "ClassVar")):
                found.append(node.target.id)
    return found


def test_every_constant_a_compiled_module_binds_is_final():
    # mypyc reads a Final module name directly but looks any other up in the module's dict at every use:
    # a phase name bound as ``DRAW, PLAY = ...`` cost every decision of the compiled game a dict lookup.
    offenders = {m: names for m in compiled.MODULES if (names := _unfinal_constants(compiled._source(SRC, m)))}
    assert offenders == {}


def _project_copy(root: Path) -> Path:
    """setup.py, pyproject.toml and README.md, and the package's sources, as a project to build under ``root``."""
    project = SRC.parent if (SRC.parent / "setup.py").exists() else Path(__file__).resolve().parents[2]
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(project / name, root / name)
    _copy_package(root / "src")
    return root


@pytest.mark.parametrize("why, env", [
    ("PARLOUR_PURE=1 was set", {"PARLOUR_PURE": "1"}),
    ("command '/nonexistent/cc' failed", {"CC": "/nonexistent/cc"}),   # setuptools may put "error: " before it
], ids=["parlour-pure", "no-compiler"])
def test_an_install_that_cannot_compile_goes_on_with_the_sources_and_says_why(tmp_path, why, env):
    pytest.importorskip("setuptools")
    if "CC" in env:
        pytest.importorskip("mypyc.build")         # mypyc runs, then the C compiler cannot
    root = _project_copy(tmp_path)
    environ = {k: v for k, v in os.environ.items() if k != compiled.PURE_ENV}
    done = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace", "--build-lib", "build/lib",
                           "--build-temp", "build/temp"], cwd=root, env={**environ, **env},
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    notice = [line for line in done.stderr.splitlines() if line.startswith("parlour: ")]
    assert len(notice) == 1 and notice[0].startswith("parlour: installing the Python sources of the rules, not "
                                                     "compiled (") and why in notice[0], done.stderr[-2000:]
    for folder in (root / "src", root / "build" / "lib"):     # where an editable install runs, what a wheel holds
        found = compiled.state(folder)
        assert not found["built"] and found["skipped"].startswith("not compiled at install: "), found
        assert why in found["skipped"]
        assert not list(folder.rglob("*.so"))
