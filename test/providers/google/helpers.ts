/**
 * Helpers for driving the Google runtime against the fake Google upstream over a real socket.
 */
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { RuntimeOptions } from '@manifold/core/contract/runtime';
import { GOOGLE_TEST_KEY } from '@manifold/provider-kit/testing';
import { chatEvents, recordingLogger } from '../../wires/openai/runtime-helpers.js';
import { createRuntime } from '../../../providers/google/runtime.js';
import {
  startFakeGoogle,
  type FakeGoogle,
  type FakeGoogleOptions,
} from '@manifold/provider-kit/fakes/google';

/** A key shaped like Google's, so the sanitiser's `AIza…` pattern applies. */
export const GOOGLE_KEY = GOOGLE_TEST_KEY;

/** Start the fake (checking the key), closed at teardown. */
export async function fakeGoogle(
  t: { teardown(fn: () => unknown): void },
  options: FakeGoogleOptions = { apiKey: GOOGLE_KEY },
): Promise<FakeGoogle> {
  const fake = await startFakeGoogle(options);
  t.teardown(() => fake.close());
  return fake;
}

/** Runtime options pointing at the fake, with a recording logger. */
export function googleOptions(
  fake: Pick<FakeGoogle, 'url'>,
  overrides: Partial<RuntimeOptions> = {},
): RuntimeOptions & { logger: ReturnType<typeof recordingLogger> } {
  return {
    providerId: 'google',
    apiKey: GOOGLE_KEY,
    baseURL: fake.url,
    customBaseURL: true,
    env: {},
    ...overrides,
    logger: (overrides.logger as ReturnType<typeof recordingLogger>) ?? recordingLogger(),
  };
}

/** A Google runtime pointing at the fake. */
export const googleRuntime = (
  fake: Pick<FakeGoogle, 'url'>,
  overrides: Partial<RuntimeOptions> = {},
) => createRuntime(googleOptions(fake, overrides));

/** A request for `model` (default gemini-2.0-flash, which does not think) with one user message. */
export const ask = (overrides: Partial<ChatRequest> = {}): ChatRequest => ({
  model: 'gemini-2.0-flash',
  messages: [{ role: 'user', content: 'Hi' }],
  ...overrides,
});

/** The JSON body of the last generate call the fake received. */
export const sentBody = (fake: FakeGoogle): Record<string, any> =>
  (fake.lastGenerate()?.body ?? {}) as Record<string, any>;

/** The upstream body the runtime sends for a request (against a fresh fake). */
export async function bodyFor(
  t: { teardown(fn: () => unknown): void },
  request: Partial<ChatRequest>,
): Promise<Record<string, any>> {
  const fake = await fakeGoogle(t);
  await chatEvents(googleRuntime(fake), ask(request));
  return sentBody(fake);
}
