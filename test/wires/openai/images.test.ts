import t from 'tap';
import { createServer } from 'node:http';
import { createOpenAICompatibleRuntime } from '@manifold/wire-openai/runtime';
import {
  chatEvents,
  chatRequest,
  fakeUpstream,
  lastBody,
  rejection,
  runtimeOptions,
  user,
} from './runtime-helpers.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7]);

async function imageHost(t: { teardown(fn: () => unknown): void }) {
  const server = createServer((request, response) => {
    if (request.url === '/cat.png')
      response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

const withImage = (url: string) =>
  chatRequest({ messages: [user('What is this?', { imageList: [{ url, alt: 'cat' }] })] });

t.test('image URLs go upstream as URLs by default', async (t) => {
  const fake = await fakeUpstream(t);
  const host = await imageHost(t);
  const runtime = createOpenAICompatibleRuntime({ baseURL: fake.baseURL }, runtimeOptions(fake));
  await chatEvents(runtime, withImage(`${host}/cat.png`));
  t.same(lastBody(fake).messages[0].content, [
    { type: 'text', text: 'What is this?' },
    { type: 'image_url', image_url: { url: `${host}/cat.png` } },
  ]);
});

t.test('with LLM_VISION_IMAGE_USE_BASE64=1 images are fetched and sent inline', async (t) => {
  const fake = await fakeUpstream(t);
  const host = await imageHost(t);
  const runtime = createOpenAICompatibleRuntime(
    { baseURL: fake.baseURL },
    runtimeOptions(fake, { env: { LLM_VISION_IMAGE_USE_BASE64: '1' } }),
  );
  await chatEvents(runtime, withImage(`${host}/cat.png`));
  t.same(lastBody(fake).messages[0].content[1], {
    type: 'image_url',
    image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` },
  });
});

t.test('an image that cannot be fetched is a 400 before any upstream call', async (t) => {
  const fake = await fakeUpstream(t);
  const host = await imageHost(t);
  const runtime = createOpenAICompatibleRuntime(
    { baseURL: fake.baseURL },
    runtimeOptions(fake, { providerId: 'deepseek', env: { LLM_VISION_IMAGE_USE_BASE64: '1' } }),
  );
  const error = await rejection(
    runtime.chat(withImage(`${host}/gone.png`), {
      signal: new AbortController().signal,
      startedAt: Date.now(),
    }),
  );
  t.match(error, {
    errorType: 'BadRequest',
    body: { provider: 'deepseek', message: `Failed to fetch the image ${host}/gone.png: HTTP 404` },
  });
  t.equal(fake.requests.length, 0, 'the upstream was not called');
});
