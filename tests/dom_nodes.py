"""Read a Dom widget's content as a test would read the page: elements by tag and class, table rows as text."""

from rulesdojo.views.dom import plain


def elements(nodes, tag=None, cls=None):
    """Return every element node under nodes (depth first) with that tag and class."""
    out = []
    for node in nodes:
        if isinstance(node, list) and node and isinstance(node[0], str) and len(node) > 1 and isinstance(node[1], dict):
            classes = str(node[1].get("class", "")).split()
            if (tag is None or node[0] == tag) and (cls is None or cls in classes):
                out.append(node)
            out += elements(node[2:], tag, cls)
        elif isinstance(node, list) and node and node[0] == "ruling":
            out += elements(node[2], tag, cls)
    return out


def table_rows(nodes, caption=None):
    """Return the body rows of the first table (with that caption) as lists of cell texts."""
    for table in elements(nodes, "table"):
        said = elements([table], "caption")
        if caption is None or (said and plain(said[0][2:]) == caption):
            return [[plain(cell[2:]) for cell in row[2:]] for body in elements([table], "tbody")
                    for row in body[2:]]
    raise AssertionError(f"no table captioned {caption!r}")
