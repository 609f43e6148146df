// Runs the corpus scorer (fidelity.py) on one PDF against its reference.
import { execFile } from 'node:child_process';

export const PYTHON = '/usr/bin/python3';

export interface Scores {
  readonly text: number;
  readonly layout: number;
  readonly visual: number;
  readonly overall: number;
}

export const ZERO_SCORES: Scores = { text: 0, layout: 0, visual: 0, overall: 0 };

/** `fidelity.py ours reference --json`, parsed; rejects with the scorer's stderr when it fails. */
export function scorePdf(scorer: string, ours: string, reference: string): Promise<Scores> {
  return new Promise((resolve, reject) => {
    execFile(PYTHON, [scorer, ours, reference, '--json'], { maxBuffer: 1024 * 1024, timeout: 600_000 }, (error, stdout, stderr) => {
      if (error) {
        reject(new Error(`scorer failed: ${stderr.trim() || error.message}`));
        return;
      }
      try {
        const parsed = JSON.parse(stdout) as Scores;
        resolve({ text: parsed.text, layout: parsed.layout, visual: parsed.visual, overall: parsed.overall });
      } catch {
        reject(new Error(`scorer printed no JSON: ${stdout.slice(0, 200)}`));
      }
    });
  });
}
