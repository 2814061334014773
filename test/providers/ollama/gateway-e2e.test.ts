import t, { type Test } from 'tap';
import { request as httpRequest } from 'node:http';
import { authHeader, parseEventStream } from '../../helpers/gateway.js';
import {
  closedPort,
  ollamaError,
  pullLines,
  startFakeOllama,
  textChat,
  toolCall,
} from '@manifold/provider-kit/fakes/ollama';
import { bodyOf, eventually, PROXY_KEY, startOllamaGateway } from './helpers.js';

const ask = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    model: 'qwen3',
    messages: [{ role: 'user', content: 'Weather in Paris?' }],
    ...extra,
  });

/** One fake Ollama behind one gateway (`OLLAMA_PROXY_URL`, `OLLAMA_API_KEY`), for every test. */
async function gateway(t: Test) {
  const fake = await startFakeOllama();
  t.teardown(() => fake.close());
  const { url } = await startOllamaGateway(t, {
    OLLAMA_PROXY_URL: fake.url,
    OLLAMA_API_KEY: PROXY_KEY,
  });
  const post = async (path: string, body: string, token = {}) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: await authHeader(token),
      body,
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  return { fake, url, post };
}

const { fake, url, post } = await gateway(t);

/** Post to `path`, hand each received chunk to `onData`; `stop()` destroys the request. */
async function readThenLeave(url: string, path: string, body: string) {
  const headers = await authHeader();
  let first = '';
  await new Promise<void>((resolve, reject) => {
    const request = httpRequest(`${url}${path}`, { method: 'POST', headers }, (response) => {
      response.setEncoding('utf8');
      response.once('data', (chunk: string) => {
        first = chunk;
        request.destroy();
        resolve();
      });
    });
    request.on('error', (error) =>
      /socket hang up|aborted/.test(error.message) ? resolve() : reject(error),
    );
    request.end(body);
  });
  return first;
}

t.test('a streamed chat gives exactly the CONTRACT §4 events', async (t) => {
  fake.reply({
    kind: 'ndjson',
    lines: textChat(['It is', ' sunny.'], {
      thinking: ['Check ', 'the weather.'],
      toolCalls: [toolCall('realtime-weather____fetchCurrentWeather', { city: '杭州' })],
      usage: [42, 19],
    }),
  });
  const { status, headers, text } = await post(
    '/webapi/chat/ollama',
    ask({ temperature: 0.8, max_tokens: 256 }),
  );
  t.equal(status, 200);
  t.equal(headers.get('content-type'), 'text/event-stream; charset=utf-8');
  const events = parseEventStream(text);
  const id = events[0]!.id;
  t.match(id, /^chat_[A-Za-z0-9]{16}$/);
  const callId = (events[4]!.data as Array<{ id: string }>)[0]!.id;
  t.match(callId, /^realtime-weather____fetchCurrentWeather_0_[A-Za-z0-9]{8}$/);
  t.same(
    events.slice(0, -1).map((event) => [event.id, event.event, event.data]),
    [
      [id, 'reasoning', 'Check '],
      [id, 'reasoning', 'the weather.'],
      [id, 'text', 'It is'],
      [id, 'text', ' sunny.'],
      [
        id,
        'tool_calls',
        [
          {
            index: 0,
            id: callId,
            type: 'function',
            function: {
              name: 'realtime-weather____fetchCurrentWeather',
              arguments: '{"city":"杭州"}',
            },
          },
        ],
      ],
      [id, 'stop', 'stop'],
      [id, 'usage', { totalInputTokens: 42, totalOutputTokens: 19, totalTokens: 61 }],
    ],
  );
  t.match(events.at(-1), {
    id: 'output_speed',
    event: 'speed',
    data: { ttft: Number, tps: Number },
  });
  t.same(bodyOf(fake), {
    model: 'qwen3',
    messages: [{ role: 'user', content: 'Weather in Paris?' }],
    stream: true,
    options: { temperature: 0.4, num_predict: 256 },
  });
  t.equal(fake.lastRequest()?.headers.authorization, `Bearer ${PROXY_KEY}`, 'OLLAMA_API_KEY');
});

t.test('?format=json gives one final result', async (t) => {
  fake.reply({ kind: 'ndjson', lines: textChat(['4'], { thinking: ['2+2'], usage: [5, 1] }) });
  const { status, text } = await post('/webapi/chat/ollama?format=json', ask());
  t.equal(status, 200);
  t.match(JSON.parse(text), {
    id: /^chat_/,
    text: '4',
    reasoning: { content: '2+2' },
    stop: 'stop',
    usage: { totalTokens: 6 },
  });
});

t.test("Ollama's error answer is HTTP 472 OllamaBizError with the host masked", async (t) => {
  fake.reply(ollamaError(404, "model 'x' not found"));
  const { status, text } = await post('/webapi/chat/ollama', ask({ model: 'x' }));
  t.equal(status, 472);
  t.same(JSON.parse(text), {
    errorType: 'OllamaBizError',
    body: {
      error: { error: "model 'x' not found" },
      message: "model 'x' not found",
      provider: 'ollama',
      endpoint: 'http://127.****.****.1:****',
    },
  });
});

t.test('an unreachable Ollama is HTTP 472 OllamaServiceUnavailable', async (t) => {
  const port = await closedPort();
  const { status, text } = await post('/webapi/chat/ollama', ask(), {
    baseURL: `http://127.0.0.1:${port}`,
  });
  t.equal(status, 472);
  t.match(JSON.parse(text), {
    errorType: 'OllamaServiceUnavailable',
    body: {
      message: 'please check whether your ollama service is available',
      endpoint: 'http://127.****.****.1:****',
    },
  });
});

t.test('a base URL in the token wins; a malformed one is refused by the gateway', async (t) => {
  const other = await startFakeOllama();
  t.teardown(() => other.close());
  const ok = await post('/webapi/chat/ollama', ask(), { baseURL: `${other.url}/` });
  t.equal(ok.status, 200);
  t.equal(other.lastRequest()?.path, '/api/chat', 'the token host, a bare origin used as it is');
  t.equal(other.lastRequest()?.headers.authorization, `Bearer ${PROXY_KEY}`, 'the server key');
  const bad = await post('/webapi/chat/ollama', ask(), { baseURL: 'not a url' });
  t.equal(bad.status, 400);
  t.match(JSON.parse(bad.text), { errorType: 'BadRequest', body: { field: 'baseURL' } });
});

t.test('a client that disconnects mid-stream releases the Ollama socket at once', async (t) => {
  fake.reply({ kind: 'ndjson', lines: textChat(['a', 'b', 'c']), delayMs: 30_000 });
  await readThenLeave(url, '/webapi/chat/ollama', ask());
  await fake.waitForClientClose();
  t.ok(await eventually(() => fake.activeResponses() === 0));
});

t.test('GET /webapi/models/ollama lists the installed models', async (t) => {
  const response = await fetch(`${url}/webapi/models/ollama`, { headers: await authHeader() });
  t.equal(response.status, 200);
  const { models } = (await response.json()) as { models: Array<{ id: string; source: string }> };
  t.same(
    models.map((model) => model.id),
    ['llama3.2', 'qwen3:8b', 'my-finetune', 'nomic-embed-text'],
  );
  t.ok(models.every((model) => model.source === 'remote'));
});

t.test('POST /webapi/embeddings/ollama returns the vectors', async (t) => {
  const { status, text } = await post(
    '/webapi/embeddings/ollama',
    JSON.stringify({ model: 'nomic-embed-text', input: 'hello' }),
  );
  t.equal(status, 200);
  t.same(JSON.parse(text), { embeddings: [[0.010071029, -0.0017594862, 0.05007221]] });
  t.same(bodyOf(fake, '/api/embed'), { model: 'nomic-embed-text', input: 'hello' });
});

t.test('POST /webapi/models/ollama/pull streams the progress as NDJSON', async (t) => {
  const { status, headers, text } = await post(
    '/webapi/models/ollama/pull',
    JSON.stringify({ model: 'llama3.2' }),
  );
  t.equal(status, 200);
  t.equal(headers.get('content-type'), 'application/x-ndjson; charset=utf-8');
  t.same(
    text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line)),
    pullLines(),
  );
  t.same(bodyOf(fake, '/api/pull'), { model: 'llama3.2', stream: true });
});

t.test('an unknown model ends the pull with an error line', async (t) => {
  fake.reply(
    {
      kind: 'ndjson',
      lines: [
        { status: 'pulling manifest' },
        { error: 'pull model manifest: file does not exist' },
      ],
    },
    '/api/pull',
  );
  const { status, text } = await post(
    '/webapi/models/ollama/pull',
    JSON.stringify({ model: 'nope' }),
  );
  t.equal(status, 200);
  t.equal(
    text,
    '{"status":"pulling manifest"}\n' +
      '{"status":"error","errorType":"OllamaBizError","message":"pull model manifest: file does not exist"}\n',
  );
});

t.test('a pull Ollama refuses is HTTP 500 with the error body', async (t) => {
  fake.reply(ollamaError(400, 'invalid model name'), '/api/pull');
  const { status, text } = await post(
    '/webapi/models/ollama/pull',
    JSON.stringify({ model: 'B A D' }),
  );
  t.equal(status, 500);
  t.match(JSON.parse(text), {
    errorType: 'OllamaBizError',
    body: { message: 'invalid model name', provider: 'ollama' },
  });
});

t.test('a client that leaves a pull cancels it upstream', async (t) => {
  fake.reply({ kind: 'ndjson', lines: pullLines(), delayMs: 30_000 }, '/api/pull');
  const first = await readThenLeave(
    url,
    '/webapi/models/ollama/pull',
    JSON.stringify({ model: 'llama3.2' }),
  );
  t.equal(
    first,
    '{"status":"pulling manifest"}\n',
    'the first line came while Ollama was still pulling',
  );
  await fake.waitForClientClose();
  t.ok(
    await eventually(() => fake.activeResponses() === 0),
    'Ollama sees the pull connection close',
  );
});
