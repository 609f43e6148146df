// The README's page images, from the line after this one: a document's pages as PNG files, painted by the engine itself. Run: npx tsx examples/page-images.ts
import { writeFile } from 'node:fs/promises';
import { createNativeEngine } from 'pagesmith';

const engine = createNativeEngine();
const html = '<h1>Quarterly report</h1><p>Thumbnails for a web app, or a page for an e-mail.</p>';
// scale 2 is 192 dpi; `width: 300` would make thumbnails 300 px wide. Needs `npm install @napi-rs/canvas`.
const { pageCount, images } = await engine.renderImages(html, { scale: 2, pages: [1], format: 'png' });
for (const image of images) await writeFile(`page-${image.page}.png`, image.data);
console.log(`${images.length} of ${pageCount} page(s): ${images.map((i) => `page-${i.page}.png (${i.width}×${i.height})`).join(', ')}`);
