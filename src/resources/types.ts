// The contract every resource loader keeps: templates are untrusted, so the engine reaches
// images, fonts and stylesheets only through the loader the caller configured.

export type ResourceKind = 'image' | 'font' | 'stylesheet';

export interface LoadedResource {
  /** The absolute URL the bytes came from (`data:`, `file:` or `http(s):`), used to resolve relative URLs inside it. */
  readonly url: string;
  readonly bytes: Uint8Array;
  /** MIME type when known (from a data: URI, an HTTP header or the file extension). */
  readonly mimeType: string | null;
}

export interface ResourceLoader {
  /**
   * Fetch `url`, resolved against `baseUrl` when relative. Resolves to null when the resource
   * is refused by policy or cannot be read; it never throws for a resource a template names.
   */
  load(url: string, kind: ResourceKind, baseUrl?: string): Promise<LoadedResource | null>;
  /** The URL relative references in the document resolve against (e.g. `file:///base/dir/`), or null. */
  readonly documentBaseUrl: string | null;
}
