// Password protection through the public API: the native engine encrypting as it writes, other
// engines' PDFs encrypted after them, every response_type; read back by pdfjs, qpdf and pdftotext.
import { describe, expect, it } from 'vitest';
import {
  createDocumentService,
  createNativeEngine,
  MemoryTemplateStore,
  type DocumentServiceOptions,
  type GenerateOutcome,
  type PdfEngine,
  type Principal,
  type RenderOptions,
  type ResponseType,
} from '../../src/index.js';
import { describeWithTools, pdfjs, pdfjsText, pdftotext, qpdf } from './tools.js';

const ALICE: Principal = { accountId: 'acct-alice' };
const HTML = '<html><head><title>Invoice {{ number }}</title></head><body><h1>Invoice {{ number }}</h1><p>Total due: {{ total }}</p></body></html>';
const DATA = { number: 'INV-7', total: '€1,234.00' };
const TEXT = 'Invoice INV-7 Total due: €1,234.00';

interface Recorded extends PdfEngine {
  readonly calls: (RenderOptions | undefined)[];
}

/** The native engine, or a stand-in that does not encrypt, remembering the options it was given. */
function engine(encrypts: boolean, render: PdfEngine['render'] = createNativeEngine().render): Recorded {
  const calls: (RenderOptions | undefined)[] = [];
  return {
    name: encrypts ? 'native (recorded)' : 'plain',
    ...(encrypts && { encrypts: true }),
    calls,
    render(html, options) {
      calls.push(options);
      return render(html, options);
    },
  };
}

function service(options: Partial<DocumentServiceOptions> = {}) {
  return createDocumentService({ baseUrl: 'https://pdf.example.test', ...options });
}

/** The PDF bytes an outcome carries or points at, whatever the response_type. */
async function pdfOf(made: ReturnType<typeof service>, outcome: GenerateOutcome): Promise<Uint8Array> {
  if (!outcome.ok) throw new Error(`expected success, got ${JSON.stringify(outcome.body)}`);
  if (outcome.body instanceof Uint8Array) return outcome.body;
  const data = outcome.body.data;
  if ('pdf_content' in data) return new Uint8Array(Buffer.from(data.pdf_content, 'base64'));
  const downloaded = await made.download(ALICE, data.document_id);
  if (!downloaded.ok) throw new Error('download failed');
  return downloaded.body;
}

async function quick(made: ReturnType<typeof service>, responseType: ResponseType, password: unknown): Promise<Uint8Array> {
  return pdfOf(made, await made.quickGenerate({ html: HTML, data: DATA, response_type: responseType, password } as unknown, ALICE));
}

/** pdfjs's text of a PDF it opens (with `password`, if given). */
async function textOf(bytes: Uint8Array, password?: string): Promise<string> {
  const read = await pdfjs(bytes, password);
  if ('passwordException' in read) throw new Error(`pdfjs: PasswordException (${read.passwordException})`);
  return pdfjsText(read);
}

const RESPONSE_TYPES: readonly ResponseType[] = ['pdf', 'json_with_base64', 'document_id'];

describe('password-protected generation (pdfjs)', () => {
  it.each(RESPONSE_TYPES)('native engine, response_type %s: opens with the password only', async (responseType) => {
    const made = service();
    const bytes = await quick(made, responseType, 's3cret');
    const read = await pdfjs(bytes, 's3cret');
    expect(read).toMatchObject({ info: { Title: 'Invoice INV-7' } });
    expect(await textOf(bytes, 's3cret')).toBe(TEXT);
    expect(await pdfjs(bytes)).toEqual({ passwordException: 'need' });
    expect(await pdfjs(bytes, 's3cret ')).toEqual({ passwordException: 'incorrect' });
  });

  it('protects generate (stored template) alike', async () => {
    const templates = new MemoryTemplateStore();
    const made = service({ templates });
    const application = await templates.createApplication({ accountId: ALICE.accountId });
    const template = await templates.createTemplate({ applicationId: application.id, content: HTML });
    const bytes = await pdfOf(made, await made.generate({ template_id: template.id, data: DATA, response_type: 'pdf', password: 'pw' }, ALICE));
    expect(await pdfjs(bytes)).toEqual({ passwordException: 'need' });
    expect(await textOf(bytes, 'pw')).toBe(TEXT);
  });

  it('leaves a PDF without a password open', async () => {
    const bytes = await quick(service(), 'pdf', null);
    expect(await textOf(bytes)).toBe(TEXT);
    expect(Buffer.from(bytes).toString('latin1')).not.toContain('/Encrypt');
  });

  it('asks an engine that encrypts to do so, with the service protection settings', async () => {
    const native = engine(true);
    const made = service({ engine: native, protection: { ownerPassword: 'owner', permissions: { copy: false } } });
    await quick(made, 'pdf', 'pw');
    expect(native.calls[0]?.encryption).toEqual({ userPassword: 'pw', ownerPassword: 'owner', permissions: { copy: false } });
    await quick(made, 'pdf', null);
    expect(native.calls[1]).not.toHaveProperty('encryption');
  });

  it("encrypts any other engine's PDF after it (protectPdf)", async () => {
    const plain = engine(false);
    const bytes = await quick(service({ engine: plain }), 'json_with_base64', 'pw');
    expect(plain.calls[0]).not.toHaveProperty('encryption');
    expect(await pdfjs(bytes)).toEqual({ passwordException: 'need' });
    expect(await textOf(bytes, 'pw')).toBe(TEXT);
  });

  it('uses a protect hook instead, for every engine, when given one', async () => {
    const native = engine(true);
    const seen: unknown[] = [];
    const made = service({
      engine: native,
      protection: { permissions: { modify: false } },
      protect: async (pdf, password, protection) => {
        seen.push([password, protection]);
        return pdf;
      },
    });
    await quick(made, 'pdf', 'pw');
    expect(native.calls[0]).not.toHaveProperty('encryption');
    expect(seen).toEqual([['pw', { permissions: { modify: false } }]]);
  });

  it('fails (500) rather than return an open PDF from an engine that claims to encrypt but does not', async () => {
    const liar = engine(true, (html) => createNativeEngine().render(html));
    const outcome = await service({ engine: liar }).quickGenerate({ html: HTML, data: DATA, response_type: 'pdf', password: 'pw' }, ALICE);
    expect(outcome).toMatchObject({ ok: false, status: 500 });
    expect(!outcome.ok && outcome.error.detail).toMatch(/claims to encrypt/);
  });

  it.each([
    ['', 'string_too_short', 'at least 1 byte'],
    ['\u00ad', 'string_too_short', 'at least 1 byte'],
    ['ﬁ'.repeat(64), 'string_too_long', 'at most 127 bytes'],
    ['bell\u0007', 'value_error', 'SASLprep'],
    ['\u{1F511}', 'value_error', 'unassigned code point'],
  ])('refuses %j with a 422 on the password field', async (password, type, message) => {
    const outcome = await service().quickGenerate({ html: HTML, data: DATA, response_type: 'pdf', password }, ALICE);
    expect(outcome.status).toBe(422);
    expect(!outcome.ok && 'errors' in outcome.body && outcome.body.errors).toEqual([
      { field: 'password', type, message: expect.stringContaining(message) },
    ]);
  });

  it('counts the 127 bytes after SASLprep: 63 "ﬁ" are 189 bytes sent but 126 encrypted', async () => {
    const bytes = await quick(service(), 'pdf', 'ﬁ'.repeat(63));
    expect(await textOf(bytes, 'fi'.repeat(63))).toBe(TEXT);
  });

  it('refuses an owner password breaking the rules when the service is created', () => {
    expect(() => service({ protection: { ownerPassword: '' } })).toThrow(/protection\.ownerPassword: Password should have at least 1 byte/);
  });
});

describeWithTools(['qpdf', 'pdftotext'], 'password-protected generation (qpdf, pdftotext)', () => {
  it.each(RESPONSE_TYPES)('native engine, response_type %s: revision 6, AESv3, all allowed, no qpdf error', async (responseType) => {
    const bytes = await quick(service(), responseType, 's3cret');
    const report = qpdf(bytes, 's3cret');
    expect(report.checkStatus, report.checkOutput).toBe(0);
    expect(report.encryption).toEqual(
      expect.arrayContaining([
        'R = 6',
        'P = -4',
        'Supplied password is user password',
        'stream encryption method: AESv3',
        'string encryption method: AESv3',
        'file encryption method: AESv3',
      ]),
    );
    expect(report.encryption.filter((line) => line.endsWith(': not allowed'))).toEqual([]);
    const read = pdftotext(bytes, 's3cret');
    expect(read.status).toBe(0);
    expect(read.text.replace(/\s+/g, ' ').trim()).toBe(TEXT);
    expect(pdftotext(bytes).status).not.toBe(0);
    expect(pdftotext(bytes, 'wrong').status).not.toBe(0);
  });

  it.each([
    ['the native engine', true],
    ['an engine that does not encrypt', false],
  ])('with %s, applies the service owner password and permissions', async (_, encrypts) => {
    const made = service({ engine: engine(encrypts), protection: { ownerPassword: 'owner', permissions: { print: false, copy: false } } });
    const bytes = await quick(made, 'pdf', 'user');
    const asUser = qpdf(bytes, 'user');
    expect(asUser.checkStatus, asUser.checkOutput).toBe(0);
    expect(asUser.encryption).toEqual(
      expect.arrayContaining([
        'R = 6',
        'Supplied password is user password',
        'print low resolution: not allowed',
        'print high resolution: not allowed',
        'extract for any purpose: not allowed',
        'extract for accessibility: allowed',
        'modify anything: allowed',
      ]),
    );
    expect(qpdf(bytes, 'owner').encryption).toContain('Supplied password is owner password');
    expect(pdftotext(bytes, 'user').text).toContain('Total due');
  });

  it('gives a user password that is not also the owner password by default', async () => {
    const bytes = await quick(service(), 'pdf', 'user');
    expect(qpdf(bytes, 'user').encryption).toContain('Supplied password is user password');
    expect(qpdf(bytes, 'user').encryption).not.toContain('Supplied password is owner password');
  });
});
