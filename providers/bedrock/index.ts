import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import { BEDROCK_ENVIRONMENT, bedrockServerVault, pairedCredentials } from './credentials.js';
import { manifest } from './manifest.js';
import { createBedrockRuntime } from './runtime.js';

/** Amazon Bedrock: its manifest, the runtime, and the server's AWS credentials. */
export const definition: ProviderDefinition = {
  manifest,
  createRuntime: (options) => createBedrockRuntime(pairedCredentials(options)),
  serverVault: bedrockServerVault,
  environment: BEDROCK_ENVIRONMENT,
};

export default fp(registerProvider(definition), providerPluginMeta(definition));
