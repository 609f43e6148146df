// Error classes: statuses, codes, envelopes, and detail kept out of them.
import { describe, expect, it } from 'vitest';
import {
  DocumentCreationError,
  DocumentNotFoundError,
  LimitReachedError,
  PagesmithError,
  TemplateEngineError,
  TemplateNotFoundError,
  ValidationError,
} from './index.js';

describe('error classes', () => {
  it.each([
    [new LimitReachedError(20), 400, 'LIMIT_REACHED', "You've reached the maximum monthly limit of 20 documents for your subscription."],
    [new TemplateNotFoundError(), 404, 'TEMPLATE_NOT_FOUND', 'Template not found. Please ensure the application and template are active.'],
    [new DocumentNotFoundError(), 404, 'DOCUMENT_NOT_FOUND', 'Document not found.'],
    [new TemplateEngineError(), 500, 'TEMPLATE_ENGINE_ERROR', 'Template engine error!'],
    [new DocumentCreationError(), 500, 'DOCUMENT_CREATION_FAILED', 'Failed to create the document. Please try again later.'],
  ])('%s has its status, code and the { success, message, data: [] } envelope', (error, status, code, message) => {
    expect(error).toBeInstanceOf(PagesmithError);
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(status);
    expect(error.code).toBe(code);
    expect(error.toEnvelope()).toEqual({ success: false, message, data: [] });
  });

  it('names each instance after its class', () => {
    expect(new LimitReachedError(1).name).toBe('LimitReachedError');
    expect(new ValidationError([]).name).toBe('ValidationError');
  });

  it('gives the 422 envelope with every issue', () => {
    const issues = [
      { field: 'data', message: 'Field required', type: 'missing' },
      { field: 'response_type', message: "Input should be 'pdf', 'json_with_base64' or 'document_id'", type: 'literal_error' },
    ];
    const error = new ValidationError(issues);
    expect(error.status).toBe(422);
    expect(error.issues).toEqual(issues);
    expect(JSON.parse(JSON.stringify(error))).toEqual({ success: false, message: 'Validation failed', errors: issues });
  });

  it('keeps detail and cause for logs, out of the envelope', () => {
    const cause = new Error('db down at 10.0.0.5');
    const error = new DocumentCreationError({ detail: 'saveDocument failed: db down at 10.0.0.5', cause });
    expect(error.detail).toContain('db down');
    expect(error.cause).toBe(cause);
    const serialised = JSON.stringify(error);
    expect(serialised).not.toContain('db down');
    expect(JSON.parse(serialised)).toEqual(error.toEnvelope());
  });

  it('carries the template position of a template failure', () => {
    const error = new TemplateEngineError({ detail: 'undefined variable: x (line 3, column 7)', line: 3, column: 7 });
    expect([error.line, error.column]).toEqual([3, 7]);
    expect(JSON.stringify(error)).not.toContain('line 3');
  });
});
