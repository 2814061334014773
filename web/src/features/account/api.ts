// The account routes of the gateway (README "Accounts"): better-auth under /api/auth/*, the
// accounts config, /webapi/me and the API keys. The session travels in an HttpOnly cookie, so
// every call is a same-origin fetch with credentials.

/** An error answer of an account route, with the server's message. */
export class AccountError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AccountError';
  }
}

/** `GET /api/accounts/config`. */
export interface AccountsConfig {
  accounts: 'off' | 'on' | 'required';
  edition: string;
  emailPassword: boolean;
  providers: { id: string; name: string }[];
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export interface ApiKey {
  id: string;
  name: string;
  start: string;
  createdAt: string;
  lastUsedAt?: string;
}

/** The message of an error body: better-auth's `{message}`, the gateway's `{body: {message}}`. */
function messageOf(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (typeof record.message === 'string') return record.message;
    const inner = record.body as Record<string, unknown> | undefined;
    if (inner && typeof inner.message === 'string') return inner.message;
    if (typeof record.errorType === 'string') return record.errorType;
  }
  return `HTTP ${status}`;
}

/** One JSON call; a non-OK answer throws `AccountError`, a 204 answers null. */
export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) throw new AccountError(response.status, messageOf(json, response.status));
  return json as T;
}

export const accountsApi = {
  config: () => call<AccountsConfig>('GET', '/api/accounts/config'),
  session: () => call<{ user: SessionUser } | null>('GET', '/api/auth/get-session'),
  signIn: (email: string, password: string) =>
    call<{ user: SessionUser }>('POST', '/api/auth/sign-in/email', { email, password }),
  signUp: (email: string, password: string, name: string) =>
    call<{ user: SessionUser }>('POST', '/api/auth/sign-up/email', { email, password, name }),
  signOut: () => call<unknown>('POST', '/api/auth/sign-out', {}),
  revokeSessions: () => call<unknown>('POST', '/api/auth/revoke-sessions', {}),
  deleteUser: (password: string) => call<unknown>('POST', '/api/auth/delete-user', { password }),
  social: (provider: string, callbackURL: string) =>
    call<{ url: string }>('POST', '/api/auth/sign-in/social', { provider, callbackURL }),
  listKeys: () => call<{ keys: ApiKey[] }>('GET', '/webapi/api-keys'),
  createKey: (name: string) =>
    call<{ id: string; name: string; key: string }>('POST', '/webapi/api-keys', { name }),
  deleteKey: (id: string) => call<null>('DELETE', `/webapi/api-keys/${encodeURIComponent(id)}`),
};
