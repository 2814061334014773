/**
 * Helpers for driving the Ollama runtime against the fake Ollama over a real socket.
 */
import type { Test } from 'tap';
import type { ProviderRuntime, RuntimeOptions } from '@manifold/core/contract/runtime';
import { definition } from '@manifold/provider-ollama';
import { recordingLogger } from '../../wires/openai/runtime-helpers.js';
import { startGateway } from '../../helpers/gateway.js';
import { startFakeOllama, type FakeOllama } from '@manifold/provider-kit/fakes/ollama';

/** A proxy key long enough for the sanitiser's patterns. */
export const PROXY_KEY = 'ollama-proxy-0123456789abcdefghij';

/** Start a fake Ollama (closed at teardown) and a runtime pointing at it. */
export async function setup(
  t: Test,
  overrides: Partial<RuntimeOptions> = {},
): Promise<{
  fake: FakeOllama;
  runtime: ProviderRuntime;
  logger: ReturnType<typeof recordingLogger>;
}> {
  const fake = await startFakeOllama();
  t.teardown(() => fake.close());
  const logger = recordingLogger();
  const runtime = definition.createRuntime({
    providerId: 'ollama',
    baseURL: fake.url,
    env: {},
    logger,
    ...overrides,
  });
  return { fake, runtime, logger };
}

/** The JSON body the fake received last on `path` (default `/api/chat`). */
export const bodyOf = (fake: FakeOllama, path = '/api/chat'): Record<string, any> =>
  (fake.lastRequest(path)?.body ?? {}) as Record<string, any>;

/** Poll every 10 ms until `check` holds or `withinMs` passes. */
export async function eventually(check: () => boolean, withinMs = 1000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

/** A 1×1 transparent PNG. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A gateway that loads only the Ollama provider (discovery of every folder is tested elsewhere). */
export function startOllamaGateway(t: Test, env: Record<string, string> = {}) {
  return startGateway(t, env, {
    sources: [
      { label: 'ollama', source: 'builtin', load: () => import('@manifold/provider-ollama') },
    ],
  });
}
