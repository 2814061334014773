import t, { type Test } from 'tap';
import { createServer } from 'node:http';
import {
  convertAnthropicMessages,
  convertAnthropicTools,
} from '@manifold/wire-anthropic/convert-messages';
import type { ChatMessage } from '@manifold/core/contract/chat-message';
import { ManifoldError } from '@manifold/core/errors/manifold-error';

const options = { provider: 'anthropic' };
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

/** A real image server: `/cat.png` answers PNG bytes (as octet-stream), anything else 404. */
async function imageServer(t: Test) {
  const server = createServer((request, response) => {
    if (request.url === '/cat.png') {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end(PNG);
    } else {
      response.writeHead(404).end('missing');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise((resolve) => server.close(resolve)));
  const address = server.address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
}

t.test('system messages are joined into system and left out of the turns', async (t) => {
  const result = await convertAnthropicMessages(
    [
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'Hi' },
      { role: 'system', content: [{ type: 'text', text: 'Answer in French.' }] },
    ],
    options,
  );
  t.same(result, {
    system: 'You are terse.\n\nAnswer in French.',
    messages: [{ role: 'user', content: 'Hi' }],
  });
});

t.test('no system messages means no system field', async (t) => {
  const result = await convertAnthropicMessages([{ role: 'user', content: 'Hi' }], options);
  t.notOk('system' in result);
});

t.test(
  'assistant tools become tool_use blocks and tool answers tool_result blocks in a user turn',
  async (t) => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        content: 'Checking.',
        tools: [
          {
            id: 'toolu_1',
            identifier: 'weather',
            apiName: 'current',
            type: 'default',
            arguments: '{"city":"Paris"}',
          },
          {
            id: 'toolu_2',
            identifier: 'weather',
            apiName: 'current',
            type: 'default',
            arguments: '{"city":',
          },
        ],
      },
      { role: 'tool', content: 'Sunny', tool_call_id: 'toolu_1' },
      { role: 'tool', content: 'Rain', tool_call_id: 'toolu_2' },
      { role: 'user', content: 'Thanks!' },
    ];
    const { messages: turns } = await convertAnthropicMessages(messages, options);
    t.same(turns, [
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool_use', id: 'toolu_1', name: 'weather____current', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'toolu_2', name: 'weather____current', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'Sunny' },
          { type: 'tool_result', tool_use_id: 'toolu_2', content: 'Rain' },
          { type: 'text', text: 'Thanks!' },
        ],
      },
    ]);
  },
);

t.test('tool results open a merged user turn even after user text', async (t) => {
  const { messages } = await convertAnthropicMessages(
    [
      { role: 'user', content: 'Note this.' },
      { role: 'function', content: '', tool_call_id: 'toolu_9' },
      { role: 'tool', content: 'orphan answer' },
    ],
    options,
  );
  t.same(messages, [
    {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_9' },
        { type: 'text', text: 'Note this.' },
        { type: 'text', text: 'orphan answer' },
      ],
    },
  ]);
});

t.test(
  'signed reasoning goes back as a thinking block first; unsigned reasoning does not',
  async (t) => {
    const { messages } = await convertAnthropicMessages(
      [
        { role: 'user', content: 'Q1' },
        { role: 'assistant', content: 'A1', reasoning: { content: 'hmm', signature: 'EuYBsig' } },
        { role: 'user', content: 'Q2' },
        { role: 'assistant', content: 'A2', reasoning: { content: 'no signature' } },
      ],
      options,
    );
    t.same(messages[1], {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'hmm', signature: 'EuYBsig' },
        { type: 'text', text: 'A1' },
      ],
    });
    t.same(messages[3], { role: 'assistant', content: 'A2' });
  },
);

t.test('consecutive turns of one role merge and empty messages are dropped', async (t) => {
  const { messages } = await convertAnthropicMessages(
    [
      { role: 'user', content: 'one' },
      { role: 'user', content: '   ' },
      { role: 'user', content: 'two' },
      { role: 'assistant', content: '' },
      { role: 'assistant', content: null },
    ],
    options,
  );
  t.same(messages, [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'one' },
        { type: 'text', text: 'two' },
      ],
    },
  ]);
});

t.test('files are sent as text after the message text', async (t) => {
  const { messages } = await convertAnthropicMessages(
    [
      {
        role: 'user',
        content: 'Summarise',
        fileList: [{ id: 'f1', name: 'a.txt', fileType: 'text/plain', size: 5, content: 'hello' }],
      },
    ],
    options,
  );
  t.same(messages[0]?.content, [
    { type: 'text', text: 'Summarise' },
    {
      type: 'text',
      text: '<files>\n<file name="a.txt" type="text/plain">\nhello\n</file>\n</files>',
    },
  ]);
});

t.test('with imagesAsURL, http URLs become url sources and data URLs stay base64', async (t) => {
  const { messages } = await convertAnthropicMessages(
    [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Compare' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0K' } },
        ],
        imageList: [{ url: 'https://example.com/cat.jpg' }],
      },
    ],
    { ...options, imagesAsURL: true },
  );
  t.same(messages[0]?.content, [
    { type: 'text', text: 'Compare' },
    { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0K' } },
    { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
  ]);
});

t.test('without imagesAsURL, http images are fetched and inlined as base64', async (t) => {
  const base = await imageServer(t);
  const { messages } = await convertAnthropicMessages(
    [{ role: 'user', content: 'What is it?', imageList: [{ url: `${base}/cat.png` }] }],
    options,
  );
  t.same(messages[0]?.content, [
    { type: 'text', text: 'What is it?' },
    {
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: PNG.toString('base64') },
    },
  ]);
});

t.test('an image that cannot be fetched is a BadRequest naming the URL', async (t) => {
  const base = await imageServer(t);
  const error = await convertAnthropicMessages(
    [{ role: 'user', content: 'x', imageList: [{ url: `${base}/missing.png` }] }],
    options,
  ).catch((caught: unknown) => caught);
  t.ok(error instanceof ManifoldError);
  t.equal((error as ManifoldError).errorType, 'BadRequest');
  t.match((error as ManifoldError).body, {
    provider: 'anthropic',
    imageUrl: `${base}/missing.png`,
    message: /HTTP 404/,
  });
});

t.test('function tools become Anthropic tools with an object input_schema', async (t) => {
  t.equal(convertAnthropicTools(undefined), undefined);
  t.equal(convertAnthropicTools([]), undefined);
  t.same(
    convertAnthropicTools([
      {
        type: 'function',
        function: {
          name: 'weather____current',
          description: 'Current weather',
          parameters: { type: 'object', properties: { city: { type: 'string' } } },
        },
      },
      { type: 'function', function: { name: 'now', strict: true } },
    ]),
    [
      {
        name: 'weather____current',
        description: 'Current weather',
        input_schema: { type: 'object', properties: { city: { type: 'string' } } },
      },
      { name: 'now', input_schema: { type: 'object', properties: {} }, strict: true },
    ],
  );
});
