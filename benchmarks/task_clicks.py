"""Time each "Show me the next move" click of lessons' tasks in one process, the widgets' messages
serialized as a kernel would send them (JSON, counted and measured, not sent).

    .venv/bin/python benchmarks/task_clicks.py            # lessons 6, 7 and 8, as the class walks them
    .venv/bin/python benchmarks/task_clicks.py 1 8 11     # these lessons

Prints, per lesson, the clicks' median and largest CPU time and the messages and bytes a click sends,
and the load average before and after: how much of a kernel's work a click is, apart from the page,
the websocket and other kernels (``benchmarks/learners.py`` times the whole round trip).
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time

import comm
from comm.base_comm import BaseComm

SENT = {"messages": 0, "bytes": 0}


class CountingComm(BaseComm):
    """A widget's comm that serializes what it would send, and counts it."""

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        SENT["messages"] += 1
        SENT["bytes"] += len(json.dumps(data, default=str))


def main(numbers: list[int]) -> None:
    comm.create_comm = lambda *args, **kwargs: CountingComm(*args, **kwargs)
    from rulesdojo.kit import Kit
    from rulesdojo.lessons import lessons
    from rulesdojo.lessons.framework import TaskView
    from rulesdojo.lessons.learner_progress import Progress
    kit = Kit.from_environment({"RULESDOJO_RESULTS": tempfile.mkdtemp() + "/results.sqlite3"})
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for number in numbers:
        lesson = lessons(kit)[number]
        progress = Progress(lesson, kit=kit)
        times, sizes = [], []
        for task in lesson.tasks:
            view = TaskView(task, progress)
            for _ in task.solution:
                SENT.update(messages=0, bytes=0)
                started = time.process_time()  # this process's CPU: other work on the machine aside
                view.show_button.click()
                times.append((time.process_time() - started) * 1000)
                sizes.append((SENT["messages"], SENT["bytes"]))
        print(f"lesson {number}: {len(times)} clicks, median {statistics.median(times):.1f} ms of CPU, "
              f"largest {max(times):.1f} ms; {statistics.median(m for m, _ in sizes):.0f} messages, "
              f"{statistics.median(b for _, b in sizes) / 1000:.1f} kB a click (median)")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main([int(n) for n in sys.argv[1:]] or [6, 7, 8])
