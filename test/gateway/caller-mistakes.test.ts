import t from 'tap';
import { encodeUnsignedToken } from '@manifold/core/auth/token';
import { MAX_TOOL_SCHEMA_DEPTH } from '@manifold/gateway/tool-schema-depth';
import { authHeader, startGateway } from '../helpers/gateway.js';
import { fakeUpstream, TEST_KEY } from '../wires/openai/runtime-helpers.js';
import { startFakeGoogle } from '@manifold/provider-kit/fakes/google';
import { startFakeOllama } from '@manifold/provider-kit/fakes/ollama';

/** A JSON Schema nesting objects `levels` deep (as text: JSON.stringify itself overflows on very deep values). */
const nestedSchema = (levels: number): string =>
  '{"type":"object","properties":{"a":'.repeat(levels) + '{"type":"string"}' + '}}'.repeat(levels);

/** A chat body whose second tool's parameters are the given schema text. */
const chatWithTool = (schema: string): string =>
  `{"model":"gpt-4o-mini","messages":[{"role":"user","content":"hi"}],"tools":[` +
  `{"type":"function","function":{"name":"flat","parameters":{"type":"object","properties":{}}}},` +
  `{"type":"function","function":{"name":"deep","parameters":${schema}}}]}`;

t.test(
  'tool parameters nested too deep are 400 BadRequest naming the tool, never sent upstream',
  async (t) => {
    const fake = await fakeUpstream(t);
    const { url } = await startGateway(t, {
      OPENAI_PROXY_URL: fake.baseURL,
      OPENAI_API_KEY: TEST_KEY,
    });
    for (const levels of [40, 5000]) {
      // each level is two objects: the schema and its `properties`
      const response = await fetch(`${url}/webapi/chat/openai`, {
        method: 'POST',
        headers: await authHeader(),
        body: chatWithTool(nestedSchema(levels)),
      });
      t.equal(response.status, 400, `${levels} schema levels`);
      const body = await response.json();
      t.equal(body.errorType, 'BadRequest');
      t.equal(body.body.field, 'tools.1.function.parameters');
      t.match(body.body.message, `deeper than ${MAX_TOOL_SCHEMA_DEPTH} levels`);
    }
    t.equal(fake.requests.length, 0, 'nothing reached the upstream');

    // 31 schema levels + the innermost schema = 63 nested objects: within the limit
    const response = await fetch(`${url}/webapi/chat/openai`, {
      method: 'POST',
      headers: await authHeader(),
      body: chatWithTool(nestedSchema(31)),
    });
    t.equal(response.status, 200, 'a deep but reasonable schema is served');
    await response.text();
  },
);

t.test(
  'a token key with a line break, NUL or a non-Latin-1 character is 400 BadRequest on every route',
  async (t) => {
    const fake = await fakeUpstream(t);
    const ollama = await startFakeOllama();
    t.teardown(() => ollama.close());
    const { url } = await startGateway(t, {
      OPENAI_PROXY_URL: fake.baseURL,
      OLLAMA_PROXY_URL: ollama.url,
    });
    const chat = JSON.stringify({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hi' }],
    });
    for (const apiKey of ['sk-abc\r\nX-Injected: 1', 'sk-abc\u0000def', 'sk-ключ-0123']) {
      const headers = {
        'x-manifold-auth': encodeUnsignedToken({ apiKey }),
        'content-type': 'application/json',
      };
      for (const [path, body] of [
        ['/webapi/chat/openai', chat],
        ['/webapi/chat/google', chat],
        ['/webapi/models/openai', undefined],
        ['/webapi/models/ollama/pull', JSON.stringify({ model: 'llama3.2' })],
      ] as const) {
        const response = await fetch(`${url}${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers,
          ...(body === undefined ? {} : { body }),
        });
        const text = await response.text();
        t.equal(response.status, 400, `${path} with ${JSON.stringify(apiKey)}`);
        t.match(JSON.parse(text), { errorType: 'BadRequest', body: { field: 'apiKey' } });
        t.notOk(text.includes('X-Injected'), 'the key is not echoed');
      }
    }
    t.equal(fake.requests.length, 0, 'nothing reached the OpenAI upstream');
    t.equal(ollama.requests.length, 0, 'nothing reached Ollama');
  },
);

t.test('Google with no message content is 400 BadRequest naming the message', async (t) => {
  const google = await startFakeGoogle();
  t.teardown(() => google.close());
  const { url } = await startGateway(t, { GOOGLE_PROXY_URL: google.url });
  const headers = await authHeader({ apiKey: 'AIzaSyTest0123456789abcdefghijklmnopqr' });
  const cases: Array<[unknown[], string]> = [
    [[{ role: 'user', content: '' }], 'messages.0.content'],
    [[{ role: 'user', content: [] }], 'messages.0.content'],
    [
      [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: '' },
      ],
      'messages.1.content',
    ],
    [
      [
        { role: 'user', content: '' },
        { role: 'assistant', content: '' },
      ],
      'messages',
    ],
  ];
  for (const [messages, field] of cases) {
    const response = await fetch(`${url}/webapi/chat/google`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: 'gemini-2.5-flash', messages }),
    });
    t.equal(response.status, 400, JSON.stringify(messages));
    t.match(await response.json(), { errorType: 'BadRequest', body: { field } });
  }
  t.equal(google.requests.length, 0, 'nothing reached Google');
});
