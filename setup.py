"""Parlour's build: the rules compiled with mypyc at install time, or the Python sources where that cannot be.

pyproject.toml holds the project; this file only gives setuptools' ``build_ext`` the compiled form of the rules
(``parlour.compiled``: mypyc over the unchanged engine and rules modules), for ``pip install .`` and
``pip install -e .`` alike.  An editable install (the Makefile's) builds the extension modules in place, beside
their sources in src/parlour, where ``import parlour`` checks them against the sources they were made from.

Where mypyc or a C compiler is missing, the build fails, or ``PARLOUR_PURE=1`` is set, the install goes on with
the Python sources, which play exactly the same games, more slowly: it prints a one-line notice (pip shows a
build's output with ``-v``) and records why in the package, where ``parlour --version`` reads it.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SRC = Path(__file__).resolve().parent / "src"


def _compiled():
    """``parlour.compiled`` itself, loaded from its file (it imports nothing of Parlour's at its top)."""
    spec = importlib.util.spec_from_file_location("_parlour_compiled_build", SRC / "parlour" / "compiled.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BuildRules(build_ext):
    """Compiles the rules with mypyc, or leaves the Python sources with a one-line notice."""

    def run(self) -> None:
        compiled = _compiled()
        roots = [Path(self.build_lib)]                             # what a wheel carries
        if self.inplace or getattr(self, "editable_mode", False):
            roots.append(SRC)                                      # an editable install runs src/ itself
        for root in roots:
            compiled.clean(root)                                   # a build of older sources goes
        skipped, self.extensions = None, []                        # the stand-in goes in any case
        if compiled.pure_wanted():
            skipped = f"{compiled.PURE_ENV}=1 was set"
        else:
            try:
                self._take(compiled.extensions(SRC, Path(self.build_temp).resolve() / "mypyc"))
                super().run()
            except (Exception, SystemExit) as error:               # mypyc reports a type error by SystemExit
                skipped, self.extensions = _reason(error), []
                for root in roots:
                    compiled.clean(root)                           # no wheel carries half a build
        for root in roots:
            (root / "parlour").mkdir(parents=True, exist_ok=True)
            compiled.write_manifest(root / "parlour", SRC, skipped=skipped and f"not compiled at install: {skipped}")
        if skipped:
            print(f"parlour: installing the Python sources of the rules, not compiled ({skipped})", file=sys.stderr)
        else:
            print("parlour: the rules are compiled (mypyc)", file=sys.stderr)

    def _take(self, extensions: list[Extension]) -> None:
        """mypyc's extension modules in place of the stand-in, each readied as setuptools' ``finalize_options``
        readies those it is given (mypyc runs here, not there: setuptools finalizes this command to list an
        sdist's sources, which needs no build)."""
        self.distribution.ext_modules = self.extensions = extensions
        self.check_extensions_list(extensions)
        for extension in extensions:
            extension._full_name = self.get_ext_fullname(extension.name)
            self.ext_map[extension._full_name] = extension
            extension._links_to_dynamic = extension._needs_stub = False
            extension._file_name = self.get_ext_filename(extension._full_name)


def _reason(error: BaseException) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    if isinstance(error, ImportError):
        text = f"mypyc is not installed ({text})"
    return text if len(text) <= 200 else text[:197] + "..."


setup(
    # a stand-in that tells setuptools there is something to build (the wheel is for this platform);
    # BuildRules replaces it with mypyc's extension modules, or with nothing
    ext_modules=[Extension("parlour._rules_stand_in", sources=[])],
    cmdclass={"build_ext": BuildRules},
)
