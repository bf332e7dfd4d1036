"""Where chunks of games are played: in this process, in local worker processes, or on a Ray cluster.

A backend has one job, ``backend.map(fn, items)``: call ``fn`` on every item
and yield the results **in the order of the items**, with at most
``backend.window`` calls under way at once (so a run of ten million games
never holds ten million jobs).  ``fn`` must be a function defined at the top
level of an importable module, and items and results must pickle: they may
travel to another process or another machine.  That is the whole interface;
the simulator, the Whist Drive and the arena use nothing else, so each of
them runs on any backend, with the same results.

``backend.parallelism`` says how many calls run at once (for sizing chunks).
Backends are context managers: leaving the ``with`` block stops their
workers.

- :class:`LocalBackend` ``(workers=1)``: one worker plays in this process;
  more start that many processes (``spawn``, so nothing is inherited by
  accident).
- :class:`RayBackend` ``(address=None)``: Ray tasks on the cluster at
  ``address`` (``"auto"``, ``"HOST:PORT"``, or ``None``: the cluster that
  ``RAY_ADDRESS`` or a ``ray start`` on this machine names, else a Ray
  started for this run alone).  Needs the extra ``parlour[ray]``, installed
  on every machine of the cluster.
"""

from __future__ import annotations

import logging
import multiprocessing
import signal
import socket
from collections import deque
from typing import Any, Callable, Iterable, Iterator, Protocol, TypeVar

from parlour.engine.errors import ParlourError

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("local", "ray")


class Backend(Protocol):
    """What the simulator (and the drive, and the arena) need from a place to play games."""

    parallelism: int
    window: int

    def map(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]: ...

    def close(self) -> None: ...

    def __enter__(self) -> "Backend": ...

    def __exit__(self, *exc: object) -> None: ...


def ordered(submit: Callable[[T], Any], collect: Callable[[Any], R], items: Iterable[T], window: int) -> Iterator[R]:
    """Submit items as places free up, at most ``window`` ahead, and collect the results in order."""
    pending: deque[Any] = deque()
    for item in items:
        pending.append(submit(item))
        if len(pending) >= window:
            yield collect(pending.popleft())
    while pending:
        yield collect(pending.popleft())


class _Base:
    parallelism = 1
    window = 1

    def close(self) -> None:
        pass

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _ignore_interrupts() -> None:
    # Ctrl-C reaches every process of the terminal's group: the parent alone decides what stops
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class LocalBackend(_Base):
    """``workers`` processes on this machine (one: this process itself, with no start-up cost)."""

    def __init__(self, workers: int = 1):
        if workers < 1:
            raise ParlourError(f"workers must be at least 1, not {workers}")
        self.parallelism = workers
        self.window = 1 if workers == 1 else 2 * workers
        self._pool: Any = None

    def map(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        if self.parallelism == 1:
            return (fn(item) for item in items)
        if self._pool is None:
            self._pool = multiprocessing.get_context("spawn").Pool(self.parallelism, initializer=_ignore_interrupts)
        return ordered(lambda item: self._pool.apply_async(fn, (item,)), lambda handle: handle.get(),
                       items, self.window)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None


class RayBackend(_Base):
    """Ray tasks, one chunk each, on the cluster at ``address`` (see the module's docstring)."""

    def __init__(self, address: str | None = None):
        try:
            import ray
        except ImportError:
            raise ParlourError("--backend ray needs Ray: pip install 'parlour[ray]' (on every machine of the "
                               "cluster)") from None
        self._ray = ray
        self._started = not ray.is_initialized()
        if self._started:
            _check_reachable(address)
            try:
                ray.init(address=address, logging_level=logging.WARNING, log_to_driver=False, include_dashboard=False)
            except (ConnectionError, RuntimeError, ValueError) as error:
                raise ParlourError(f"cannot reach a Ray cluster at {address or 'the default address'}: {error}") \
                    from None
        elif address not in (None, "auto") and address != ray.get_runtime_context().gcs_address:
            # a process is a driver of one cluster at a time: use the one it is connected to, or say so
            raise ParlourError(f"this process is already connected to the Ray cluster at "
                               f"{ray.get_runtime_context().gcs_address}, not {address}")
        self.parallelism = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self.window = 2 * self.parallelism
        self._remote: dict[Callable[..., Any], Any] = {}

    def map(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        remote = self._remote.get(fn)
        if remote is None:
            remote = self._remote[fn] = self._ray.remote(num_cpus=1, max_retries=3)(fn)
        return ordered(remote.remote, self._ray.get, items, self.window)

    def close(self) -> None:
        if self._started and self._ray.is_initialized():
            self._ray.shutdown()


def _check_reachable(address: str | None) -> None:
    """Refuse at once a HOST:PORT that nothing answers at (Ray itself retries for minutes before it gives up)."""
    host, sep, port = (address or "").rpartition(":")
    if not sep or not port.isdigit() or "://" in host:        # None, "auto", or a ray:// client address
        return
    try:
        socket.create_connection((host, int(port)), timeout=10).close()
    except OSError as error:
        raise ParlourError(f"cannot reach a Ray cluster at {address}: {error.strerror or error} (start one with "
                           "`ray start --head`; it prints the address to give)") from None


def make_backend(name: str = "local", *, workers: int = 1, address: str | None = None) -> Backend:
    """The backend called ``name``: ``local`` (``workers`` processes) or ``ray`` (the cluster at ``address``)."""
    if name == "local":
        if address is not None:
            raise ParlourError("--address names a Ray cluster: it goes with --backend ray")
        return LocalBackend(workers)
    if name == "ray":
        return RayBackend(address)
    raise ParlourError(f"no backend called {name!r} (choose from: {', '.join(BACKENDS)})")
