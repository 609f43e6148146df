// Renders original/README.md to ../source.html as pagesmith renders a Markdown template (its default
// stylesheet), after dropping the badge images, which are remote. Run from the repository root:
//   npx tsx test/fidelity/modern/docs/avvio-readme-markdown/original/render.mts
import { readFileSync, writeFileSync } from 'node:fs';
import { markdownDocument } from '../../../../../../src/markdown/index.js';

const here = new URL('.', import.meta.url);
const markdown = readFileSync(new URL('README.md', here), 'utf8').replace(/^\[!\[.*$/gm, '');
writeFileSync(new URL('../source.html', here), markdownDocument(markdown));
