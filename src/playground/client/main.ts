// The playground page: three editors, a live preview through POST /v1/templates/preview, and the buttons.
import { css } from '@codemirror/lang-css';
import { html } from '@codemirror/lang-html';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { linter } from '@codemirror/lint';
import type { Extension } from '@codemirror/state';
import { wireActions, failure } from './actions.js';
import { ApiClient } from './api.js';
import type { CheckData, ContentType, Envelope, PreviewData, TemplateInput, TemplateLanguage } from './api-types.js';
import { element } from './dom.js';
import { loadDraft, saveDraft, type Draft } from './draft.js';
import { createEditor } from './editor.js';
import { latestOnly } from './latest-only.js';
import { problemDiagnostics, problemRange } from './problem-diagnostics.js';
import { clearPages, showCheck, showPages } from './show-results.js';
import { templateConstructs } from './template-constructs.js';
import type { PlaygroundSample } from '../samples.js';

const KEY_STORE = 'pagesmith.playground.apiKey';
/** How long typing must pause before the pages are rendered again. */
const DEBOUNCE_MS = 400;
/** The width the pages are drawn at, in pixels. */
const PREVIEW_WIDTH = 800;

const prefix = document.querySelector<HTMLMetaElement>('meta[name="pagesmith-prefix"]')?.content ?? '';
const keyField = element('api-key', HTMLInputElement);
keyField.value = stored(() => localStorage.getItem(KEY_STORE)) ?? '';
const api = new ApiClient(prefix, () => keyField.value.trim());
const contentType = element('content-type', HTMLSelectElement);
const language = element('template-language', HTMLSelectElement);
const sampleMenu = element('sample', HTMLSelectElement);
const previewPanel = element('pages', HTMLOListElement);
let fileName = 'document.pdf';

const preview = latestOnly(refresh, DEBOUNCE_MS);
/** Each change is kept at once (a reload loses nothing) and rendered once typing pauses. */
const edited = (): void => {
  saveDraft(currentDraft());
  preview.schedule();
};
const templateEditor = createEditor({ parent: element('template-editor', HTMLDivElement), labelledBy: 'template-heading', language: templateMode('html'), extensions: [templateConstructs], onChange: edited });
const dataEditor = createEditor({ parent: element('data-editor', HTMLDivElement), labelledBy: 'data-heading', language: json(), extensions: [linter(jsonParseLinter(), { delay: 300 })], onChange: edited });
const cssEditor = createEditor({ parent: element('css-editor', HTMLDivElement), labelledBy: 'css-heading', language: css(), onChange: edited });
const actions = wireActions(api, input, () => fileName, say('action-status'));
const sayStatus = say('status');

/** Storage refused (a private window, a policy): the page works without it. */
function stored<T>(use: () => T): T | undefined {
  try {
    return use();
  } catch {
    return undefined;
  }
}

function templateMode(type: ContentType): Extension {
  return type === 'markdown' ? markdown({ base: markdownLanguage }) : html();
}

/** The request fields of what the editors hold, or why there is nothing to send yet. */
function input(): TemplateInput | string {
  if (keyField.value.trim() === '') return 'Enter your API key to see the pages.';
  let data: unknown;
  try {
    data = JSON.parse(dataEditor.text().trim() === '' ? '{}' : dataEditor.text());
  } catch (error) {
    return `The data is not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'The data must be a JSON object, { … }.';
  return {
    html: templateEditor.text(),
    data: data as Record<string, unknown>,
    content_type: contentType.value as ContentType,
    template_language: language.value as TemplateLanguage,
    extra_css: cssEditor.text(),
  };
}

/** Renders the pages through the preview route; where the server has none (404, 501), checks the template alone. */
async function refresh(signal: AbortSignal): Promise<void> {
  const fields = input();
  if (typeof fields === 'string') return sayStatus(fields);
  previewPanel.setAttribute('aria-busy', 'true');
  try {
    const answer = await api.json<Envelope<PreviewData>>('POST', '/v1/templates/preview', { ...fields, width: PREVIEW_WIDTH }, signal);
    if (answer.status === 200 && answer.body.data) {
      const { data } = answer.body;
      showResult(data);
      showPages(data.pages, data.page_count, data.render_ms);
      const pages = `${data.page_count} page${data.page_count === 1 ? '' : 's'}, rendered in ${Math.round(data.render_ms)} ms`;
      return sayStatus(`${pages}. ${problemSummary(data)}`);
    }
    if (answer.status !== 404 && answer.status !== 501) {
      clearPages();
      return sayStatus(failure(answer.body));
    }
    const { html: template, data, content_type, template_language } = fields;
    const checked = await api.json<Envelope<CheckData>>('POST', '/v1/templates/check', { html: template, data, content_type, template_language }, signal);
    clearPages();
    if (checked.status !== 200 || !checked.body.data) return sayStatus(failure(checked.body));
    showResult(checked.body.data);
    sayStatus(`${problemSummary(checked.body.data)} No page images: ${answer.body.message}`);
  } catch (error) {
    if (!signal.aborted) sayStatus(`The server could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    if (!signal.aborted) previewPanel.removeAttribute('aria-busy');
  }
}

function showResult(check: CheckData): void {
  showCheck(check, (problem) => {
    const { view } = templateEditor;
    const { from, to } = problemRange(view.state.doc, problem);
    view.dispatch({ selection: { anchor: from, head: to }, scrollIntoView: true });
    view.focus();
  });
  templateEditor.showProblems(problemDiagnostics(templateEditor.view.state.doc, check.problems));
}

function problemSummary(check: CheckData): string {
  const count = check.problems.length;
  return count === 0 ? 'No problems.' : `${count} problem${count === 1 ? '' : 's'} in the template.`;
}

function say(id: string): (message: string) => void {
  const region = element(id, HTMLParagraphElement);
  return (message) => {
    region.textContent = message;
  };
}

function currentDraft(): Draft {
  return {
    template: templateEditor.text(),
    data: dataEditor.text(),
    css: cssEditor.text(),
    content_type: contentType.value as ContentType,
    template_language: language.value as TemplateLanguage,
    fileName,
  };
}

function loadDraftInto(draft: Draft): void {
  fileName = draft.fileName;
  contentType.value = draft.content_type;
  language.value = draft.template_language;
  templateEditor.setLanguage(templateMode(draft.content_type));
  templateEditor.setText(draft.template);
  dataEditor.setText(draft.data);
  cssEditor.setText(draft.css);
}

function loadSample(sample: PlaygroundSample): void {
  loadDraftInto({ template: sample.template, data: sample.data, css: '', content_type: sample.content_type, template_language: language.value as TemplateLanguage, fileName: `${sample.name.replace(/\.[^.]+$/, '')}.pdf` });
}

const BLANK: Draft = { template: '', data: '{}', css: '', content_type: 'html', template_language: 'jinja', fileName: 'document.pdf' };

/** The sample menu; the page starts from the draft kept in this browser, else from the first sample. */
async function loadSamples(): Promise<void> {
  const response = await fetch(`${prefix}/playground/assets/samples.json`);
  const samples = (await response.json()) as PlaygroundSample[];
  const draft = loadDraft();
  if (draft) sampleMenu.append(new Option('Your last draft', 'draft'));
  sampleMenu.append(...samples.map((sample, index) => new Option(sample.name, String(index))));
  sampleMenu.addEventListener('change', () => {
    const sample = samples[Number(sampleMenu.value)];
    if (sampleMenu.value === 'draft' && draft) loadDraftInto(draft);
    else if (sampleMenu.value === '' || !sample) loadDraftInto({ ...BLANK, template_language: language.value as TemplateLanguage });
    else loadSample(sample);
    preview.runNow();
  });
  const first = samples[0];
  if (draft) {
    sampleMenu.value = 'draft';
    loadDraftInto(draft);
  } else if (first) {
    sampleMenu.value = '0';
    loadSample(first);
  }
}

contentType.addEventListener('change', () => {
  templateEditor.setLanguage(templateMode(contentType.value as ContentType));
  saveDraft(currentDraft());
  preview.runNow();
});
language.addEventListener('change', () => {
  saveDraft(currentDraft());
  preview.runNow();
});
keyField.addEventListener('change', () => {
  stored(() => localStorage.setItem(KEY_STORE, keyField.value.trim()));
  preview.runNow();
  void actions.loadApplications();
});

void loadSamples().finally(() => {
  preview.runNow();
  if (keyField.value.trim() !== '') void actions.loadApplications();
});
