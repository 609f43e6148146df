// 500: a feature needs an optional peer dependency that is not installed; the message names the package to install.
import { DocumentCreationError } from './document-creation-error.js';
import { PagesmithError, type ErrorEnvelope, type PagesmithErrorOptions } from './pagesmith-error.js';

export class MissingPeerDependencyError extends PagesmithError {
  readonly code = 'MISSING_PEER_DEPENDENCY';
  readonly status = 500;

  /**
   * @param dependency The package to install, e.g. `playwright-core`.
   * @param neededBy What needs it, e.g. `createChromiumEngine()`.
   */
  constructor(
    readonly dependency: string,
    readonly neededBy: string,
    options?: PagesmithErrorOptions,
  ) {
    super(`${neededBy} needs ${dependency}, an optional peer dependency of pagesmith: npm install ${dependency}`, options);
  }

  /** Clients get the contract's document-creation failure: installing a package is for whoever runs the server. */
  override toEnvelope(): ErrorEnvelope {
    return new DocumentCreationError().toEnvelope();
  }
}
