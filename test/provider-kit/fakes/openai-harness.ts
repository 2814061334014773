/**
 * Test helpers for driving the fake OpenAI upstream with the real `openai` SDK over a real socket.
 */
import OpenAI from 'openai';
import { setTimeout as sleep } from 'node:timers/promises';
import { startFakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import type { FakeOpenAI, FakeOpenAIOptions } from '@manifold/provider-kit/fakes/openai';

/** The part of a tap test the helpers need. */
export interface Teardown {
  teardown(fn: () => unknown): void;
}

/** Options for `connect`: the fake's, a base path other than `/v1`, and `quiet` to mute SDK logging. */
export interface ConnectOptions extends FakeOpenAIOptions {
  basePath?: string;
  /** Turn the SDK logger off (it prints unparsable chunks to the console before throwing). */
  quiet?: boolean;
}

/** Start a fake (closed at teardown) and an SDK client pointed at it with retries off. */
export async function connect(
  t: Teardown,
  options: ConnectOptions = {},
): Promise<{ fake: FakeOpenAI; client: OpenAI }> {
  const fake = await startFakeOpenAI(options);
  t.teardown(() => fake.close());
  const baseURL = options.basePath === undefined ? fake.baseURL : `${fake.url}${options.basePath}`;
  const logging = options.quiet ? { logLevel: 'off' as const } : {};
  return { fake, client: new OpenAI({ apiKey: 'sk-test', baseURL, maxRetries: 0, ...logging }) };
}

/** Everything an async iterable yields, or what it yielded before throwing together with the error. */
export async function collect<T>(
  iterable: AsyncIterable<T>,
): Promise<{ items: T[]; error?: unknown }> {
  const items: T[] = [];
  try {
    for await (const item of iterable) items.push(item);
  } catch (error) {
    return { items, error };
  }
  return { items };
}

/** Poll `check` every 10 ms until it holds or `withinMs` passes; returns whether it held. */
export async function eventually(check: () => boolean, withinMs = 1000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await sleep(10);
  }
  return true;
}

/** The error a promise rejects with, or undefined when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return undefined;
}
