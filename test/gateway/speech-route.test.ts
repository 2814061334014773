/**
 * `POST /webapi/tts/:provider` (SPEC §7, CONTRACT §3): text to speech on OpenAI's speech API,
 * the audio bytes with their content type; refusals in the contract's error body.
 */
import t from 'tap';
import { speechBytes, startFakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { authHeader, startGateway } from '../helpers/gateway.js';

async function setup(t: Parameters<typeof startGateway>[0]) {
  const fake = await startFakeOpenAI();
  t.teardown(() => fake.close());
  const { url } = await startGateway(t, {
    OPENAI_API_KEY: 'sk-test-speech-00000000000000',
    OPENAI_PROXY_URL: fake.baseURL,
    DEEPSEEK_API_KEY: 'sk-test-deepseek-0000000000',
  });
  const speak = async (body: Record<string, unknown>, provider = 'openai') =>
    fetch(`${url}/webapi/tts/${provider}`, {
      method: 'POST',
      headers: await authHeader(),
      body: JSON.stringify(body),
    });
  return { fake, speak };
}

t.test('speech: the audio bytes and their content type', async (t) => {
  const { fake, speak } = await setup(t);
  const response = await speak({ model: 'gpt-4o-mini-tts', input: 'Hello there', voice: 'coral' });
  t.equal(response.status, 200);
  t.equal(response.headers.get('content-type'), 'audio/mpeg');
  t.same(new Uint8Array(await response.arrayBuffer()), speechBytes('Hello there'));
  t.match(fake.requests.at(-1), {
    path: '/v1/audio/speech',
    body: {
      model: 'gpt-4o-mini-tts',
      input: 'Hello there',
      voice: 'coral',
      response_format: 'mp3',
    },
  });
  const wav = await speak({
    model: 'tts-1',
    input: 'Hi',
    voice: 'alloy',
    format: 'wav',
    speed: 1.5,
  });
  t.equal(wav.headers.get('content-type'), 'audio/wav');
  t.match(fake.requests.at(-1)?.body, { response_format: 'wav', speed: 1.5 });
});

t.test(
  'refusals: bad body, the upstream refusing a voice, a provider without speech',
  async (t) => {
    const { fake, speak } = await setup(t);
    const before = fake.requests.length;
    for (const [label, body] of [
      ['no voice', { model: 'tts-1', input: 'Hi' }],
      ['empty input', { model: 'tts-1', input: '', voice: 'alloy' }],
      ['too long', { model: 'tts-1', input: 'x'.repeat(4097), voice: 'alloy' }],
      ['speed out of range', { model: 'tts-1', input: 'Hi', voice: 'alloy', speed: 9 }],
      ['unknown format', { model: 'tts-1', input: 'Hi', voice: 'alloy', format: 'ogg' }],
    ] as const) {
      const response = await speak(body);
      t.equal(response.status, 400, label);
      t.match(await response.json(), { errorType: 'BadRequest' }, label);
    }
    t.equal(fake.requests.length, before, 'nothing invalid went upstream');
    const voice = await speak({ model: 'tts-1', input: 'Hi', voice: 'robot' });
    t.equal(voice.status, 471);
    t.match(await voice.json(), {
      errorType: 'ProviderBizError',
      body: { message: /Invalid value: 'robot'/ },
    });
    const none = await speak({ model: 'x', input: 'Hi', voice: 'alloy' }, 'deepseek');
    t.equal(none.status, 405);
  },
);
