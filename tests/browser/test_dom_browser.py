"""The DOM-from-data widget in a served page: text stays text, symbols are drawn from the shipped
SVGs, links keep only safe addresses, a ruling's name shows its text when focused, and the kit's
stylesheet reaches the page once however many views hold it."""

from __future__ import annotations

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
