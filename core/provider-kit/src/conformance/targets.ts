/**
 * Conformance targets by wire family: a provider package tells the kit only how to build its
 * runtime for a base URL and key; the kit starts the fake upstream of the provider's wire
 * (`manifest.sdkType`), plays every scenario in that wire's format and asserts the protocol.
 *
 * ```ts
 * await runConformance(t, wireTarget('openai', {
 *   provider: 'acme', model: 'acme-large',
 *   runtime: ({ baseURL, apiKey }) => definition.createRuntime({ providerId: 'acme', baseURL, apiKey, env: {}, logger }),
 * })!);
 * ```
 */
import type { ProviderRuntime } from '@manifold/core/contract/runtime';
import { startFakeAnthropic } from '../fakes/anthropic.js';
import { startFakeGoogle } from '../fakes/google.js';
import { startFakeOllama } from '../fakes/ollama.js';
import { startFakeOpenAI } from '../fakes/openai.js';
import { ANTHROPIC_TEST_KEY, GOOGLE_TEST_KEY, TEST_KEY } from '../testing.js';
import { anthropicScenario } from './anthropic.js';
import { googleScenario, WHOLE_CALLS } from './google.js';
import type { ConformanceTarget, ConformanceUpstream } from './kit.js';
import { OLLAMA_NOT_EXPRESSIBLE, ollamaScenario } from './ollama.js';
import { chatScenario } from './openai.js';

/** Where the provider under test is pointed: the fake's base URL and the key it accepts. */
export interface UpstreamAccess {
  baseURL: string;
  apiKey: string;
}

/** How a provider is driven by a wire target. */
export interface WireTargetOptions {
  /** Provider id, as in the error bodies. */
  provider: string;
  /** A chat model id of the provider. */
  model: string;
  /** A runtime of the provider pointing at the fake (may be built asynchronously, e.g. by a gateway). */
  runtime(access: UpstreamAccess): ProviderRuntime | Promise<ProviderRuntime>;
  /** Path the provider's base URL has on an OpenAI-style fake (default `/v1`). */
  basePath?: string;
}

/** The wire families the kit has fakes and scenarios for (`manifest.sdkType`). */
export const WIRE_FAMILIES = ['openai', 'anthropic', 'google', 'ollama'] as const;

async function upstream(
  fake: { activeResponses(): number; close(): Promise<void> },
  runtime: ProviderRuntime,
  play: (scenario: Parameters<ConformanceUpstream['play']>[0]) => void,
): Promise<ConformanceUpstream> {
  return {
    runtime: () => runtime,
    play,
    activeResponses: () => fake.activeResponses(),
    close: () => fake.close(),
  };
}

/**
 * The conformance target of a provider on one of `WIRE_FAMILIES`, or undefined for a wire the kit
 * has no fake for (such a provider writes its own `ConformanceTarget`).
 */
export function wireTarget(
  sdkType: string,
  options: WireTargetOptions,
): ConformanceTarget | undefined {
  const base = { provider: options.provider, request: { model: options.model } };
  switch (sdkType) {
    case 'openai':
      return {
        ...base,
        async start() {
          const fake = await startFakeOpenAI();
          const baseURL = `${fake.url}${options.basePath ?? '/v1'}`;
          const runtime = await options.runtime({ baseURL, apiKey: TEST_KEY });
          return upstream(fake, runtime, (scenario) => fake.reply(chatScenario(scenario)));
        },
      };
    case 'anthropic':
      return {
        ...base,
        async start() {
          const fake = await startFakeAnthropic({ apiKey: ANTHROPIC_TEST_KEY });
          const runtime = await options.runtime({ baseURL: fake.url, apiKey: ANTHROPIC_TEST_KEY });
          return upstream(fake, runtime, (scenario) => fake.reply(anthropicScenario(scenario)));
        },
      };
    case 'google':
      return {
        ...base,
        notExpressible: { 'tool-calls': WHOLE_CALLS },
        async start() {
          const fake = await startFakeGoogle({ apiKey: GOOGLE_TEST_KEY });
          const runtime = await options.runtime({ baseURL: fake.url, apiKey: GOOGLE_TEST_KEY });
          return upstream(fake, runtime, (scenario) => fake.reply(googleScenario(scenario)));
        },
      };
    case 'ollama':
      return {
        ...base,
        notExpressible: OLLAMA_NOT_EXPRESSIBLE,
        async start() {
          const fake = await startFakeOllama();
          const runtime = await options.runtime({ baseURL: fake.url, apiKey: '' });
          return upstream(fake, runtime, (scenario) =>
            fake.reply(ollamaScenario(scenario), '/api/chat'),
          );
        },
      };
    default:
      return undefined;
  }
}
