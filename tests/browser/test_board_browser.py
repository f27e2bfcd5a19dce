"""The table in a real browser: zones (the opponent above), a stack of lands used with the keyboard
alone, frames in the card's colors, and no sideways scroll at the board's widths."""

from __future__ import annotations

from playwright.sync_api import expect

from test_every_page import SIDEWAYS_JS

SCENARIO = """\
name: Three Forests and a Bear
setup:
  players:
    - {name: Alice, battlefield: [Forest, Forest, Forest, Grizzly Bears, Aetherworks Marvel], hand: [Rampant Growth]}
    - {name: Nadia, battlefield: [Steppe Lynx, Plains]}
"""
WAIT_MS = 40_000


def focused_text(page) -> str:
    return page.evaluate("() => document.activeElement.textContent")


def test_a_stack_of_forests_is_one_tab_stop_with_one_menu_and_taps_one_forest(tmp_path, voila_server, page,
                                                                               write_notebook):
    (tmp_path / "forests.yaml").write_text(SCENARIO, encoding="utf-8")
    notebook = write_notebook(tmp_path / "board.ipynb",
                              "from rulesdojo.state import GameModel\nfrom rulesdojo.views import Board\n"
                              f"Board(GameModel.from_scenario({str(tmp_path / 'forests.yaml')!r}))")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(voila_server(notebook), wait_until="domcontentloaded", timeout=60_000)
    alice = page.get_by_role("region", name="Alice's side of the table")
    nadia = page.get_by_role("region", name="Nadia's side of the table")
    lands = alice.get_by_role("list", name="Lands")
    forest = lands.get_by_role("button", name="Forest", exact=True)
    expect(forest).to_have_count(1, timeout=WAIT_MS)                 # three Forests, one stack
    stack = lands.locator(".rd-card").filter(has=page.get_by_role("button", name="Forest", exact=True))
    expect(stack.locator(".rd-count")).to_have_text("×3")
    expect(stack.locator(".rd-oracle")).to_be_visible()              # its full text, as every card's
    assert "rd-frame-land" in stack.get_attribute("class") and "rd-mana-G" in stack.get_attribute("class")
    bears = alice.locator(".rd-card").filter(has=page.get_by_role("button", name="Grizzly Bears"))
    assert "rd-frame-G" in bears.get_attribute("class")
    assert nadia.bounding_box()["y"] < alice.bounding_box()["y"]     # the opponent's side above
    creatures = alice.get_by_role("list", name="Creatures")
    assert creatures.bounding_box()["y"] <= lands.bounding_box()["y"]  # creatures toward the middle

    # One tab stop: from the Bears, Tab goes to the Marvel, then to the Forest stack, then to the hand.
    page.get_by_role("button", name="Grizzly Bears").focus()
    page.keyboard.press("Tab")
    assert focused_text(page) == "Aetherworks Marvel"
    page.keyboard.press("Tab")
    expect(forest).to_be_focused()
    page.keyboard.press("Tab")
    assert focused_text(page) == "Rampant Growth"
    page.keyboard.press("Shift+Tab")
    expect(forest).to_be_focused()

    # Enter opens its one menu, Escape closes it back on the stack, ArrowDown opens it again.
    page.keyboard.press("Enter")
    tap = page.get_by_role("menuitem", name="Tap Forest for green mana")
    expect(tap).to_be_focused()
    expect(page.get_by_role("menuitem")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(page.get_by_role("menu")).to_have_count(0)
    expect(forest).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(tap).to_be_focused()
    page.keyboard.press("Enter")                                      # one Forest taps

    expect(lands.locator(".rd-count")).to_have_text(["×2"], timeout=WAIT_MS)   # one land alone has no count
    expect(lands.locator(".rd-card.rd-tapped .rd-badge")).to_have_text(["tapped"])
    expect(alice.locator(".rd-pool").get_by_role("img", name="green mana")).to_have_count(1)
    untapped = lands.locator(".rd-card").filter(has_text="×2").get_by_role("button", name="Forest")
    expect(untapped).to_be_focused()                                  # on the stack acted on, to tap again
    page.keyboard.press("Space")
    expect(page.get_by_role("menuitem", name="Tap Forest for green mana")).to_be_focused()
    page.keyboard.press("Enter")
    expect(lands.locator(".rd-count")).to_have_text(["×2, tapped"], timeout=WAIT_MS)
    expect(lands.locator(".rd-card:not(.rd-tapped) .rd-badge")).to_have_count(0)
    page.keyboard.press("Enter")                                      # the focus is still on the untapped one
    page.keyboard.press("Enter")
    expect(lands.locator(".rd-count")).to_have_text(["×3, tapped"], timeout=WAIT_MS)
    tapped = lands.get_by_role("button", name="Forest", exact=True)
    expect(tapped).to_be_focused()                                    # the last one followed to the tapped stack
    assert "rd-tapped" in lands.locator(".rd-card").get_attribute("class")

    for width in (760, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        assert page.evaluate(SIDEWAYS_JS) == [], width
        box = page.locator(".rd-table").bounding_box()
        assert box["x"] + box["width"] <= width, (width, box)
