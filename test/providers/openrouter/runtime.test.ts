import t from 'tap';
import { definition } from '../../../providers/openrouter/index.js';
import { chunk, textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import {
  callContext,
  chatEvents,
  chatRequest,
  fakeUpstream,
  lastBody,
  runtimeOptions,
} from '../../wires/openai/runtime-helpers.js';
import type { FakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { conformance } from './conformance.js';

/** OpenRouter's base path is /api/v1; the fake routes by suffix, so the runtime uses the same shape. */
const openrouter = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/api/v1` }, { providerId: 'openrouter' }),
  );

t.test(
  'the default base URL is https://openrouter.ai/api/v1, never called from browsers',
  async (t) => {
    t.equal(definition.manifest.defaultBaseURL, 'https://openrouter.ai/api/v1');
    t.equal(definition.manifest.settings.disableBrowserRequest, true);
    t.equal(definition.manifest.settings.searchMode, 'params');
  },
);

t.test('the static list has about 55 chat models including :free variants', async (t) => {
  const ids = (definition.manifest.models ?? []).map((model) => model.id);
  t.ok(ids.length >= 50, `${ids.length} cards`);
  t.equal(new Set(ids).size, ids.length, 'ids are unique');
  t.ok(ids.filter((id) => id.endsWith(':free')).length >= 8, 'free variants');
  for (const model of definition.manifest.models ?? []) {
    if (model.id.endsWith(':free')) t.same(model.pricing, { input: 0, output: 0 }, model.id);
  }
});

t.test('requests carry the HTTP-Referer and X-Title attribution headers', async (t) => {
  const fake = await fakeUpstream(t);
  await chatEvents(openrouter(fake), chatRequest({ model: 'openai/gpt-4o-mini' }));

  const request = fake.lastRequest();
  t.equal(request?.path, '/api/v1/chat/completions');
  t.equal(request?.headers['http-referer'], 'https://github.com/manifold');
  t.equal(request?.headers['x-title'], 'Manifold');
});

t.test('thinking becomes reasoning.max_tokens = min(budget, max_tokens - 1)', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = openrouter(fake);
  const model = 'anthropic/claude-sonnet-4.5';

  await chatEvents(
    runtime,
    chatRequest({ model, max_tokens: 2000, thinking: { type: 'enabled', budget_tokens: 4096 } }),
  );
  t.same(lastBody(fake).reasoning, { max_tokens: 1999 });
  t.notOk('thinking' in lastBody(fake), 'the gateway field itself is not sent');

  await chatEvents(
    runtime,
    chatRequest({ model, max_tokens: 2000, thinking: { type: 'enabled', budget_tokens: 512 } }),
  );
  t.same(lastBody(fake).reasoning, { max_tokens: 512 });

  await chatEvents(runtime, chatRequest({ model, thinking: { type: 'enabled' } }));
  t.same(lastBody(fake).reasoning, { max_tokens: 1024 }, 'default budget 1024');
});

t.test('thinking disabled sends reasoning.enabled false; no thinking sends nothing', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = openrouter(fake);

  await chatEvents(
    runtime,
    chatRequest({ model: 'deepseek/deepseek-chat-v3.1', thinking: { type: 'disabled' } }),
  );
  t.same(lastBody(fake).reasoning, { enabled: false });

  await chatEvents(runtime, chatRequest({ model: 'deepseek/deepseek-chat-v3.1' }));
  t.notOk('reasoning' in lastBody(fake));
});

t.test('search appends :online to the model id', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = openrouter(fake);

  await chatEvents(runtime, chatRequest({ model: 'openai/gpt-4o', enabledSearch: true }));
  t.equal(lastBody(fake).model, 'openai/gpt-4o:online');

  await chatEvents(runtime, chatRequest({ model: 'openai/gpt-4o:online', enabledSearch: true }));
  t.equal(lastBody(fake).model, 'openai/gpt-4o:online', 'not twice');

  await chatEvents(runtime, chatRequest({ model: 'openai/gpt-4o' }));
  t.equal(lastBody(fake).model, 'openai/gpt-4o', 'no search, no suffix');
});

t.test('url_citation annotations in the deltas become one grounding event', async (t) => {
  const fake = await fakeUpstream(t);
  const annotations = [
    { type: 'url_citation', url_citation: { url: 'https://a.example/1', title: 'One' } },
    { type: 'url_citation', url_citation: { url: 'https://b.example/2', title: 'Two' } },
  ];
  fake.reply({
    kind: 'chunks',
    chunks: [
      chunk({ role: 'assistant', content: 'Cited' }),
      chunk({ annotations }),
      ...textChunks(['.']),
    ],
  });

  const events = await chatEvents(
    openrouter(fake),
    chatRequest({ model: 'openai/gpt-4o', enabledSearch: true }),
  );

  const grounding = events.filter((event) => event.event === 'grounding');
  t.equal(grounding.length, 1);
  t.same(grounding[0]?.data, {
    citations: [
      { title: 'One', url: 'https://a.example/1' },
      { title: 'Two', url: 'https://b.example/2' },
    ],
  });
});

t.test(
  'annotations spread over chunks, during and after the text, all reach the one grounding',
  async (t) => {
    const fake = await fakeUpstream(t);
    fake.reply({ kind: 'fixture', name: 'openrouter-annotations' });

    const events = await chatEvents(
      openrouter(fake),
      chatRequest({ model: 'openai/gpt-4o', enabledSearch: true }),
    );

    const groundings = events.filter((event) => event.event === 'grounding');
    t.equal(groundings.length, 1, 'one grounding event');
    t.same(groundings[0]?.data, {
      citations: [
        {
          title: 'Node.js — Node.js Releases',
          url: 'https://nodejs.org/en/about/previous-releases',
        },
        {
          title: 'nodejs/Release: Node.js Release Working Group',
          url: 'https://github.com/nodejs/release#release-schedule',
        },
        { title: 'Node.js | endoflife.date', url: 'https://endoflife.date/nodejs' },
      ],
    });
    t.same(
      events.slice(-4).map((event) => event.event),
      ['grounding', 'stop', 'usage', 'speed'],
      'sent after the last text, right before stop',
    );
    t.equal(
      events
        .filter((event) => event.event === 'text')
        .map((event) => event.data)
        .join(''),
      'Node.js 22 is the active LTS line ([nodejs.org](https://nodejs.org/en/about/previous-releases))' +
        '; Node.js 24 follows in October.',
    );
  },
);

t.test(
  'the model list comes from /api/frontend/models with prices per million tokens',
  async (t) => {
    const fake = await fakeUpstream(t);
    fake.reply({
      kind: 'json',
      body: {
        data: [
          {
            slug: 'acme/thinker-2',
            name: 'Acme: Thinker 2',
            short_name: 'Thinker 2',
            context_length: 65_536,
            created_at: '2025-06-01T12:00:00Z',
            input_modalities: ['text', 'image'],
            endpoint: {
              model_variant_slug: 'acme/thinker-2:free',
              max_completion_tokens: 8192,
              supports_tool_parameters: true,
              supports_reasoning: true,
              pricing: { prompt: '0.0000005', completion: '0.0000015' },
            },
          },
          {
            slug: 'acme/plain-1',
            name: 'Acme: Plain 1',
            context_length: 32_768,
            input_modalities: ['text'],
            endpoint: {
              max_completion_tokens: null,
              supports_tool_parameters: false,
              supports_reasoning: false,
              pricing: { prompt: '-1', completion: '-1' },
            },
          },
          { slug: 'acme/retired', name: 'Retired', context_length: 4096, endpoint: null },
          { slug: 'acme/text-embedding-1', name: 'Embed', endpoint: { pricing: {} } },
          { slug: 'openai/gpt-4o', name: 'OpenAI: GPT-4o', endpoint: { pricing: {} } },
        ],
      },
    });

    const models = await openrouter(fake).models!(callContext());

    t.equal(fake.lastRequest()?.path, '/api/frontend/models');
    t.same(
      models.map((model) => model.id),
      ['acme/thinker-2:free', 'acme/plain-1', 'openai/gpt-4o'],
    );
    t.match(models[0], {
      displayName: 'Thinker 2',
      contextWindowTokens: 65_536,
      maxOutput: 8192,
      releasedAt: '2025-06-01',
      abilities: { functionCall: true, reasoning: true, vision: true },
      pricing: { input: 0.5, output: 1.5 },
      source: 'remote',
    });
    t.same(models[1]?.abilities, { functionCall: false, reasoning: false, vision: false });
    t.notOk(models[1] && 'pricing' in models[1], 'variable prices are unknown');
    t.notOk(models[1] && 'maxOutput' in models[1]);
    t.equal(models[2]?.pricing?.input, 2.5, 'built-in card preferred');
  },
);

void t.test('the conformance kit', conformance);
