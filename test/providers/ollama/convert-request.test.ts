import t from 'tap';
import { createServer } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import { convertChatRequest, thinkOf } from '@manifold/provider-ollama/convert-request';
import { callContext, chatEvents, rejection } from '../../wires/openai/runtime-helpers.js';
import { bodyOf, PNG_BASE64, setup } from './helpers.js';

const request = (extra: Partial<ChatRequest> = {}): ChatRequest => ({
  model: 'llama3.2',
  messages: [{ role: 'user', content: 'Hi' }],
  ...extra,
});

t.test('sampling goes to options: temperature halved, max_tokens as num_predict', async (t) => {
  const { fake, runtime, logger } = await setup(t);
  await chatEvents(
    runtime,
    request({
      temperature: 1.4,
      top_p: 0.9,
      max_tokens: 512,
      frequency_penalty: 0.5,
      presence_penalty: -0.25,
    }),
  );
  t.same(bodyOf(fake), {
    model: 'llama3.2',
    messages: [{ role: 'user', content: 'Hi' }],
    stream: true,
    options: {
      temperature: 0.7,
      top_p: 0.9,
      num_predict: 512,
      frequency_penalty: 0.5,
      presence_penalty: -0.25,
    },
  });
  t.match(
    logger.records.find(
      (record) => record.level === 'debug' && /temperature/.test(record.message ?? ''),
    ),
    { message: 'temperature 1.4 → 0.7 (halve); max_tokens → num_predict (rename)' },
    'the clamps are logged at debug',
  );
});

t.test('without sampling parameters there is no options object; 0 stays 0', async (t) => {
  t.notOk('options' in convertChatRequest(request()).body);
  t.same(convertChatRequest(request({ temperature: 0 })).body.options, { temperature: 0 });
});

t.test('think follows thinking.type; gpt-oss takes the reasoning effort as a level', async (t) => {
  const { fake, runtime } = await setup(t);
  await chatEvents(
    runtime,
    request({ model: 'qwen3', thinking: { type: 'enabled', budget_tokens: 2048 } }),
  );
  t.equal(bodyOf(fake).think, true);
  await chatEvents(runtime, request({ model: 'qwen3', thinking: { type: 'disabled' } }));
  t.equal(bodyOf(fake).think, false);
  await chatEvents(runtime, request({ model: 'qwen3' }));
  t.notOk('think' in bodyOf(fake), 'absent: the model decides');
  t.equal(thinkOf(request({ model: 'gpt-oss', reasoning_effort: 'high' })), 'high');
  t.equal(thinkOf(request({ model: 'gpt-oss:120b', reasoning_effort: 'minimal' })), 'low');
  t.equal(
    thinkOf(
      request({ model: 'gpt-oss', reasoning_effort: 'high', thinking: { type: 'disabled' } }),
    ),
    'low',
    'gpt-oss cannot turn thinking off: the lowest level',
  );
  t.equal(thinkOf(request({ model: 'qwen3', reasoning_effort: 'high' })), undefined);
});

t.test('the conversation: system, files as text, tool calls and results by name', async (t) => {
  const { fake, runtime } = await setup(t);
  await chatEvents(
    runtime,
    request({
      messages: [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [{ type: 'text', text: 'Summarise' }],
          fileList: [
            { id: 'f1', name: 'notes.txt', fileType: 'text/plain', size: 5, content: 'hello' },
          ],
        },
        {
          role: 'assistant',
          content: '',
          reasoning: { content: 'earlier thoughts' },
          tools: [
            {
              id: 'call_1',
              identifier: 'weather',
              apiName: 'get',
              type: 'default',
              arguments: '{"city":"Paris"}',
            },
          ],
        },
        { role: 'tool', content: '{"temp":21}', tool_call_id: 'call_1' },
        {
          role: 'tool',
          content: 'done',
          tool_call_id: 'unknown',
          plugin: { identifier: 'clock', apiName: 'now', type: 'default' },
        },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'weather____get',
            description: 'Weather',
            parameters: { type: 'object' },
            strict: true,
          },
        },
      ],
    }),
  );
  t.same(bodyOf(fake), {
    model: 'llama3.2',
    messages: [
      { role: 'system', content: 'Be brief.' },
      {
        role: 'user',
        content:
          'Summarise\n\n<files>\n<file name="notes.txt" type="text/plain">\nhello\n</file>\n</files>',
      },
      {
        role: 'assistant',
        content: '',
        tool_calls: [{ function: { name: 'weather____get', arguments: { city: 'Paris' } } }],
      },
      { role: 'tool', content: '{"temp":21}', tool_name: 'weather____get' },
      { role: 'tool', content: 'done', tool_name: 'clock____now' },
    ],
    stream: true,
    tools: [
      {
        type: 'function',
        function: {
          name: 'weather____get',
          description: 'Weather',
          parameters: { type: 'object' },
        },
      },
    ],
  });
});

t.test('images are always inlined as base64 in message.images', async (t) => {
  const images = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png' });
    response.end(Buffer.from(PNG_BASE64, 'base64'));
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => images.close(() => resolve())));
  const address = images.address();
  const imageURL = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/cat.png`;
  const { fake, runtime } = await setup(t);
  await chatEvents(
    runtime,
    request({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
          ],
          imageList: [{ url: imageURL }],
        },
      ],
    }),
  );
  t.same(bodyOf(fake).messages, [
    { role: 'user', content: 'What is this?', images: [PNG_BASE64, PNG_BASE64] },
  ]);
});

t.test('an image that cannot be fetched is a 400 before any upstream call', async (t) => {
  const { fake, runtime } = await setup(t);
  const url = `${fake.url}/missing.png`;
  const error = await rejection(
    runtime.chat(
      request({ messages: [{ role: 'user', content: 'x', imageList: [{ url }] }] }),
      callContext(),
    ),
  );
  t.equal(error?.errorType, 'BadRequest');
  t.match(error?.body.message, url);
  t.equal(fake.requests.filter((r) => r.path === '/api/chat').length, 0);
});

t.test('an image payload naming a server file is sent as its bytes, never the file', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'ollama'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const path = join(dir, 'secret');
  await writeFile(path, 'TOP SECRET CONTENT');
  const { fake, runtime } = await setup(t);
  await chatEvents(
    runtime,
    request({
      messages: [
        { role: 'user', content: 'x', imageList: [{ url: `data:image/png;base64,${path}` }] },
      ],
    }),
  );
  const sent = bodyOf(fake).messages[0].images[0] as string;
  t.equal(sent, Buffer.from(path, 'base64').toString('base64'), 'the decoded payload');
  t.not(sent, Buffer.from('TOP SECRET CONTENT').toString('base64'), 'not the file');
});
