// DEBUG_<ID>_CHAT_COMPLETION=1 logs the payload and the raw upstream chunks; keys never reach the log.
import t, { type Test } from 'tap';
import { join } from 'node:path';
import { builtinSources } from '@manifold/gateway/discovery';
import { authHeader, startGateway } from '../helpers/gateway.js';
import { ROOT } from '../helpers/paths.js';
import { chunk } from '@manifold/provider-kit/fakes/openai-builders';
import { anthropicStream, textBlock } from '@manifold/provider-kit/fakes/anthropic-builders';
import { startFakeAnthropic } from '@manifold/provider-kit/fakes/anthropic';
import { fakeUpstream } from '../wires/openai/runtime-helpers.js';

/** The server key the fake upstreams echo back. */
const ECHOED = 'sk-test-ECHOED-1234567890';
/** A key without a recognisable prefix: only the exact value can find it. */
const PLAIN = 'plainSecretValue42';

const only = async (...ids: string[]) =>
  (await builtinSources(join(ROOT, 'providers'))).filter((source) => ids.includes(source.label));

/** A gateway writing its pino log (debug level) into `lines`. */
async function gateway(t: Test, env: Record<string, string>, ids: string[]) {
  const lines: string[] = [];
  const { url } = await startGateway(t, env, {
    sources: await only(...ids),
    logger: { level: 'debug', stream: { write: (line: string) => void lines.push(line) } },
  });
  const chat = async (provider: string, body: Record<string, unknown>, token = {}) => {
    const response = await fetch(`${url}/webapi/chat/${provider}`, {
      method: 'POST',
      headers: await authHeader(token),
      body: JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  };
  const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { lines, records, chat };
}

const ask = (model: string, content: string) => ({
  model,
  messages: [{ role: 'user', content }],
});

t.test('the OpenAI-compatible debug log masks a key the upstream echoes', async (t) => {
  const fake = await fakeUpstream(t);
  const { lines, records, chat } = await gateway(
    t,
    {
      OPENAI_PROXY_URL: fake.baseURL,
      OPENAI_API_KEY: ECHOED,
      DEBUG_OPENAI_CHAT_COMPLETION: '1',
    },
    ['openai'],
  );
  fake.reply({
    kind: 'chunks',
    chunks: [
      chunk({ content: `you sent ${ECHOED}` }),
      {
        ...chunk({ content: '.' }),
        debug: { api_key: 'abcdef', authorization: `Bearer ${ECHOED}` },
      },
      chunk({}, {}, 'stop'),
    ],
  });

  const answer = await chat('openai', ask('gpt-4o-mini', `my key is ${ECHOED}`));

  t.equal(answer.status, 200);
  const logged = records();
  const payload = logged.find((record) => record.msg === 'chat completion payload');
  t.match(payload, {
    payload: { model: 'gpt-4o-mini', messages: [{ content: 'my key is ****' }] },
  });
  const chunks = logged
    .filter((record) => record.msg === 'chat completion chunk')
    .map((record) => String(record.chunk));
  t.equal(chunks.length, 4, 'every chunk is logged, [DONE] included');
  t.match(chunks[0], /you sent \*\*\*\*"/);
  t.same(JSON.parse(chunks[1]!).debug, { api_key: '****', authorization: '****' });
  t.equal(chunks.at(-1), '[DONE]', 'a chunk without secrets is logged as it came');
  t.notOk(lines.join('\n').includes(ECHOED), 'the key appears nowhere in the log');
  t.notOk(lines.join('\n').includes('abcdef'));
});

t.test('a caller key without a known prefix is masked by its value', async (t) => {
  const fake = await fakeUpstream(t);
  const { lines, records, chat } = await gateway(
    t,
    { OPENAI_PROXY_URL: fake.baseURL, DEBUG_OPENAI_CHAT_COMPLETION: '1' },
    ['openai'],
  );
  fake.reply({ kind: 'chunks', chunks: [chunk({ content: `key=${PLAIN};` }, {}, 'stop')] });

  const answer = await chat('openai', ask('gpt-4o-mini', 'Hi'), { apiKey: PLAIN });

  t.equal(answer.status, 200);
  t.equal(fake.lastRequest()?.headers.authorization, `Bearer ${PLAIN}`);
  const chunks = records().filter((record) => record.msg === 'chat completion chunk');
  t.match(String(chunks[0]?.chunk), /key=\*\*\*\*;/);
  t.notOk(lines.join('\n').includes(PLAIN));
});

t.test('the Anthropic debug log masks a key the upstream echoes', async (t) => {
  const fake = await startFakeAnthropic({ apiKey: ECHOED });
  t.teardown(() => fake.close());
  const { lines, records, chat } = await gateway(
    t,
    {
      ANTHROPIC_PROXY_URL: fake.url,
      ANTHROPIC_API_KEY: ECHOED,
      DEBUG_ANTHROPIC_CHAT_COMPLETION: '1',
    },
    ['anthropic'],
  );
  fake.reply({
    kind: 'events',
    events: anthropicStream([textBlock(['your x-api-key was ', ECHOED])]),
  });

  const answer = await chat('anthropic', ask('claude-sonnet-4-5-20250929', `sk: ${ECHOED}`));

  t.equal(answer.status, 200);
  const logged = records();
  t.ok(logged.some((record) => record.msg === 'chat completion payload'));
  const chunks = logged
    .filter((record) => record.msg === 'chat completion chunk')
    .map((record) => String(record.chunk));
  t.ok(
    chunks.some((text) => text.includes('message_start')),
    'the raw chunks are logged',
  );
  t.ok(
    chunks.some((text) => text.includes('"text":"****"')),
    'the echoed key is masked',
  );
  t.notOk(lines.join('\n').includes(ECHOED), 'the key appears nowhere in the log');
});
