// Types for svg-to-pdfkit, which ships none: draws an SVG string into a pdfkit document.
declare module 'svg-to-pdfkit' {
  interface SvgToPdfOptions {
    width?: number;
    height?: number;
    preserveAspectRatio?: string;
    assumePt?: boolean;
    precision?: number;
    imageCallback?: (link: string) => string | Buffer;
    fontCallback?: (family: string, bold: boolean, italic: boolean, options: { fauxBold: boolean; fauxItalic: boolean }) => string;
    /** Called with every colour read, and its text: what it returns is used (undefined: no colour). */
    colorCallback?: (result: [[number, number, number], number] | undefined, raw: string) => [[number, number, number], number] | undefined;
    warningCallback?: (message: string) => void;
  }
  function SVGtoPDF(doc: PDFKit.PDFDocument, svg: string, x?: number, y?: number, options?: SvgToPdfOptions): void;
  export default SVGtoPDF;
}
