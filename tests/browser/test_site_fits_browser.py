"""The static site at 1280 and 390 px: the practice note is read whole, above the page (nothing lies over
it, while the kernel starts or after), and the lesson's progress line fits: no word of it cut, every
control on the screen, one row on a phone; its note on where the answers are kept opens on a tap there.

The site is the one every site test shares (``site`` and ``site_url`` in conftest.py), served on 127.0.0.1.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from test_site_browser import KERNEL_READY

pytestmark = pytest.mark.timeout(900)  # the first test waits for the site's build
WIDTHS = {1280: 900, 390: 844}
LINE_MOST = 56  # px: the progress line on a phone, one row

# Whether the element under the centre of each of the box's lines is the box or inside it (a box that
# lies over it, or a scroller that hides it, answers another element), and the box is on the screen.
UNCOVERED_JS = """el => {
  const out = [];
  for (const r of el.getClientRects()) {
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const at = document.elementFromPoint(x, y);
    if (!at || !el.contains(at)) out.push(`(${x|0}, ${y|0}) is ${at ? at.tagName + '.' + at.className : 'off screen'}`);
    if (r.left < 0 || r.right > innerWidth + 0.5 || r.top < 0 || r.bottom > innerHeight + 0.5)
      out.push(`off the screen: ${r.left|0}..${r.right|0} x ${r.top|0}..${r.bottom|0}`);
  }
  return el.getClientRects().length ? out : ['not shown'];
}"""
# Every shown element of the progress line whose words run past its box (cut or hidden), or that lies
# past the screen's edges.
CUT_JS = """line => {
  const out = [];
  for (const el of [line, ...line.querySelectorAll('*')]) {
    if (!el.checkVisibility() || el.closest('svg')) continue;
    const name = `${el.tagName}.${el.className}`.slice(0, 60) + ` "${el.textContent.trim().slice(0, 30)}"`;
    if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
      out.push(`${name}: ${el.scrollWidth} px of words in ${el.clientWidth}`);
    for (const r of el.getClientRects())
      if (r.width && (r.left < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5))
        out.push(`${name}: at ${r.left|0}..${r.right|0}, screen ${innerWidth}`);
  }
  return out;
}"""


@pytest.fixture(params=list(WIDTHS), ids=lambda w: f"{w}px")
def narrow_or_wide(request, offline_browser):
    width = request.param
    context = offline_browser.new_context(viewport={"width": width, "height": WIDTHS[width]},
                                          service_workers="block")
    context.set_default_timeout(30_000)
    page = context.new_page()
    yield page
    context.close()


@pytest.mark.parametrize("place", ["", "lesson/1"], ids=["map", "lesson-1"])
def test_the_practice_note_is_read_whole_above_the_page(site_url, narrow_or_wide, place):
    page = narrow_or_wide
    page.goto(site_url + "#/" + place, wait_until="domcontentloaded")
    note = page.locator(".rulesdojo-practice-note:not([hidden])")  # the one in the page's language
    expect(note).to_contain_text("Exams are not offered here")
    assert note.evaluate(UNCOVERED_JS) == [], "while the kernel starts"
    expect(page.locator(".jupyter-widgets").first).to_be_attached(timeout=KERNEL_READY)
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    page.wait_for_timeout(500)  # the page's last widgets are drawn
    assert note.evaluate(UNCOVERED_JS) == [], "with the course shown"
    title = page.get_by_role("heading", level=1).bounding_box()
    assert note.bounding_box()["y"] + note.bounding_box()["height"] <= title["y"], "the note is above the title"
    expect(note.get_by_role("status")).to_have_count(1)  # the offline status is still announced


def test_the_progress_line_fits_with_nothing_cut(site_url, narrow_or_wide):
    page = narrow_or_wide
    width = page.viewport_size["width"]
    page.goto(site_url + "#/lesson/1")
    line = page.locator(".rd-progress")
    expect(line.get_by_role("status")).to_contain_text("0/4" if width < 700 else "0 of 4 steps done",
                                                       timeout=KERNEL_READY)
    expect(line).to_contain_text("kept in this browser")  # the site says where the answers are kept
    page.wait_for_timeout(500)
    assert line.evaluate(CUT_JS) == []
    for control in [*line.get_by_role("checkbox").all(), *line.get_by_role("link").all(),
                    *line.locator("summary").all()]:
        if control.is_visible():
            assert control.evaluate(UNCOVERED_JS) == [], control.text_content()
    expect(line.get_by_role("checkbox", name="Show rule numbers")).to_be_visible()
    saved = line.locator(".rd-saved")
    words = saved.get_by_text("kept in this browser")
    if width < 700:
        assert line.bounding_box()["height"] <= LINE_MOST
        expect(words).to_be_hidden()
        button = saved.locator("summary")
        expect(button).to_have_attribute("aria-label", "Where your answers are kept")
        button.click()  # it opens above the line
    expect(words).to_be_visible()
    assert words.evaluate(UNCOVERED_JS) == []
    assert line.evaluate(CUT_JS) == []
