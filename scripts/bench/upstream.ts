// A fake OpenAI upstream for the benchmark, in its own process. `fast` streams a 20-chunk answer
// with usage at once; `slow` keeps each stream open, sending one chunk every few seconds.
// Prints `{"url": …}` on its first stdout line.
import { startFakeOpenAI } from '../../test/upstreams/openai.js';
import { chatUsage, textChunks } from '../../test/upstreams/openai-builders.js';

const mode = process.argv[2] === 'slow' ? 'slow' : 'fast';
const words = Array.from({ length: 20 }, (_, index) => `word${index} `);
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
