/**
 * `manifold-provider-check <package-or-path> [--model <id>]`: load a provider package the way the
 * gateway does (`MANIFOLD_PLUGINS`: an npm package name, or a path to its folder or entry file),
 * start the fake upstream of its wire (`manifest.sdkType`: openai, anthropic, google, ollama) and
 * run the conformance kit through the gateway's own registry against it. Prints TAP; exits 0 when
 * every promise of CONTRACT §4 holds, 1 when one does not, 2 when the package cannot be checked.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import t from 'tap';
import { buildApp } from '@manifold/gateway/app';
import { loadConfig } from '@manifold/gateway/config';
import { pluginSources } from '@manifold/gateway/discovery';
import { runConformance } from './conformance/kit.js';
import { wireTarget, WIRE_FAMILIES } from './conformance/targets.js';

function fail(message: string): never {
  process.stderr.write(`manifold-provider-check: ${message}\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
const modelAt = args.indexOf('--model');
const model = modelAt === -1 ? undefined : args[modelAt + 1];
const given = args.find(
  (arg, index) => !arg.startsWith('--') && (modelAt === -1 || index !== modelAt + 1),
);
if (!given) fail('usage: manifold-provider-check <package-or-path> [--model <id>]');
// a path on disk is taken as a path even without `./`; anything else is an npm package name
const spec = existsSync(given) ? resolve(given) : given;

const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', MANIFOLD_PLUGINS: spec }), {
  sources: pluginSources([spec]),
  logger: false,
});
const manifests = app.registry.manifests().filter((manifest) => manifest.source === 'plugin');
if (manifests.length === 0) {
  await app.close();
  fail(`${given} did not register a provider (is it a manifold-provider package?)`);
}
t.teardown(() => app.close());

for (const manifest of manifests) {
  const chatModel = model ?? manifest.models.find((card) => card.type === 'chat')?.id;
  if (!chatModel) fail(`${manifest.id} lists no chat model: give one with --model`);
  const target = wireTarget(manifest.sdkType, {
    provider: manifest.id,
    model: chatModel,
    runtime: ({ baseURL, apiKey }) =>
      app.registry.runtimeFor(manifest.id, { baseURL, ...(apiKey && { apiKey }) }),
  });
  if (!target)
    fail(
      `${manifest.id} uses the ${manifest.sdkType} wire; the kit has fakes for ${WIRE_FAMILIES.join(', ')}: write a ConformanceTarget and call runConformance`,
    );
  await t.test(
    `${manifest.id} (${manifest.sdkType} wire, model ${chatModel}) keeps the protocol`,
    (t) => runConformance(t, target),
  );
}
