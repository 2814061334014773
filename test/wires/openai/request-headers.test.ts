import t from 'tap';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import { createOpenAICompatibleRuntime } from '@manifold/wire-openai/runtime';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { SDK_USER_AGENT } from '@manifold/wire-openai/stream-request';
import { VERSION } from 'openai/version';
import {
  callContext,
  chatEvents,
  chatRequest,
  fakeUpstream,
  runtimeOptions,
  thrown,
} from './runtime-helpers.js';

t.test('requestHeaders are computed for every upstream call', async (t) => {
  const fake = await fakeUpstream(t);
  const seen: Array<ChatRequest | undefined> = [];
  let count = 0;
  const compat: OpenAICompatibleOptions = {
    baseURL: 'http://unused.invalid/v1',
    headers: { 'x-static': 'yes' },
    requestHeaders: (request) => {
      seen.push(request);
      count += 1;
      return { 'x-call': `call-${count}` };
    },
  };
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));

  await chatEvents(runtime, chatRequest({ model: 'first' }));
  await chatEvents(runtime, chatRequest({ model: 'second' }));
  await runtime.models!(callContext());
  await runtime.embeddings!({ model: 'embed', input: 'hi' }, callContext());

  const headers = fake.requests.map((request) => request.headers);
  t.same(
    headers.map((header) => header['x-call']),
    ['call-1', 'call-2', 'call-3', 'call-4'],
    'chat, chat, model list and embeddings each get fresh headers',
  );
  t.equal(headers[0]?.['x-static'], 'yes', 'static headers are still sent');
  t.same(
    seen.map((request) => request?.model),
    ['first', 'second', undefined, undefined],
  );
});

t.test('requiresBaseURL refuses a runtime without the user base URL', async (t) => {
  const compat: OpenAICompatibleOptions = { baseURL: '', requiresBaseURL: 'set the gateway URL' };
  const error = thrown(() =>
    createOpenAICompatibleRuntime(compat, runtimeOptions({ baseURL: '' }, { providerId: 'gw' })),
  );

  t.type(error, ManifoldError);
  t.equal(error.errorType, 'BadRequest');
  t.equal(error.body.provider, 'gw');
  t.equal(error.body.message, 'gw has no default base URL: set the gateway URL');

  const generic = thrown(() =>
    createOpenAICompatibleRuntime(
      { baseURL: '', requiresBaseURL: true },
      runtimeOptions({ baseURL: '' }),
    ),
  );
  t.equal(generic.body.message, 'test-compat has no default base URL: set its base URL');
});

t.test('requiresBaseURL accepts a runtime with a base URL', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = createOpenAICompatibleRuntime(
    { baseURL: '', requiresBaseURL: true },
    runtimeOptions(fake),
  );

  await chatEvents(runtime, chatRequest());
  t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
});

t.test('a streamed chat goes out as the SDK sent it, without the SDK', async (t) => {
  const fake = await fakeUpstream(t);
  const compat: OpenAICompatibleOptions = {
    baseURL: 'http://unused.invalid/v1',
    headers: { 'X-Static': 'yes', Accept: 'application/json; q=1' },
    requestHeaders: () => ({ 'X-Call': 'one' }),
  };
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));
  await chatEvents(runtime, chatRequest({ model: 'first' }));

  const [request] = fake.requests;
  t.equal(request?.method, 'POST');
  t.equal(request?.path, '/v1/chat/completions', 'the base URL and the chat path');
  t.equal(request?.headers.authorization, `Bearer ${runtimeOptions(fake).apiKey}`);
  t.equal(request?.headers['content-type'], 'application/json');
  t.equal(request?.headers.accept, 'application/json; q=1', "the provider's header wins, any case");
  t.equal(request?.headers['x-static'], 'yes');
  t.equal(request?.headers['x-call'], 'one');
  t.equal(request?.headers['user-agent'], `OpenAI/JS ${VERSION}`, "the installed SDK's user agent");
  t.equal(SDK_USER_AGENT, `OpenAI/JS ${VERSION}`);
  t.equal((request?.body as { stream?: boolean }).stream, true);
});
