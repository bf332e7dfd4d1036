"""The optional compiled build of the rules: the same modules, compiled by mypyc.

Pure Python is the default and the reference.  ``make compiled`` (which
calls ``main(["build"])`` here) runs mypyc, which ships with mypy, over the
engine's state classes and every game's rules modules, unchanged, and leaves
one extension module beside each source file; Python then imports those in
place of the sources.  There is no second copy of any rule: the build reads
the same files, and ``tests/engine/test_compiled.py`` plays the rules tests
and a set of seeded games in both forms.  docs/simulation.md has the figures.

A build goes stale the moment one of its sources is edited.  Importing
``parlour`` checks the sources against the fingerprints the build wrote
(``guard``); if any differs, or ``PARLOUR_PURE=1`` is set, every compiled
module is skipped and the Python sources run instead, with a warning in the
stale case.  It is all or nothing because a compiled class can only derive
from compiled classes.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any, Sequence

#: the modules compiled: the engine's shuffle and state classes, then each game's rules and the tables they read
MODULES: tuple[str, ...] = (
    "parlour.engine.cardlists",
    "parlour.engine.chance",
    "parlour.engine.state",
    "parlour.engine.turns",
    "parlour.games.football_whist.cards",
    "parlour.games.football_whist.pitch",
    "parlour.games.football_whist.rules",
    "parlour.games.squadron_scramble.cards",
    "parlour.games.squadron_scramble.rules",
    "parlour.games.british_towns.pack",
    "parlour.games.british_towns.asking",
    "parlour.games.british_towns.sets",
    "parlour.games.biggles.levels",
    "parlour.games.biggles.rules",
)
#: mypyc's one shared library holding all of their code (``parlour/_rules__mypyc....so``)
GROUP = "parlour._rules"
#: the fingerprints of the sources a build was made from, beside this file
MANIFEST = "_compiled.json"
#: set to 1 to run the Python sources even where a fresh build is present (to compare the two forms)
PURE_ENV = "PARLOUR_PURE"

_SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def _package_dir() -> Path:
    return Path(__file__).resolve().parent


def _source(root: Path, module: str) -> Path:
    """``root`` is the folder holding the ``parlour`` package (``src``)."""
    return root.joinpath(*module.split(".")).with_suffix(".py")


def _built(root: Path, module: str) -> Path:
    return _source(root, module).with_suffix(_SUFFIX)


def _outputs(root: Path) -> list[Path]:
    """Every file a build leaves in the source tree."""
    return [_built(root, m) for m in (*MODULES, GROUP + "__mypyc")] + [root / "parlour" / MANIFEST]


def fingerprint(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def state(root: Path | None = None) -> dict[str, Any]:
    """Whether a build is present, and which of its sources changed since (``stale``)."""
    root = _package_dir().parent if root is None else root
    present = [m for m in MODULES if _built(root, m).exists()]
    manifest = root / "parlour" / MANIFEST
    stale: list[str] = []
    if present:
        try:
            made = json.loads(manifest.read_text())["sources"]
        except (OSError, ValueError, KeyError, TypeError):
            made = {}
        stale = [m for m in MODULES if made.get(m) != fingerprint(_source(root, m)) or m not in present]
    return {"built": bool(present), "stale": stale}


class _Sources(importlib.abc.MetaPathFinder):
    """Finds the listed modules' ``.py`` files, ahead of the extension modules beside them."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def find_spec(self, name: str, path: Sequence[str] | None, target: ModuleType | None = None) -> Any:
        if name in MODULES:
            return importlib.util.spec_from_file_location(name, _source(self.root, name))
        return None


def guard() -> None:
    """Run the Python sources instead of a build that is stale or not wanted (called by ``import parlour``)."""
    root = _package_dir().parent
    found = state(root)
    if not found["built"]:
        return
    if found["stale"]:
        warnings.warn(
            f"parlour's compiled rules are older than their sources ({', '.join(found['stale'])}): running the "
            "Python sources instead; `make compiled` builds them again, `make pure` removes them",
            RuntimeWarning,
            stacklevel=3,
        )
    elif os.environ.get(PURE_ENV, "") in ("", "0"):
        return
    if not any(isinstance(f, _Sources) for f in sys.meta_path):
        sys.meta_path.insert(0, _Sources(root))


def running() -> str:
    """``"compiled"`` or ``"python"``: the form of the rules this process runs."""
    from parlour.engine.state import COMPILED

    return "compiled" if COMPILED else "python"


def build(root: Path | None = None, jobs: int | None = None) -> list[Path]:
    """Compile ``MODULES`` in place under ``root`` (default: this checkout's ``src``); returns what it wrote."""
    import tempfile

    from mypyc.build import mypycify
    from setuptools import setup  # type: ignore[import-untyped]

    root = (_package_dir().parent if root is None else root).resolve()
    clean(root)
    sources = [str(_source(root, m).relative_to(root)) for m in MODULES]
    here = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="parlour-mypyc-") as temp:
        os.chdir(root)
        try:
            extensions = mypycify(sources, opt_level="3", group_name=GROUP, target_dir=str(Path(temp) / "c"))
            setup(
                name="parlour-compiled-rules",
                ext_modules=extensions,
                script_args=["-q", "build_ext", "--inplace", "--build-temp", str(Path(temp) / "o"),
                             "--build-lib", str(Path(temp) / "lib"), "--parallel", str(jobs or os.cpu_count() or 1)],
            )
        finally:
            os.chdir(here)
    manifest = {"sources": {m: fingerprint(_source(root, m)) for m in MODULES}}
    (root / "parlour" / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    return [p for p in _outputs(root) if p.exists()]


def clean(root: Path | None = None) -> list[Path]:
    """Remove a build from under ``root``, so that the Python sources run; returns what it removed."""
    root = _package_dir().parent if root is None else root
    gone = [p for p in _outputs(root) if p.exists()]
    for path in gone:
        path.unlink()
    return gone


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    what = args[0] if args else "status"
    if what == "build":
        for path in build():
            print(f"built {path}")
    elif what == "clean":
        for path in clean():
            print(f"removed {path}")
    elif what != "status":
        print("usage: main(['build' | 'clean' | 'status'])", file=sys.stderr)
        return 2
    found = state()
    wanted = os.environ.get(PURE_ENV, "") in ("", "0")
    runs = "compiled" if found["built"] and not found["stale"] and wanted else "python"
    # what a new process will run (this one may have imported the sources before a build)
    print(json.dumps({"runs": runs, "built": found["built"], "stale": found["stale"]}))
    return 0

