"""Every relative link in the README and docs/ reaches a file that exists, and every #anchor a heading
of that file (the anchor GitHub makes: lower case, punctuation dropped, spaces as hyphens)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def anchors(page: Path) -> set[str]:
    """The anchors of a page's headings, fenced code left out; a repeated heading gets -1, -2..."""
    seen: dict[str, int] = {}
    found = set()
    fenced = False
    for line in page.read_text().splitlines():
        if line.startswith("```"):
            fenced = not fenced
        heading = None if fenced else re.match(r"#{1,6} (.*)", line)
        if heading:
            slug = re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower()).replace(" ", "-")
            found.add(slug if slug not in seen else f"{slug}-{seen[slug]}")
            seen[slug] = seen.get(slug, 0) + 1
    return found


def broken_links(page: Path, root: Path = ROOT) -> list[str]:
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)
    targets = re.findall(r"\]\(([^)\s]+)\)", text) + re.findall(r'src="([^"]+)"', text)
    broken = []
    for target in targets:
        if re.match(r"[a-z]+:", target):
            continue
        file, _, anchor = target.partition("#")
        dest = (page.parent / file) if file else page
        where = page.relative_to(root)
        if not dest.exists():
            broken.append(f"{where}: {target}: no such file")
        elif anchor and anchor not in anchors(dest):
            broken.append(f"{where}: {target}: no heading #{anchor} in {file or page.name}")
    return broken


def test_every_relative_link_and_anchor_resolves():
    assert len(PAGES) > 5
    assert [b for page in PAGES for b in broken_links(page)] == []


def test_headings_give_githubs_anchors(tmp_path):
    page = tmp_path / "p.md"
    page.write_text("# How fast it is\n```\n# not a heading\n```\n"
                    "## The site's first load: `make bench-site`\n# How fast it is\n")
    assert anchors(page) == {"how-fast-it-is", "how-fast-it-is-1", "the-sites-first-load-make-bench-site"}


def test_a_missing_file_and_a_missing_heading_are_found(tmp_path):
    page = tmp_path / "p.md"
    (tmp_path / "q.md").write_text("## Serving a class\n")
    page.write_text("# Lessons\n[a](#lessons) [b](#serving) [c](gone.md) [d](q.md#serving-a-class)"
                    ' [e](q.md#lessons) <img src="gone.png">\n')
    assert broken_links(page, tmp_path) == [
        "p.md: #serving: no heading #serving in p.md",
        "p.md: gone.md: no such file",
        "p.md: q.md#lessons: no heading #lessons in q.md",
        "p.md: gone.png: no such file",
    ]
