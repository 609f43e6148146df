// playwright-core, the Chromium engine's optional peer: a typed error that says how to install it when it is missing.
import { describe, expect, it } from 'vitest';
import { createDocumentService, DocumentCreationError, MissingPeerDependencyError, PagesmithError, type PdfEngine } from '../index.js';
import { assertPlaywrightInstalled, loadPlaywright } from './playwright.js';

const notFound = (message: string, code: string): Error => Object.assign(new Error(message), { code });

describe('playwright-core missing', () => {
  it('is a MissingPeerDependencyError whose message says what to install, found before any render', () => {
    const attempt = () =>
      assertPlaywrightInstalled(() => {
        throw notFound("Cannot find module 'playwright-core'\nRequire stack:\n- /app/node_modules/pagesmith/dist/index.cjs", 'MODULE_NOT_FOUND');
      });
    expect(attempt).toThrow(MissingPeerDependencyError);
    expect(attempt).toThrow('createChromiumEngine() needs playwright-core, an optional peer dependency of pagesmith: npm install playwright-core');
  });

  it('is the same error when the import itself finds no package', async () => {
    const failed = loadPlaywright(() => Promise.reject(notFound("Cannot find package 'playwright-core' imported from /app/node_modules/pagesmith/dist/index.js", 'ERR_MODULE_NOT_FOUND')));
    await expect(failed).rejects.toBeInstanceOf(MissingPeerDependencyError);
    await expect(failed).rejects.toMatchObject({ dependency: 'playwright-core', code: 'MISSING_PEER_DEPENDENCY', status: 500 });
  });

  it('leaves other failures as they are: a broken install is not a missing one', async () => {
    const broken = notFound("Cannot find module '/app/node_modules/playwright-core/lib/server/index.js'", 'MODULE_NOT_FOUND');
    expect(() =>
      assertPlaywrightInstalled(() => {
        throw broken;
      }),
    ).not.toThrow();
    await expect(loadPlaywright(() => Promise.reject(broken))).rejects.toBe(broken);
  });

  it('passes when playwright-core resolves', () => {
    expect(() => assertPlaywrightInstalled()).not.toThrow();
  });

  it('reaches a service caller typed, with the contract\'s 500 envelope for HTTP clients', async () => {
    const engine: PdfEngine = { name: 'needs-a-peer', render: () => Promise.reject(new MissingPeerDependencyError('playwright-core', 'createChromiumEngine()')) };
    const service = createDocumentService({ baseUrl: 'https://x.test', engine, templateThreads: 0 });
    const outcome = await service.quickGenerate({ html: '<p>x</p>', data: {}, response_type: 'pdf' }, { accountId: 'a' });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error).toBeInstanceOf(MissingPeerDependencyError);
    expect(outcome.error).toBeInstanceOf(PagesmithError);
    expect(outcome.error.message).toContain('npm install playwright-core');
    expect(outcome.status).toBe(500);
    expect(outcome.body).toEqual(new DocumentCreationError().toEnvelope());
  });
});
