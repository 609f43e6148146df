# Renders every case of a cases file with Python's Jinja2 as pagesmith's Jinja dialect must match it:
# SandboxedEnvironment(autoescape=True, undefined=StrictUndefined). Writes each case's output, or the
# exception's type and message, into the expectations file the tests compare against.
# usage: python3 test/jinja/expect.py test/jinja/cases.json test/jinja/expected.json
import json, sys
import jinja2
from jinja2 import StrictUndefined
from jinja2.sandbox import SandboxedEnvironment

def render(case):
    env = SandboxedEnvironment(autoescape=True, undefined=StrictUndefined)
    try:
        return {"output": env.from_string(case["template"]).render(case.get("data", {}))}
    except Exception as error:
        return {"error": type(error).__name__, "message": str(error).split("\n")[0]}

cases = json.load(open(sys.argv[1], encoding="utf-8"))
expected = {"jinja2": jinja2.__version__, "cases": {case["name"]: render(case) for case in cases}}
with open(sys.argv[2], "w", encoding="utf-8") as out:
    json.dump(expected, out, ensure_ascii=False, indent=1, sort_keys=True)
    out.write("\n")
