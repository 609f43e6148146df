# A warm WeasyPrint for `npm run bench`: reads {"path", "ms"} lines on stdin, renders the HTML file
# to PDF for about ms milliseconds (at least once), and answers {"docs", "seconds", "pages"}.
import json
import sys
import time

from weasyprint import HTML

print(json.dumps({"ready": True}), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    with open(request["path"], encoding="utf-8") as file:
        html = file.read()
    started = time.perf_counter()
    docs = pages = 0
    while True:
        document = HTML(string=html).render()
        document.write_pdf()
        pages = len(document.pages)
        docs += 1
        if (time.perf_counter() - started) * 1000 >= request["ms"]:
            break
    print(json.dumps({"docs": docs, "seconds": time.perf_counter() - started, "pages": pages}), flush=True)
