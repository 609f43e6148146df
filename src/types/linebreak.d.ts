// Types for the `linebreak` package (UAX #14), which ships none.
declare module 'linebreak' {
  interface Break {
    readonly position: number;
    readonly required: boolean;
  }
  class LineBreaker {
    constructor(text: string);
    nextBreak(): Break | null;
  }
  export default LineBreaker;
}
