import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import '@manifold/core/server/registry-types';
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

const plugin: FastifyPluginAsync = async (fastify) => {
  fastify.providerRegistry.register(definition);
};

export default fp(plugin, {
  name: 'provider-bedrock',
  fastify: '5.x',
  dependencies: ['provider-registry'],
});
