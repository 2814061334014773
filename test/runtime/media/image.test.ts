import t, { type Test } from 'tap';
import { createServer, type ServerResponse } from 'node:http';
import { loadImage, parseDataURL, toDataURL, useBase64Images } from '@manifold/core/media/image';
import { inlineRequestImages } from '@manifold/core/media/inline-images';
import type { ChatRequest } from '@manifold/core/contract/chat-request';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

/** An image server: path → handler; counts requests per path. */
async function imageServer(t: Test, routes: Record<string, (response: ServerResponse) => void>) {
  const hits: Record<string, number> = {};
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    hits[path] = (hits[path] ?? 0) + 1;
    const route = routes[path];
    if (route) route(response);
    else response.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
  });
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}`, hits };
}

t.test('a data URL is decoded without a fetch, and encoded back the same', async (t) => {
  const url = `data:image/png;base64,${PNG.toString('base64')}`;
  t.same(parseDataURL(url), { mimeType: 'image/png', base64: PNG.toString('base64') });
  t.same(await loadImage(url, { provider: 'p' }), parseDataURL(url));
  t.equal(toDataURL(parseDataURL(url)!), url);
  t.equal(parseDataURL('https://example.com/a.png'), undefined);
});

t.test(
  'an http image is fetched with its media type, sniffed when the server is vague',
  async (t) => {
    const server = await imageServer(t, {
      '/cat.jpg': (response) => response.writeHead(200, { 'content-type': 'image/jpeg' }).end(PNG),
      '/blob': (response) =>
        response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(PNG),
    });
    t.same(await loadImage(`${server.url}/cat.jpg`, { provider: 'p' }), {
      mimeType: 'image/jpeg',
      base64: PNG.toString('base64'),
    });
    t.equal((await loadImage(`${server.url}/blob`, { provider: 'p' })).mimeType, 'image/png');
  },
);

t.test('a failed image fetch is a 400 BadRequest naming the URL and the reason', async (t) => {
  const server = await imageServer(t, {
    '/big': (response) =>
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(2048)),
    '/stall': (response) => response.writeHead(200, { 'content-type': 'image/png' }).write('x'),
  });
  const failure = (url: string, extra = {}) =>
    loadImage(url, { provider: 'anthropic', ...extra }).catch((error: unknown) => error);
  t.match(await failure(`${server.url}/missing.png`), {
    name: 'ManifoldError',
    errorType: 'BadRequest',
    body: {
      provider: 'anthropic',
      imageUrl: `${server.url}/missing.png`,
      message: `Failed to fetch the image ${server.url}/missing.png: HTTP 404`,
    },
  });
  t.match(await failure(`${server.url}/big`, { maxBytes: 1024 }), {
    errorType: 'BadRequest',
    body: { message: /larger than 1024 bytes/ },
  });
  t.match(await failure(`${server.url}/stall`, { timeoutMs: 100 }), {
    errorType: 'BadRequest',
    body: { message: /timed out|broke/ },
  });
  t.match(await failure('http://127.0.0.1:1/closed.png'), {
    errorType: 'BadRequest',
    body: { message: /Failed to fetch the image http:\/\/127\.0\.0\.1:1\/closed\.png: / },
  });
  t.match(await failure('ftp://example.com/a.png'), {
    body: { message: /not an http\(s\) or data URL/ },
  });
  t.match(
    await failure('https://example.com/a.png?key=secret-value-123', {
      maxBytes: 0,
      fetch: () => Promise.reject(new Error('down')),
    }),
    {
      body: { imageUrl: 'https://example.com/a.png?key=****' },
    },
    'keys in the URL are masked',
  );
});

t.test(
  'inlining replaces imageList and image_url parts with data URLs, each URL fetched once',
  async (t) => {
    const server = await imageServer(t, {
      '/a.png': (response) => response.writeHead(200, { 'content-type': 'image/png' }).end(PNG),
    });
    const dataURL = `data:image/png;base64,${PNG.toString('base64')}`;
    const request: ChatRequest = {
      model: 'm',
      messages: [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Look' },
            { type: 'image_url', image_url: { url: `${server.url}/a.png`, detail: 'low' } },
          ],
          imageList: [
            { url: `${server.url}/a.png`, alt: 'a' },
            { url: 'data:image/gif;base64,R0lG' },
          ],
        },
      ],
    };
    const inlined = await inlineRequestImages(request, { provider: 'p' });
    t.same(inlined.messages[1], {
      role: 'user',
      content: [
        { type: 'text', text: 'Look' },
        { type: 'image_url', image_url: { url: dataURL, detail: 'low' } },
      ],
      imageList: [{ url: dataURL, alt: 'a' }, { url: 'data:image/gif;base64,R0lG' }],
    });
    t.equal(
      inlined.messages[0],
      request.messages[0],
      'messages without images are kept as they are',
    );
    t.equal(server.hits['/a.png'], 1, 'one fetch per URL');
    t.equal(
      request.messages[1]!.imageList![0]!.url,
      `${server.url}/a.png`,
      'the input is not modified',
    );
    const plain: ChatRequest = { model: 'm', messages: [{ role: 'user', content: 'hi' }] };
    t.equal(await inlineRequestImages(plain, { provider: 'p' }), plain, 'no images: same request');
  },
);

t.test('LLM_VISION_IMAGE_USE_BASE64 is on only for 1', async (t) => {
  t.equal(useBase64Images({ LLM_VISION_IMAGE_USE_BASE64: '1' }), true);
  t.equal(useBase64Images({ LLM_VISION_IMAGE_USE_BASE64: '0' }), false);
  t.equal(useBase64Images({}), false);
});
