// Renders the example invoice (HTML) and report (Markdown) to examples/out/*.pdf with the default engine.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDocumentService, type ContentType, type Principal } from 'pagesmith';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, 'out');
const principal: Principal = { accountId: 'demo-account' };
const service = createDocumentService({ baseUrl: 'http://localhost:8000' });

async function render(name: string, templateFile: string, dataFile: string, contentType: ContentType): Promise<string> {
  const html = await readFile(join(here, templateFile), 'utf8');
  const data: object = JSON.parse(await readFile(join(here, dataFile), 'utf8'));
  const outcome = await service.quickGenerate({ html, data, response_type: 'pdf', content_type: contentType }, principal);
  if (!outcome.ok) throw new Error(`${name}: ${JSON.stringify(outcome.body)} (${outcome.error.detail ?? outcome.error.message})`);
  const path = join(outDir, `${name}.pdf`);
  await writeFile(path, outcome.body);
  return path;
}

await mkdir(outDir, { recursive: true });
for (const path of [
  await render('invoice', 'invoice.html', 'invoice.json', 'html'),
  await render('report', 'report.md', 'report.json', 'markdown'),
]) {
  console.log(path);
}
