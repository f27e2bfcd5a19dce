"""The reorderable list (``trigger_order.js``) on its own page: the focus the kernel asks for after an
action doesn't take the item a quicker learner is already moving, and the list passes axe (its items
hold their own Up/Down buttons, so they are list items, not listbox options)."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import expect
from test_quiz_languages_browser import axe_findings

WAIT = 60_000

SOURCE = """\
import time
import ipywidgets as ipw
from rulesdojo.views.order import OrderList, plain_list

order = OrderList(**plain_list())
order.items = [{"id": i, "label": name} for i, name in enumerate(["Forest", "Island", "Swamp"])]
order.order = [0, 1, 2]
sent = ipw.Label("")

def late_focus(_button):
    # As a decision's focus comes: after the action's answer, here 2 s after the click.
    time.sleep(2)
    order.focus()
    sent.value = "focus sent"

act = ipw.Button(description="Act")
act.on_click(late_focus)
ipw.VBox([act, order, sent])
"""


def notebook(folder: Path) -> Path:
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "order", "metadata": {}, "outputs": [],
                     "source": SOURCE}],
          "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                       "title": "Order"},
          "nbformat": 4, "nbformat_minor": 5}
    path = folder / "order.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")
    return path


def test_a_late_focus_request_leaves_the_item_the_learner_is_on_and_the_list_passes_axe(tmp_path, voila_server,
                                                                                        page):
    base = voila_server(tmp_path, env={"RULESDOJO_RESULTS": str(tmp_path / "results.sqlite3")})
    page.goto(base + f"voila/render/{notebook(tmp_path).name}", wait_until="domcontentloaded", timeout=WAIT)
    items = page.get_by_role("list", name="Items in order, first at the top").get_by_role("listitem")
    expect(items).to_have_count(3, timeout=WAIT)
    assert axe_findings(page) == []

    page.get_by_role("button", name="Act").click()
    swamp = items.filter(has_text="Swamp")
    swamp.focus()
    page.keyboard.press("Alt+ArrowUp")               # the learner is moving Swamp up before the focus comes
    expect(page.get_by_text("focus sent")).to_be_visible(timeout=WAIT)
    expect(items.nth(1)).to_be_focused()
    expect(items.nth(1)).to_contain_text("Swamp")
    page.keyboard.press("Alt+ArrowUp")               # and goes on moving it
    expect(items.first).to_contain_text("Swamp")

    # Nowhere in the list: the focus comes to its first item.
    page.get_by_role("button", name="Act").click()
    expect(page.get_by_text("focus sent")).to_be_visible(timeout=WAIT)
    expect(items.first).to_be_focused()
