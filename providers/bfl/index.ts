import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import { manifest } from './manifest.js';
import { createBflRuntime } from './runtime.js';

/** Black Forest Labs: its manifest and an images-only runtime on the BFL task API. */
export const definition: ProviderDefinition = {
  manifest,
  createRuntime: (options) => createBflRuntime(options, manifest.defaultBaseURL),
  environment: {
    BFL_POLL_INTERVAL_MS: 'pause between polls of an image task (default 500)',
    BFL_POLL_TIMEOUT_MS: 'longest wait for an image task before a 504 (default 300000)',
  },
};

export default fp(registerProvider(definition), providerPluginMeta(definition));
