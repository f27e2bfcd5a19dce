"""The kit's kernel manager, without a server: what the culler does with a kernel still starting."""

import asyncio
from concurrent.futures import ThreadPoolExecutor

from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

from rulesdojo.voila_app import DojoKernelManager


def test_the_culler_passes_over_a_kernel_still_starting():
    manager = DojoKernelManager(cull_idle_timeout=1)
    starting = ServerKernelManager(kernel_name="python3")  # in the map, its activity not marked yet
    manager._kernels["starting"] = starting
    with ThreadPoolExecutor(1) as pool:  # a loop of its own: Playwright's driver may run one in this thread
        pool.submit(asyncio.run, asyncio.wait_for(manager.cull_kernel_if_idle("starting"), 60)).result(120)
    assert manager._kernels == {"starting": starting}
