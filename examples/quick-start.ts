// The README's quick start, from the line after this one: an HTML template (Jinja2) and JSON data to hello.pdf. Run: npx tsx examples/quick-start.ts
import { writeFile } from 'node:fs/promises';
import { createDocumentService } from 'pagesmith';

const service = createDocumentService({ baseUrl: 'https://docs.example.com' });
const outcome = await service.quickGenerate(
  // A Jinja2 template, as the hosted service renders it: `| title` is one of Jinja2's filters.
  { html: '<h1>Hello {{ name | title }}</h1>', data: { name: 'ada' }, response_type: 'pdf' },
  { accountId: 'acct-1' },
);
if (outcome.ok) await writeFile('hello.pdf', outcome.body);
else console.error(outcome.status, outcome.body); // the service's JSON envelope
