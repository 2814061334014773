import t from 'tap';
import { definition } from '@manifold/provider-zhipu';
import { textChunks } from '@manifold/provider-kit/fakes/openai-builders';
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

/** Zhipu's base path is /api/paas/v4; the fake routes by suffix. */
const zhipu = (fake: FakeOpenAI, env: Record<string, string> = {}) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/api/paas/v4` }, { providerId: 'zhipu', env }),
  );

t.test('the default base URL is the BigModel paas v4 API', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://open.bigmodel.cn/api/paas/v4');
});

t.test('temperature is halved', async (t) => {
  const fake = await fakeUpstream(t);
  await chatEvents(zhipu(fake), chatRequest({ model: 'glm-4.5', temperature: 1.6 }));

  t.equal(fake.lastRequest()?.path, '/api/paas/v4/chat/completions');
  t.equal(lastBody(fake).temperature, 0.8);
});

t.test('glm-4-alltools holds temperature and top_p in 0.01–0.99', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = zhipu(fake);

  await chatEvents(runtime, chatRequest({ model: 'glm-4-alltools', temperature: 0, top_p: 1 }));
  t.equal(lastBody(fake).temperature, 0.01);
  t.equal(lastBody(fake).top_p, 0.99);

  await chatEvents(runtime, chatRequest({ model: 'glm-4-alltools', temperature: 2, top_p: 0 }));
  t.equal(lastBody(fake).temperature, 0.99, 'halved to 1, then held');
  t.equal(lastBody(fake).top_p, 0.01);

  await chatEvents(runtime, chatRequest({ model: 'glm-4-plus', temperature: 0, top_p: 1 }));
  t.equal(lastBody(fake).temperature, 0, 'other models keep the bounds');
  t.equal(lastBody(fake).top_p, 1);
});

t.test('glm-4v models send at most 1024 max_tokens', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = zhipu(fake);

  await chatEvents(runtime, chatRequest({ model: 'glm-4v-plus', max_tokens: 4096 }));
  t.equal(lastBody(fake).max_tokens, 1024);
  await chatEvents(runtime, chatRequest({ model: 'glm-4v-plus', max_tokens: 512 }));
  t.equal(lastBody(fake).max_tokens, 512);
  await chatEvents(runtime, chatRequest({ model: 'glm-4.5', max_tokens: 4096 }));
  t.equal(lastBody(fake).max_tokens, 4096);
});

t.test('glm-zero-preview sends at most 15300 max_tokens', async (t) => {
  const fake = await fakeUpstream(t);
  await chatEvents(zhipu(fake), chatRequest({ model: 'glm-zero-preview', max_tokens: 20_000 }));
  t.equal(lastBody(fake).max_tokens, 15_300);
});

t.test('GLM-4.5/4.6 models get thinking {type} from the request', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = zhipu(fake);

  for (const model of ['glm-4.5', 'glm-4.5-air', 'glm-4.6', 'glm-4.5v']) {
    await chatEvents(
      runtime,
      chatRequest({ model, thinking: { type: 'enabled', budget_tokens: 2048 } }),
    );
    t.same(lastBody(fake).thinking, { type: 'enabled' }, model);
  }
  await chatEvents(runtime, chatRequest({ model: 'glm-4.6', thinking: { type: 'disabled' } }));
  t.same(lastBody(fake).thinking, { type: 'disabled' });

  await chatEvents(runtime, chatRequest({ model: 'glm-4-plus', thinking: { type: 'enabled' } }));
  t.notOk('thinking' in lastBody(fake), 'not for GLM-4');
});

t.test(
  'search adds the web_search tool with ZHIPU_SEARCH_ENGINE, default search_std',
  async (t) => {
    const fake = await fakeUpstream(t);
    const lookup = { type: 'function' as const, function: { name: 'lookup', parameters: {} } };

    await chatEvents(
      zhipu(fake),
      chatRequest({ model: 'glm-4.5', enabledSearch: true, tools: [lookup] }),
    );
    t.same(lastBody(fake).tools, [
      lookup,
      {
        type: 'web_search',
        web_search: { enable: true, search_engine: 'search_std', search_result: true },
      },
    ]);

    await chatEvents(
      zhipu(fake, { ZHIPU_SEARCH_ENGINE: 'search_pro' }),
      chatRequest({ model: 'glm-4.5', enabledSearch: true }),
    );
    t.same(lastBody(fake).tools, [
      {
        type: 'web_search',
        web_search: { enable: true, search_engine: 'search_pro', search_result: true },
      },
    ]);
  },
);

t.test("the chunk's web_search list becomes one grounding event", async (t) => {
  const fake = await fakeUpstream(t);
  const web_search = [
    {
      title: 'GLM-4.6',
      link: 'https://z.ai/blog/glm-4.6',
      media: 'Z.ai',
      icon: '',
      refer: 'ref_1',
    },
    { title: 'BigModel', link: 'https://bigmodel.cn', media: 'bigmodel', refer: 'ref_2' },
  ];
  const [first, ...rest] = textChunks(['GLM-4.6 ', 'is out.']);
  fake.reply({ kind: 'chunks', chunks: [{ ...first, web_search }, ...rest] });

  const events = await chatEvents(
    zhipu(fake),
    chatRequest({ model: 'glm-4.6', enabledSearch: true }),
  );

  const groundings = events.filter((event) => event.event === 'grounding');
  t.equal(groundings.length, 1);
  t.same(groundings[0]?.data, {
    citations: [
      { title: 'GLM-4.6', url: 'https://z.ai/blog/glm-4.6' },
      { title: 'BigModel', url: 'https://bigmodel.cn' },
    ],
  });
});

t.test('the model list comes from the fine-tuning model center with the bearer key', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: {
      rows: [
        { modelCode: 'glm-4.6', modelName: 'GLM-4.6', modelDescription: 'flagship' },
        { modelCode: 'glm-4.1v-thinking-flash', modelName: 'GLM-4.1V-Thinking-Flash' },
        { modelCode: 'embedding-3', modelName: 'Embedding-3' },
        { modelName: 'no code' },
      ],
      total: 4,
    },
  });

  const cards = await zhipu(fake).models!(callContext());

  const request = fake.lastRequest();
  t.equal(request?.path, '/api/fine-tuning/model_center/list');
  t.equal(request?.query.get('pageSize'), '100');
  t.equal(request?.query.get('pageNum'), '1');
  t.equal(request?.headers.authorization, 'Bearer sk-test-0123456789abcdefghijklmnop');
  t.same(
    cards.map((card) => card.id),
    ['glm-4.6', 'glm-4.1v-thinking-flash'],
  );
  t.equal(cards[0]?.maxOutput, 131_072, 'built-in card preferred');
  t.equal(cards[1]?.displayName, 'GLM-4.1V-Thinking-Flash');
  t.equal(cards[1]?.abilities?.vision, true, 'vision inferred');
  t.equal(cards[1]?.abilities?.reasoning, true, 'reasoning inferred');
  t.equal(cards[1]?.source, 'remote');
});

void t.test('the conformance kit', conformance);
