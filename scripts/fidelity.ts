// `npm run fidelity`: renders every corpus document with the native engine and scores it against its reference PDF.
//
//   npm run fidelity [-- --only SUBSTRING] [--check] [--update [--force]] [--corpus DIR] [--pdf-dir DIR]
//                       [--timeout SECONDS] [--template liquid|library] [--scores FILE]
//
// --check fails when a document drops more than 2 points below test/fidelity/scores.json;
// --update raises the recorded scores (--force may lower them, for deliberate changes).
// --scores FILE keeps the record in FILE instead, for a corpus of its own (test/fidelity/modern
// uses test/fidelity/modern-scores.json; decision 0311).
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { listCorpusDocuments, type CorpusDocument } from './fidelity/corpus.js';
import { documentHtml, type TemplateRenderer } from './fidelity/document-html.js';
import { findRegressions, updateRecord, type ScoreRecord } from './fidelity/ratchet.js';
import { Renderer } from './fidelity/renderer.js';
import { PYTHON, scorePdf, ZERO_SCORES, type Scores } from './fidelity/score.js';
import { formatHeader, formatRow, median, type Row } from './fidelity/table.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TOLERANCE = 2;

const { values: args } = parseArgs({
  options: {
    corpus: { type: 'string', default: resolve(REPO, '..', 'shared', 'corpus') },
    only: { type: 'string' },
    check: { type: 'boolean', default: false },
    update: { type: 'boolean', default: false },
    force: { type: 'boolean', default: false },
    'pdf-dir': { type: 'string', default: join(REPO, '.fidelity-out') },
    timeout: { type: 'string', default: '120' },
    template: { type: 'string', default: 'liquid' },
    scores: { type: 'string', default: join(REPO, 'test', 'fidelity', 'scores.json') },
  },
});

const SCORES_FILE = resolve(args.scores);

const corpusDir = resolve(args.corpus);
const pdfDir = resolve(args['pdf-dir']);
// The corpus and its scorer live beside this repository (../shared), not in it: say so before anything reads them.
if (!existsSync(corpusDir)) fail(`the print corpus is missing: no folder ${corpusDir} (put the shared corpus at ../shared/corpus beside this repository, or pass --corpus DIR)`);
const scorers = [resolve(corpusDir, '..', 'tools', 'fidelity.py'), resolve(REPO, '..', 'shared', 'tools', 'fidelity.py')];
const scorer = scorers.find((p) => existsSync(p));
if (!scorer) fail(`the scorer is missing: no ${[...new Set(scorers)].join(' or ')} (it comes with the shared corpus, in its tools/ folder)`);
if (!existsSync(PYTHON)) fail(`${PYTHON} not found; the scorer needs Debian's python3 with numpy and PIL`);
if (args.force && !args.update) fail('--force only makes sense with --update');
if (args.template !== 'liquid' && args.template !== 'library') fail('--template is liquid or library');
const templateRenderer = args.template as TemplateRenderer;
if (args.update && templateRenderer !== 'liquid') fail('scores.json records the default --template liquid path; drop --update');

const documents = (await listCorpusDocuments(corpusDir, join(REPO, 'test', 'fidelity', 'references'))).filter((d) => !args.only || d.id.includes(args.only));
if (documents.length === 0) fail(`no corpus documents${args.only ? ` matching "${args.only}"` : ''} in ${corpusDir}`);
const recorded: ScoreRecord = existsSync(SCORES_FILE) ? (JSON.parse(await readFile(SCORES_FILE, 'utf8')) as ScoreRecord) : {};
await mkdir(pdfDir, { recursive: true });

console.log(`corpus ${corpusDir}: ${documents.length} document(s); PDFs in ${pdfDir}\n`);
console.log(formatHeader());

const renderer = new Renderer(REPO, Number(args.timeout) * 1000);
const rows: Row[] = [];
const started = performance.now();
// Scoring (python) runs while the next document renders; at most one of each at a time.
let scoring: Promise<void> = Promise.resolve();
try {
  for (const document of documents) {
    const rendered = await renderDocument(document);
    await scoring;
    scoring = scoreDocument(document, rendered).then((row) => {
      rows.push(row);
      console.log(formatRow(row));
      if (rendered.error) console.log(indent(`render failed: ${rendered.error}`));
    });
  }
  await scoring;
} finally {
  renderer.close();
}

const current: ScoreRecord = Object.fromEntries(rows.map((r) => [r.id, r.overall]));
const weasy = rows.filter((r) => r.reference === 'WeasyPrint').length;
console.log(`\nmedian overall ${median(rows.map((r) => r.overall)).toFixed(1)} over ${rows.length} document(s); ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(weasy > 0 ? `reference: Chromium's reference.pdf, except ${weasy} scored against reference-weasyprint.pdf` : "reference: Chromium's reference.pdf for all");

let exitCode = 0;
if (args.check) {
  const regressions = findRegressions(recorded, current, TOLERANCE);
  const unrecorded = rows.filter((r) => !(r.id in recorded)).map((r) => r.id);
  if (unrecorded.length > 0) console.log(`not yet recorded (run --update): ${unrecorded.join(', ')}`);
  if (regressions.length > 0) {
    console.log(`\nFAIL: ${regressions.length} document(s) dropped more than ${TOLERANCE} points:`);
    for (const r of regressions) console.log(`  ${r.id}: ${r.recorded.toFixed(1)} → ${r.current.toFixed(1)}`);
    exitCode = 1;
  } else {
    console.log(`check passed: no document more than ${TOLERANCE} points below its recorded score`);
  }
}
if (args.update && exitCode === 0) {
  const next = updateRecord(recorded, current, args.force);
  const changed = Object.keys(next).filter((id) => next[id] !== recorded[id]);
  await mkdir(dirname(SCORES_FILE), { recursive: true });
  await writeFile(SCORES_FILE, `${JSON.stringify(next, null, 2)}\n`);
  console.log(`updated ${SCORES_FILE}: ${changed.length === 0 ? 'no change' : changed.map((id) => `${id} ${recorded[id]?.toFixed(1) ?? 'new'} → ${next[id].toFixed(1)}`).join(', ')}`);
}
process.exitCode = exitCode;

interface Rendered {
  readonly pdf: string;
  readonly ms: number;
  readonly error: string | null;
}

async function renderDocument(document: CorpusDocument): Promise<Rendered> {
  const pdf = join(pdfDir, `${document.slug}.pdf`);
  await rm(pdf, { force: true });
  let html: string;
  try {
    html = await documentHtml(document, templateRenderer);
  } catch (error) {
    return { pdf, ms: 0, error: `preparing the HTML: ${error instanceof Error ? error.message : String(error)}` };
  }
  const reply = await renderer.render({ html, baseDir: document.dir, outPath: pdf });
  return { pdf, ms: reply.ms, error: reply.ok ? null : reply.error };
}

async function scoreDocument(document: CorpusDocument, rendered: Rendered): Promise<Row> {
  let scores: Scores = ZERO_SCORES;
  let error = rendered.error;
  if (error === null) {
    try {
      scores = await scorePdf(scorer!, rendered.pdf, document.referencePdf);
    } catch (scoreError) {
      error = scoreError instanceof Error ? scoreError.message : String(scoreError);
    }
  }
  if (error !== null && rendered.error === null) console.log(indent(`${document.id}: ${error}`));
  return { id: document.id, ...scores, recorded: recorded[document.id] ?? null, renderMs: rendered.ms, reference: document.referenceLabel };
}

function indent(text: string): string {
  return text
    .split('\n')
    .slice(0, 12)
    .map((l) => `    ! ${l}`)
    .join('\n');
}

function fail(message: string): never {
  console.error(`fidelity: ${message}`);
  process.exit(2);
}
