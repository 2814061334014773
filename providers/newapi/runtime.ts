import { createOpenAICompatibleRuntime } from '@manifold/wire-openai/runtime';
import type { ProviderRuntime, RuntimeOptions } from '@manifold/core/contract/runtime';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { createRouterRuntime, keywordRoute } from '@manifold/wire-openai/router-runtime';
import { createAnthropicRuntime } from '@manifold/provider-anthropic/runtime';
import { createRuntime as createGoogleRuntime } from '@manifold/provider-google/runtime';
import { manifest } from './manifest.js';
import { options as openaiWire } from './options.js';

/** Ids served on the Anthropic wire (owner keywords, as the reference's model parser detects them). */
export const ANTHROPIC_MODELS = ['claude'] as const;

/** Ids served on the Google wire. */
export const GOOGLE_MODELS = ['gemini', 'imagen'] as const;

/** The deployment's origin: the user's URL without a trailing `/` or API version (`/v1`, `/v1beta`). */
export const newapiBase = (baseURL: string): string =>
  baseURL.replace(/\/+$/, '').replace(/\/v\d+[a-z]*$/, '');

/**
 * The New API runtime: a router over three wires of the user's deployment, each request carrying
 * `X-Client: LobeHub`: claude ids on the Anthropic wire at the base (the SDK adds
 * `/v1/messages`), gemini and imagen ids on the Google wire at the base (the SDK adds
 * `/v1beta/models/…`), every other id (and the model list) on the OpenAI wire at `<base>/v1`.
 * Throws BadRequest without a URL and InvalidProviderAPIKey without a key.
 */
export function createNewAPIRuntime(options: RuntimeOptions): ProviderRuntime {
  const provider = options.providerId;
  // Without the user's URL the SDKs would fall back to their vendors' hosts and send the key there.
  if (!options.baseURL) {
    throw new ManifoldError('BadRequest', {
      provider,
      message: `${provider} has no default base URL: set the URL of your New API deployment`,
    });
  }
  if (!options.apiKey) {
    throw new ManifoldError('InvalidProviderAPIKey', {
      provider,
      message: `No API key configured for ${provider}`,
    });
  }
  const base = newapiBase(options.baseURL);
  return createRouterRuntime(options, {
    headers: { 'X-Client': 'LobeHub' },
    routes: [
      keywordRoute('anthropic', ANTHROPIC_MODELS, (wire) =>
        createAnthropicRuntime({ ...wire, baseURL: base }, manifest.models),
      ),
      keywordRoute('google', GOOGLE_MODELS, (wire) =>
        createGoogleRuntime({ ...wire, baseURL: base }),
      ),
    ],
    fallback: {
      name: 'openai',
      createRuntime: (wire) =>
        createOpenAICompatibleRuntime(
          openaiWire,
          { ...wire, baseURL: `${base}/v1` },
          manifest.models,
        ),
    },
  });
}
