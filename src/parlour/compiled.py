"""The compiled form of the rules: the same modules, compiled by mypyc at install time.

Installing Parlour (``pip install .``, ``pip install -e .``, and so the
README's ``make serve`` and ``make test``) runs mypyc, which ships with mypy,
over the engine's state classes and every game's rules modules, unchanged:
``setup.py`` hands setuptools the extension modules ``extensions`` describes,
and an editable install builds them in place, one beside each source file.
Python then imports those in place of the sources.  There is no second copy of
any rule: the build reads the same files, and ``tests/engine/test_compiled.py``
plays the rules tests and a set of seeded games in both forms.  Where mypyc or
a C compiler is missing, the build fails, or ``PARLOUR_PURE=1`` is set at
install, the install goes on with the Python sources and the manifest says why
(``describe``; ``parlour --version``).  ``python -m parlour.compiled build``
(``make compiled``) builds again in place, ``clean`` (``make pure``) removes
the build, and ``refresh`` (run by ``make serve`` and ``make test``) builds
again only where a source has been edited since.  docs/simulation.md has the
figures.

A build goes stale the moment one of its sources is edited.  Importing
``parlour`` checks the sources against the fingerprints the build wrote
(``guard``); if any differs, or ``PARLOUR_PURE=1`` is set, every compiled
module is skipped and the Python sources run instead, with a warning in the
stale case.  It is all or nothing because a compiled class can only derive
from compiled classes.

This module imports nothing of Parlour's at its top, so that ``setup.py`` can
load it on its own before Parlour is installed.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import io
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
#: beside this file: the fingerprints of the sources a build was made from, or why the install left none
MANIFEST = "_compiled.json"
#: set to 1 to run the Python sources even where a fresh build is present (to compare the two forms); set at
#: install time, the install compiles nothing
PURE_ENV = "PARLOUR_PURE"
#: the settings mypy type-checks the build with, the same wherever it runs: pip's isolated build environment holds
#: only mypy and setuptools, so the libraries the compiled modules reach through others (NumPy) are left untyped
MYPY_CONFIG = "[mypy]\nignore_missing_imports = True\n"

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


def pure_wanted() -> bool:
    """Whether ``PARLOUR_PURE`` asks for the Python sources."""
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def state(root: Path | None = None) -> dict[str, Any]:
    """Whether a build is present, which of its sources changed since (``stale``), and where there is none, why
    the install left none (``skipped``, or None)."""
    root = _package_dir().parent if root is None else root
    present = [m for m in MODULES if _built(root, m).exists()]
    try:
        manifest = json.loads((root / "parlour" / MANIFEST).read_text())
    except (OSError, ValueError):
        manifest = {}
    manifest = manifest if isinstance(manifest, dict) else {}
    stale: list[str] = []
    if present:
        made = manifest.get("sources")
        made = made if isinstance(made, dict) else {}
        stale = [m for m in MODULES if made.get(m) != fingerprint(_source(root, m)) or m not in present]
    skipped = None if present else manifest.get("skipped")
    return {"built": bool(present), "stale": stale, "skipped": skipped if isinstance(skipped, str) else None}


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
            "Python sources instead; `make compiled` (or `make serve`, `make test`) builds them again, `make pure` "
            "removes them",
            RuntimeWarning,
            stacklevel=3,
        )
    elif not pure_wanted():
        return
    if not any(isinstance(f, _Sources) for f in sys.meta_path):
        sys.meta_path.insert(0, _Sources(root))


def running() -> str:
    """``"compiled"`` or ``"python"``: the form of the rules this process runs."""
    from parlour.engine.state import COMPILED

    return "compiled" if COMPILED else "python"


def describe(root: Path | None = None) -> str:
    """The form of the rules this process runs, in words, and why where it is the Python sources."""
    if running() == "compiled":
        return "compiled (mypyc)"
    found = state(root)
    if found["built"] and found["stale"]:
        edited = ", ".join(found["stale"]) if len(found["stale"]) <= 3 else f"{len(found['stale'])} of its sources"
        why = f"the compiled build is older than {edited}; `make compiled` builds it again"
    elif found["built"] and pure_wanted():
        why = f"{PURE_ENV}=1 passes over the compiled build"
    elif found["built"]:
        why = "the compiled build was made after this process imported the rules"
    elif found["skipped"]:
        why = found["skipped"]
    else:
        why = "no compiled build here: installing Parlour, or `make compiled`, builds one"
    return f"Python sources ({why})"


def extensions(root: Path, temp: Path) -> list[Any]:
    """mypyc's extension modules for ``MODULES`` under ``root`` (the folder holding ``parlour``), their C code
    written under ``temp``: for setuptools to compile (``build`` here, ``setup.py`` at install).  Type-checks the
    modules first, and raises (``SystemExit``, mypyc's way) if mypy finds an error."""
    from mypyc.build import mypycify

    temp.mkdir(parents=True, exist_ok=True)
    config = temp / "mypy.ini"
    config.write_text(MYPY_CONFIG)
    sources = [str(_source(root, m).relative_to(root)) for m in MODULES]
    options = ["--config-file", str(config), "--cache-dir", str(temp / "mypy-cache")]
    here = os.getcwd()
    os.chdir(root)                     # mypy names each module from its path: parlour/engine/state.py
    try:
        return list(mypycify([*options, *sources], opt_level="3", group_name=GROUP, target_dir=str(temp / "c")))
    finally:
        os.chdir(here)


def write_manifest(package: Path, root: Path, skipped: str | None = None) -> Path:
    """Write the manifest into ``package`` (a ``parlour`` folder, where the build's modules lie): the fingerprints
    of the sources under ``root`` the build was made from, or, with ``skipped``, why there is no build, in words
    that follow "Python sources (" in ``describe``."""
    made: dict[str, Any] = (
        {"skipped": skipped} if skipped else {"sources": {m: fingerprint(_source(root, m)) for m in MODULES}}
    )
    path = package / MANIFEST
    path.write_text(json.dumps(made, indent=1) + "\n")
    return path


def build(root: Path | None = None, jobs: int | None = None) -> list[Path]:
    """Compile ``MODULES`` in place under ``root`` (default: this package's own folder's parent); returns what it
    wrote."""
    import tempfile

    from setuptools import setup  # type: ignore[import-untyped]

    root = (_package_dir().parent if root is None else root).resolve()
    clean(root)
    here = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="parlour-mypyc-") as temp:
        modules = extensions(root, Path(temp))
        os.chdir(root)                 # --inplace writes parlour/engine/state...so under the current folder
        try:
            setup(
                name="parlour-compiled-rules",
                ext_modules=modules,
                script_args=["-q", "build_ext", "--inplace", "--build-temp", str(Path(temp) / "o"),
                             "--build-lib", str(Path(temp) / "lib"), "--parallel", str(jobs or os.cpu_count() or 1)],
            )
        finally:
            os.chdir(here)
    write_manifest(root / "parlour", root)
    return [p for p in _outputs(root) if p.exists()]


def clean(root: Path | None = None) -> list[Path]:
    """Remove a build from under ``root``, so that the Python sources run; returns what it removed."""
    root = _package_dir().parent if root is None else root
    gone = [p for p in _outputs(root) if p.exists()]
    for path in gone:
        path.unlink()
    return gone


def refresh() -> str | None:
    """Build again in place if a build is here and a source has changed since (``make serve`` and ``make test``
    call this after an edit); where the build fails, remove it and record why, so that the sources run without a
    warning.  Returns the line to print, or None where there was nothing to do."""
    found = state()
    if not found["built"] or not found["stale"] or pure_wanted():
        return None
    chatter = io.StringIO()                             # mypyc's notes on the sources, shown only on a failure
    try:
        with contextlib.redirect_stdout(chatter):
            build()
    except (Exception, SystemExit) as error:           # mypyc reports a type error by SystemExit
        print(chatter.getvalue()[-4000:], end="", file=sys.stderr)
        reason = " ".join(str(error).split())[:200] or type(error).__name__
        clean()
        root = _package_dir().parent
        write_manifest(root / "parlour", root, skipped=f"compiling them again after an edit failed: {reason}")
        return f"parlour: the rules were edited, and compiling them again failed: running the Python sources ({reason})"
    return f"parlour: compiled the rules again (edited since the last build: {', '.join(found['stale'])})"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    what = args[0] if args else "status"
    if what == "refresh":
        line = refresh()
        if line:
            print(line)
        return 0
    if what == "build":
        for path in build():
            print(f"built {path}")
    elif what == "clean":
        for path in clean():
            print(f"removed {path}")
        root = _package_dir().parent
        write_manifest(root / "parlour", root, skipped="removed by `make pure`")
    elif what != "status":
        print("usage: python -m parlour.compiled [build | clean | refresh | status]", file=sys.stderr)
        return 2
    found = state()
    runs = "compiled" if found["built"] and not found["stale"] and not pure_wanted() else "python"
    # what a new process will run (this one may have imported the sources before a build)
    print(json.dumps({"runs": runs, **found}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
