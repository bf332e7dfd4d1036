"""A Ray cluster of several nodes on this one machine: to try ``--backend ray``, and for tests and benchmarks.

Each node is a ``ray start ... --block`` process of its own (the head first,
then ``ray start --address`` for each other node), exactly as on separate
machines, all sharing one temporary folder.  Stopping the cluster signals
those processes alone (never ``ray stop``, which stops every Ray on the
machine), and each takes its own Ray processes down with it.  The cluster
takes only drivers that hold its token (Ray's token authentication), so a
driver needs ``cluster.env`` in its environment before it first imports Ray::

    cluster = LocalCluster(nodes=2)
    os.environ.update(cluster.env)
    with cluster:
        report = simulate(game, 10_000, 1, bots, backend=RayBackend(cluster.address))

Needs the extra ``parlour[ray]``.
"""

from __future__ import annotations

import importlib.util
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import IO, Any

from parlour.engine.errors import ParlourError

#: printed by ``ray start --block`` once its node is up
READY = "will now block forever"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LocalCluster:
    """``nodes`` Ray nodes on this machine with ``cpus`` CPUs each; ``address`` once started."""

    def __init__(self, nodes: int = 2, cpus: int = 1, timeout: float = 120.0):
        self.nodes, self.cpus, self.timeout = nodes, cpus, timeout
        self.address = ""
        #: what a driver's environment needs to join: Ray's token authentication, with this cluster's own token
        #: (set explicitly, so that no token left in ~/.ray by another Ray decides for it)
        self.env = {"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": secrets.token_hex(32)}
        self.folder: Path | None = None
        self._procs: list[tuple[subprocess.Popen[bytes], IO[bytes]]] = []

    def _start_node(self, name: str, *args: str) -> Path:
        assert self.folder is not None
        log = self.folder / f"{name}.log"
        handle = log.open("wb")
        env = {**os.environ, **self.env, "RAY_USAGE_STATS_ENABLED": "0"}
        command = [sys.executable, "-m", "ray.scripts.scripts", "start", "--block", f"--num-cpus={self.cpus}",
                   f"--temp-dir={self.folder}", f"--dashboard-agent-listen-port={_free_port()}",
                   f"--metrics-export-port={_free_port()}", f"--runtime-env-agent-port={_free_port()}", *args]
        # a session of its own, so that stopping it can reach every process it started, and nothing else
        proc = subprocess.Popen(command, stdout=handle, stderr=subprocess.STDOUT, env=env, start_new_session=True)
        self._procs.append((proc, handle))
        return log

    def _wait(self, log: Path, proc: subprocess.Popen[bytes]) -> None:
        deadline = time.monotonic() + self.timeout
        while READY not in log.read_text(errors="replace"):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise ParlourError(f"a Ray node did not start (see {log}):\n{log.read_text(errors='replace')[-2000:]}")
            time.sleep(0.1)

    def start(self) -> str:
        if importlib.util.find_spec("ray") is None:
            raise ParlourError("a local Ray cluster needs Ray: pip install 'parlour[ray]'")
        # short: Ray keeps Unix sockets under it, and their paths may not pass 107 characters
        self.folder = Path(tempfile.mkdtemp(prefix="parlour-ray-", dir="/tmp" if os.path.isdir("/tmp") else None))
        try:
            head = self._start_node("head", "--head", "--port=0", "--include-dashboard=false",
                                    f"--dashboard-port={_free_port()}", "--disable-usage-stats")
            self._wait(head, self._procs[0][0])
            self.address = (self.folder / "ray_current_cluster").read_text().strip()
            for n in range(1, self.nodes):
                log = self._start_node(f"node{n}", f"--address={self.address}")
                self._wait(log, self._procs[-1][0])
        except BaseException:
            self.stop()
            raise
        return self.address

    def stop(self) -> None:
        """Stop every node (the others first, the head last), then remove the cluster's folder."""
        for proc, _ in reversed(self._procs):
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)        # ray start --block drains its node and stops its processes
        for proc, handle in reversed(self._procs):
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                pass
            try:
                os.killpg(proc.pid, signal.SIGKILL)     # whatever of this node's own session is left
            except (ProcessLookupError, PermissionError):
                pass
            handle.close()
        self._procs.clear()
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    def __enter__(self) -> "LocalCluster":
        self.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop()
