// Identifier shapes shared by stores and service: a type prefix followed by a UUID.
import { randomUUID } from 'node:crypto';

export function newApplicationId(): string {
  return `app-${randomUUID()}`;
}

export function newTemplateId(): string {
  return `template-${randomUUID()}`;
}

export function newDocumentId(): string {
  return `document-${randomUUID()}`;
}
