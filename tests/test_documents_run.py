"""Documents that run (issue 37): every ``parlour`` command shown in README.md and docs/ runs here.

Each command in a fenced code block (a line starting with ``parlour``, ``$ parlour`` or
``.venv/bin/parlour``, with its ``\\`` or indented ``[...]`` continuation lines) is run through
``python -m parlour.cli`` with the same arguments, in a scratch folder, a document's commands in
the document's order (a drive's ID, a run's folder carry from one command to the next).

- A command written out in full runs as written, after the few substitutions in ``SHRINK``
  (long runs made short, a server's address made local), each with its reason.
- A synopsis (``GAME``, ``N``, ``[--json]``, ``a | b``) cannot run as written: ``INSTANCES`` gives
  the concrete commands that stand for it.  A new synopsis without an entry fails the test.
- ``SKIPPED`` lists, with the reason, the commands this machine cannot run (a Ray cluster's
  address).  Entries that no longer match a document fail the test, so the tables stay honest.
- ``parlour serve`` is started, asked for ``/healthz`` and stopped; ``parlour play`` is fed ``q``.
- Where a document shows a command's output (a ``$ parlour ...`` line followed by output lines in
  the same block), the output's stable parts are checked; the records excerpts' action tables
  are checked against the records the documented runs write.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from parlour import compiled

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]

#: (pattern, replacement, why): applied to every command before it runs
SHRINK = [
    (r"--host 0\.0\.0\.0", "--host 127.0.0.1", "a test listens on this machine only"),
    (r"--port 800\d", "--port {port}", "a free port, not one a person may be using"),
    (r"--database postgresql\+psycopg://parlour:secret@db/parlour", "--database sqlite:///{tmp}/serve.db",
     "the page's `db` is an example PostgreSQL host; the flags around it are what is checked"),
    (r" &$", "", "the test starts the server itself (and stops it)"),
    (r"expert:300", "expert:10", "300 iterations a decision take minutes; 10 show the same dataset"),
    (r"--games 50 --seed 0", "--games 2 --seed 0", "two games make the same files as fifty"),
]

#: synopsis lines (as the document writes them, comment stripped) -> the commands run for them
INSTANCES = {
    "parlour serve [--host H] [--port P] [--database URL] [--bot-delay S] [--allow-origin URL ...]": [
        "parlour serve --host 127.0.0.1 --port {port} --database sqlite:///{tmp}/web.db --bot-delay 0.1"
        " --allow-origin http://localhost:3000"],
    "parlour games [--json]": ["parlour games", "parlour games --json"],
    "parlour play GAME [--players N] [--seat N] [--seed S] [--bots casual|heuristic|random|expert|pimc|a,b,c,d] "
    "[--variant NAME=VALUE ...] [--record FILE] [--resume FILE]": [
        "printf 'q\\n' | parlour play football-whist --seat 1 --seed 3 --bots casual --record played.json",
        "printf 'q\\n' | parlour play british-towns-asking --players 4 --seed 3"
        " --bots random,remembering,random,random",
        "printf 'q\\n' | parlour play football-whist --variant after_goal_lead=kicker-left --resume played.json"],
    "parlour simulate GAME --games N --seed S [--players N] [--bots ...] [--variant ...] [--workers N] [--json] "
    "[--out DIR [--records] [--dataset]] [--backend ray [--address HOST:PORT]] [--chunk N] [--max-actions M]": [
        "parlour simulate football-whist --games 4 --seed 1 --bots heuristic --variant after_goal_lead=kicker-left"
        " --workers 2 --json --out run --records --dataset --chunk 2 --max-actions 5000",
        "parlour simulate british-towns-asking --games 3 --seed 1 --players 4"],
    "parlour simulate --resume DIR [--workers N | --backend ray ...] | --merge DIR DIR... [--json]": [
        "parlour simulate --resume run --workers 2", "parlour simulate --merge run2 run3 --json"],
    "parlour simulate biggles --sweep --out DIR [--bots LEVEL] [--games N]": [
        "parlour simulate biggles --sweep --out sweep --bots newcomer --games 2"],
    "parlour arena GAME --bots expert,heuristic,pimc,random --games N --seed S [--players P] "
    "[--iterations K | --seconds T] [--variant ...] [--workers N | --backend ray --address A] [--png FILE] [--json]": [
        "parlour arena football-whist --bots expert,heuristic,pimc,random --games 1 --seed 1 --iterations 5"
        " --workers 2 --png ratings.png --json",
        "parlour arena british-towns-asking --bots random,remembering --games 1 --seed 1 --players 3 --seconds 0.01"],
    "parlour tournament biggles --players ann=newcomer bob=club cat [--rounds R] [--seed S] [--json]": [
        "parlour tournament biggles --players ann=newcomer bob=club cat --rounds 1 --seed 1 --json"],
    "parlour drive simulate --teams N --seed S [--rounds R] [--workers N | --backend ray ...] [--json]": [
        "parlour drive simulate --teams 4 --seed 1 --rounds 1 --workers 2 --json"],
    "parlour drive card --teams N --seed S --team NAME --out CARD.html": [
        "parlour drive card --teams 4 --seed 1 --team 'Swansea Town' --out card.html"],
    "parlour drive schedule --teams N [--json]": ["parlour drive schedule --teams 4 --json"],
    'parlour drive create --names "A,B,C,D" | record ID --round R --table T --score 3-1 [--correct]': [
        'parlour drive create --names "A,B,C,D"', "parlour drive record {ID} --round 1 --table 1 --score 3-1",
        "parlour drive record {ID} --round 1 --table 1 --score 2-2 --correct"],
    "parlour drive play ID --seed S | show ID [--json] | card --drive ID --team NAME --out CARD.html": [
        "parlour drive play {ID} --seed 1", "parlour drive show {ID} --json",
        "parlour drive card --drive {ID} --team A --out a.html"],
    "parlour replay RECORD [--seat N] [--json]": ["parlour replay played.json --seat 0 --json",
                                                  "parlour replay run --game 1"],
    "parlour replay --check RECORD": ["parlour replay --check played.json"],
    "parlour analyse RECORD [--seat N] [--iterations K | --seconds T] [--seed S] [--threshold X] "
    "[--bot expert|pimc] [--json]": [
        "parlour analyse golden.json --seat 0 --iterations 5 --seed 1 --threshold 0.2 --bot pimc --json"],
    # docs/drive.md: the same commands with the created drive's ID
    "parlour drive key ID": ["parlour drive key {ID}"],
    "parlour drive record ID --round 1 --table 1 --score 3-1": [
        "parlour drive record {ID} --round 1 --table 1 --score 3-1"],
    "parlour drive play ID --seed 7": ["parlour drive play {ID} --seed 7"],
    "parlour drive show ID [--json]": ["parlour drive show {ID}", "parlour drive show {ID} --json"],
    'parlour drive card --drive ID --team "Swansea" --out swansea.html': [
        'parlour drive card --drive {ID} --team "Swansea" --out swansea.html'],
    # docs/simulation.md
    "parlour simulate GAME --games N --seed S [--players N] [--bots a,b,c,d] [--variant NAME=VALUE ...] "
    "[--workers N | --backend ray [--address HOST:PORT]] [--chunk N] [--max-actions M] "
    "[--out DIR [--records] [--dataset]] [--json]": [
        "parlour simulate squadron-scramble --games 3 --seed 2 --players 3 --bots heuristic,random,casual"
        " --workers 2 --chunk 2 --max-actions 20000 --out run --records --json",
        "parlour simulate football-whist --games 4 --seed 1 --out run2"],
    "parlour simulate --resume DIR [--workers N | --backend ray [--address A]] [--json]": [
        "parlour simulate --resume run --workers 2 --json"],
    "parlour simulate --merge DIR DIR... [--json]": ["parlour simulate --merge run2 run2b"],
    "parlour simulate --resume DIR [--workers N | --backend ray ...] [--json]": [
        "parlour simulate --resume run --json"],
    # docs/arena.md
    "parlour arena GAME --bots expert,heuristic,pimc,random --games N --seed S [--players P] "
    "[--iterations K | --seconds T] [--variant NAME=VALUE ...] [--workers W | --backend ray [--address HOST:PORT]] "
    "[--max-actions M] [--png FILE] [--json]": [
        "parlour arena squadron-scramble --bots heuristic,random --games 1 --seed 2 --players 2 --seconds 0.01"
        " --variant max_rounds=1 --workers 2 --max-actions 5000 --png squadron.png --json"],
    # docs/lab.md
    "parlour lab GAME [--variant NAME=VALUE ...] [--players N] [--budget DEALS] [--variant-deals D] "
    "[--ladder-deals L] [--iterations K] [--bot NAME] [--no-variants] [--no-ladder] [--luck] [--speed-games G] "
    "[--seed S] [--out DIR] [--workers W | --backend ray [--address A]] [--json]": [
        "parlour lab squadron-scramble --variant target=100 --players 3 --budget 4 --variant-deals 2"
        " --ladder-deals 2 --iterations 2 --bot casual --luck --seed 2 --out lab1 --workers 2 --json",
        "parlour lab biggles --budget 4 --no-variants --no-ladder --speed-games 2 --out lab2"],
    "parlour lab --merge DIR DIR... [--out DIR] [--json]": ["parlour lab --merge run1 run2 --out merged2 --json"],
}

#: commands this machine cannot run, with the reason
SKIPPED = {
    ".venv/bin/parlour simulate football-whist --bots random --games 10000000 --seed 1 "
    "--backend ray --address 192.168.1.10:6379 --out runs/ten-million":
        "the Ray cluster of the page's two machines (192.168.1.10); tests/sim/test_ray.py runs the Ray path",
}

#: commands run before a document's own, to make what they read (a folder, a record)
SETUP = {
    "README.md": ["parlour simulate football-whist --games 4 --seed 1 --out run2",
                  "parlour simulate football-whist --games 4 --seed 2 --out run3"],
    "docs/lab.md": [f"parlour lab british-towns-sets --budget 6 --variant-deals 3 --ladder-deals 2 --iterations 2"
                    f" --seed {s} --out run{s}" for s in (1, 2)],
    "docs/simulation.md": ["parlour simulate football-whist --games 4 --seed 2 --out run2b",
                           *(f"parlour simulate football-whist --games 2 --seed {s} --out runs/seed-{s}"
                             for s in (1, 2, 3))],
}

GOLDEN = ROOT / "tests" / "records" / "football-whist-heuristic.json"
PLACEHOLDER = re.compile(r"\[|\.\.\.|(?<![\w./-])(GAME|N|S|DIR|ID|RECORD|FILE|NAME|LEVEL|HOST|A)(?![\w./-])|\|")


def documented(path: Path) -> list[tuple[int, str, list[str], int]]:
    """(line, command, the output shown after it, its exit status) for each command in the document's code blocks."""
    lines, found, inside, i = path.read_text(encoding="utf-8").splitlines(), [], False, 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("```"):
            inside = not inside
            i += 1
            continue
        text = line[2:] if line.startswith("$ ") else line
        if not (inside and re.match(r"(\.venv/bin/)?parlour( |$)", text)):
            i += 1
            continue
        start, command = i + 1, text
        while command.rstrip().endswith("\\") or (i + 1 < len(lines) and lines[i + 1].lstrip().startswith("[")
                                                  and lines[i + 1].startswith(" ")):
            command = command.rstrip().rstrip("\\").rstrip() + " " + lines[i + 1].strip()
            i += 1
        command = re.sub(r"\s+# .*$", "", command).strip()
        shown, status = [], 0
        if line.startswith("$ "):
            while i + 1 < len(lines) and not lines[i + 1].startswith(("$ ", "```")):
                shown.append(lines[i + 1])
                i += 1
            if i + 2 < len(lines) and lines[i + 1] == "$ echo $?":     # the exit status, shown
                status = int(lines[i + 2])
        found.append((start, command, shown, status))
        i += 1
    return found


ALL = {path.relative_to(ROOT).as_posix(): documented(path) for path in DOCUMENTS}
WITH_COMMANDS = sorted(name for name, found in ALL.items() if found)


def test_every_command_is_run_or_listed():
    commands = {command for found in ALL.values() for _, command, _, _ in found}
    assert len(commands) >= 30
    for command in commands:
        if command in SKIPPED or command in INSTANCES:
            continue
        assert not PLACEHOLDER.search(command.split(" >")[0]), \
            f"a synopsis the test cannot run as written; give it concrete commands in INSTANCES: {command!r}"
    stale = (set(INSTANCES) | set(SKIPPED)) - commands
    assert not stale, f"entries no document shows any more: {stale}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Shell:
    """Runs documented command lines in one scratch folder, ``parlour`` being this checkout's code."""

    def __init__(self, folder: Path):
        self.folder, self.values = folder, {}
        home = folder / "home"
        home.mkdir()
        self.env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "HOME": str(home),
                    "XDG_DATA_HOME": str(home / "data"), "PARLOUR_PYTHON": sys.executable, "COLUMNS": "120"}
        (folder / "golden.json").write_text(GOLDEN.read_text(encoding="utf-8"), encoding="utf-8")

    def prepare(self, command: str) -> str:
        for pattern, replacement, _why in SHRINK:
            command = re.sub(pattern, replacement, command)
        command = re.sub(r"(^|\| )(\.venv/bin/)?parlour ", r'\1"$PARLOUR_PYTHON" -m parlour.cli ', command)
        values = {"port": str(free_port()), "tmp": str(self.folder), **self.values}
        return re.sub(r"\{(port|tmp|ID)\}", lambda m: values[m.group(1)], command)   # other braces stay

    def run(self, command: str, timeout: float = 300) -> subprocess.CompletedProcess:
        line = self.prepare(command)
        if re.search(r"parlour\.cli serve\b", line):
            return self.serve(line, command)
        done = subprocess.run(["bash", "-c", line], cwd=self.folder, env=self.env, capture_output=True,
                              text=True, timeout=timeout)
        created = re.search(r"Drive (\S+) created", done.stdout)
        if created:
            self.values["ID"] = created.group(1)
        return done

    def serve(self, line: str, command: str) -> subprocess.CompletedProcess:
        port = re.search(r"--port (\d+)", line).group(1)
        names = re.findall(r"--host-name (\S+)", line)
        server = subprocess.Popen(["bash", "-c", "exec " + line], cwd=self.folder, env=self.env,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            request = urllib.request.Request(f"http://127.0.0.1:{port}/healthz",
                                             headers={"Host": names[0] if names else "localhost"})
            deadline, answer = time.monotonic() + 60, None
            while time.monotonic() < deadline and server.poll() is None:
                try:
                    with urllib.request.urlopen(request, timeout=5) as response:
                        answer = response.status, response.read().decode()
                        break
                except OSError:
                    time.sleep(0.3)
        finally:
            server.terminate()
            try:
                output = server.communicate(timeout=20)[0]
            except subprocess.TimeoutExpired:
                server.kill()
                output = server.communicate()[0]
        ok = answer is not None and answer[0] == 200
        return subprocess.CompletedProcess(command, 0 if ok else 1, f"/healthz: {answer}\n{output}", "")


def run_documented(shell: Shell, name: str) -> list[tuple[str, str, list[str], subprocess.CompletedProcess]]:
    for command in SETUP.get(name, []):
        done = shell.run(command)
        assert done.returncode == 0, f"setup {command!r}: {done.stdout}{done.stderr}"
    results = []
    for line, command, shown, status in ALL[name]:
        if command in SKIPPED:
            continue
        for concrete in INSTANCES.get(command, [command]):
            done = shell.run(concrete)
            assert done.returncode == status, \
                f"{name}:{line}: {concrete!r} exited {done.returncode}\n{done.stdout}\n{done.stderr}"
            results.append((concrete, f"{name}:{line}", shown, done))
    return results


def records_example(shell: Shell) -> None:
    """docs/records.md's complete example, as example.json, and broken.json with index 11 changed."""
    text = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    example = json.loads(re.search(r"## A complete example.*?```json\n(.*?)```", text, re.S).group(1))
    (shell.folder / "example.json").write_text(json.dumps(example), encoding="utf-8")
    assert example["actions"][11] == [0, "move WG"]
    example["actions"][11] = [0, "move W3"]
    (shell.folder / "broken.json").write_text(json.dumps(example), encoding="utf-8")


#: docs/records.md's excerpts: a line that starts one -> the folder of the run it comes from
EXCERPTS = {"$ parlour simulate squadron-scramble": "ssrec", "$ parlour simulate british-towns-asking": "btrec",
            "**The sets game**": "btrec2", "$ parlour simulate biggles": "bgrec"}


def check_excerpts(shell: Shell) -> int:
    """Each excerpt table's `[seat, "action"]` rows are the actions at those indices of the run's record."""
    from parlour.sim.output import records

    checked, actions = 0, None
    for line in (ROOT / "docs" / "records.md").read_text(encoding="utf-8").splitlines():
        starts = [folder for start, folder in EXCERPTS.items() if line.startswith(start)]
        if starts:
            _, text = next(iter(records(shell.folder / starts[0])))
            actions = json.loads(text)["actions"]
        elif line.startswith("## "):
            actions = None
        row = re.match(r"\| (\d+)(?:-\d+)? \| (`\[.*?)\|", line)
        if actions is not None and row:
            first = int(row.group(1))
            for k, shown in enumerate(json.loads(s) for s in re.findall(r"`(\[.*?\])`", row.group(2))):
                assert actions[first + k] == shown, f"docs/records.md: index {first + k} is {actions[first + k]}"
                checked += 1
    return checked


@pytest.mark.parametrize("name", WITH_COMMANDS)
def test_documented_commands_run(name, tmp_path):
    shell = Shell(tmp_path)
    if name == "docs/records.md":
        records_example(shell)
    results = run_documented(shell, name)
    assert results
    for concrete, where, shown, done in results:
        if not shown:
            continue
        if "arena" in concrete:
            # the report's tables, row by row, as the page prints them (the same seed gives the same games)
            out = done.stdout.splitlines()
            for row in shown:
                if row.startswith(("│", "football-whist:", "Each deal")):
                    assert row.rstrip() in [o.rstrip() for o in out], f"{where}: {row!r} not in\n{done.stdout}"
        elif " lab " in concrete:
            # the lab's lines, as the page prints them (the same seed gives the same games)
            out = [o.rstrip() for o in done.stdout.splitlines()]
            for row in shown:
                if row.startswith(("│", "British Towns:", "Seat advantage:", "Length:", "Decided early", "Luck")):
                    assert row.rstrip() in out, f"{where}: {row!r} not in\n{done.stdout}"
        elif concrete == "parlour --version" and compiled.running() == "python":
            # the README shows what the install gives where it can compile; here the rules run as Python
            version, _, rules = shown[0].partition(" rules: ")
            assert done.stdout.startswith(f"{version} rules: Python sources ("), f"{where}: {done.stdout!r}"
        else:
            assert len(shown) == 1 and done.stdout.strip() == shown[0].strip(), \
                f"{where}: {done.stdout!r} != {shown!r}"
    if name == "docs/records.md":
        assert check_excerpts(shell) >= 10
