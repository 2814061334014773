import t from 'tap';
import { authHeader, startGateway } from '../helpers/gateway.js';
import { fakeUpstream } from '../wires/openai/runtime-helpers.js';

t.test(
  'under BASE_URL_POLICY=public an image URL on a private address is refused, not fetched',
  async (t) => {
    const fake = await fakeUpstream(t);
    const { url } = await startGateway(t, {
      BASE_URL_POLICY: 'public',
      LLM_VISION_IMAGE_USE_BASE64: '1',
      OPENAI_PROXY_URL: fake.baseURL,
      OPENAI_API_KEY: 'sk-server-0123456789abcdefghijkl',
    });
    const response = await fetch(`${url}/webapi/chat/openai`, {
      method: 'POST',
      headers: await authHeader({}),
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        messages: [
          {
            role: 'user',
            content: 'What is this?',
            imageList: [{ url: `${fake.url}/metadata.png` }],
          },
        ],
      }),
    });
    t.equal(response.status, 400);
    const body = await response.json();
    t.equal(body.errorType, 'BadRequest');
    t.match(
      body.body.message,
      /^Failed to fetch the image http:\/\/127\.0\.0\.1:\d+\/metadata\.png: /,
    );
    t.equal(fake.requests.length, 0, 'neither the image nor the chat reached the private host');
  },
);
