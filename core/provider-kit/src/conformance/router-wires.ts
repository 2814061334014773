/**
 * The conformance kit over a router provider's non-OpenAI wires: the same runtime, a model its
 * router sends to the Google or the Anthropic wire, each against that wire's fake upstream.
 *
 * ```ts
 * await t.test('on the Google wire', (t) =>
 *   googleWireConformance(t, definition, 'gemini-2.5-flash', (url) => `${url}/v1`));
 * ```
 */
import type { Test } from 'tap';
import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import {
  ANTHROPIC_TEST_KEY as ANTHROPIC_KEY,
  GOOGLE_TEST_KEY as GOOGLE_KEY,
  recordingLogger,
} from '../testing.js';
import { anthropicScenario } from './anthropic.js';
import { googleScenario, WHOLE_CALLS } from './google.js';
import { startFakeAnthropic } from '../fakes/anthropic.js';
import { startFakeGoogle } from '../fakes/google.js';
import { runConformance } from './kit.js';

/** The base URL a user gives the router, from the fake's URL (e.g. with `/v1` appended). */
type BaseURLOf = (fakeURL: string) => string;

const runtimeOf = (definition: ProviderDefinition, apiKey: string, baseURL: string) => () =>
  definition.createRuntime({
    providerId: definition.manifest.id,
    apiKey,
    baseURL,
    env: {},
    logger: recordingLogger(),
  });

/** The kit on the router's Google wire (whole tool calls: Gemini sends each call in one part). */
export function googleWireConformance(
  t: Test,
  definition: ProviderDefinition,
  model: string,
  baseURLOf: BaseURLOf = (url) => url,
): Promise<void> {
  return runConformance(t, {
    provider: definition.manifest.id,
    request: { model },
    notExpressible: { 'tool-calls': WHOLE_CALLS },
    async start() {
      const fake = await startFakeGoogle({ apiKey: GOOGLE_KEY });
      return {
        runtime: runtimeOf(definition, GOOGLE_KEY, baseURLOf(fake.url)),
        play: (scenario) => fake.reply(googleScenario(scenario)),
        activeResponses: () => fake.activeResponses(),
        close: () => fake.close(),
      };
    },
  });
}

/** The kit on the router's Anthropic wire (Messages SSE from the fake Anthropic API). */
export function anthropicWireConformance(
  t: Test,
  definition: ProviderDefinition,
  model: string,
  baseURLOf: BaseURLOf = (url) => url,
): Promise<void> {
  return runConformance(t, {
    provider: definition.manifest.id,
    request: { model },
    async start() {
      const fake = await startFakeAnthropic({ apiKey: ANTHROPIC_KEY });
      return {
        runtime: runtimeOf(definition, ANTHROPIC_KEY, baseURLOf(fake.url)),
        play: (scenario) => fake.reply(anthropicScenario(scenario)),
        activeResponses: () => fake.activeResponses(),
        close: () => fake.close(),
      };
    },
  });
}
