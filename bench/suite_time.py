"""Where the suite's time goes (issue 37): runs pytest on some test files with ``--durations=0`` and sums the
worker-seconds each file spends in its fixtures' setup, its tests' calls and the teardowns.

    python bench/suite_time.py tests/web/test_e2e_lists*.py            # -n 2, the figures per file
    python bench/suite_time.py --workers 3 --top 20 tests/web/         # the 20 costliest files

Run it on groups of files, not the whole suite at once, on a machine others share. The figures are
worker-seconds: the time the workers spent, which on a busy machine includes waiting for a core."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from collections import defaultdict

LINE = re.compile(r"^\s*([\d.]+)s (setup|call|teardown)\s+(\S+?)::(\S+)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--top", type=int, default=0, help="the costliest files only (0: every file)")
    args = parser.parse_args()
    started = time.monotonic()
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", str(args.workers),
                          "--dist", "worksteal", "--durations=0", "--durations-min=0", *args.paths],
                         capture_output=True, text=True)
    wall = time.monotonic() - started
    files: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    tests: dict[str, int] = defaultdict(int)
    for line in run.stdout.splitlines():
        if match := LINE.match(line):
            seconds, phase, path, _ = match.groups()
            files[path][phase] += float(seconds)
            if phase == "call":
                tests[path] += 1
    rows = sorted(files.items(), key=lambda item: -sum(item[1].values()))
    if args.top:
        rows = rows[:args.top]
    print(f"{'file':60} {'tests':>5} {'setup':>7} {'call':>7} {'teardown':>8} {'total':>7}")
    for path, phases in rows:
        print(f"{path:60} {tests[path]:5} {phases['setup']:7.1f} {phases['call']:7.1f} {phases['teardown']:8.1f}"
              f" {sum(phases.values()):7.1f}")
    total = {phase: sum(p[phase] for p in files.values()) for phase in ("setup", "call", "teardown")}
    print(f"{'all':60} {sum(tests.values()):5} {total['setup']:7.1f} {total['call']:7.1f} {total['teardown']:8.1f}"
          f" {sum(total.values()):7.1f}")
    print(f"wall {wall:.0f} s on {args.workers} workers; " + (run.stdout.strip().splitlines() or ["?"])[-1])
    sys.exit(run.returncode)


if __name__ == "__main__":
    main()
