// The glyphs a PDF's first page draws, in drawing order, read back from its operators with pdfjs.
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface DrawnGlyph {
  /** The glyph's characters by the font's ToUnicode map. */
  readonly unicode: string;
  /** Where the glyph's origin is on the page (PDF points), from the text matrix and the advances. */
  readonly x: number;
}

/** The glyphs each text-showing operator of the first page draws, in drawing order, with their positions. */
export async function drawnGlyphs(pdf: Uint8Array): Promise<DrawnGlyph[][]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const operators = await (await doc.getPage(1)).getOperatorList();
    const shown: DrawnGlyph[][] = [];
    let x = 0;
    let size = 1;
    for (let i = 0; i < operators.fnArray.length; i++) {
      const fn = operators.fnArray[i];
      const args = operators.argsArray[i] as unknown[];
      if (fn === OPS.setTextMatrix) x = (args[0] as number[])[4] ?? 0;
      else if (fn === OPS.setFont) size = args[1] as number;
      else if (fn === OPS.showText) {
        const run: DrawnGlyph[] = [];
        for (const item of args[0] as ({ unicode: string; width: number } | number)[]) {
          if (typeof item === 'number') {
            x -= (item / 1000) * size;
            continue;
          }
          run.push({ unicode: item.unicode, x });
          x += (item.width / 1000) * size;
        }
        shown.push(run);
      }
    }
    return shown;
  } finally {
    await doc.destroy();
  }
}
