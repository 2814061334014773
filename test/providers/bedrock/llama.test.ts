import t from 'tap';
import { definition } from '@manifold/provider-bedrock';
import { llama2Prompt, llama3Prompt } from '../../../providers/bedrock/llama-prompt.js';
import { chatEvents, kinds } from '../../wires/openai/runtime-helpers.js';
import { llamaChunks, llamaGeneration } from '@manifold/provider-kit/fakes/bedrock-builders';
import { streamOf } from '@manifold/provider-kit/fakes/bedrock';
import {
  ask,
  bedrockOptions,
  bedrockRuntime,
  fakeBedrock,
  lastBody,
  LLAMA2,
  LLAMA3,
} from './helpers.js';

const conversation = [
  { role: 'system' as const, content: 'You are terse.' },
  { role: 'user' as const, content: 'Hi' },
  { role: 'assistant' as const, content: 'Hello.' },
  { role: 'user' as const, content: 'Weather?' },
];

t.test('a Llama 3 request is one prompt in the Llama 3 chat template', async (t) => {
  const fake = await fakeBedrock(t);
  await chatEvents(
    bedrockRuntime(fake),
    ask({ model: LLAMA3, messages: conversation, temperature: 0.8, top_p: 0.9, tools: [] }),
  );
  t.equal(fake.lastRequest()?.path, `/model/${LLAMA3}/invoke-with-response-stream`);
  t.same(lastBody(fake), {
    prompt:
      '<|begin_of_text|>' +
      '<|start_header_id|>system<|end_header_id|>\n\nYou are terse.<|eot_id|>' +
      '<|start_header_id|>user<|end_header_id|>\n\nHi<|eot_id|>' +
      '<|start_header_id|>assistant<|end_header_id|>\n\nHello.<|eot_id|>' +
      '<|start_header_id|>user<|end_header_id|>\n\nWeather?<|eot_id|>' +
      '<|start_header_id|>assistant<|end_header_id|>\n\n',
    max_gen_len: 400,
    temperature: 0.4,
    top_p: 0.9,
  });
});

t.test('max_gen_len is max_tokens, held at the 2048 Bedrock allows', async (t) => {
  const fake = await fakeBedrock(t);
  const options = bedrockOptions(fake);
  const runtime = definition.createRuntime(options);
  await chatEvents(runtime, ask({ model: LLAMA3, max_tokens: 1000 }));
  t.equal(lastBody(fake).max_gen_len, 1000);
  await chatEvents(runtime, ask({ model: LLAMA3, max_tokens: 8000 }));
  t.equal(lastBody(fake).max_gen_len, 2048);
  t.ok(
    options.logger.records.some((r) => /max_gen_len 8000 → 2048 \(range\)/.test(r.message ?? '')),
    'the clamp is logged',
  );
});

t.test('Llama 2 ids get the [INST] template with the system prompt in <<SYS>>', async (t) => {
  const fake = await fakeBedrock(t);
  await chatEvents(bedrockRuntime(fake), ask({ model: LLAMA2, messages: conversation }));
  t.equal(
    lastBody(fake).prompt,
    '<s>[INST] <<SYS>>\nYou are terse.\n<</SYS>>\n\nHi [/INST] Hello. </s><s>[INST] Weather? [/INST]',
  );
});

t.test('the prompt templates keep files, tool answers and odd turn orders', async (t) => {
  const files = [{ id: 'f1', name: 'a.txt', fileType: 'text/plain', size: 3, content: 'abc' }];
  t.equal(
    llama3Prompt([
      { role: 'user', content: 'Read', fileList: files },
      { role: 'tool', content: '{"ok":true}', tool_call_id: 'c1' },
    ]),
    '<|begin_of_text|><|start_header_id|>user<|end_header_id|>\n\nRead\n\n' +
      '<files>\n<file name="a.txt" type="text/plain">\nabc\n</file>\n</files><|eot_id|>' +
      '<|start_header_id|>ipython<|end_header_id|>\n\n{"ok":true}<|eot_id|>' +
      '<|start_header_id|>assistant<|end_header_id|>\n\n',
  );
  t.equal(
    llama2Prompt([
      { role: 'assistant', content: 'Welcome.' },
      { role: 'user', content: 'One' },
      { role: 'user', content: 'Two' },
    ]),
    '<s>[INST]  [/INST] Welcome. </s><s>[INST] One\n\nTwo [/INST]',
    'an answer first gets an empty instruction; consecutive user messages join',
  );
  t.equal(
    llama2Prompt([{ role: 'system', content: 'Only rules' }]),
    '<s>[INST] <<SYS>>\nOnly rules\n<</SYS>>\n\n [/INST]',
  );
});

t.test(
  'Llama chunks give text, the stop reason and usage from the invocation metrics',
  async (t) => {
    const fake = await fakeBedrock(t);
    fake.reply(streamOf(llamaChunks(['Sunny', ' and warm.'], { promptTokens: 25 })));
    const events = await chatEvents(bedrockRuntime(fake), ask({ model: LLAMA3 }));
    t.same(kinds(events).slice(0, -1), [
      ['text', 'Sunny'],
      ['text', ' and warm.'],
      ['stop', 'stop'],
      ['usage', { totalInputTokens: 25, totalOutputTokens: 2, totalTokens: 27 }],
    ]);
    t.equal(events.at(-1)?.event, 'speed');
    t.match(events[0]?.id, /^chat_/, 'Llama has no response id: the stream gets one');
  },
);

t.test('without metrics, usage comes from the token counts; length is the finish', async (t) => {
  const fake = await fakeBedrock(t);
  fake.reply(
    streamOf(
      llamaChunks(['a', 'b', 'c'], { promptTokens: 8, stopReason: 'length', metrics: false }),
    ),
  );
  const events = await chatEvents(bedrockRuntime(fake), ask({ model: LLAMA3 }));
  t.same(kinds(events).slice(-3, -1), [
    ['stop', 'length'],
    ['usage', { totalInputTokens: 8, totalOutputTokens: 3, totalTokens: 11 }],
  ]);
});

t.test('Llama chunks that end without a stop reason are an unexpected end', async (t) => {
  const fake = await fakeBedrock(t);
  fake.reply(streamOf(llamaChunks(['Half']).slice(0, 1)));
  const events = await chatEvents(bedrockRuntime(fake), ask({ model: LLAMA3 }));
  t.same(
    events.map((e) => e.event),
    ['text', 'error'],
  );
  t.match(events[1]?.data, { type: 'ProviderBizError', body: { reason: 'unexpected_end' } });
});

t.test('Llama 4 and stream: false go through InvokeModel', async (t) => {
  const fake = await fakeBedrock(t);
  const runtime = bedrockRuntime(fake);
  fake.reply({
    kind: 'json',
    body: llamaGeneration('Hi there.', { promptTokens: 6, outputTokens: 3 }),
  });
  const events = await chatEvents(
    runtime,
    ask({ model: 'us.meta.llama4-maverick-17b-instruct-v1:0' }),
  );
  t.equal(fake.lastRequest()?.operation, 'invoke', 'Bedrock does not stream Llama 4');
  t.same(kinds(events).slice(0, -1), [
    ['text', 'Hi there.'],
    ['stop', 'stop'],
    ['usage', { totalInputTokens: 6, totalOutputTokens: 3, totalTokens: 9 }],
  ]);

  await chatEvents(runtime, ask({ model: LLAMA3, stream: false }));
  t.equal(fake.lastRequest()?.operation, 'invoke');
  t.match(lastBody(fake), { max_gen_len: 400 });
});
