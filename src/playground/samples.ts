// The sample documents the playground starts from, as the server sends them (samples.json).

export interface PlaygroundSample {
  /** The template's file name in examples/, e.g. `invoice.html`. */
  readonly name: string;
  readonly template: string;
  /** The JSON data as written in the example's .json file. */
  readonly data: string;
  readonly content_type: 'html' | 'markdown';
}
