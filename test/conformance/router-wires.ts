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
import { recordingLogger } from '../wires/openai/runtime-helpers.js';
import { KEY as ANTHROPIC_KEY } from '../providers/anthropic/helpers.js';
import { anthropicScenario } from '../providers/anthropic/scenarios.js';
import { fakeGoogle, GOOGLE_KEY } from '../providers/google/helpers.js';
import { googleScenario, WHOLE_CALLS } from '../providers/google/scenarios.js';
import { startFakeAnthropic } from '../upstreams/anthropic.js';
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
      const fake = await fakeGoogle(t);
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
