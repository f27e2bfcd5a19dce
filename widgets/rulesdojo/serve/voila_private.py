"""Every private name of Voila, jupyter_server, jupyter_client and tornado that serving reads,
writes or overrides, in one place, each with why no public point does it.

A private name can change in any release without notice. Each one used by ``serve/`` is listed in
``PRIVATE`` and read through a function here, and ``tests/test_voila_private.py`` (the canary) checks
that every one still exists, with the shape relied on, in the installed versions: an upgrade that
changes one fails that test by name instead of silently switching a guard off (an override of a
renamed method would simply never run).

Upstream, what would make each unnecessary is noted beside it (``fix``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class Private:
    """One private name: ``owner`` (a dotted path to a module or class), ``name``, what serving uses
    it for (``why``), and the public point upstream that would replace it (``fix``)."""

    owner: str
    name: str
    why: str
    fix: str


POOLED = "voila.voila_kernel_manager.voila_kernel_manager_factory"
PRIVATE = (
    Private(POOLED, "_pools", "which preheated kernels are ready, to take a ready one first and count "
            "kernels that serve pages apart from those waiting for one",
            "a public read-only view of the pools (entries and whether each is ready)"),
    Private(POOLED, "_initialize", "a pool's refill waits its turn (at most a few notebooks run at once) "
            "so a refill doesn't slow the pages being served",
            "a configurable concurrency limit for pool refills"),
    Private("jupyter_client.multikernelmanager.MultiKernelManager", "_kernels",
            "the kernel record of a page, to find the page's connections when its kernel dies",
            "a public get_kernel that doesn't raise for a kernel being removed"),
    Private("jupyter_client.multikernelmanager.MultiKernelManager", "_pending_kernels",
            "kernels still starting count towards the limit of pages with a kernel",
            "a public count of starting kernels"),
    Private("jupyter_client.multikernelmanager.MultiKernelManager", "_async_shutdown_kernel",
            "overridden: stopping a kernel that already died is not an error at the server's exit",
            "shutdown_kernel tolerating a kernel already removed"),
    Private("jupyter_server.services.kernels.kernelmanager.MappingKernelManager", "_handle_kernel_died",
            "overridden: a page's dead kernel is not restarted blank; its page is told",
            "a kernel-died hook (an event) on the mapping kernel manager"),
    Private("jupyter_client.ioloop.manager.IOLoopKernelManager", "_restarter",
            "a page's kernel gets no automatic restart (restart_limit 0)",
            "a per-kernel autorestart setting"),
    Private("jupyter_server._tz", "utcnow", "a preheated kernel taken by a page counts as active now, "
            "so the culler doesn't take it before the page connects",
            "a public time helper, or the kernel's activity marked when a pool hands it out"),
    Private("voila.request_info_handler.RequestInfoSocketHandler", "_cache",
            "request information no kernel waited for is forgotten soon instead of kept for good",
            "a bounded, expiring store for request information"),
    Private("voila.request_info_handler.RequestInfoSocketHandler", "_waiters",
            "a kernel's request information goes to its first reader only",
            "the same, in Voila"),
    Private("tornado.web.RequestHandler", "_reason", "an error's status line said in plain text",
            "RequestHandler.get_status's reason (tornado keeps it private)"),
)


def pools(manager: Any) -> dict:
    """The pooled kernel manager's pools: notebook -> entries (asyncio tasks), or {} without pools."""
    return getattr(manager, "_pools", {})


def wrap_pool_fill(manager: Any, wrap: Callable[[Callable], Callable]) -> None:
    """Replace the pooled manager's refill of one entry (``_initialize``) with ``wrap(it)``."""
    manager._initialize = wrap(manager._initialize)


def kernel_record(manager: Any, kernel_id: str) -> Any:
    """The kernel manager of a kernel, or None if it is gone (never raises)."""
    return manager._kernels.get(kernel_id)


def starting(manager: Any) -> dict:
    """The kernels still starting."""
    return getattr(manager, "_pending_kernels", {})


def restarter(kernel: Any) -> Any:
    """A kernel's automatic restarter, if it has one."""
    return getattr(kernel, "_restarter", None)


def utcnow():
    """jupyter_server's aware UTC now, the clock its culler compares activity with."""
    from jupyter_server._tz import utcnow as now
    return now()


def request_info_stores(handler_class: Any, cache: dict, waiters: dict) -> None:
    """Give Voila's request-information handler the stores it keeps messages and readers in."""
    handler_class._cache = cache
    handler_class._waiters = waiters


def reason(handler: Any) -> str:
    """The reason phrase of a handler's status."""
    return handler._reason
