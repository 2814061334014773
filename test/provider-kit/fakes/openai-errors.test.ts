import t from 'tap';
import OpenAI from 'openai';
import { setTimeout as sleep } from 'node:timers/promises';
import { textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import {
  errorObject,
  openaiError,
  streamErrorChunk,
} from '@manifold/provider-kit/fakes/openai-errors';
import { collect, connect, rejection } from './openai-harness.js';

const cases = [
  {
    status: 401,
    code: 'invalid_api_key',
    type: 'invalid_request_error',
    kind: OpenAI.AuthenticationError,
  },
  {
    status: 429,
    code: 'insufficient_quota',
    type: 'insufficient_quota',
    kind: OpenAI.RateLimitError,
  },
  { status: 429, code: 'rate_limit_exceeded', type: 'tokens', kind: OpenAI.RateLimitError },
  {
    status: 404,
    code: 'model_not_found',
    type: 'invalid_request_error',
    kind: OpenAI.NotFoundError,
  },
  {
    status: 400,
    code: 'context_length_exceeded',
    type: 'invalid_request_error',
    kind: OpenAI.BadRequestError,
  },
  {
    status: 403,
    code: 'unsupported_country_region_territory',
    type: 'request_forbidden',
    kind: OpenAI.PermissionDeniedError,
  },
  { status: 500, code: null, type: 'server_error', kind: OpenAI.InternalServerError },
  { status: 503, code: null, type: 'server_error', kind: OpenAI.InternalServerError },
];

for (const { status, code, type, kind } of cases) {
  t.test(
    `a ${status} ${code ?? 'server'} error makes the SDK throw ${kind.name} with that status and code`,
    async (t) => {
      const { fake, client } = await connect(t);
      fake.reply(openaiError(status, code));
      const error = await rejection(
        client.chat.completions.create({ model: 'gpt-4o', messages: [], stream: true }),
      );
      t.type(error, kind);
      t.type(error, OpenAI.APIError);
      const apiError = error as InstanceType<typeof OpenAI.APIError>;
      t.equal(apiError.status, status);
      t.equal(apiError.code, code);
      t.equal(apiError.type, type);
      t.match(apiError.requestID, /^req_fake_/);
      t.same(apiError.error, errorObject({ status, code }));
    },
  );
}

t.test(
  'an error scenario defaults its code from the status and keeps explicit fields',
  async (t) => {
    t.equal(errorObject({ status: 401 }).code, 'invalid_api_key');
    t.equal(errorObject({ status: 400 }).param, 'messages');
    t.same(
      errorObject({ status: 418, code: 'teapot', message: 'short and stout', type: 'custom' }),
      {
        message: 'short and stout',
        type: 'custom',
        param: null,
        code: 'teapot',
      },
    );
  },
);

t.test('a json scenario sends any error body with any status', async (t) => {
  const { fake, client } = await connect(t);
  fake.reply({
    kind: 'json',
    status: 422,
    body: { error: { message: 'bad field', type: 'invalid', code: 'x' } },
  });
  const error = await rejection(client.chat.completions.create({ model: 'm', messages: [] }));
  t.type(error, OpenAI.UnprocessableEntityError);
  t.equal((error as InstanceType<typeof OpenAI.APIError>).code, 'x');
});

t.test('a raw non-JSON 502 from a proxy still makes the SDK throw an APIError', async (t) => {
  const { fake, client } = await connect(t);
  fake.reply({
    kind: 'raw',
    status: 502,
    headers: { 'content-type': 'text/html' },
    body: '<html>Bad Gateway</html>',
  });
  const error = await rejection(client.chat.completions.create({ model: 'm', messages: [] }));
  t.type(error, OpenAI.InternalServerError);
  t.equal((error as InstanceType<typeof OpenAI.APIError>).status, 502);
  t.match((error as Error).message, /Bad Gateway/);
});

t.test('an unknown path gets the OpenAI 404 Invalid URL body', async (t) => {
  const { fake, client } = await connect(t);
  const error = await rejection(client.post('/nowhere', { body: {} }));
  t.type(error, OpenAI.NotFoundError);
  t.match((error as Error).message, 'Invalid URL (POST /v1/nowhere)');
  t.equal(fake.lastRequest()?.path, '/v1/nowhere');
});

t.test(
  'a chunk carrying an error object mid-stream makes the SDK iterator throw an APIError',
  async (t) => {
    const { fake, client } = await connect(t);
    const first = textChunks(['partial'])[0] ?? {};
    fake.reply({
      kind: 'chunks',
      chunks: [first, streamErrorChunk('Upstream overloaded', 'overloaded')],
    });
    const stream = await client.chat.completions.create({ model: 'm', messages: [], stream: true });
    const { items, error } = await collect(stream);
    t.same(items, [first]);
    t.type(error, OpenAI.APIError);
    t.equal((error as InstanceType<typeof OpenAI.APIError>).code, 'overloaded');
    t.match((error as Error).message, 'Upstream overloaded');
  },
);

t.test(
  'a chunk that is not JSON makes the SDK iterator throw after the chunks before it',
  async (t) => {
    const { fake, client } = await connect(t, { quiet: true });
    const [first, second] = textChunks(['a', 'b']);
    fake.reply({ kind: 'chunks', chunks: [first ?? {}, '{"id": broken', second ?? {}] });
    const stream = await client.chat.completions.create({ model: 'm', messages: [], stream: true });
    const { items, error } = await collect(stream);
    t.same(items, [first]);
    t.type(error, SyntaxError);
  },
);

t.test(
  'a dropped connection makes the SDK iterator throw after the chunks sent before the drop',
  async (t) => {
    const { fake, client } = await connect(t);
    const chunks = textChunks(['one', 'two', 'three']);
    fake.reply({ kind: 'chunks', chunks, dropAfter: 2, delayMs: 5 });
    const stream = await client.chat.completions.create({ model: 'm', messages: [], stream: true });
    const { items, error } = await collect(stream);
    t.same(items, chunks.slice(0, 2));
    t.ok(error instanceof Error, 'the iteration fails instead of ending as if complete');
    const closed = await Promise.race([
      fake.waitForClientClose().then(() => true),
      sleep(30).then(() => false),
    ]);
    t.notOk(closed, 'a drop by the server is not counted as the client closing');
  },
);
