import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import { manifest } from './manifest.js';
import { createFalRuntime } from './runtime.js';

/** fal.ai: its manifest and an images-only runtime on fal's queue API. */
export const definition: ProviderDefinition = {
  manifest,
  createRuntime: (options) => createFalRuntime(options, manifest.defaultBaseURL),
  environment: {
    FAL_POLL_INTERVAL_MS: 'pause between status polls of a queued image request (default 1000)',
    FAL_POLL_TIMEOUT_MS: 'longest wait for a queued image request before a 504 (default 300000)',
  },
};

export default fp(registerProvider(definition), providerPluginMeta(definition));
