import t from 'tap';
import type { PullProgress } from '@manifold/core/contract/runtime';
import { callContext, rejection } from '../../wires/openai/runtime-helpers.js';
import { DIGEST, ollamaError, pullLines } from '@manifold/provider-kit/fakes/ollama';
import { bodyOf, eventually, setup } from './helpers.js';

async function collect(progress: AsyncIterable<PullProgress>) {
  const reports: PullProgress[] = [];
  try {
    for await (const report of progress) reports.push(report);
  } catch (error) {
    return { reports, error: error as any };
  }
  return { reports, error: undefined };
}

t.test(
  'a pull posts {model, stream:true} and reports the progress as Ollama sends it',
  async (t) => {
    const { fake, runtime } = await setup(t);
    const { reports, error } = await collect(await runtime.pull!('llama3.2', callContext()));
    t.equal(error, undefined);
    t.same(bodyOf(fake, '/api/pull'), { model: 'llama3.2', stream: true });
    t.same(reports, pullLines(), 'every line, fields as sent');
    t.same(reports[2], {
      status: 'pulling dde5aa3fc5ff',
      digest: DIGEST,
      total: 2_019_377_376,
      completed: 673_125_792,
    });
  },
);

t.test('an error line (unknown model) throws OllamaBizError with its message', async (t) => {
  const { fake, runtime } = await setup(t);
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
  const { reports, error } = await collect(await runtime.pull!('no-such-model', callContext()));
  t.same(reports, [{ status: 'pulling manifest' }]);
  t.equal(error?.errorType, 'OllamaBizError');
  t.equal(error?.body.message, 'pull model manifest: file does not exist');
});

t.test('an HTTP error (invalid name) rejects the pull before it starts', async (t) => {
  const { fake, runtime } = await setup(t);
  fake.reply(ollamaError(400, 'invalid model name'), '/api/pull');
  const error = await rejection(runtime.pull!('Bad Name!', callContext()));
  t.equal(error?.errorType, 'OllamaBizError');
  t.equal(error?.body.message, 'invalid model name');
});

t.test(
  'a stream that ends before success is unexpected_end; a bad line StreamChunkError',
  async (t) => {
    const { fake, runtime } = await setup(t);
    fake.reply({ kind: 'ndjson', lines: pullLines().slice(0, 3) }, '/api/pull');
    const cut = await collect(await runtime.pull!('llama3.2', callContext()));
    t.equal(cut.reports.length, 3);
    t.match(cut.error, { errorType: 'ProviderBizError', body: { reason: 'unexpected_end' } });
    fake.reply(
      { kind: 'ndjson', lines: [{ status: 'pulling manifest' }, 'not json'] },
      '/api/pull',
    );
    const bad = await collect(await runtime.pull!('llama3.2', callContext()));
    t.same(bad.reports, [{ status: 'pulling manifest' }]);
    t.equal(bad.error?.errorType, 'StreamChunkError');
  },
);

t.test('a client abort ends the progress quietly and cancels the upstream pull', async (t) => {
  const { fake, runtime } = await setup(t);
  fake.reply({ kind: 'ndjson', lines: pullLines(), delayMs: 30_000 }, '/api/pull');
  const controller = new AbortController();
  const reports: PullProgress[] = [];
  for await (const report of await runtime.pull!(
    'llama3.2',
    callContext({ signal: controller.signal }),
  )) {
    reports.push(report);
    controller.abort();
  }
  t.same(reports, [{ status: 'pulling manifest' }], 'nothing after the abort, no error');
  await fake.waitForClientClose();
  t.ok(
    await eventually(() => fake.activeResponses() === 0),
    'Ollama sees the pull connection close',
  );
});

t.test('a reader that stops early frees the upstream too', async (t) => {
  const { fake, runtime } = await setup(t);
  fake.reply({ kind: 'ndjson', lines: pullLines(), delayMs: 30_000 }, '/api/pull');
  for await (const report of await runtime.pull!('llama3.2', callContext())) {
    t.equal(report.status, 'pulling manifest');
    break;
  }
  await fake.waitForClientClose();
  t.equal(fake.activeResponses(), 0);
});
