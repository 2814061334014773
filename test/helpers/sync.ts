import type { SignedUp } from './accounts.js';

/** An answer of the sync API: status and parsed JSON body (null for 204). */
export interface Answer {
  status: number;
  body: any;
}

/** A person's calls to the sync API (by session cookie, or signed out without one). */
export function syncClient(url: string, person?: SignedUp | { authorization: string }) {
  const headers: Record<string, string> = !person
    ? {}
    : 'cookie' in person
      ? { cookie: person.cookie }
      : { authorization: person.authorization };
  const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...headers,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  return {
    get: (path: string) => call('GET', path),
    put: (path: string, body: unknown) => call('PUT', path, body),
    post: (path: string, body: unknown) => call('POST', path, body),
    del: (path: string) => call('DELETE', path),
    /** Every change of a collection from `since` on, following `more` page by page. */
    async pullAll(path: string, since?: string, limit?: number) {
      const items: any[] = [];
      let cursor = since;
      for (;;) {
        const query = new URLSearchParams({
          ...(cursor ? { since: cursor } : {}),
          ...(limit ? { limit: String(limit) } : {}),
        });
        const answer = await call('GET', `${path}?${query}`);
        if (answer.status !== 200) throw new Error(`pull ${path}: ${answer.status}`);
        items.push(...answer.body.items);
        cursor = answer.body.next ?? cursor;
        if (!answer.body.more) return { items, next: cursor };
      }
    },
  };
}

/** A key for KEY_VAULTS_SECRET in tests (32+ characters). */
export const TEST_KEY_VAULTS_SECRET = 'key-vaults-secret-0123456789-abcdefghij';
