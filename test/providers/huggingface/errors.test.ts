import t from 'tap';
import {
  callContext,
  chatEvents,
  chatRequest,
  rejection,
} from '../../wires/openai/runtime-helpers.js';
import { chunk } from '@manifold/provider-kit/fakes/openai-builders';
import {
  HF_MESSAGES as M,
  objectError,
  stringError,
  type HuggingFaceScenario,
} from '@manifold/provider-kit/fakes/huggingface';
import { fakeHuggingFace, huggingFaceRuntime } from './helpers.js';

const MODEL = 'meta-llama/Llama-3.3-70B-Instruct';

t.test('HTTP errors in both forms map by message, code, then status', async (t) => {
  const fake = await fakeHuggingFace(t);
  const cases: Array<[string, HuggingFaceScenario, string]> = [
    [
      'Pro model, 403',
      { kind: 'json', status: 403, body: stringError(M.proRequired) },
      'PermissionDenied',
    ],
    [
      'Pro model, 400',
      { kind: 'json', status: 400, body: stringError(`Bad request: ${M.proRequired}`) },
      'PermissionDenied',
    ],
    [
      'token invalid, 400',
      { kind: 'json', status: 400, body: stringError(M.tokenInvalid) },
      'InvalidProviderAPIKey',
    ],
    [
      'token invalid, 401',
      { kind: 'json', status: 401, body: objectError(M.tokenInvalid) },
      'InvalidProviderAPIKey',
    ],
    [
      'credits, 402',
      { kind: 'json', status: 402, body: stringError(M.credits) },
      'InsufficientQuota',
    ],
    [
      'model_not_found',
      {
        kind: 'json',
        status: 400,
        body: objectError(
          'The model `x/y` does not exist.',
          'invalid_request_error',
          'model_not_found',
        ),
      },
      'ModelNotFound',
    ],
    [
      'not served, 404',
      {
        kind: 'json',
        status: 404,
        body: stringError('Model x/y is not supported by any provider you have enabled.'),
      },
      'ModelNotFound',
    ],
    [
      'context',
      {
        kind: 'json',
        status: 400,
        body: objectError('too long', 'invalid_request_error', 'context_length_exceeded'),
      },
      'ExceededContextWindow',
    ],
    [
      'rate, 429',
      { kind: 'json', status: 429, body: stringError('Rate limit reached') },
      'QuotaLimitReached',
    ],
    [
      'validation, 422',
      { kind: 'json', status: 422, body: stringError(M.validation, 'validation') },
      'ProviderBizError',
    ],
    [
      'HTML 502',
      { kind: 'raw', status: 502, headers: { 'content-type': 'text/html' }, body: '<h1>502</h1>' },
      'ProviderBizError',
    ],
    [
      '200 with error',
      { kind: 'json', status: 200, body: stringError(M.proRequired) },
      'PermissionDenied',
    ],
  ];
  for (const [name, scenario, type] of cases) {
    fake.reply(scenario);
    const error = await rejection(
      huggingFaceRuntime(fake).chat(chatRequest({ model: MODEL }), callContext()),
    );
    t.equal(error?.errorType, type, name);
  }
  fake.reply({ kind: 'json', status: 403, body: stringError(M.proRequired) });
  const error = await rejection(
    huggingFaceRuntime(fake).chat(chatRequest({ model: MODEL }), callContext()),
  );
  t.equal(error?.body.message, M.proRequired);
  t.same(error?.body.error, { error: M.proRequired }, 'the upstream body is kept');
});

t.test(
  'a wrong token is InvalidProviderAPIKey and never shows; the custom host is masked',
  async (t) => {
    const fake = await fakeHuggingFace(t);
    const key = 'hf_wrongwrongwrong0123456789';
    const error = await rejection(
      huggingFaceRuntime(fake, { apiKey: key }).chat(chatRequest({ model: MODEL }), callContext()),
    );
    t.equal(error?.errorType, 'InvalidProviderAPIKey');
    t.equal(error?.body.message, M.badCredentials);
    const text = JSON.stringify(error?.body);
    t.notMatch(text, key);
    t.notMatch(text, '127.0.0.1');
    t.match(error?.body.endpoint, /\/v1$/);
  },
);

t.test('in-stream errors in string form map like HTTP ones', async (t) => {
  const fake = await fakeHuggingFace(t);
  fake.reply({ kind: 'chunks', chunks: [stringError(M.proRequired)], done: false });
  const first = await chatEvents(huggingFaceRuntime(fake), chatRequest({ model: MODEL }));
  t.same(
    first.map((e) => [e.id, e.event]),
    [['first_chunk_error', 'error']],
  );
  t.match(first[0]!.data, { type: 'PermissionDenied', message: M.proRequired });

  fake.reply({
    kind: 'chunks',
    chunks: [chunk({ content: 'Hel' }, { id: 'chatcmpl-x' }), stringError(M.tokenInvalid)],
    done: false,
  });
  const later = await chatEvents(huggingFaceRuntime(fake), chatRequest({ model: MODEL }));
  t.same(
    later.map((e) => [e.id, e.event]),
    [
      ['chatcmpl-x', 'text'],
      ['chatcmpl-x', 'error'],
    ],
  );
  t.match(later[1]!.data, { type: 'InvalidProviderAPIKey' });

  fake.reply({ kind: 'chunks', chunks: [stringError(M.validation, 'validation')], done: false });
  const validation = await chatEvents(huggingFaceRuntime(fake), chatRequest({ model: MODEL }));
  t.match(validation[0]!.data, {
    type: 'ProviderBizError',
    message: M.validation,
    body: { error: { error: M.validation, error_type: 'validation' } },
  });
});

t.test('in-stream errors in object form and as an error event map too', async (t) => {
  const fake = await fakeHuggingFace(t);
  fake.reply({
    kind: 'chunks',
    chunks: [
      objectError('The model `x/y` does not exist.', 'invalid_request_error', 'model_not_found'),
    ],
    done: false,
  });
  const object = await chatEvents(huggingFaceRuntime(fake), chatRequest({ model: MODEL }));
  t.match(object[0]!.data, { type: 'ModelNotFound', message: 'The model `x/y` does not exist.' });

  fake.reply({
    kind: 'raw',
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
    body: `event: error\ndata: ${JSON.stringify({ message: M.proRequired })}\n\n`,
  });
  const event = await chatEvents(huggingFaceRuntime(fake), chatRequest({ model: MODEL }));
  t.match(event[0]!.data, { type: 'PermissionDenied' });
});
