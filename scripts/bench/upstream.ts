// A fake upstream for the benchmark, in its own process. `fast` streams a 20-chunk OpenAI answer
// with usage at once; `slow` keeps each stream open, sending one chunk every few seconds;
// `anthropic` streams the same 20 words as Anthropic Messages events.
// Prints `{"url": …}` on its first stdout line.
import { startFakeAnthropic } from '@manifold/provider-kit/fakes/anthropic';
import { startFakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { chatUsage, textChunks } from '@manifold/provider-kit/fakes/openai-builders';

const words = Array.from({ length: 20 }, (_, index) => `word${index} `);
if (process.argv[2] === 'anthropic') {
  const fake = await startFakeAnthropic({
    defaultTexts: words,
    defaultUsage: { input: 12, output: 20 },
  });
  setInterval(() => fake.requests.splice(0), 1000).unref();
  process.stdout.write(`${JSON.stringify({ url: fake.url, baseURL: fake.url })}\n`);
  process.on('SIGTERM', () => fake.close().then(() => process.exit(0)));
} else {
  await openai(process.argv[2] === 'slow' ? 'slow' : 'fast');
}

async function openai(mode: 'fast' | 'slow') {
  const fake = await startFakeOpenAI({
    defaultScenario:
      mode === 'fast'
        ? {
            kind: 'chunks',
            chunks: textChunks(words, { id: 'chatcmpl-bench', usage: chatUsage(12, 20) }),
          }
        : { kind: 'chunks', chunks: textChunks(words, { id: 'chatcmpl-slow' }), delayMs: 5_000 },
  });
  // the fake records every request; a benchmark does not need them kept
  setInterval(() => fake.requests.splice(0), 1000).unref();
  process.stdout.write(`${JSON.stringify({ url: fake.url, baseURL: fake.baseURL })}\n`);
  process.on('SIGTERM', () => fake.close().then(() => process.exit(0)));
}
