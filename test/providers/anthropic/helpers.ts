/**
 * Helpers for driving the Anthropic runtime against the fake Anthropic API over a real socket.
 */
import type { Test } from 'tap';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { ProviderRuntime, RuntimeOptions } from '@manifold/core/contract/runtime';
import { definition } from '@manifold/provider-anthropic';
import { ANTHROPIC_TEST_KEY } from '@manifold/provider-kit/testing';
import { recordingLogger } from '../../wires/openai/runtime-helpers.js';
import {
  startFakeAnthropic,
  type FakeAnthropic,
  type FakeAnthropicOptions,
} from '@manifold/provider-kit/fakes/anthropic';

/** A realistic-looking key, long enough for the sanitiser's patterns. */
export const KEY = ANTHROPIC_TEST_KEY;

/** A model with a built-in card (maxOutput 64000) that takes temperature and top_p together. */
export const MODEL = 'claude-sonnet-4-20250514';

/** Start the fake (closed at teardown) and a runtime pointing at it. */
export async function setup(
  t: Test,
  options: { fake?: FakeAnthropicOptions; runtime?: Partial<RuntimeOptions> } = {},
): Promise<{
  fake: FakeAnthropic;
  runtime: ProviderRuntime;
  logger: ReturnType<typeof recordingLogger>;
  body: () => Record<string, any>;
}> {
  const fake = await startFakeAnthropic({ apiKey: KEY, ...options.fake });
  t.teardown(() => fake.close());
  const logger = recordingLogger();
  const runtime = definition.createRuntime({
    providerId: 'anthropic',
    apiKey: KEY,
    baseURL: fake.url,
    env: {},
    logger,
    ...options.runtime,
  });
  const body = () => (fake.lastRequest()?.body ?? {}) as Record<string, any>;
  return { fake, runtime, logger, body };
}

/** A request for `MODEL` with one user message unless told otherwise. */
export const ask = (overrides: Partial<ChatRequest> = {}): ChatRequest => ({
  model: MODEL,
  messages: [{ role: 'user', content: 'Hi' }],
  ...overrides,
});
