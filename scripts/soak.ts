// `npm run soak`: a long run of mixed documents through `pagesmith serve` on render threads, every
// PDF's text checked, the server's memory followed. Not part of `npm test`.
//
//   npm run soak [-- --documents 10000] [--threads 2] [--concurrency 4] [--seed 1]
//
// Documents: random text documents (every script and bundled face, styles, generated content,
// form controls, SVG: src/testing/text-documents.ts) and the shipped examples, in turn. Each PDF's
// text must hold the characters the document printed (examples: the text of their first render).
// Prints the figures docs/performance.md records: documents, failures, server RSS after the first
// 500 documents and at the end, peak RSS, documents per second.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { readPdf } from '../src/testing/read-pdf.js';
import { characters, textDocument } from '../src/testing/text-documents.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    documents: { type: 'string', default: '10000' },
    threads: { type: 'string', default: '2' },
    concurrency: { type: 'string', default: '4' },
    seed: { type: 'string', default: '1' },
  },
});
const total = Number(args.documents);
const KEY = 'sk_soak_0123456789';

interface SoakRequest {
  readonly body: Record<string, unknown>;
  /** The characters the PDF's text must hold; null: the same as this request's first PDF. */
  readonly characters: string | null;
  readonly name: string;
}

function examples(): SoakRequest[] {
  const file = (name: string) => readFileSync(join(REPO, 'examples', name), 'utf8');
  return [
    { name: 'examples/invoice', characters: null, body: { html: file('invoice.html'), data: JSON.parse(file('invoice.json')), response_type: 'pdf' } },
    { name: 'examples/report', characters: null, body: { html: file('report.md'), data: JSON.parse(file('report.json')), response_type: 'pdf', content_type: 'markdown' } },
  ];
}

const generated = fc.sample(textDocument, { numRuns: 997, seed: Number(args.seed) }).map<SoakRequest>((doc, i) => ({
  name: `generated #${i}`,
  characters: characters(doc.text),
  body: { html: doc.html, data: {}, response_type: 'pdf' },
}));
const fixed = examples();
const requestAt = (i: number): SoakRequest => (i % 10 === 9 ? fixed[(i / 10) % fixed.length | 0] : generated[i % generated.length]);

function rssMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const server = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'src', 'cli', 'main.ts'), 'serve', '--port', '0', '--threads', args.threads, '--monthly-limit', String(total * 2)], {
  cwd: REPO,
  env: { ...process.env, PAGESMITH_API_KEYS: `${KEY}:acct-soak` },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise<string>((resolveUrl, reject) => {
  let out = '';
  server.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const found = /listening on (\S+)/.exec(out);
    if (found) resolveUrl(found[1]);
  });
  server.on('exit', (code) => reject(new Error(`pagesmith serve exited with ${code}`)));
});
console.log(`soak: ${total} documents through ${url} (${args.threads} render threads, ${args.concurrency} at a time)`);

const firstText = new Map<string, string>();
const failures: string[] = [];
let done = 0;
let rssAfter500 = 0;
let next = 0;
const started = performance.now();

async function one(i: number): Promise<void> {
  const request = requestAt(i);
  const response = await fetch(`${url}/v1/documents/quick/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(request.body),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (response.status !== 200) {
    failures.push(`${request.name}: HTTP ${response.status} ${Buffer.from(bytes).toString('utf8').slice(0, 200)}`);
    return;
  }
  const text = characters((await readPdf(bytes)).pages.map((p) => p.text).join(''));
  const expected = request.characters ?? firstText.get(request.name);
  if (expected === undefined) firstText.set(request.name, text);
  else if (text !== expected) failures.push(`${request.name} (document ${i}): text differs`);
}

async function worker(): Promise<void> {
  while (next < total) {
    const i = next++;
    await one(i);
    done++;
    if (done === 500) rssAfter500 = rssMb(server.pid!, 'VmRSS');
    if (done % 1000 === 0) console.log(`  ${done} documents, ${failures.length} failures, RSS ${rssMb(server.pid!, 'VmRSS').toFixed(0)} MB`);
  }
}

try {
  await Promise.all(Array.from({ length: Number(args.concurrency) }, () => worker()));
  const seconds = (performance.now() - started) / 1000;
  const rssEnd = rssMb(server.pid!, 'VmRSS');
  const peak = rssMb(server.pid!, 'VmHWM');
  const growth = rssAfter500 > 0 ? ((rssEnd - rssAfter500) / rssAfter500) * 100 : 0;
  console.log(`\ndocuments ${done}, text failures ${failures.length}`);
  for (const failure of failures.slice(0, 20)) console.log(`  ${failure}`);
  console.log(`server RSS after 500 documents ${rssAfter500.toFixed(0)} MB, at the end ${rssEnd.toFixed(0)} MB (${growth >= 0 ? '+' : ''}${growth.toFixed(1)}%), peak ${peak.toFixed(0)} MB`);
  console.log(`${(done / seconds).toFixed(1)} documents/s over ${seconds.toFixed(0)} s`);
  process.exitCode = failures.length === 0 && growth <= 10 ? 0 : 1;
} finally {
  server.kill('SIGTERM');
}
