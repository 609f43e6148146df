#!/usr/bin/env python3
"""Renders each template of the Jinja2 comparison suite with Python's Jinja2, as the hosted service does.

Every folder of test/jinja/templates holding template.html and data.json gets expected.html:
the template rendered with data.json by SandboxedEnvironment(autoescape=True,
undefined=StrictUndefined). A template Jinja2 refuses to render gets expected-error.txt (the
exception's name and message) instead. With --check nothing is written: it exits 1 when a
committed file differs from what Jinja2 renders now.

Run with Debian's python3 and python3-jinja2: npm run jinja:expected [-- --check]
"""

import json
import os
import sys

try:
    import jinja2
    from jinja2 import StrictUndefined
    from jinja2.sandbox import SandboxedEnvironment
except ImportError:
    sys.exit("jinja-expected: Jinja2 is not installed (apt-get install python3-jinja2)")

SUITE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "jinja", "templates")


def render(folder):
    """(file name, text) of what Jinja2 makes of the folder's template and data."""
    with open(os.path.join(folder, "template.html"), encoding="utf-8", newline="") as file:
        source = file.read()
    with open(os.path.join(folder, "data.json"), encoding="utf-8") as file:
        data = json.load(file)
    environment = SandboxedEnvironment(autoescape=True, undefined=StrictUndefined)
    try:
        return "expected.html", environment.from_string(source).render(data)
    except Exception as error:  # what Jinja2 raises is the answer, whatever its class
        return "expected-error.txt", f"{type(error).__name__}: {error}\n"


def main(argv):
    check = "--check" in argv
    folders = sorted(
        entry.path for entry in os.scandir(SUITE) if entry.is_dir() and os.path.exists(os.path.join(entry.path, "template.html"))
    )
    stale = []
    for folder in folders:
        name, text = render(folder)
        outputs = {"expected.html", "expected-error.txt"}
        path = os.path.join(folder, name)
        current = None
        if os.path.exists(path):
            with open(path, encoding="utf-8", newline="") as file:
                current = file.read()
        others = [os.path.join(folder, other) for other in outputs - {name} if os.path.exists(os.path.join(folder, other))]
        if current == text and not others:
            continue
        stale.append(os.path.basename(folder))
        if check:
            continue
        with open(path, "w", encoding="utf-8", newline="") as file:
            file.write(text)
        for other in others:
            os.remove(other)
    label = f"Jinja2 {jinja2.__version__}, {len(folders)} templates"
    if check:
        if stale:
            print(f"jinja-expected: {label}; out of date: {', '.join(stale)}", file=sys.stderr)
            return 1
        print(f"jinja-expected: {label}; every expected output matches")
        return 0
    print(f"jinja-expected: {label}; wrote {len(stale)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
