// The buttons: download the PDF, pick or create an application, save the template in it.
import type { ApiClient } from './api.js';
import type { ApplicationData, Envelope, TemplateInput } from './api-types.js';
import { element } from './dom.js';

export interface Actions {
  /** Fills the application picker from GET /v1/applications. */
  loadApplications(): Promise<void>;
}

export function wireActions(api: ApiClient, input: () => TemplateInput | string, fileName: () => string, say: (message: string) => void): Actions {
  const picker = element('application', HTMLSelectElement);

  async function loadApplications(selected?: string): Promise<void> {
    const answer = await api.json<Envelope<readonly ApplicationData[]>>('GET', '/v1/applications');
    const applications = answer.body.data ?? [];
    const options = applications.map((application) => new Option(`${application.name}${application.is_active ? '' : ' (inactive)'}`, application.application_id));
    if (answer.status !== 200) options.unshift(new Option(answer.body.message, ''));
    else if (options.length === 0) options.unshift(new Option('No application yet: create one below', ''));
    picker.replaceChildren(...options);
    if (selected !== undefined) picker.value = selected;
  }

  element('download', HTMLButtonElement).addEventListener('click', () => {
    void run(async () => {
      const fields = input();
      if (typeof fields === 'string') return fields;
      const answer = await api.blob('/v1/documents/quick/generate', { ...fields, response_type: 'pdf' });
      if (!('blob' in answer)) return `No PDF: ${answer.message}`;
      const url = URL.createObjectURL(answer.blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName();
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return `Downloaded ${link.download} (${answer.blob.size} bytes).`;
    });
  });

  element('refresh-applications', HTMLButtonElement).addEventListener('click', () => void run(async () => (await loadApplications(picker.value), 'Applications reloaded.')));

  element('create-application', HTMLButtonElement).addEventListener('click', () => {
    void run(async () => {
      const name = element('new-application', HTMLInputElement).value.trim();
      if (name === '') return 'Name the new application first.';
      const answer = await api.json<Envelope<ApplicationData>>('POST', '/v1/applications', { name });
      if (answer.status !== 201 || !answer.body.data) return `Not created: ${failure(answer.body)}`;
      await loadApplications(answer.body.data.application_id);
      return `Created application ${answer.body.data.name} (${answer.body.data.application_id}).`;
    });
  });

  element('save', HTMLButtonElement).addEventListener('click', () => {
    void run(async () => {
      const fields = input();
      if (typeof fields === 'string') return fields;
      if (picker.value === '') return 'Pick an application to save the template in.';
      const { html, content_type, template_language, extra_css } = fields;
      const body = { application_id: picker.value, name: element('template-name', HTMLInputElement).value, content: html, content_type, template_language, extra_css: extra_css === '' ? null : extra_css };
      const answer = await api.json<Envelope<{ template_id: string }>>('POST', '/v1/templates', body);
      if (answer.status !== 201 || !answer.body.data) return `Not saved: ${failure(answer.body)}`;
      element('saved-template', HTMLOutputElement).value = answer.body.data.template_id;
      return `Saved as template ${answer.body.data.template_id}.`;
    });
  });

  /** Runs a button's work and says how it went; a network failure is said too. */
  async function run(work: () => Promise<string>): Promise<void> {
    say('Working…');
    try {
      say(await work());
    } catch (error) {
      say(`The server could not be reached: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return { loadApplications: () => loadApplications(picker.value || undefined) };
}

/** A failure envelope in a sentence, with the 422's field messages. */
export function failure(body: Envelope<unknown>): string {
  const fields = (body.errors ?? []).map((error) => `${error.field === '' ? '' : `${error.field}: `}${error.message}`);
  return [body.message, ...fields].join(' — ');
}
