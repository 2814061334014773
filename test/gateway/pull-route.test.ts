import t, { type Test } from 'tap';
import { request as httpRequest } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import '@manifold/gateway/registry-types';
import type { ProviderDefinition, PullProgress } from '@manifold/core/contract/runtime';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { CANCELLED_LINE, progressLine, pullStreamLines } from '@manifold/gateway/routes/pull';
import { authHeader, startGateway } from '../helpers/gateway.js';

/** What the scripted puller saw. */
const seen = { started: [] as string[], aborted: [] as string[] };

const untilAborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });

/** A provider whose model names script the pull: ok, stall, refuse, crash, slow-start, fail-mid. */
const puller: ProviderDefinition = {
  manifest: {
    id: 'puller',
    name: 'Puller',
    sdkType: 'ollama',
    keyVault: [],
    settings: {},
    models: [],
  },
  createRuntime: () => ({
    chat: async () => (async function* () {})(),
    async pull(model, context) {
      const { signal } = context;
      seen.started.push(model);
      if (model === 'refuse')
        throw new ManifoldError('OllamaServiceUnavailable', {
          provider: 'puller',
          message: 'please check whether your ollama service is available',
        });
      if (model === 'crash') throw new Error('boom');
      if (model === 'slow-start') {
        await untilAborted(signal);
        seen.aborted.push(model);
        throw signal.reason;
      }
      return (async function* (): AsyncGenerator<PullProgress> {
        yield { status: 'pulling manifest' };
        if (model === 'stall') {
          await untilAborted(signal);
          seen.aborted.push(model);
          return;
        }
        if (model === 'fail-mid')
          throw new ManifoldError('OllamaBizError', {
            provider: 'puller',
            message: 'pull model manifest: file does not exist',
          });
        if (model === 'plain-fail-mid') throw new Error('socket exploded');
        yield {
          status: 'pulling dde5aa3fc5ff',
          digest: 'sha256:dde5',
          total: 100,
          completed: 50,
          model: 'not part of the contract',
        } as PullProgress;
        yield { status: 'success' };
      })();
    },
  }),
};

const plain: ProviderDefinition = {
  manifest: {
    id: 'plain',
    name: 'Plain',
    sdkType: 'openai',
    keyVault: [],
    settings: {},
    models: [],
  },
  createRuntime: () => ({ chat: async () => (async function* () {})() }),
};

const pluginOf = (definition: ProviderDefinition) => {
  const plugin: FastifyPluginAsync = async (fastify) => {
    fastify.providerRegistry.register(definition);
  };
  return fp(plugin, {
    name: `provider-${definition.manifest.id}`,
    fastify: '5.x',
    dependencies: ['provider-registry'],
  });
};

async function gateway(t: Test) {
  const logs: Array<Record<string, any>> = [];
  const { url } = await startGateway(
    t,
    {},
    {
      sources: [puller, plain].map((definition) => ({
        label: definition.manifest.id,
        source: 'builtin' as const,
        load: async () => ({ default: pluginOf(definition) }),
      })),
      logger: { level: 'info', stream: { write: (line: string) => logs.push(JSON.parse(line)) } },
    },
  );
  const pull = async (body: unknown, provider = 'puller', headers?: Record<string, string>) => {
    const response = await fetch(`${url}/webapi/models/${provider}/pull`, {
      method: 'POST',
      headers: headers ?? (await authHeader()),
      body: JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  return { url, logs, pull };
}

/** Post a pull, call `onLine` with each line as it arrives; `stop()` destroys the request. */
async function streamPull(
  url: string,
  model: string,
  onLine: (line: string, stop: () => void) => void,
) {
  const headers = await authHeader();
  await new Promise<void>((resolve, reject) => {
    const request = httpRequest(
      `${url}/webapi/models/puller/pull`,
      { method: 'POST', headers },
      (response) => {
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          for (const line of chunk.split('\n').filter(Boolean))
            onLine(line, () => {
              request.destroy();
              resolve();
            });
        });
      },
    );
    request.on('error', (error) =>
      /socket hang up|aborted/.test(error.message) ? resolve() : reject(error),
    );
    request.end(JSON.stringify({ model }));
  });
}

const { url, logs, pull } = await gateway(t);

const eventually = async (check: () => boolean) => {
  const deadline = Date.now() + 1000;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  return check();
};

t.test('a pull streams one NDJSON line per report with the contract fields only', async (t) => {
  const { status, headers, text } = await pull({ model: 'ok' });
  t.equal(status, 200);
  t.equal(headers.get('content-type'), 'application/x-ndjson; charset=utf-8');
  t.equal(headers.get('cache-control'), 'no-cache');
  t.equal(headers.get('x-accel-buffering'), 'no');
  t.equal(
    text,
    '{"status":"pulling manifest"}\n' +
      '{"status":"pulling dde5aa3fc5ff","completed":50,"total":100,"digest":"sha256:dde5"}\n' +
      '{"status":"success"}\n',
  );
});

t.test('lines are flushed as they come; a client abort cancels the upstream pull', async (t) => {
  const lines: string[] = [];
  await streamPull(url, 'stall', (line, stop) => {
    lines.push(line);
    // the pull is still running (stalled upstream): the line was not held back
    t.same(seen.aborted, [], 'the first line arrives while the pull is still running');
    stop();
  });
  t.same(lines, ['{"status":"pulling manifest"}']);
  t.ok(await eventually(() => seen.aborted.includes('stall')), 'the runtime saw the abort');
  t.ok(
    await eventually(() =>
      logs.some((log) => log.msg === 'model pull cancelled' && log.model === 'stall'),
    ),
    'the gateway logs the pull as cancelled',
  );
});

t.test('a failure to start is HTTP 500 with the CONTRACT §7 body', async (t) => {
  const refused = await pull({ model: 'refuse' });
  t.equal(refused.status, 500);
  t.same(JSON.parse(refused.text), {
    errorType: 'OllamaServiceUnavailable',
    body: {
      provider: 'puller',
      message: 'please check whether your ollama service is available',
    },
  });
  const crashed = await pull({ model: 'crash' });
  t.equal(crashed.status, 500);
  t.same(JSON.parse(crashed.text), { errorType: 'AgentRuntimeError', body: { message: 'boom' } });
});

t.test('a client that leaves before the upstream accepted gets a logged 499', async (t) => {
  const headers = await authHeader();
  const request = httpRequest(`${url}/webapi/models/puller/pull`, { method: 'POST', headers });
  request.on('error', () => undefined);
  request.end(JSON.stringify({ model: 'slow-start' }));
  await eventually(() => seen.started.includes('slow-start'));
  request.destroy();
  t.ok(await eventually(() => seen.aborted.includes('slow-start')), 'the runtime saw the abort');
  t.ok(
    await eventually(() =>
      logs.some((log) => log.msg === 'model pull cancelled' && log.status === 499),
    ),
    'logged as a 499 cancel: the socket is closed, so the log is the only witness',
  );
});

t.test('a failure after the start ends the stream with an error line', async (t) => {
  const biz = await pull({ model: 'fail-mid' });
  t.equal(biz.status, 200);
  t.equal(
    biz.text,
    '{"status":"pulling manifest"}\n' +
      '{"status":"error","errorType":"OllamaBizError","message":"pull model manifest: file does not exist"}\n',
  );
  const plainError = await pull({ model: 'plain-fail-mid' });
  t.equal(
    plainError.text.split('\n').at(-2),
    '{"status":"error","errorType":"AgentRuntimeError","message":"socket exploded"}',
  );
});

t.test('a provider without pull is 405; auth, body and provider are checked', async (t) => {
  const none = await pull({ model: 'x' }, 'plain');
  t.equal(none.status, 405);
  t.same(JSON.parse(none.text), {
    errorType: 405,
    body: { message: 'plain cannot pull models', provider: 'plain' },
  });
  const unauthenticated = await pull({ model: 'ok' }, 'puller', {
    'content-type': 'application/json',
  });
  t.equal(unauthenticated.status, 401);
  t.equal(JSON.parse(unauthenticated.text).errorType, 'InvalidAccessCode');
  const missing = await pull({}, 'puller');
  t.equal(missing.status, 400);
  t.match(JSON.parse(missing.text), { errorType: 'BadRequest', body: { field: 'model' } });
  const empty = await pull({ model: '' });
  t.equal(empty.status, 400);
  t.equal((await pull({ model: 'ok' }, 'nobody')).status, 404);
});

t.test('pullStreamLines: on abort the source stops and the last line is cancelled', async (t) => {
  const controller = new AbortController();
  let stopped = false;
  async function* source(): AsyncGenerator<PullProgress> {
    try {
      yield { status: 'pulling manifest' };
      yield { status: 'pulling abc', completed: 1, total: 2, digest: 'sha256:abc' };
      yield { status: 'never sent' };
    } finally {
      stopped = true;
    }
  }
  const lines: string[] = [];
  for await (const line of pullStreamLines(source(), controller.signal, 'puller')) {
    lines.push(line);
    if (lines.length === 2) controller.abort();
  }
  t.same(lines, [
    '{"status":"pulling manifest"}\n',
    '{"status":"pulling abc","completed":1,"total":2,"digest":"sha256:abc"}\n',
    CANCELLED_LINE,
  ]);
  t.ok(stopped, 'the source (and with it the upstream pull) was stopped');
  t.equal(CANCELLED_LINE, '{"status":"cancelled"}\n');
});

t.test(
  'pullStreamLines: an error ends with an error line; an abort wins over the error',
  async (t) => {
    async function* failing(): AsyncGenerator<PullProgress> {
      yield { status: 'pulling manifest' };
      throw new ManifoldError('StreamChunkError', {});
    }
    const lines: string[] = [];
    for await (const line of pullStreamLines(failing(), new AbortController().signal, 'puller'))
      lines.push(line);
    t.same(JSON.parse(lines.at(-1)!), {
      status: 'error',
      errorType: 'StreamChunkError',
      message:
        'chat response streaming chunk parse error, please contact your API Provider to fix it.',
    });
    const aborted = AbortSignal.abort();
    const after: string[] = [];
    for await (const line of pullStreamLines(failing(), aborted, 'puller')) after.push(line);
    t.same(after, [CANCELLED_LINE]);
    t.equal(
      progressLine({ status: 'x', completed: 'many' as unknown as number }),
      '{"status":"x"}\n',
      'only well-typed contract fields are kept',
    );
  },
);
