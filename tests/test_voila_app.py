"""The kit's kernel manager, without a server: what the culler does with a kernel still starting."""

import asyncio

from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

from rulesdojo.voila_app import DojoKernelManager


def test_the_culler_passes_over_a_kernel_still_starting():
    manager = DojoKernelManager(cull_idle_timeout=1)
    starting = ServerKernelManager(kernel_name="python3")  # in the map, its activity not marked yet
    manager._kernels["starting"] = starting
    asyncio.run(manager.cull_kernel_if_idle("starting"))
    assert manager._kernels == {"starting": starting}
