import t from 'tap';
import { chatEvents, kinds, rejection, thrown } from '../../wires/openai/runtime-helpers.js';
import {
  chunk,
  functionCall,
  textChunks,
  usage,
} from '@manifold/provider-kit/fakes/google-builders';
import { ask, fakeGoogle, GOOGLE_KEY, googleOptions, googleRuntime, sentBody } from './helpers.js';
import { createRuntime, geminiBaseURL } from '../../../providers/google/runtime.js';

t.test(
  'a runtime without a key is refused at construction with InvalidProviderAPIKey',
  async (t) => {
    const error = thrown(() => createRuntime({ providerId: 'google', env: {}, logger: console }));
    t.equal(error?.errorType, 'InvalidProviderAPIKey');
    t.equal(error?.body.provider, 'google');
  },
);

t.test('Example G: text, a function call, then text with the finish and usage', async (t) => {
  const fake = await fakeGoogle(t);
  fake.reply({
    kind: 'chunks',
    chunks: [
      chunk([{ text: 'Hello' }], { responseId: 'resp-G' }),
      chunk([functionCall('testFunction', { arg1: 'value1' })], { responseId: 'resp-G' }),
      chunk([{ text: ' world!' }], {
        responseId: 'resp-G',
        finishReason: 'STOP',
        usage: {
          promptTokenCount: 1,
          totalTokenCount: 1,
          promptTokensDetails: [{ modality: 'TEXT', tokenCount: 1 }],
        },
      }),
    ],
  });
  const events = await chatEvents(googleRuntime(fake), ask());
  const call = (events[1]?.data as any)[0];
  t.match(call.id, /^testFunction_0_[0-9A-Za-z]{8}$/, 'the id is <name>_<index>_<random>');
  t.same(
    events.map((event) => [event.id, event.event, event.data]),
    [
      ['resp-G', 'text', 'Hello'],
      [
        'resp-G',
        'tool_calls',
        [
          {
            index: 0,
            id: call.id,
            type: 'function',
            function: { name: 'testFunction', arguments: '{"arg1":"value1"}' },
          },
        ],
      ],
      ['resp-G', 'text', ' world!'],
      ['resp-G', 'stop', 'STOP'],
      ['resp-G', 'usage', { totalInputTokens: 1, totalTokens: 1, inputTextTokens: 1 }],
      ['output_speed', 'speed', events.at(-1)?.data],
    ],
  );
  t.match(events.at(-1)?.data, { ttft: Number }, 'no output count reported: speed has ttft only');
  const sent = fake.lastGenerate()!;
  t.equal(sent.path, '/v1beta/models/gemini-2.0-flash:streamGenerateContent');
  t.equal(sent.query.get('alt'), 'sse');
  t.equal(sent.headers['x-goog-api-key'], GOOGLE_KEY, 'the key travels in x-goog-api-key');
  t.same(sentBody(fake).contents, [{ role: 'user', parts: [{ text: 'Hi' }] }]);
});

t.test(
  'thought parts stream as reasoning before the answer, the signature as reasoning_signature',
  async (t) => {
    const fake = await fakeGoogle(t);
    fake.reply({
      kind: 'chunks',
      chunks: [
        ...textChunks(['Answer', '.'], {
          thoughts: ['Let me ', 'think.'],
          usage: usage(38, 19, { thoughts: 304 }),
        }).map((item, index) =>
          index === 2 ? chunk([{ text: 'Answer', thoughtSignature: 'c2ln' }]) : item,
        ),
      ],
    });
    const events = await chatEvents(googleRuntime(fake), ask({ model: 'gemini-2.5-flash' }));
    t.same(kinds(events).slice(0, -1), [
      ['reasoning', 'Let me '],
      ['reasoning', 'think.'],
      ['text', 'Answer'],
      ['reasoning_signature', 'c2ln'],
      ['text', '.'],
      ['stop', 'STOP'],
      [
        'usage',
        {
          totalInputTokens: 38,
          totalOutputTokens: 323,
          totalTokens: 361,
          inputTextTokens: 38,
          outputReasoningTokens: 304,
          outputTextTokens: 19,
        },
      ],
    ]);
    t.same(sentBody(fake).generationConfig.thinkingConfig, {
      includeThoughts: true,
      thinkingBudget: -1,
    });
  },
);

t.test('an inline image in the answer is a base64_image event', async (t) => {
  const fake = await fakeGoogle(t);
  fake.reply({
    kind: 'chunks',
    chunks: [
      chunk([{ text: 'Here it is:' }]),
      chunk([{ inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgoAAAANSUhEUg==' } }], {
        finishReason: 'STOP',
        usage: usage(10, 1300, {
          candidatesDetails: [
            ['TEXT', 10],
            ['IMAGE', 1290],
          ],
        }),
      }),
    ],
  });
  const events = await chatEvents(googleRuntime(fake), ask({ model: 'gemini-2.5-flash-image' }));
  t.same(kinds(events).slice(0, 4), [
    ['text', 'Here it is:'],
    ['base64_image', 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg=='],
    ['stop', 'STOP'],
    [
      'usage',
      {
        totalInputTokens: 10,
        totalOutputTokens: 1300,
        totalTokens: 1310,
        inputTextTokens: 10,
        outputTextTokens: 10,
        outputImageTokens: 1290,
      },
    ],
  ]);
  t.same(sentBody(fake).generationConfig.responseModalities, ['TEXT', 'IMAGE']);
});

t.test('stream: false calls generateContent and gives the same events', async (t) => {
  const fake = await fakeGoogle(t);
  fake.reply({
    kind: 'json',
    body: chunk([{ text: 'Thinking…', thought: true }, { text: 'Whole answer.' }], {
      finishReason: 'STOP',
      usage: usage(5, 3, { thoughts: 2 }),
      responseId: 'resp-whole',
    }),
  });
  const events = await chatEvents(
    googleRuntime(fake),
    ask({ stream: false, model: 'gemini-2.5-pro' }),
  );
  t.equal(fake.lastGenerate()?.path, '/v1beta/models/gemini-2.5-pro:generateContent');
  t.same(kinds(events).slice(0, -1), [
    ['reasoning', 'Thinking…'],
    ['text', 'Whole answer.'],
    ['stop', 'STOP'],
    [
      'usage',
      {
        totalInputTokens: 5,
        totalOutputTokens: 5,
        totalTokens: 10,
        inputTextTokens: 5,
        outputReasoningTokens: 2,
        outputTextTokens: 3,
      },
    ],
  ]);
  t.equal(events[0]?.id, 'resp-whole');
});

t.test('a connection cut between events ends with unexpected_end, not a stop', async (t) => {
  const fake = await fakeGoogle(t);
  fake.reply({
    kind: 'chunks',
    chunks: textChunks(['a', 'b', 'c'], { usage: usage(1, 3) }),
    dropAfter: 2,
  });
  const events = await chatEvents(googleRuntime(fake), ask());
  t.same(
    kinds(events).map(([kind]) => kind),
    ['text', 'text', 'error'],
  );
  t.match(events[2]?.data, {
    type: 'ProviderBizError',
    body: { reason: 'unexpected_end', provider: 'google' },
  });
});

t.test('a client abort before Google answers is "Request was cancelled"', async (t) => {
  const fake = await fakeGoogle(t);
  fake.reply({ kind: 'hang' });
  const controller = new AbortController();
  const pending = googleRuntime(fake).chat(ask(), {
    signal: controller.signal,
    startedAt: Date.now(),
  });
  while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  controller.abort();
  const error = await rejection(pending);
  t.equal(error?.errorType, 'ProviderBizError');
  t.equal(error?.body.message, 'Request was cancelled');
  const deadline = Date.now() + 1000;
  while (fake.activeResponses() > 0 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 10));
  t.equal(fake.activeResponses(), 0, 'the upstream request is released');
});

t.test('DEBUG_GOOGLE_CHAT_COMPLETION=1 logs the payload and every raw chunk', async (t) => {
  const fake = await fakeGoogle(t);
  const options = googleOptions(fake, { env: { DEBUG_GOOGLE_CHAT_COMPLETION: '1' } });
  await chatEvents(createRuntime(options), ask());
  const messages = options.logger.records
    .filter((record) => record.level === 'info')
    .map((record) => record.message);
  t.same(messages, ['google payload', 'google chunk', 'google chunk', 'google chunk']);
  const quiet = googleOptions(fake);
  await chatEvents(createRuntime(quiet), ask());
  t.equal(
    quiet.logger.records.filter((record) => record.level === 'info').length,
    0,
    'off by default',
  );
});

t.test('the base URL is a bare origin; a trailing version path is dropped', async (t) => {
  t.equal(geminiBaseURL(undefined), 'https://generativelanguage.googleapis.com');
  t.equal(geminiBaseURL('https://proxy.example.com/'), 'https://proxy.example.com');
  t.equal(
    geminiBaseURL('https://proxy.example.com/gemini/v1beta'),
    'https://proxy.example.com/gemini',
  );
  const fake = await fakeGoogle(t);
  await chatEvents(googleRuntime(fake, { baseURL: `${fake.url}/v1beta` }), ask());
  t.equal(fake.lastGenerate()?.path, '/v1beta/models/gemini-2.0-flash:streamGenerateContent');
});

t.test(
  'a fetch the gateway hands over (BASE_URL_POLICY=public) carries the call and its stream',
  async (t) => {
    const fake = await fakeGoogle(t);
    const seen: string[] = [];
    const guarded = (async (input, init) => {
      seen.push(String(input));
      return globalThis.fetch(input, init);
    }) as typeof globalThis.fetch;
    fake.reply({ kind: 'chunks', chunks: textChunks(['Web', ' streams'], { usage: usage(2, 2) }) });
    const events = await chatEvents(googleRuntime(fake, { fetch: guarded }), ask());
    t.same(kinds(events).slice(0, 3), [
      ['text', 'Web'],
      ['text', ' streams'],
      ['stop', 'STOP'],
    ]);
    t.same(seen, [`${fake.url}/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse`]);
  },
);
