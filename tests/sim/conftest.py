"""A two-node Ray cluster on this machine, started once for the whole test session and only if a test asks."""

import importlib.util

import pytest


@pytest.fixture(scope="session")
def ray_address():
    """The address of a local cluster of two ``ray start`` nodes (one CPU each), as two machines would be.

    This process and the commands it starts are the cluster's drivers: they get its token in their
    environment before Ray is first imported.
    """
    if importlib.util.find_spec("ray") is None:
        pytest.skip("Ray is not installed (pip install -e '.[ray]'; make test installs it)")
    from parlour.engine.errors import ParlourError
    from parlour.sim.raycluster import LocalCluster

    cluster = LocalCluster(nodes=2, cpus=1)
    with pytest.MonkeyPatch.context() as patch:
        for name, value in cluster.env.items():
            patch.setenv(name, value)
        try:
            cluster.start()
        except ParlourError as error:
            pytest.skip(f"Ray cannot start a local cluster on this machine: {error}")
        yield cluster.address
        cluster.stop()


@pytest.fixture(scope="session")
def ray_backend(ray_address):
    """This test process connected to that cluster as a Ray driver."""
    from parlour.sim import RayBackend

    backend = RayBackend(ray_address)
    yield backend
    backend.close()
