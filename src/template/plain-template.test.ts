// A template with no tag, output or comment renders without its engine: the same text the engine
// would give, in both languages, and past a limit the engine's own error.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TemplateEngineError } from '../errors/index.js';
import { renderTemplate } from './render-template.js';
import type { TemplateLanguage } from './template-language.js';

const LANGUAGES: readonly TemplateLanguage[] = ['jinja', 'liquid'];

/** Text of HTML-ish characters, braces, hashes and every kind of line end, without any template syntax. */
const plainText = fc
  .array(fc.constantFrom('<p>', '</p>', 'a', ' ', '{', '}', '#', '%', '\n', '\r\n', '\r', '\t', 'é', '{ {', '%}', '#}', '}}'), { maxLength: 40 })
  .map((parts) => parts.join(''))
  .filter((text) => !text.includes('{{') && !text.includes('{%') && !text.includes('{#'));

describe('plain templates', () => {
  it.each(LANGUAGES)('%s: render as the engine renders them after an empty output', async (language) => {
    await fc.assert(
      fc.asyncProperty(plainText, async (text) => {
        // The empty output makes the engine parse the template; it prints nothing.
        const parsed = await renderTemplate(`{{ "" }}${text}`, {}, { language });
        expect(await renderTemplate(text, {}, { language })).toBe(parsed);
      }),
      { numRuns: 300 },
    );
  });

  it.each(LANGUAGES)('%s: past the parse or output limit, fail as the engine does', async (language) => {
    for (const limits of [{ parseLimit: 10 }, { outputLimit: 10 }]) {
      await expect(renderTemplate('<p>far too long</p>', {}, { language, limits })).rejects.toBeInstanceOf(TemplateEngineError);
    }
  });

  it('stops when its signal has already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(renderTemplate('<p>plain</p>', {}, { signal: controller.signal })).rejects.toThrow('gone');
  });
});
