// The README's "Adding a provider" example, taken from the README as written: its three files are
// written to a folder, loaded as a plugin (`MANIFOLD_PLUGINS`), and a chat goes through it to the
// fake OpenAI upstream with its rules applied.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { ROOT } from '../helpers/paths.js';
import { authHeader, parseEventStream, startGateway } from '../helpers/gateway.js';
import { textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { openaiError } from '@manifold/provider-kit/fakes/openai-errors';
import { startFakeOpenAI } from '@manifold/provider-kit/fakes/openai';

/** The example's files, split at their `// providers/acme/<file>.ts` comment lines. */
function exampleFiles(): Map<string, string> {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Adding a provider'));
  const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const files = new Map<string, string>();
  let current: string | undefined;
  for (const line of block.split('\n')) {
    const header = /^\/\/ providers\/acme\/([\w-]+\.ts)/.exec(line);
    if (header) current = header[1]!;
    else if (current) files.set(current, `${files.get(current) ?? ''}${line}\n`);
  }
  return files;
}

t.test('the README example is a working provider: a manifest and an options object', async (t) => {
  const files = exampleFiles();
  t.same([...files.keys()].sort(), ['index.ts', 'manifest.ts', 'options.ts']);

  // Inside the repository, so `@manifold/core` resolves as it does for a provider folder.
  const folder = join(ROOT, 'test', `.readme-acme-${process.pid}`);
  mkdirSync(folder, { recursive: true });
  t.teardown(() => rmSync(folder, { recursive: true, force: true }));
  for (const [name, source] of files) writeFileSync(join(folder, name), source);

  const fake = await startFakeOpenAI();
  t.teardown(() => fake.close());
  const { url } = await startGateway(t, {
    MANIFOLD_PLUGINS: join(folder, 'index.ts'),
    ACME_API_KEY: 'sk-acme',
    ACME_PROXY_URL: fake.baseURL,
  });

  const { providers } = (await (await fetch(`${url}/providers`)).json()) as {
    providers: { id: string; enabled: boolean; models: { id: string }[] }[];
  };
  const acme = providers.find((p) => p.id === 'acme');
  t.ok(acme?.enabled, 'listed and enabled by its key');
  t.same(
    acme?.models.map((m) => m.id),
    ['acme-large'],
  );

  fake.reply({ kind: 'chunks', chunks: textChunks(['Hi', ' there']) });
  const response = await fetch(`${url}/webapi/chat/acme`, {
    method: 'POST',
    headers: await authHeader(),
    body: JSON.stringify({
      model: 'acme-large',
      messages: [{ role: 'user', content: 'Hello' }],
      temperature: 0.8,
      max_tokens: 100_000,
      thinking: { type: 'enabled', budget_tokens: 0 },
      enabledSearch: true,
    }),
  });
  t.equal(response.status, 200);
  const events = parseEventStream(await response.text());
  t.same(
    events.filter((e) => e.event === 'text').map((e) => e.data),
    ['Hi', ' there'],
  );
  t.match(fake.lastRequest()?.body, {
    model: 'acme-large',
    temperature: 0.4, // halved
    max_tokens: 8192, // held
    enable_thinking: true,
    thinking_budget: 1, // held to the minimum
    enable_search: true,
  });

  fake.reply(openaiError(403, null, 'Not here'));
  const refused = await fetch(`${url}/webapi/chat/acme`, {
    method: 'POST',
    headers: await authHeader(),
    body: JSON.stringify({ model: 'acme-large', messages: [{ role: 'user', content: 'Hi' }] }),
  });
  t.equal((await refused.json()).errorType, 'LocationNotSupportError');
});
