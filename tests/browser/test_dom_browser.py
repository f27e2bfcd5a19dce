"""The DOM-from-data widget in a served page: text stays text, symbols are drawn from the shipped
SVGs, links keep only safe addresses, a ruling's name shows its text when focused, and the kit's
stylesheet reaches the page once however many views hold it."""

from __future__ import annotations

import re

CODE = '''
import ipywidgets as ipw
from rulesdojo.views.dom import Dom, h, game, prose
from rulesdojo.views.modules import page_style
hostile = Dom([h("p", "Eve <img src=x onerror=alert(1)> & Bo", cls="rd-name"),
               h("p", *game("Pay {E}{E} (CR 107.14), as Energy ruling 4 says.")),
               h("p", *prose("<b>Bold</b> and *em* <script>x</script>")),
               h("a", "bad", href="javascript:alert(1)", cls="rd-bad"), h("a", "good", href="index.ipynb", cls="rd-good")])
later = Dom()
ipw.VBox([page_style(), hostile, page_style(), later])
'''
TIMEOUT = 120_000


def test_nodes_are_drawn_as_text_symbols_and_safe_links(voila_server, write_notebook, tmp_path, page):
    url = voila_server(write_notebook(tmp_path / "dom.ipynb", CODE))
    page.goto(url, timeout=TIMEOUT)
    page.wait_for_selector(".rd-dom .rd-name", timeout=TIMEOUT)
    assert page.inner_text(".rd-name") == "Eve <img src=x onerror=alert(1)> & Bo"
    assert page.locator(".rd-dom img, .rd-dom script").count() == 0
    assert page.locator(".rd-dom svg[aria-label='energy']").count() == 2
    assert page.inner_text(".rd-dom .rd-cite") == "CR 107.14"
    assert page.inner_text(".rd-dom b") == "Bold"
    assert "<script>x</script>" in page.inner_text(".rd-dom")
    assert page.get_attribute(".rd-bad", "href") is None
    assert page.get_attribute(".rd-good", "href") == "index.ipynb"
    ruling = page.locator(".rd-ruling")
    ruling.focus()
    assert "not associated with any specific permanents" in page.locator(".rd-ruling-text").inner_text(timeout=10_000)
    assert page.locator(".rd-ruling-text").is_visible()
    # One stylesheet, although two views hold it: its rules apply on the page.
    assert page.evaluate("[...document.querySelectorAll('style')].filter(s => s.textContent.includes('.rd-error')).length") == 1


# Each step's content, shown in turn by "Next": a line put first, a repeated line and a new sibling,
# the order changed with a line gone, the list's own attributes changed, then nothing.
STEPS = [
    [["ol", {"class": "rd-log"}, ["li", {}, "one"]]],
    [["ol", {"class": "rd-log"}, ["li", {}, "two"], ["li", {}, "one"]]],
    [["ol", {"class": "rd-log"}, ["li", {}, "two"], ["li", {}, "one"], ["li", {}, "one"]],
     ["p", {"class": "rd-p"}, "after & <b>"]],
    [["p", {"class": "rd-p"}, "after & <b>"], ["ol", {"class": "rd-log"}, ["li", {}, "one"]]],
    [["ol", {"class": "rd-log", "reversed": True}, ["li", {}, "three ", ["sym", "E"]]]],
    [],
]
STEPS_CODE = f'''
import ipywidgets as ipw
from rulesdojo.views.dom import Dom
steps = {STEPS!r}
shown = Dom(steps[0])
shown.add_class("rd-steps")
at = [0]
def next_step(_):
    at[0] += 1
    shown.content = steps[at[0]]
go = ipw.Button(description="Next")
go.on_click(next_step)
ipw.VBox([shown, go])
'''


# The text a view shows, its symbols left out (an SVG's title is text too).
SHOWN_TEXT = """([sel, text]) => {
  const walk = document.createTreeWalker(document.querySelector(sel), NodeFilter.SHOW_TEXT);
  let shown = '';
  while (walk.nextNode()) if (!walk.currentNode.parentElement.closest('.rd-sym')) shown += walk.currentNode.data;
  return shown === text;
}"""


def test_a_redraw_keeps_the_nodes_whose_data_did_not_change(voila_server, write_notebook, tmp_path, page):
    from rulesdojo.views.dom import plain
    url = voila_server(write_notebook(tmp_path / "steps.ipynb", STEPS_CODE))
    page.goto(url, timeout=TIMEOUT)
    root = ".rd-steps .rd-dom"
    page.wait_for_selector(f"{root} li", timeout=TIMEOUT)
    page.evaluate("(sel) => { document.querySelector(sel + ' li').dataset.mark = 'first one'; "
                  "document.querySelector(sel + ' ol').dataset.mark = 'list'; }", root)
    marks, symbols = [], []
    for k, step in enumerate(STEPS[1:], start=1):
        page.get_by_role("button", name="Next").click()
        page.wait_for_function(SHOWN_TEXT, arg=[root, re.sub(r"\{\w+\}", "", plain(step))], timeout=10_000)
        if "sym" in repr(step):  # its SVG comes beside the content, in its own message
            page.wait_for_selector(f"{root} svg[aria-label='energy']", timeout=10_000)
        marks.append(page.evaluate("(sel) => [...document.querySelectorAll(sel + ' [data-mark]')]"
                                   ".map(e => e.tagName + ':' + e.textContent)", root))
        assert page.locator(f"{root} > *").count() == len(step), k
        symbols.append(page.locator(f"{root} svg[aria-label='energy']").count())
    assert marks[0] == ["OL:twoone", "LI:one"]  # the line put first is new; the list and its line are kept
    assert marks[1] == ["OL:twooneone", "LI:one"]
    assert marks[2] == ["OL:one", "LI:one"]  # moved after the paragraph, one of its "one" lines kept
    assert marks[3] == []  # other attributes: a new list
    assert marks[4] == [] and symbols == [0, 0, 0, 1, 0]  # a symbol new to the view is drawn
