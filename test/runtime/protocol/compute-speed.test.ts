import t from 'tap';
import { computeSpeed } from '@manifold/core/protocol/compute-speed';

t.test('tps is measured from the first output to the end', async (t) => {
  t.strictSame(
    computeSpeed({
      startedAt: 0,
      firstOutputAt: 500,
      endAt: 2500,
      outputChunks: 10,
      usage: { totalOutputTokens: 100 },
    }),
    { tps: 50, ttft: 500 },
  );
});

t.test('a one-chunk answer is measured over the whole request', async (t) => {
  t.strictSame(
    computeSpeed({
      startedAt: 0,
      firstOutputAt: 3000,
      endAt: 3001,
      outputChunks: 1,
      usage: { totalOutputTokens: 300 },
    }),
    { tps: 99.97, ttft: 3000 },
  );
});

t.test('output lasting under a millisecond is measured over the whole request', async (t) => {
  t.strictSame(
    computeSpeed({
      startedAt: 0,
      firstOutputAt: 2000,
      endAt: 2000,
      outputChunks: 5,
      usage: { totalOutputTokens: 10 },
    }),
    { tps: 5, ttft: 2000 },
  );
});

t.test('without output tokens speed carries ttft only', async (t) => {
  t.strictSame(computeSpeed({ startedAt: 100, firstOutputAt: 350, endAt: 900, outputChunks: 3 }), {
    ttft: 250,
  });
  t.strictSame(
    computeSpeed({
      startedAt: 0,
      firstOutputAt: 1,
      endAt: 2,
      outputChunks: 2,
      usage: { totalInputTokens: 9 },
    }),
    { ttft: 1 },
  );
});

t.test('output parts are summed when the total is missing', async (t) => {
  const speed = computeSpeed({
    startedAt: 0,
    firstOutputAt: 0,
    endAt: 1000,
    outputChunks: 4,
    usage: { outputTextTokens: 30, outputReasoningTokens: 20 },
  });
  t.equal(speed.tps, 50);
});
