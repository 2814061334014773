import t from 'tap';
import { ERROR_CATALOGUE } from '@manifold/core/errors/catalogue';
import { CLIENT_FETCH_TEXTS } from '../../web/src/app/locale.js';
import {
  ChatFetchError,
  clientFetchFailureOf,
  clientFetchText,
  errorFromResponse,
  errorText,
  isAbortError,
  networkError,
} from '../../web/src/lib/api-error.js';

t.test('a JSON {errorType, body} answer keeps its type, body and status', async (t) => {
  const response = new Response(
    JSON.stringify({
      errorType: 'InvalidProviderAPIKey',
      body: { provider: 'openai', message: 'bad key' },
    }),
    { status: 401, headers: { 'content-type': 'application/json' } },
  );
  const error = await errorFromResponse(response);
  t.ok(error instanceof ChatFetchError);
  t.ok(error instanceof Error);
  t.equal(error.errorType, 'InvalidProviderAPIKey');
  t.equal(error.status, 401);
  t.same(error.body, { provider: 'openai', message: 'bad key' });
  t.equal(error.message, 'bad key');
  t.equal(error.name, 'ChatFetchError');
});

t.test('a numeric errorType is kept as a number', async (t) => {
  const error = await errorFromResponse(
    new Response(JSON.stringify({ errorType: 413, body: {} }), { status: 413 }),
  );
  t.equal(error.errorType, 413);
  t.equal(error.message, '413');
});

t.test('a non-JSON answer gets the status code as its type', async (t) => {
  const error = await errorFromResponse(new Response('<html>Bad Gateway</html>', { status: 502 }));
  t.equal(error.errorType, 502);
  t.equal(error.status, 502);
  t.equal(error.body.message, '<html>Bad Gateway</html>');
  const empty = await errorFromResponse(new Response(null, { status: 504 }));
  t.equal(empty.errorType, 504);
  t.same(empty.body, {});
});

t.test('JSON without an errorType is treated like any other body', async (t) => {
  const error = await errorFromResponse(
    new Response(JSON.stringify({ error: 'x' }), { status: 500 }),
  );
  t.equal(error.errorType, 500);
  const noBody = await errorFromResponse(
    new Response(JSON.stringify({ errorType: 'BadRequest', body: 'oops' }), { status: 400 }),
  );
  t.equal(noBody.errorType, 'BadRequest');
  t.same(noBody.body, {}, 'a body that is not an object is dropped');
});

t.test('networkError wraps a rejected fetch', async (t) => {
  const cause = new TypeError('Failed to fetch');
  const error = networkError(cause);
  t.equal(error.errorType, 'UnknownChatFetchError');
  t.equal(error.status, 0);
  t.same(error.body, { message: 'Failed to fetch', name: 'TypeError' });
  t.equal(error.cause, cause);
  t.same(networkError('down').body, { message: 'down', name: 'Error' });
});

t.test('isAbortError recognises aborts only', async (t) => {
  const controller = new AbortController();
  controller.abort();
  t.ok(isAbortError(controller.signal.reason));
  t.ok(isAbortError(new DOMException('x', 'AbortError')));
  t.notOk(isAbortError(new Error('x')));
  t.notOk(isAbortError(null));
});

t.test('errorText uses the catalogue and fills in the provider', async (t) => {
  t.equal(
    errorText('InvalidProviderAPIKey', 'en', 'OpenAI'),
    ERROR_CATALOGUE.InvalidProviderAPIKey.en.replace('{{provider}}', 'OpenAI'),
  );
  t.match(errorText('InvalidProviderAPIKey', 'zh', 'OpenAI'), /^OpenAI API Key/);
  t.notMatch(errorText('ProviderBizError', 'en'), /\{\{provider\}\}/);
  t.match(errorText('ProviderBizError', 'en'), /the provider/);
  t.equal(errorText(502, 'en'), ERROR_CATALOGUE[502].en);
  t.equal(errorText(502, 'zh'), ERROR_CATALOGUE[502].zh);
});

t.test('errorText has a generic message for unknown types', async (t) => {
  t.match(errorText('SomethingNew', 'en'), /SomethingNew/);
  t.match(errorText(418, 'zh'), /418/);
});

t.test('a call from the page that got no answer is explained by its reason', async (t) => {
  const origin = 'https://chat.example.com';
  const target = 'http://127.0.0.1:11434';
  const en = CLIENT_FETCH_TEXTS.en;
  const cors = clientFetchText(
    'AgentRuntimeError',
    { reason: 'cors', target, origin },
    en,
    'LM Studio',
  );
  t.match(cors, 'LM Studio at http://127.0.0.1:11434 answered');
  t.match(cors, `(${origin})`);
  t.notMatch(cors, 'OLLAMA_ORIGINS', 'only the error type whose server reads it names it');
  t.match(
    clientFetchText('OllamaServiceUnavailable', { reason: 'cors', target, origin }, en, 'Ollama'),
    `OLLAMA_ORIGINS=${origin}`,
    "Ollama's failure type names the variable and the origin to put in it",
  );
  t.match(
    clientFetchText('OllamaServiceUnavailable', { reason: 'unreachable', target }, en, 'Ollama'),
    'could not reach Ollama at http://127.0.0.1:11434',
  );
  t.match(
    clientFetchText(500, { reason: 'insecure', target: 'http://10.0.0.5:1234' }, en, 'X', origin),
    'served over https',
  );
  t.match(
    clientFetchText(
      'OllamaServiceUnavailable',
      { reason: 'cors', target },
      CLIENT_FETCH_TEXTS.zh,
      'Ollama',
      origin,
    ),
    `OLLAMA_ORIGINS=${origin}`,
    'in Chinese too, with the page origin when the failure has none',
  );
  for (const locale of ['en', 'zh'] as const) {
    const texts = CLIENT_FETCH_TEXTS[locale];
    for (const text of [
      texts.cors,
      texts.unreachable,
      texts.insecure,
      ...Object.values(texts.corsByType),
    ])
      t.match(text, '{target}', `${locale}: every text names the address`);
    t.same(Object.keys(texts.corsByType), Object.keys(CLIENT_FETCH_TEXTS.en.corsByType));
  }
});

t.test('body.clientFetch is read only when it is one', async (t) => {
  t.same(
    clientFetchFailureOf({
      clientFetch: { reason: 'cors', target: 'http://a', origin: 'http://b' },
    }),
    {
      reason: 'cors',
      target: 'http://a',
      origin: 'http://b',
    },
  );
  t.equal(
    clientFetchFailureOf({ clientFetch: { reason: 'other', target: 'http://a' } }),
    undefined,
  );
  t.equal(clientFetchFailureOf({ clientFetch: { reason: 'cors' } }), undefined);
  t.equal(clientFetchFailureOf({}), undefined);
  t.equal(clientFetchFailureOf(undefined), undefined);
});
