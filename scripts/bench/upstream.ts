// A fake upstream for the benchmark, in its own process. `fast` streams a 20-chunk OpenAI answer
// with usage at once; `fast200` the same with 200 chunks (200 words); `slow` keeps each stream
// open, sending one chunk every few seconds; `anthropic` streams the same 20 words as Anthropic
// Messages events.
// Prints `{"url": …}` on its first stdout line.
import { startFakeAnthropic } from '@manifold/provider-kit/fakes/anthropic';
import { startFakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { chatUsage, textChunks } from '@manifold/provider-kit/fakes/openai-builders';

const wordList = (count: number) => Array.from({ length: count }, (_, index) => `word${index} `);
const words = wordList(20);
if (process.argv[2] === 'anthropic') {
  const fake = await startFakeAnthropic({
    defaultTexts: words,
    defaultUsage: { input: 12, output: 20 },
  });
  setInterval(() => fake.requests.splice(0), 1000).unref();
  process.stdout.write(`${JSON.stringify({ url: fake.url, baseURL: fake.url })}\n`);
  process.on('SIGTERM', () => fake.close().then(() => process.exit(0)));
} else {
  const mode = process.argv[2];
  await openai(mode === 'slow' || mode === 'fast200' ? mode : 'fast');
}

async function openai(mode: 'fast' | 'fast200' | 'slow') {
  const answer = mode === 'fast200' ? wordList(200) : words;
  const fake = await startFakeOpenAI({
    defaultScenario:
      mode === 'slow'
        ? { kind: 'chunks', chunks: textChunks(words, { id: 'chatcmpl-slow' }), delayMs: 5_000 }
        : {
            kind: 'chunks',
            chunks: textChunks(answer, {
              id: 'chatcmpl-bench',
              usage: chatUsage(12, answer.length),
            }),
          },
  });
  // the fake records every request; a benchmark does not need them kept
  setInterval(() => fake.requests.splice(0), 1000).unref();
  process.stdout.write(`${JSON.stringify({ url: fake.url, baseURL: fake.baseURL })}\n`);
  process.on('SIGTERM', () => fake.close().then(() => process.exit(0)));
}
