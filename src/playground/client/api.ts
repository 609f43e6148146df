// Calls to the pagesmith API with the user's key, under the prefix the server serves the page at.

export interface Answer<T> {
  readonly status: number;
  readonly body: T;
}

export class ApiClient {
  constructor(
    private readonly prefix: string,
    private readonly key: () => string,
  ) {}

  /** A JSON answer (any status); rejects only when the server could not be reached or the call was aborted. */
  async json<T>(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal): Promise<Answer<T>> {
    const response = await this.call(method, path, body, signal);
    const text = await response.text();
    return { status: response.status, body: (text === '' ? {} : JSON.parse(text)) as T };
  }

  /** A binary answer when 2xx; else the failure envelope's message. */
  async blob(path: string, body: unknown): Promise<{ blob: Blob } | { status: number; message: string }> {
    const response = await this.call('POST', path, body);
    if (response.ok) return { blob: await response.blob() };
    const failure = (await response.json().catch(() => ({}))) as { message?: string };
    return { status: response.status, message: failure.message ?? response.statusText };
  }

  private call(method: string, path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.key()}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${this.prefix}${path}`, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }), ...(signal && { signal }) });
  }
}
