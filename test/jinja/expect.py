#!/usr/bin/env python3
"""Renders every case of test/jinja/cases.json with Python's Jinja2 as pagesmith's Jinja dialect must match it.

SandboxedEnvironment(autoescape=True, undefined=StrictUndefined), as the hosted service. Each
case's output, or the exception's name and first message line, goes into test/jinja/expected.json,
which constructs.test.ts compares pagesmith against. With --check nothing is written: it exits 1
when the committed file differs from what Jinja2 renders now.

Run with Debian's python3 and python3-jinja2: python3 test/jinja/expect.py [--check]
"""
import json
import os
import sys

try:
    import jinja2
    from jinja2 import StrictUndefined
    from jinja2.sandbox import SandboxedEnvironment
except ImportError:
    sys.exit("expect.py: Jinja2 is not installed (apt-get install python3-jinja2)")

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "cases.json")
EXPECTED = os.path.join(HERE, "expected.json")


def render(case):
    environment = SandboxedEnvironment(autoescape=True, undefined=StrictUndefined)
    try:
        return {"output": environment.from_string(case["template"]).render(case.get("data", {}))}
    except Exception as error:  # what Jinja2 raises is the answer, whatever its class
        return {"error": type(error).__name__, "message": str(error).split("\n")[0]}


def main(argv):
    with open(CASES, encoding="utf-8") as file:
        cases = json.load(file)
    text = json.dumps({"jinja2": jinja2.__version__, "cases": {case["name"]: render(case) for case in cases}}, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    if "--check" in argv:
        with open(EXPECTED, encoding="utf-8") as file:
            if file.read() != text:
                print(f"expect.py: Jinja2 {jinja2.__version__}: test/jinja/expected.json is out of date", file=sys.stderr)
                return 1
        print(f"expect.py: Jinja2 {jinja2.__version__}, {len(cases)} cases; every expectation matches")
        return 0
    with open(EXPECTED, "w", encoding="utf-8") as file:
        file.write(text)
    print(f"expect.py: Jinja2 {jinja2.__version__}; wrote {len(cases)} cases")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
