"""Read a parsed YAML value as a test compares it: every map's and list's line numbers included."""


def located(value):
    """Return the value as plain tuples, dicts and lists that carry each node's line numbers."""
    if isinstance(value, dict):
        return ("map", value.line, dict(value.key_lines), {k: located(v) for k, v in value.items()})
    if isinstance(value, list):
        return ("list", list(value.lines), [located(v) for v in value])
    return value
