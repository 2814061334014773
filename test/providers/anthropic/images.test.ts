import t, { type Test } from 'tap';
import { createServer } from 'node:http';
import type { ChatMessage } from '@manifold/core/contract/chat-message';
import { chatEvents, rejection } from '../../wires/openai/runtime-helpers.js';
import { ask, setup } from './helpers.js';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);

/** A real image host: `/photo.jpg` answers JPEG bytes, anything else 404. */
async function imageHost(t: Test): Promise<string> {
  const server = createServer((request, response) => {
    if (request.url === '/photo.jpg') {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.end(JPEG);
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

const withImage = (url: string): ChatMessage[] => [
  { role: 'user', content: 'What is this?', imageList: [{ url, alt: 'photo' }] },
];

t.test('an image URL is passed as a url source by default', async (t) => {
  const { runtime, body } = await setup(t);
  await chatEvents(runtime, ask({ messages: withImage('https://cdn.example.com/photo.jpg') }));
  t.same(body().messages, [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What is this?' },
        { type: 'image', source: { type: 'url', url: 'https://cdn.example.com/photo.jpg' } },
      ],
    },
  ]);
});

t.test('with LLM_VISION_IMAGE_USE_BASE64=1 the image is fetched and inlined', async (t) => {
  const host = await imageHost(t);
  const { runtime, body } = await setup(t, {
    runtime: { env: { LLM_VISION_IMAGE_USE_BASE64: '1' } },
  });
  await chatEvents(runtime, ask({ messages: withImage(`${host}/photo.jpg`) }));
  t.same(body().messages[0].content[1], {
    type: 'image',
    source: { type: 'base64', media_type: 'image/jpeg', data: JPEG.toString('base64') },
  });
});

t.test('a data URL is always sent as base64', async (t) => {
  const { runtime, body } = await setup(t);
  await chatEvents(runtime, ask({ messages: withImage('data:image/webp;base64,UklGRg==') }));
  t.same(body().messages[0].content[1], {
    type: 'image',
    source: { type: 'base64', media_type: 'image/webp', data: 'UklGRg==' },
  });
});

t.test('an image that cannot be fetched is 400 BadRequest before any upstream call', async (t) => {
  const host = await imageHost(t);
  const { fake, runtime } = await setup(t, {
    runtime: { env: { LLM_VISION_IMAGE_USE_BASE64: '1' } },
  });
  const error = await rejection(
    runtime.chat(ask({ messages: withImage(`${host}/gone.jpg`) }), {
      signal: new AbortController().signal,
      startedAt: Date.now(),
    }),
  );
  t.equal(error?.errorType, 'BadRequest');
  t.match(error?.body, { provider: 'anthropic', imageUrl: `${host}/gone.jpg` });
  t.equal(fake.requests.length, 0, 'the upstream was never called');
});
