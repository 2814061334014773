import t from 'tap';
import { definition } from '../../../providers/openai/index.js';
import {
  callContext,
  chatEvents,
  chatRequest,
  fakeUpstream,
  lastBody,
  runtimeOptions,
  user,
} from '../../wires/openai/runtime-helpers.js';
import type { FakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { openaiError } from '@manifold/provider-kit/fakes/openai-errors';

const system = { role: 'system' as const, content: 'You are terse.' };
const sampling = { temperature: 0.8, top_p: 0.9, frequency_penalty: 0.5, presence_penalty: 0.4 };

const openai = (fake: FakeOpenAI, env: Record<string, string> = {}) => {
  const options = runtimeOptions(fake, { providerId: 'openai', env });
  return { runtime: definition.createRuntime(options), logger: options.logger };
};

t.test('o3 reads the system prompt as developer and gets no sampling parameters', async (t) => {
  const fake = await fakeUpstream(t);
  const { runtime } = openai(fake);

  await chatEvents(
    runtime,
    chatRequest({
      model: 'o3',
      messages: [system, user('Hi')],
      max_tokens: 2000,
      reasoning_effort: 'high',
      ...sampling,
    }),
  );

  t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
  t.same(lastBody(fake), {
    model: 'o3',
    messages: [
      { role: 'developer', content: 'You are terse.' },
      { role: 'user', content: 'Hi' },
    ],
    stream: true,
    stream_options: { include_usage: true },
    max_completion_tokens: 2000,
    reasoning_effort: 'high',
  });
});

t.test('o1-mini reads the system prompt as user', async (t) => {
  const fake = await fakeUpstream(t);
  const { runtime } = openai(fake);

  await chatEvents(runtime, chatRequest({ model: 'o1-mini', messages: [system, user('Hi')] }));

  t.same(
    lastBody(fake).messages.map((message: { role: string }) => message.role),
    ['user', 'user'],
  );
});

t.test('every reasoning family is pruned: o1, o4, gpt-5', async (t) => {
  const fake = await fakeUpstream(t);
  const { runtime } = openai(fake);

  for (const model of ['o1', 'o4-mini', 'gpt-5-mini', 'gpt-5-chat-latest']) {
    await chatEvents(runtime, chatRequest({ model, messages: [system, user('Hi')], ...sampling }));
    const body = lastBody(fake);
    t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
    t.same(
      Object.keys(sampling).filter((key) => key in body),
      [],
      `${model} has no sampling parameters`,
    );
    t.equal(body.messages[0].role, 'developer', `${model} reads system as developer`);
  }
});

t.test('codex and computer-use models are pruned on the Responses API they need', async (t) => {
  const fake = await fakeUpstream(t);
  const { runtime } = openai(fake);

  for (const model of ['codex-mini-latest', 'computer-use-preview']) {
    await chatEvents(runtime, chatRequest({ model, messages: [system, user('Hi')], ...sampling }));
    const body = lastBody(fake);
    t.equal(fake.lastRequest()?.path, '/v1/responses', `${model} uses the Responses API`);
    t.same(
      Object.keys(sampling).filter((key) => key in body),
      [],
      `${model} has no sampling parameters`,
    );
    t.equal(body.instructions, 'You are terse.');
  }
});

t.test(
  'gpt-4o keeps sampling parameters and the system role, and drops reasoning_effort',
  async (t) => {
    const fake = await fakeUpstream(t);
    const { runtime } = openai(fake);

    await chatEvents(
      runtime,
      chatRequest({
        model: 'gpt-4o',
        messages: [system, user('Hi')],
        max_tokens: 300,
        reasoning_effort: 'low',
        ...sampling,
      }),
    );

    const body = lastBody(fake);
    t.match(body, { ...sampling, max_tokens: 300 });
    t.equal(body.messages[0].role, 'system');
    t.notOk('reasoning_effort' in body);
    t.notOk('max_completion_tokens' in body);
  },
);

t.test(
  'search-preview models get web_search_options from OPENAI_SEARCH_CONTEXT_SIZE',
  async (t) => {
    const fake = await fakeUpstream(t);
    const { runtime } = openai(fake, { OPENAI_SEARCH_CONTEXT_SIZE: 'high' });

    await chatEvents(
      runtime,
      chatRequest({ model: 'gpt-4o-search-preview', enabledSearch: true, ...sampling }),
    );

    t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
    const body = lastBody(fake);
    t.same(body.web_search_options, { search_context_size: 'high' });
    t.same(
      Object.keys(sampling).filter((key) => key in body),
      [],
    );
  },
);

t.test('search-preview models get no web_search_options without the variable', async (t) => {
  const fake = await fakeUpstream(t);
  const { runtime } = openai(fake);

  await chatEvents(
    runtime,
    chatRequest({ model: 'gpt-4o-mini-search-preview', enabledSearch: true }),
  );

  t.notOk('web_search_options' in lastBody(fake));
});

t.test('an invalid OPENAI_SEARCH_CONTEXT_SIZE is ignored with a warning', async (t) => {
  const fake = await fakeUpstream(t);
  const { runtime, logger } = openai(fake, { OPENAI_SEARCH_CONTEXT_SIZE: 'huge' });

  await chatEvents(runtime, chatRequest({ model: 'gpt-4o-search-preview', enabledSearch: true }));

  t.notOk('web_search_options' in lastBody(fake));
  t.match(logger.records.find((record) => record.level === 'warn')?.object, {
    variable: 'OPENAI_SEARCH_CONTEXT_SIZE',
    value: 'huge',
  });
});

t.test(
  'web search on other models goes through the Responses API with the web_search tool',
  async (t) => {
    const fake = await fakeUpstream(t);
    const { runtime } = openai(fake, { OPENAI_SEARCH_CONTEXT_SIZE: 'low' });

    const events = await chatEvents(
      runtime,
      chatRequest({
        model: 'gpt-4o',
        enabledSearch: true,
        messages: [system, user('News?')],
        temperature: 0.5,
      }),
      callContext({ userId: 'u1' }),
    );

    t.equal(fake.lastRequest()?.path, '/v1/responses');
    t.same(lastBody(fake), {
      model: 'gpt-4o',
      input: [{ role: 'user', content: 'News?' }],
      stream: true,
      store: false,
      instructions: 'You are terse.',
      temperature: 0.5,
      user: 'u1',
      tools: [{ type: 'web_search', search_context_size: 'low' }],
    });
    t.same(
      events.map((event) => event.event),
      ['text', 'text', 'text', 'stop', 'usage', 'speed'],
    );
  },
);

t.test(
  'reasoning models on the Responses API get effort (default medium) and summary auto',
  async (t) => {
    const fake = await fakeUpstream(t);
    const { runtime } = openai(fake);

    await chatEvents(
      runtime,
      chatRequest({ model: 'o4-mini', enabledSearch: true, temperature: 1 }),
    );
    const body = lastBody(fake);
    t.same(body.reasoning, { effort: 'medium', summary: 'auto' });
    t.same(body.tools, [{ type: 'web_search' }]);
    t.equal(body.store, false);
    t.notOk('temperature' in body, 'sampling parameters are dropped on Responses too');

    await chatEvents(
      runtime,
      chatRequest({ model: 'gpt-5', apiMode: 'responses', reasoning_effort: 'high' }),
    );
    t.same(lastBody(fake).reasoning, { effort: 'high', summary: 'auto' });
    t.notOk('tools' in lastBody(fake));
  },
);

t.test('a non-reasoning model on the Responses API sends no reasoning', async (t) => {
  const fake = await fakeUpstream(t);
  const { runtime } = openai(fake);

  await chatEvents(
    runtime,
    chatRequest({ model: 'gpt-4.1', apiMode: 'responses', reasoning_effort: 'low' }),
  );

  t.equal(fake.lastRequest()?.path, '/v1/responses');
  t.notOk('reasoning' in lastBody(fake));
});

t.test(
  'verbosity reaches GPT-5 models only: top level on chat, text.verbosity on Responses',
  async (t) => {
    const fake = await fakeUpstream(t);
    const { runtime } = openai(fake);

    await chatEvents(runtime, chatRequest({ model: 'gpt-5-mini', verbosity: 'low' }));
    t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
    t.equal(lastBody(fake).verbosity, 'low');

    await chatEvents(
      runtime,
      chatRequest({ model: 'gpt-5', verbosity: 'high', apiMode: 'responses' }),
    );
    t.equal(fake.lastRequest()?.path, '/v1/responses');
    t.same(lastBody(fake).text, { verbosity: 'high' });

    await chatEvents(runtime, chatRequest({ model: 'gpt-4.1', verbosity: 'low' }));
    t.notOk('verbosity' in lastBody(fake), 'gpt-4.1 takes no verbosity');
    await chatEvents(runtime, chatRequest({ model: 'gpt-5-chat-latest', verbosity: 'low' }));
    t.notOk('verbosity' in lastBody(fake), 'the -chat variant takes no verbosity');
  },
);

t.test('Responses-only models always use the Responses API', async (t) => {
  const fake = await fakeUpstream(t);
  const { runtime } = openai(fake);

  await chatEvents(runtime, chatRequest({ model: 'o3-pro' }));

  t.equal(fake.lastRequest()?.path, '/v1/responses');
  t.same(lastBody(fake).reasoning, { effort: 'medium', summary: 'auto' });
});

t.test('the remote model list is filtered and enriched from the OpenAI manifest', async (t) => {
  const fake = await fakeUpstream(t);
  const { runtime } = openai(fake);

  const cards = await runtime.models!(callContext());

  t.same(
    cards.map((card) => card.id),
    ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'o3-mini', 'gpt-5'],
  );
  t.match(cards[0], { displayName: 'GPT-4o', contextWindowTokens: 128_000, source: 'remote' });
});

t.test('text to image: URLs from DALL·E, data URLs from gpt-image-1', async (t) => {
  const fake = await fakeUpstream(t);
  const { runtime } = openai(fake);
  t.ok(runtime.textToImage, 'the OpenAI runtime generates images');

  const urls = await runtime.textToImage!(
    { model: 'dall-e-3', prompt: 'a red fox', n: 2, size: '1024x1024', style: 'natural' },
    callContext(),
  );
  t.equal(fake.lastRequest()?.path, '/v1/images/generations');
  t.same(lastBody(fake), {
    model: 'dall-e-3',
    prompt: 'a red fox',
    n: 2,
    size: '1024x1024',
    style: 'natural',
  });
  t.equal(urls.length, 2);
  t.match(urls[0], /^https:\/\/.+\.png$/);

  const [data] = await runtime.textToImage!(
    { model: 'gpt-image-1', prompt: 'a red fox' },
    callContext(),
  );
  t.match(data, /^data:image\/png;base64,iVBOR/);
});

t.test('a refused image prompt is mapped like a chat error', async (t) => {
  const fake = await fakeUpstream(t);
  const { runtime } = openai(fake);
  fake.reply(openaiError(400, 'content_policy_violation', 'Your request was rejected'));
  const error = await runtime.textToImage!({ model: 'dall-e-3', prompt: 'x' }, callContext()).then(
    () => undefined,
    (e: unknown) => e,
  );
  t.match(error, { errorType: 'ProviderBizError', body: { provider: 'openai' } });
  t.match(error, { message: 'Your request was rejected' });
});
