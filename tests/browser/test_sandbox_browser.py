"""The sandbox in a real browser: Voila renders it, a click on a land pays energy, the header follows.

Set RULESDOJO_SCREENSHOT=path/to/file.png to keep the full-page screenshot (the README's image).
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

from playwright.sync_api import expect

SCENARIO = """\
name: Aether Hub pays energy for colored mana
description: Tap Aether Hub for {G}; the energy goes, no stack involved.
setup:
  players:
    - {name: Alice, energy: 1, battlefield: [Aether Hub, Forest]}
    - {name: Nadia}
"""


def test_tapping_aether_hub_for_colored_mana_pays_energy(tmp_path, voila_server, page, write_notebook,
                                                         full_screenshot):
    scenario = tmp_path / "aether-hub.yaml"
    scenario.write_text(SCENARIO, encoding="utf-8")
    notebook = write_notebook(tmp_path / "sandbox.ipynb",
                              "from rulesdojo.views import Sandbox\n"
                              f"Sandbox.from_scenario({str(scenario)!r})")
    url = voila_server(notebook)

    page.goto(url, wait_until="domcontentloaded", timeout=30_000)
    # Alice's energy is shown in her header on the board and again in the turn bar.
    energy = page.get_by_role("status", name="Alice has 1 energy")
    expect(energy.first).to_be_visible(timeout=40_000)    # the kernel ran and the widgets rendered
    expect(energy.first).to_contain_text("1 energy")
    expect(page.get_by_role("status", name="Nadia has 0 energy").first).to_be_visible()
    expect(page.get_by_text("Aether Hub pays energy for colored mana")).to_be_visible()

    # Voila strips the sources: no code cell input is on the page.
    assert page.locator(".jp-InputArea, .jp-InputArea-editor, .CodeMirror, .cm-editor").count() == 0
    expect(page.get_by_text("from rulesdojo.views import Sandbox")).to_have_count(0)

    page.get_by_role("button", name="Aether Hub", exact=True).click()
    action = page.get_by_role("menuitem", name="Tap Aether Hub for green mana", exact=True)
    expect(action).to_be_visible()
    action.click()

    spent = page.get_by_role("status", name="Alice has 0 energy")
    expect(spent.first).to_be_visible()
    expect(spent.first).to_contain_text("0 energy")
    expect(energy).to_have_count(0)                       # every place that showed 1 now shows 0
    errors = page.locator(".rd-error")
    assert errors.count() == 0, errors.all_inner_texts()

    shot = tmp_path / "sandbox.png"
    full_screenshot(page, shot)
    assert shot.stat().st_size > 10_000
    if os.environ.get("RULESDOJO_SCREENSHOT"):
        target = os.path.abspath(os.environ["RULESDOJO_SCREENSHOT"])
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(shot, target)


def test_an_alias_bomb_or_a_deep_file_uploaded_is_refused_and_the_kernel_answers_the_next_click(
        tmp_path, voila_server, page, write_notebook):
    scenario = tmp_path / "aether-hub.yaml"
    scenario.write_text(SCENARIO, encoding="utf-8")
    notebook = write_notebook(tmp_path / "sandbox.ipynb",
                              "from rulesdojo.views import Sandbox\n"
                              f"Sandbox.from_scenario({str(scenario)!r})")
    page.goto(voila_server(notebook), wait_until="domcontentloaded", timeout=30_000)
    expect(page.get_by_role("status", name="Alice has 1 energy").first).to_be_visible(timeout=40_000)
    bomb = (Path(__file__).resolve().parents[1] / "data" / "alias-bomb.yaml").read_bytes()
    hostile = [("bomb.yaml", bomb, "found an anchor (&l0)"),
               ("deep.yaml", b"name: deep\nsetup: " + b"[" * 20_000 + b"]" * 20_000 + b"\n", "nested more than 64")]
    for name, content, said in hostile:
        with page.expect_file_chooser(timeout=10_000) as chooser:
            page.get_by_role("button", name=re.compile("Upload a scenario")).click()
        chooser.value.set_files({"name": name, "mimeType": "application/x-yaml", "buffer": content})
        refused = page.get_by_role("alert").filter(has_text=name)
        expect(refused).to_be_visible(timeout=5_000)            # said at once, not after a pinned kernel
        expect(refused).to_contain_text(said)
        expect(refused).to_contain_text("anchors and aliases aren't allowed" if "&" in said else "levels deep")
    # The kernel answers the next click: the board is the one it was, and it still plays.
    page.get_by_role("button", name="Aether Hub", exact=True).click()
    page.get_by_role("menuitem", name="Tap Aether Hub for green mana", exact=True).click()
    expect(page.get_by_role("status", name="Alice has 0 energy").first).to_be_visible(timeout=10_000)
