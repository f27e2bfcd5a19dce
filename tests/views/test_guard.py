"""The kernel's guard on a page's comm messages, driven as ipykernel drives its handlers."""

import logging

import ipywidgets as ipw
import pytest

from rulesdojo.state import GameModel
from rulesdojo.views.energy import EnergyCounter
from rulesdojo.serve.guard import COMM_LOGGERS, TOO_LONG, install


class Shell:
    def showtraceback(self, *args, **kwargs):
        raise AssertionError("a traceback was shown")


class Kernel:
    """The part of an ipykernel the guard wraps: its comm handlers and its log."""

    def __init__(self, handle):
        self.shell_handlers = {name: handle for name in ("comm_open", "comm_msg", "comm_close")}
        self.log = logging.getLogger("kernel-under-test")


@pytest.fixture
def guarded(monkeypatch):
    for name in COMM_LOGGERS:  # the guard routes them; put them back afterwards
        logger = logging.getLogger(name)
        monkeypatch.setattr(logger, "handlers", list(logger.handlers))
        monkeypatch.setattr(logger, "propagate", logger.propagate)

    def make(handle):
        kernel = Kernel(handle)
        assert install(Shell(), kernel)
        return kernel
    return make


def click(comm_id: str) -> dict:
    return {"content": {"comm_id": comm_id, "data": {"method": "custom", "content": {"event": "click"}}}}


def test_a_message_stopped_for_taking_too_long_is_told_on_its_own_parts_feedback_line(guarded):
    energy = EnergyCounter(GameModel.empty(), "Alice")
    lesson_feedback = ipw.HTML()
    lesson = ipw.VBox([energy, lesson_feedback])
    lesson.feedback = lesson_feedback  # a lesson part holding the counter, with a feedback line of its own

    def interrupted(_stream, _ident, msg):
        raise KeyboardInterrupt  # what the server's interrupt raises in the kernel's handler

    kernel = guarded(interrupted)
    kernel.shell_handlers["comm_msg"](None, [], click(energy.pay_button.model_id))
    assert energy.feedback.text == TOO_LONG and energy.feedback.content[0][1]["role"] == "alert"
    assert lesson_feedback.value == ""
    assert energy.model.energy_of("Alice") == 0  # nothing was paid


def test_a_comm_the_kernel_cant_open_or_close_is_one_line_in_the_kernels_log(guarded, caplog):
    def broken(_stream, _ident, msg):
        logging.getLogger("ipykernel.comm").error("Exception opening comm with target: %s", "x",
                                                  exc_info=ValueError("Incompatible versions"))
        return msg["content"]["comm_id"]  # a page's message without one: KeyError

    kernel = guarded(broken)
    with caplog.at_level(logging.WARNING, logger="kernel-under-test"):
        kernel.shell_handlers["comm_open"](None, [], {"content": {"target_name": "jupyter.widget.control"}})
        kernel.shell_handlers["comm_close"](None, [], {"content": {}})
    lines = [r.getMessage() for r in caplog.records if r.name == "kernel-under-test"]
    assert len(lines) == 4 and all("\n" not in line and "Traceback" not in line for line in lines)
    assert "Incompatible versions" in lines[0] and "KeyError" in lines[1]
