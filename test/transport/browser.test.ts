// The page's transport (core/transport/src/browser.ts, what `@manifold/transport` is in a browser
// bundle), with the global fetch standing in for the browser's.
import t, { type Test } from 'tap';
import { createUpstreamFetch, leanFetch } from '../../core/transport/src/browser.js';

function stubFetch(t: Test, answer: (input: unknown, init?: RequestInit) => Promise<Response>) {
  const saved = globalThis.fetch;
  const calls: Array<RequestInit | undefined> = [];
  globalThis.fetch = async (input, init) => {
    calls.push(init);
    return answer(input, init);
  };
  t.teardown(() => {
    globalThis.fetch = saved;
  });
  return calls;
}

t.test('a request that gets no answer rejects as in Node: TypeError "fetch failed"', async (t) => {
  const browserError = new TypeError('Failed to fetch');
  stubFetch(t, async () => {
    throw browserError;
  });
  const error = await leanFetch('http://127.0.0.1:11434/api/chat').catch((e: unknown) => e);
  t.type(error, TypeError);
  t.equal((error as Error).message, 'fetch failed', 'the message every wire recognises');
  t.equal((error as Error).cause, browserError, "the browser's own error is the cause");
});

t.test('an abort and other errors pass through unchanged', async (t) => {
  const abort = new DOMException('The user aborted a request.', 'AbortError');
  stubFetch(t, async () => {
    throw abort;
  });
  t.equal(await leanFetch('http://x.test/').catch((e: unknown) => e), abort);

  const controller = new AbortController();
  controller.abort();
  const aborted = createUpstreamFetch();
  const typeError = new TypeError('Failed to fetch');
  globalThis.fetch = async () => {
    throw typeError;
  };
  t.equal(
    await aborted('http://x.test/', { signal: controller.signal }).catch((e: unknown) => e),
    typeError,
    'a fetch rejected because its signal fired is not a network failure',
  );
});

t.test('the Node-only upstream options are not handed to the page fetch', async (t) => {
  const calls = stubFetch(t, async () => new Response('ok'));
  await leanFetch('http://x.test/', {
    method: 'POST',
    body: 'x',
    upstream: { totalTimeoutMs: 0 },
  } as RequestInit);
  t.same(calls[0], { method: 'POST', body: 'x' });
  await leanFetch('http://x.test/');
  t.equal(calls[1], undefined, 'no init stays no init');
});
