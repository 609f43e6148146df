#!/usr/bin/env python3
"""A seeded corpus of random Jinja expressions and statements, rendered by Python's Jinja2.

Writes test/jinja/fuzz-expected.json: each template with Jinja2's output or exception name, for
fuzz-corpus.test.ts, which renders every one with pagesmith and compares. The corpus is made from
fixed seeds, so it is the same on every machine; with --check nothing is written and it exits 1
when the committed file differs from what Jinja2 renders now.

Run with Debian's python3 and python3-jinja2: python3 test/jinja/fuzz-corpus.py [--check]
"""
import copy
import json
import os
import random
import sys
import warnings

from jinja2 import StrictUndefined
from jinja2.sandbox import SandboxedEnvironment

warnings.simplefilter("ignore")
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fuzz-expected.json")
DATA = {"n": 3, "f": 1.5, "s": "Hello World", "l": [3, 1, 2], "d": {"b": 2, "a": 1}, "m": "a<b", "u": 100.0, "a": "A"}

ATOMS = ["1", "0", "-2", "2.5", "1.0", "0.1", "3e2", "'ab'", "'A b'", "''", "'<x>'", "none", "true", "false", "[1, 2]", "[]", "['b', 'a']", "{'k': 1}", "(1, 2)", "n", "f", "s", "l", "d", "m", "u"]
VARIABLES = ["n", "f", "s", "l", "d", "m", "u"]
OPERATORS = ["+", "-", "*", "/", "//", "%", "~", "==", "!=", "<", ">=", "in", "not in", "and", "or"]
FILTERS = ["upper", "lower", "title", "capitalize", "length", "first", "last", "list", "sort", "reverse|list", "unique|list", "string", "int", "float", "abs", "round", "round(1)", "trim", "default(7)", "e", "tojson", 'join(",")', "sum", "max", "min", "center(6)", 'truncate(5, true, "")', "wordcount", "batch(2)|list", "slice(2)|list", "dictsort", "items|list", "pprint", "urlencode", "striptags", "filesizeformat", "indent(2)", 'select("odd")|list', 'map("string")|list', "count", "format(1)", 'replace("a", "b")']
TESTS = ["defined", "none", "number", "string", "mapping", "sequence", "iterable", "odd", "even", "integer", "float", "boolean", "lower", "upper", "divisibleby(2)", 'in([1, "ab"])', "eq(1)"]


def expression(rng, depth=0):
    r = rng.random()
    if depth > 2 or r < 0.3:
        return rng.choice(ATOMS)
    if r < 0.55:
        return f"({expression(rng, depth + 1)} {rng.choice(OPERATORS)} {expression(rng, depth + 1)})"
    if r < 0.75:
        return f"({expression(rng, depth + 1)}|{rng.choice(FILTERS)})"
    if r < 0.82:
        return f"({expression(rng, depth + 1)} is {rng.choice(TESTS)})"
    if r < 0.88:
        return f"({expression(rng, depth + 1)} if {expression(rng, depth + 1)} else {expression(rng, depth + 1)})"
    if r < 0.94:
        # Slices of variables only: Jinja2 folds constants at compile time (decision 0256).
        return rng.choice(VARIABLES) + rng.choice(["[0]", "[-1]", "[1:]", "[:1]", "[::-1]", "['k']"])
    return f"(not {expression(rng, depth + 1)})"


def use(rng):
    return rng.choice(["a", "b", "x", "i", "1", "'s'", "loop.index", "loop.length", "loop.first", "loop.revindex", "loop.previtem", "loop.nextitem", "loop.depth", "loop.cycle('p','q')", "ns.v", "a ~ b", "x is defined", "m(1)", "m(b=2)", "caller()", "varargs", "kwargs", "i * 2", "l|length"])


def block(rng, depth=0):
    out = ""
    for _ in range(rng.randint(1, 3)):
        r = rng.random()
        if r < 0.3:
            out += "{{ " + use(rng) + " }};"
        elif r < 0.45:
            out += "{% set " + rng.choice(["a", "b", "x", "i"]) + " = " + use(rng) + " %}"
        elif r < 0.5:
            out += "{% set ns.v = " + use(rng) + " %}"
        elif r < 0.62 and depth < 3:
            out += "{%- for i in " + rng.choice(["l", "[]", "range(3)", "l if a else []"]) + rng.choice(["", " if i != 2"]) + " %}\n " + block(rng, depth + 1) + rng.choice(["", "{% else -%} E" + block(rng, depth + 1)]) + "{% endfor +%}"
        elif r < 0.72 and depth < 3:
            out += "{% if " + use(rng) + " -%}\n" + block(rng, depth + 1) + "{% elif " + use(rng) + " %} " + block(rng, depth + 1) + "{%- endif %}\n"
        elif r < 0.8 and depth < 3:
            out += "{% with x = " + use(rng) + " %}" + block(rng, depth + 1) + "{% endwith %}"
        elif r < 0.88 and depth < 2:
            out += "{% macro m(a, b=x) %}" + block(rng, depth + 1) + "{% endmacro %}"
        elif r < 0.94 and depth < 2:
            out += "{% call m(" + rng.choice(["1", "a", ""]) + ") %}" + block(rng, depth + 1) + "{% endcall %}"
        elif depth < 3:
            out += "{% set b %}" + block(rng, depth + 1) + "{% endset %}"
        else:
            out += "{{ " + use(rng) + " }}"
    return out


def outcome(template):
    environment = SandboxedEnvironment(autoescape=True, undefined=StrictUndefined)
    try:
        return {"output": environment.from_string(template).render(copy.deepcopy(DATA))}
    except Exception as error:  # what Jinja2 raises is the answer, whatever its class
        return {"error": type(error).__name__}


def corpus():
    cases = []
    rng = random.Random(2025)
    for _ in range(1000):
        cases.append("{{ " + expression(rng) + " }}")
    rng = random.Random(3025)
    prefix = "{% set ns = namespace(v=0) %}{% macro m(a, b=1) %}<{{ a }}{{ b }}>{% endmacro %}"
    for _ in range(300):
        cases.append(prefix + block(rng))
    rendered = [{"template": template, **outcome(template)} for template in cases]
    # Python's recursion limit, where pagesmith's call-depth limit answers first (decision 0255).
    return [case for case in rendered if case.get("error") != "RecursionError"]


def main(argv):
    text = json.dumps({"data": DATA, "cases": corpus()}, ensure_ascii=False, indent=0) + "\n"
    if "--check" in argv:
        with open(OUT, encoding="utf-8") as file:
            if file.read() != text:
                print("fuzz-corpus.py: test/jinja/fuzz-expected.json is out of date", file=sys.stderr)
                return 1
        print("fuzz-corpus.py: every expectation matches")
        return 0
    with open(OUT, "w", encoding="utf-8") as file:
        file.write(text)
    print("fuzz-corpus.py: wrote", OUT)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
