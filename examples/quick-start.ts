// The README's quick start, from the line after this one: an HTML template and JSON data to hello.pdf. Run: npx tsx examples/quick-start.ts
import { writeFile } from 'node:fs/promises';
import { createDocumentService } from 'pagesmith';

const service = createDocumentService({ baseUrl: 'https://docs.example.com' });
const outcome = await service.quickGenerate(
  { html: '<h1>Hello {{ name }}</h1>', data: { name: 'Ada' }, response_type: 'pdf' },
  { accountId: 'acct-1' },
);
if (outcome.ok) await writeFile('hello.pdf', outcome.body);
else console.error(outcome.status, outcome.body); // the service's JSON envelope
