/**
 * Helpers for driving an OpenAI-compatible runtime against the fake upstream over a real socket.
 */
import type { ChatMessage } from '@manifold/core/contract/chat-message';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { CallContext, ProviderRuntime, RuntimeOptions } from '@manifold/core/contract/runtime';
import { recordingLogger, TEST_KEY } from '@manifold/provider-kit/testing';
import type { StreamEvent } from '@manifold/core/contract/stream-event';
import { startFakeOpenAI, type FakeOpenAI } from '@manifold/provider-kit/fakes/openai';

export { recordingLogger, TEST_KEY, type LogRecord } from '@manifold/provider-kit/testing';

/** Start the fake upstream, closed at teardown. */
export async function fakeUpstream(t: { teardown(fn: () => unknown): void }): Promise<FakeOpenAI> {
  const fake = await startFakeOpenAI();
  t.teardown(() => fake.close());
  return fake;
}

/** Runtime options pointing at the fake, with a recording logger. */
export function runtimeOptions(
  fake: Pick<FakeOpenAI, 'baseURL'>,
  overrides: Partial<RuntimeOptions> = {},
): RuntimeOptions & { logger: ReturnType<typeof recordingLogger> } {
  return {
    providerId: 'test-compat',
    apiKey: TEST_KEY,
    baseURL: fake.baseURL,
    env: {},
    ...overrides,
    logger: (overrides.logger as ReturnType<typeof recordingLogger>) ?? recordingLogger(),
  };
}

/** A call context with a fresh signal. */
export function callContext(overrides: Partial<CallContext> = {}): CallContext {
  return { signal: new AbortController().signal, startedAt: Date.now(), ...overrides };
}

/** A user message. */
export const user = (content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  role: 'user',
  content,
  ...extra,
});

/** A request for `model` with one user message unless messages are given. */
export const chatRequest = (overrides: Partial<ChatRequest> = {}): ChatRequest => ({
  model: 'gpt-4o-mini',
  messages: [user('Hi')],
  ...overrides,
});

/** Every event of a chat. */
export async function chatEvents(
  runtime: ProviderRuntime,
  request: ChatRequest,
  context: CallContext = callContext(),
): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of await runtime.chat(request, context)) events.push(event);
  return events;
}

/** Events as `[kind, data]` pairs, for compact exact comparisons. */
export const kinds = (events: readonly StreamEvent[]): Array<[string, unknown]> =>
  events.map((event) => [event.event, event.data]);

/** The JSON body the fake received last. */
export function lastBody(fake: FakeOpenAI): Record<string, any> {
  return (fake.lastRequest()?.body ?? {}) as Record<string, any>;
}

/** The error a promise rejects with, or undefined. */
export async function rejection(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return undefined;
}

/** The error a function throws, or undefined. */
export function thrown(fn: () => unknown): any {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}
