// Establishes the caller of a request from its Bearer API key, or throws UnauthorizedError.
import { UnauthorizedError } from '../errors/index.js';
import type { Principal } from '../service/index.js';
import { bearerToken } from './bearer-token.js';

/** Maps an API key to the account it belongs to; null (or undefined) when it belongs to none. */
export type Authenticate = (key: string) => Principal | null | undefined | Promise<Principal | null | undefined>;

export async function authenticateRequest(request: Request, authenticate: Authenticate): Promise<Principal> {
  const key = bearerToken(request.headers.get('authorization'));
  if (key === null) throw new UnauthorizedError({ detail: 'no Bearer credential in the Authorization header' });
  const principal = await authenticate(key);
  if (!principal) throw new UnauthorizedError({ detail: 'the API key authenticates nobody' });
  return principal;
}
