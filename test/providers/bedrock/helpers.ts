/**
 * Helpers for driving the Bedrock runtime against the fake Bedrock over a real socket.
 */
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { ProviderRuntime, RuntimeOptions } from '@manifold/core/contract/runtime';
import { definition } from '@manifold/provider-bedrock';
import { recordingLogger } from '../../wires/openai/runtime-helpers.js';
import {
  startFakeBedrock,
  TEST_CREDENTIALS,
  type FakeBedrock,
} from '@manifold/provider-kit/fakes/bedrock';

export const CLAUDE = 'global.anthropic.claude-sonnet-4-5-20250929-v1:0';
export const HAIKU_35 = 'anthropic.claude-3-5-haiku-20241022-v1:0';
export const LLAMA3 = 'us.meta.llama3-3-70b-instruct-v1:0';
export const LLAMA2 = 'meta.llama2-13b-chat-v1';
export const TITAN = 'amazon.titan-embed-text-v2:0';

/** Start the fake Bedrock, closed at teardown. */
export async function fakeBedrock(t: { teardown(fn: () => unknown): void }): Promise<FakeBedrock> {
  const fake = await startFakeBedrock();
  t.teardown(() => fake.close());
  return fake;
}

/** Runtime options with the fake's known credentials, pointing at the fake. */
export function bedrockOptions(
  fake: Pick<FakeBedrock, 'url'>,
  overrides: Partial<RuntimeOptions> = {},
): RuntimeOptions & { logger: ReturnType<typeof recordingLogger> } {
  return {
    providerId: 'bedrock',
    accessKeyId: TEST_CREDENTIALS.accessKeyId,
    secretAccessKey: TEST_CREDENTIALS.secretAccessKey,
    baseURL: fake.url,
    customBaseURL: true,
    env: {},
    ...overrides,
    logger: (overrides.logger as ReturnType<typeof recordingLogger>) ?? recordingLogger(),
  };
}

/** A Bedrock runtime against the fake. */
export const bedrockRuntime = (
  fake: Pick<FakeBedrock, 'url'>,
  overrides: Partial<RuntimeOptions> = {},
): ProviderRuntime => definition.createRuntime(bedrockOptions(fake, overrides));

/** A request for `model` with one user message unless messages are given. */
export const ask = (overrides: Partial<ChatRequest> = {}): ChatRequest => ({
  model: CLAUDE,
  messages: [{ role: 'user', content: 'Hi' }],
  ...overrides,
});

/** The JSON body the fake received last. */
export const lastBody = (fake: FakeBedrock): Record<string, any> =>
  (fake.lastRequest()?.body ?? {}) as Record<string, any>;
