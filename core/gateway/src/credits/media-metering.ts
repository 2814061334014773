import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { KeyVault } from '@manifold/core/contract/key-vault';
import type { Usage } from '@manifold/core/contract/usage';
import { creditCost } from '@manifold/core/credits/cost';

/** What a request that is not a chat asks for, to be metered (cloud edition). */
export interface MediaCall {
  provider: string;
  model: string;
  kind: 'embeddings' | 'image' | 'speech';
  vault: KeyVault;
  /** The text billed as input tokens (embeddings inputs, the text to speak). */
  inputText?: string | readonly string[];
}

/**
 * Run an embeddings, image or speech request under metering (CONTRACT §9, cloud edition): with the
 * server's key the credits and the plan are checked first (402 before anything goes upstream), and
 * a request that succeeded is billed from its own card's prices. The runtimes report no usage for
 * these, so embeddings and speech are billed on their input counted with the o200k tokenizer
 * (marked `estimated` in the ledger); an image has no per-image price on its card, so it is
 * admitted but not charged. Outside the cloud edition, or with the caller's own key, it only runs.
 */
export async function metered<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  call: MediaCall,
  run: () => Promise<T>,
): Promise<T> {
  const meter = await app.credits?.metering.admit({
    userId: request.user?.id,
    vault: call.vault,
    provider: call.provider,
    model: call.model,
  });
  const result = await run();
  if (!meter || call.kind === 'image' || call.inputText === undefined) return result;
  const { countTokens } = await import('gpt-tokenizer');
  const texts = typeof call.inputText === 'string' ? [call.inputText] : call.inputText;
  const tokens = texts.reduce((sum, text) => sum + countTokens(text), 0);
  const usage: Usage = { totalInputTokens: tokens, totalTokens: tokens };
  const pricing = app.registry
    .manifest(call.provider)
    ?.models.find((card) => card.id === call.model)?.pricing;
  await meter.charge(creditCost(usage, pricing, app.credits!.config.rates), call.kind, usage, true);
  return result;
}
