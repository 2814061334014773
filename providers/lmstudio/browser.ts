import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import { defineOpenAICompatibleProvider } from '@manifold/wire-openai/define-provider';
import { manifest } from './manifest.js';
import { options } from './options.js';

/**
 * LM Studio: its manifest and a runtime on the shared OpenAI-compatible factory. A keyless local
 * server: enabled while `GET <base URL>/models` answers (`LMSTUDIO_PROXY_URL` or the default).
 *
 * The browser-safe entry (no Fastify): the gateway's plugin (`./index.ts`) registers this
 * definition, and the web app loads it on demand to call the user's LM Studio from the page when a
 * chat is fetched from the browser.
 */
export const definition: ProviderDefinition = {
  ...defineOpenAICompatibleProvider(manifest, options),
  localServer: {},
};
