import { createOpenAICompatibleRuntime } from '@manifold/wire-openai/runtime';
import type { ProviderRuntime, RuntimeOptions } from '@manifold/core/contract/runtime';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { createRouterRuntime, keywordRoute } from '@manifold/wire-openai/router-runtime';
import { createAnthropicRuntime } from '@manifold/provider-anthropic/runtime';
import { createRuntime as createGoogleRuntime } from '@manifold/provider-google/runtime';
import { AIHUBMIX_BASE_URL, manifest } from './manifest.js';
import { options as openaiWire } from './options.js';

/** Ids served on the Anthropic wire (owner keywords, as the reference's model parser detects them). */
export const ANTHROPIC_MODELS = ['claude'] as const;

/** Ids served on the Google wire. */
export const GOOGLE_MODELS = ['gemini', 'imagen'] as const;

/** The origin every wire hangs off: the configured base URL without a trailing `/` or `/v1`. */
export const aihubmixOrigin = (baseURL: string | undefined): string =>
  (baseURL || AIHUBMIX_BASE_URL).replace(/\/+$/, '').replace(/\/v1$/, '');

/**
 * The AiHubMix runtime: a router over three wires of one origin, each request carrying
 * `APP-Code` (`AIHUBMIX_APP_CODE`, default `LobeHub`): claude ids on the Anthropic wire at the
 * origin (the SDK adds `/v1/messages`), gemini and imagen ids on the Google wire at
 * `<origin>/gemini`, every other id (and the model list) on the OpenAI wire at `<origin>/v1`.
 * Throws InvalidProviderAPIKey at construction without a key.
 */
export function createAiHubMixRuntime(options: RuntimeOptions): ProviderRuntime {
  if (!options.apiKey) {
    throw new ManifoldError('InvalidProviderAPIKey', {
      provider: options.providerId,
      message: `No API key configured for ${options.providerId}`,
    });
  }
  const origin = aihubmixOrigin(options.baseURL);
  return createRouterRuntime(options, {
    headers: { 'APP-Code': options.env.AIHUBMIX_APP_CODE || 'LobeHub' },
    routes: [
      keywordRoute('anthropic', ANTHROPIC_MODELS, (wire) =>
        createAnthropicRuntime({ ...wire, baseURL: origin }, manifest.models),
      ),
      keywordRoute('google', GOOGLE_MODELS, (wire) =>
        createGoogleRuntime({ ...wire, baseURL: `${origin}/gemini` }),
      ),
    ],
    fallback: {
      name: 'openai',
      createRuntime: (wire) =>
        createOpenAICompatibleRuntime(
          openaiWire,
          { ...wire, baseURL: `${origin}/v1` },
          manifest.models,
        ),
    },
  });
}
