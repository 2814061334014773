/**
 * The rest of the OpenAI-compatible API through the official `openai` package: the model list,
 * embeddings (the SDK asks for base64 and decodes it), image generation, and speech (the provider
 * runtime's, or a speech handler plugged in).
 */
import t from 'tap';
import OpenAI, { APIError } from 'openai';
import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { providerPlugin } from '@manifold/gateway/provider-plugin';
import { startGateway } from '../../helpers/gateway.js';
import { NO_PROVIDERS } from '../../helpers/paths.js';
import { API_KEY, startCompatGateway } from './helpers.js';

const gateway = await startCompatGateway(t);
const client = new OpenAI({ apiKey: API_KEY, baseURL: `${gateway.url}/v1`, maxRetries: 0 });

t.test('GET /v1/models lists the enabled chat models of enabled providers', async (t) => {
  const models = [];
  for await (const model of client.models.list()) models.push(model);
  const expected = gateway.app.registry
    .manifests()
    .filter((manifest) => manifest.enabled)
    .flatMap((manifest) =>
      manifest.models
        .filter((card) => card.enabled && card.type === 'chat')
        .map((card) => `${manifest.id}/${card.id}`),
    );
  t.same(
    models.map((model) => model.id),
    expected,
  );
  t.ok(expected.includes('openai/gpt-4o-mini') && expected.includes('google/gemini-2.5-flash'));
  t.notOk(
    models.some((model) => model.id === 'openai/dall-e-3'),
    'image models are not chat models',
  );
  t.match(
    models.find((model) => model.id === 'openai/gpt-4o-mini'),
    {
      object: 'model',
      created: Number,
      owned_by: 'openai',
    },
  );

  const raw = await fetch(`${gateway.url}/v1/models`, {
    headers: { authorization: `Bearer ${API_KEY}` },
  });
  const body = (await raw.json()) as { object: string; data: unknown[] };
  t.equal(body.object, 'list');
  t.same(Object.keys(body.data[0] as object).sort(), ['created', 'id', 'object', 'owned_by']);

  const one = await client.models.retrieve('anthropic/claude-sonnet-4-5-20250929');
  t.match(one, { id: 'anthropic/claude-sonnet-4-5-20250929', owned_by: 'anthropic' });
  const missing = await client.models.retrieve('anthropic/claude-nope').then(
    () => undefined,
    (caught: unknown) => caught,
  );
  t.ok(missing instanceof OpenAI.NotFoundError);
});

t.test('GET /v1/models answers the Anthropic SDK in its own list shape', async (t) => {
  const response = await fetch(`${gateway.url}/v1/models`, {
    headers: { 'x-api-key': API_KEY, 'anthropic-version': '2023-06-01' },
  });
  const body = (await response.json()) as { data: Array<Record<string, unknown>> };
  t.match(body, { has_more: false, first_id: String, last_id: String });
  t.match(
    body.data.find((model) => model.id === 'anthropic/claude-sonnet-4-5-20250929'),
    {
      type: 'model',
      display_name: 'Claude Sonnet 4.5',
      created_at: /^\d{4}-\d{2}-\d{2}T/,
    },
  );
});

t.test('embeddings in the base64 the SDK asks for, decoded by it, on two runtimes', async (t) => {
  const openai = await client.embeddings.create({
    model: 'openai/text-embedding-3-small',
    input: ['one', 'two'],
    dimensions: 3,
  });
  t.equal(openai.object, 'list');
  t.equal(openai.model, 'openai/text-embedding-3-small');
  t.same(
    openai.data.map((item) => [item.object, item.index, item.embedding]),
    [
      ['embedding', 0, [0.25, -0.5, 0.75]],
      ['embedding', 1, [0.25, -0.5, 0.75]],
    ],
  );
  t.match(gateway.openai.lastRequest(), {
    path: '/v1/embeddings',
    body: { model: 'text-embedding-3-small', input: ['one', 'two'], dimensions: 3 },
  });

  const ollama = await client.embeddings.create({
    model: 'ollama/nomic-embed-text',
    input: 'one',
    encoding_format: 'float',
  });
  t.equal(ollama.data.length, 1);
  t.equal(ollama.data[0]!.embedding.length, 3);
  t.match(gateway.ollama.lastRequest('/api/embed')?.body, {
    model: 'nomic-embed-text',
    input: 'one',
  });

  const refused = await client.embeddings
    .create({ model: 'openai/text-embedding-3-small', input: [1, 2, 3] })
    .then(
      () => undefined,
      (caught: unknown) => caught,
    );
  t.ok(refused instanceof OpenAI.BadRequestError);
  t.equal((refused as APIError).param, 'input');
});

t.test(
  'image generation answers URLs, or base64 when asked and when the model gave it',
  async (t) => {
    const urls = await client.images.generate({
      model: 'openai/dall-e-3',
      prompt: 'a lighthouse',
      n: 2,
    });
    t.match(urls.data, [{ url: /^https:\/\/.*img-0\.png$/ }, { url: /^https:\/\/.*img-1\.png$/ }]);
    t.match(gateway.openai.lastRequest(), {
      path: '/v1/images/generations',
      body: { model: 'dall-e-3', prompt: 'a lighthouse', n: 2 },
    });
    const inline = await client.images.generate({ model: 'openai/gpt-image-1', prompt: 'a boat' });
    t.match(inline.data, [{ b64_json: /^iVBORw0KGgo/ }]);
    t.notOk(inline.data?.[0]?.url);
  },
);

t.test('speech from a provider whose runtime does not speak is 405 in OpenAI shape', async (t) => {
  const error = await client.audio.speech
    .create({ model: 'anthropic/claude-sonnet-4-5-20250929', voice: 'alloy', input: 'Hello' })
    .then(
      () => undefined,
      (caught: unknown) => caught,
    );
  t.ok(error instanceof APIError);
  t.equal((error as APIError).status, 405);
  t.equal((error as APIError).code, 405);
  t.match((error as APIError).message, 'anthropic does not speak text');
});

t.test("speech is the runtime's own, with the caller's credentials", async (t) => {
  const calls: unknown[] = [];
  const runtime = {
    chat: () => Promise.reject(new ManifoldError('BadRequest', { message: 'speech only' })),
    async speech(request: unknown, context: { signal: AbortSignal; userId?: string }) {
      calls.push({ request, aborted: context.signal.aborted });
      return { contentType: 'audio/ogg', audio: new Uint8Array([79, 103, 103, 83]) };
    },
  };
  const speaker: ProviderDefinition = {
    manifest: {
      id: 'speaker',
      name: 'Speaker',
      sdkType: 'test',
      keyVault: [{ field: 'apiKey', required: true, secret: true, label: 'API Key' }],
      settings: {},
      models: [],
    },
    createRuntime: () => runtime,
  };
  const { url } = await startGateway(
    t,
    { MANIFOLD_API_KEYS: API_KEY, SPEAKER_API_KEY: 'k' },
    {
      providersDir: NO_PROVIDERS,
      sources: [
        {
          label: 'speaker',
          source: 'builtin',
          load: async () => ({ default: providerPlugin(speaker) }),
        },
      ],
    },
  );
  const openai = new OpenAI({ apiKey: API_KEY, baseURL: `${url}/v1`, maxRetries: 0 });
  const response = await openai.audio.speech.create({
    model: 'speaker/voice-1',
    voice: 'nova',
    input: 'Hello',
    response_format: 'opus',
    speed: 1.5,
    instructions: 'cheerful',
  });
  t.equal(response.headers.get('content-type'), 'audio/ogg');
  t.equal(Buffer.from(await response.arrayBuffer()).toString(), 'OggS');
  t.same(calls, [
    {
      request: { model: 'voice-1', input: 'Hello', voice: 'nova', speed: 1.5, format: 'opus' },
      aborted: false,
    },
  ]);
  const refused = await openai.audio.speech
    .create({
      model: 'speaker/voice-1',
      voice: 'nova',
      input: 'Hi',
      response_format: 'ogg' as 'mp3',
    })
    .then(
      () => undefined,
      (caught: unknown) => caught,
    );
  t.ok(refused instanceof OpenAI.BadRequestError, 'an unknown audio format is refused');
});

t.test('a speech handler plugged in answers with its audio and content type', async (t) => {
  const calls: unknown[] = [];
  const { url } = await startGateway(
    t,
    { MANIFOLD_API_KEYS: API_KEY },
    {
      sources: [],
      speech: async (call) => {
        calls.push({ ...call, signal: undefined });
        return { contentType: 'audio/mpeg', audio: new TextEncoder().encode('ID3fake-mp3') };
      },
    },
  );
  const speaker = new OpenAI({ apiKey: API_KEY, baseURL: `${url}/v1`, maxRetries: 0 });
  const response = await speaker.audio.speech.create({
    model: 'openai/gpt-4o-mini-tts',
    voice: 'alloy',
    input: 'Hello',
    response_format: 'mp3',
    speed: 1.25,
  });
  t.equal(response.headers.get('content-type'), 'audio/mpeg');
  t.equal(Buffer.from(await response.arrayBuffer()).toString(), 'ID3fake-mp3');
  t.match(calls, [
    {
      provider: 'openai',
      model: 'gpt-4o-mini-tts',
      voice: 'alloy',
      input: 'Hello',
      format: 'mp3',
      speed: 1.25,
    },
  ]);
});
