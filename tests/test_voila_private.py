"""The canary for the private names serving relies on (``rulesdojo.serve.voila_private``): each one
still exists in the installed Voila, jupyter_server, jupyter_client and tornado, with the shape the
kit uses. A failure here names what an upgrade changed, before a guard silently stops working."""

import importlib
import inspect

import pytest

from rulesdojo.serve import voila_private
from rulesdojo.serve.voila_private import POOLED, PRIVATE, Private


def owner_of(path: str):
    module, _, name = path.rpartition(".")
    try:
        return importlib.import_module(path)
    except ImportError:
        return getattr(importlib.import_module(module), name)


def pooled_manager_class():
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from voila.voila_kernel_manager import voila_kernel_manager_factory
    return voila_kernel_manager_factory(AsyncMappingKernelManager, preheat_kernel=True, default_pool_size=1)


def source_of(owner) -> str:
    if owner is owner_of(POOLED):
        owner = pooled_manager_class()
    return inspect.getsource(owner)


def present(private) -> bool:
    """The name is a method or attribute of its owner, or one its source sets on instances."""
    owner = pooled_manager_class() if private.owner == POOLED else owner_of(private.owner)
    if hasattr(owner, private.name):
        return True
    source = source_of(owner)
    return f"self.{private.name}" in source or f"cls.{private.name}" in source


@pytest.mark.parametrize("private", PRIVATE, ids=lambda p: f"{p.owner.rpartition('.')[2]}.{p.name}")
def test_each_private_name_still_exists_where_serving_reads_it(private):
    assert present(private), f"{private.owner} no longer has {private.name}: {private.why} (upstream fix: {private.fix})"


def test_the_canary_sees_a_name_gone():
    for owner in (POOLED, "jupyter_server._tz", "tornado.web.RequestHandler"):
        assert not present(Private(owner, "_renamed_upstream", "", ""))


def test_overridden_private_methods_are_still_called_by_their_owners():
    """An override of a private method runs only while the owner still calls it by that name."""
    from jupyter_client.multikernelmanager import MultiKernelManager
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager
    assert "_async_shutdown_kernel" in inspect.getsource(MultiKernelManager)
    assert "self._handle_kernel_died" in inspect.getsource(MappingKernelManager)


def test_the_pools_hold_entries_whose_results_name_a_kernel_and_its_notebook_run():
    """``ready``/``pooled``/``leave_pools`` read each pool entry's result as a dict with
    ``kernel_id`` and ``task``: the pooled manager's refill must still return that."""
    source = inspect.getsource(pooled_manager_class())
    assert "self._pools" in source
    assert '"kernel_id"' in source and '"task"' in source


def test_request_information_is_kept_and_handed_through_the_two_stores():
    from voila.request_info_handler import RequestInfoSocketHandler
    source = inspect.getsource(RequestInfoSocketHandler)
    assert "cls._cache" in source or "_cache[" in source
    assert "_waiters" in source
    assert isinstance(RequestInfoSocketHandler._cache, dict)
    assert isinstance(RequestInfoSocketHandler._waiters, dict)


def test_the_culler_clock_is_aware_utc():
    now = voila_private.utcnow()
    assert now.tzinfo is not None and now.utcoffset().total_seconds() == 0


def test_a_handlers_reason_is_readable():
    from tornado.web import Application, RequestHandler
    from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine
    from unittest.mock import Mock
    request = HTTPServerRequest(connection=Mock(), start_line=RequestStartLine("GET", "/", "HTTP/1.1"),
                                headers=HTTPHeaders({"Host": "127.0.0.1"}))
    handler = RequestHandler(Application(), request)
    handler.set_status(503)
    assert voila_private.reason(handler) == "Service Unavailable"
