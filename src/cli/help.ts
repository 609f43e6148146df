// The --help texts of the CLI and its commands.

export const MAIN_HELP = `Usage: pagesmith <command> [options]

Commands:
  render   Render an HTML or Markdown template with JSON data to a PDF file
  check    List a template's problems (syntax, missing data) with line and column
  serve    Serve the HTTP API (generate, quick generate, download, management)
  migrate  Apply pagesmith's PostgreSQL migrations (or print them as SQL)
  worker   Render the documents of queued jobs (POST /v1/jobs) and send their webhooks
  snapshot Make the start-up snapshot that \`pagesmith render\` starts faster from

Run "pagesmith <command> --help" for a command's options.
`;

export const RENDER_HELP = `Usage: pagesmith render <template> [--data data.json] -o out.pdf [options]
       pagesmith render <template> [--data data.json] -o out.png [--scale N | --width PX] [--pages 1,3-4]

Renders <template> (HTML, or Markdown with --markdown or a .md file) with the
JSON object in --data, and writes the PDF to --output ("-" for stdout). With
--format png, jpeg or webp (or an -o ending in .png, .jpg or .webp) it writes
one image per page instead, painted with the PDF's layout: out-1.png,
out-2.png, ... (needs the optional package @napi-rs/canvas).

Options:
  -d, --data <file>       JSON object of placeholder values (default: {})
  -o, --output <file>     Where to write the PDF; "-" writes to stdout (required)
  -m, --markdown          Read the template as Markdown (default for .md/.markdown)
      --css <file>        Extra CSS applied to the document (e.g. @page margins)
      --password <pw>     Protect the PDF with this password
      --base-dir <dir>    Folder relative stylesheets, images and fonts resolve in,
                          and the only one they may be read from
                          (default: the template's folder)
      --template-language <jinja|liquid>
                          The template's language (default: jinja, as the
                          hosted service renders Jinja2)
      --font-dir <dir>    Folder of .ttf/.otf/.ttc/.woff/.woff2 fonts documents
                          may name in font-family, and which print characters
                          the bundled fonts lack (repeatable)
      --format <pdf|png|jpeg|webp>
                          What to write (default: from -o's extension, else pdf)
      --scale <n>         Image pixels per CSS px (default 1: 96 dpi; 2: 192 dpi)
      --width <px>        Instead of --scale: each image this many pixels wide
      --pages <list>      Pages to paint, such as 1,3-4 (default: all)
      --quality <0-100>   JPEG and WebP quality (default 90)
  -h, --help              Show this help
`;

export const CHECK_HELP = `Usage: pagesmith check <template> [--data data.json] [options]

Lists every problem of <template> (HTML, or Markdown with --markdown or a .md
file) as file:line:column: type: message, with the {{ … }} or {% … %} at fault:
syntax errors; with --data, every key the data lacks, then what rendering with
it runs into (a key read through a loop variable, a template limit). This is
what POST /v1/templates/check answers; generating says only "Template engine
error!".

Options:
  -d, --data <file>       JSON object the template would be rendered with
                          (without it only the syntax is checked)
  -m, --markdown          Read the template as Markdown (default for .md/.markdown)
      --json              Print the result as JSON: valid, problems, placeholders
      --template-language <jinja|liquid>
                          The template's language (default: jinja, as the
                          hosted service renders Jinja2)
  -h, --help              Show this help

Exit status: 0 no problems, 1 problems found (or a file could not be read),
2 the command line was wrong.
`;

export const MIGRATE_HELP = `Usage: pagesmith migrate [--database-url <url>] [options]

Applies the PostgreSQL migrations the database lacks, in one transaction; a
second run finds nothing to do. Two processes migrating at once take turns.

Options:
      --database-url <url>  The database (default: $DATABASE_URL)
      --database-schema <name>
                            Where the tables go; made when missing (default:
                            pagesmith, or $PAGESMITH_DATABASE_SCHEMA)
      --print-sql           Print the migrations as one SQL script instead of
                            applying them, for your own migration tool or psql
  -h, --help                Show this help
`;

export const SERVE_HELP = `Usage: pagesmith serve [--port 8080] [options]

Serves the HTTP API. API keys come from the PAGESMITH_API_KEYS environment
variable as comma-separated key:account pairs, e.g.
  PAGESMITH_API_KEYS="sk_live_abc:acct-1,sk_live_def:acct-2" pagesmith serve

Options:
  -p, --port <n>            Port to listen on; 0 picks a free one (default: 8080)
      --host <addr>         Address to bind (default: 127.0.0.1)
      --base-url <url>      Public URL download links start with
                            (default: http://<host>:<port>)
      --prefix <path>       Serve the API under this path, e.g. /pdf
      --monthly-limit <n>   Documents per account per month (default: 100)
      --data-dir <dir>      Keep applications, templates, documents and usage in
                            this folder, so a restart loses nothing
                            (default: in memory). One process per folder: a
                            second one refuses to start
      --database-url <url>  Keep records and the quota in PostgreSQL
                            (default: $DATABASE_URL), shared by every process
                            on that database; needs the pg package and
                            "pagesmith migrate" first
      --database-schema <name>
                            The tables' schema (default: pagesmith, or
                            $PAGESMITH_DATABASE_SCHEMA)
      --redis-url <url>     Keep the monthly quota in Redis instead
                            (default: $REDIS_URL); needs the ioredis package.
                            With --database-url too, POST /v1/jobs queues
                            documents for "pagesmith worker" (needs bullmq)
      --queue-prefix <name> Prefix of the job queue's Redis keys, the same on
                            every server and worker (default: pagesmith, or
                            $PAGESMITH_QUEUE_PREFIX)
      --webhook-allow-hosts <hosts>
                            Hosts job webhooks may reach on private or loopback
                            addresses (comma-separated, *.example.com for
                            subdomains; default: $PAGESMITH_WEBHOOK_ALLOW_HOSTS)
      --quota-lease-ms <n>  How long a process that dies holds the quota slots
                            of its renders in flight (default: 30000)
      --blob-dir <dir>      Keep PDFs in this folder instead of the database
                            (one every server mounts)
      --retention-days <n>  Delete stored documents older than n days
                            (default: keep them until deleted)
      --max-body-bytes <n>  Largest request body (default: 10485760)
      --threads <n>         Render documents on n worker threads, so the server
                            answers other requests while a document renders
                            (default: the number of cores). 0 renders on the
                            server's own thread: for trusted content only, as
                            one long document then holds every other request
      --render-heap-mb <n>  Heap each render thread may use, in MB (default:
                            128); a document needing more fails with a 422
                            (a 10 000-row report needs about 192)
      --cors <origins>      Let web pages from these origins call the API
                            (comma-separated, e.g. https://app.example.com;
                            * for any). Default: none
      --retain-documents    Keep pdf and json_with_base64 results too, so their
                            document_id can be downloaded (default: only
                            document_id results are kept)
      --render-timeout-ms <n>
                            Longest time from template to PDF for one document
                            (default: 60000)
      --max-pages <n>       Most pages one document may have (default: 1000)
      --font-dir <dir>      Folder of .ttf/.otf/.ttc/.woff/.woff2 fonts documents
                            may name in font-family, and which print characters
                            the bundled fonts lack (repeatable)
      --template-language <jinja|liquid>
                            Language of templates whose request and record
                            name none (default: jinja, as the hosted service
                            renders Jinja2)
      --no-operations       Leave out GET /healthz, /readyz and /metrics
                            (served without an API key by default)
      --playground          Serve the template playground at /playground: editors
                            for a template, its data and CSS with a live preview
                            (default: on when --host is a loopback address)
      --no-playground       Leave the playground out, on any address
      --shutdown-timeout-ms <n>
                            On SIGTERM or SIGINT, how long renders in flight
                            may take to finish before their connections are
                            closed (default: 30000)
      --log-level <level>   debug, info, warn, error or silent (default: info)
  -h, --help                Show this help

Job webhooks are signed with each account's secret from PAGESMITH_WEBHOOK_SECRETS
(account:secret pairs); an account without one cannot ask for a webhook.

Prints "pagesmith listening on <url>" once the port is bound, then logs JSON
lines on stdout: one per request (method, route, status, time, account,
request id) and each server error. On SIGINT or SIGTERM it stops accepting
connections, answers /readyz with 503, finishes the renders in flight, closes
its threads and pools, and exits 0.
`;

export const SNAPSHOT_HELP = `Usage: pagesmith snapshot [--status | --remove] [--quiet]

Makes a V8 start-up snapshot of \`pagesmith render\`: its modules loaded and
compiled, the fonts most documents use parsed. A render started from it writes
its PDF in about 60% of the time. After a render without one, pagesmith
makes it in the background; run this command to make it at a time of your
choosing (in a Dockerfile, after npm install).

A snapshot is made for one node binary, its options and this build of
pagesmith, and kept in $PAGESMITH_SNAPSHOT_DIR, else pagesmith/ in
$XDG_CACHE_HOME or ~/.cache (about 22 MB; one at a time: making a new one
removes the others). PAGESMITH_SNAPSHOT=off turns snapshots off.

Options:
      --status            Say whether render has a snapshot to start from
                          (exit 0 if it has, 1 if not)
      --remove            Remove the snapshots in the folder
  -q, --quiet             Say nothing when all goes well
  -h, --help              Show this help
`;
