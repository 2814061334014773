// A provider with no upstream, for the benchmark: every chat is 50 text parts, usage and the end
// marker, produced at once. It measures the gateway and its SSE writer alone.
import fp from 'fastify-plugin';
import { buildEventStream } from '@manifold/core/protocol/build-event-stream';
import { ManifoldError } from '@manifold/core/errors/manifold-error';

async function* parts() {
  yield { type: 'id', id: 'synthetic_1' };
  for (let i = 0; i < 50; i++) yield { type: 'text', text: `token${i} ` };
  yield { type: 'finish', reason: 'stop' };
  yield { type: 'usage', usage: { totalInputTokens: 5, totalOutputTokens: 50, totalTokens: 55 } };
  yield { type: 'end' };
}

const definition = {
  manifest: {
    id: 'synthetic',
    name: 'Synthetic (benchmark)',
    sdkType: 'openai',
    keyVault: [],
    settings: {},
    models: [{ id: 'synthetic-1', type: 'chat', enabled: true, abilities: {}, source: 'builtin' }],
  },
  createRuntime: () => ({
    async chat(_request, context) {
      return buildEventStream(parts(), {
        provider: 'synthetic',
        startedAt: context.startedAt,
        signal: context.signal,
        mapError: (error) => new ManifoldError('ProviderBizError', { message: String(error) }),
      });
    },
  }),
};

export default fp(async (fastify) => fastify.providerRegistry.register(definition), {
  name: 'provider-synthetic',
  fastify: '5.x',
  dependencies: ['provider-registry'],
});
