import type { ModelPricing } from '@manifold/core/contract/model-card';
import type { Usage } from '@manifold/core/contract/usage';
import { CREDITS_PER_USD, creditCost } from '@manifold/core/credits/cost';

/** What a reply cost: credits as the gateway bills them, and that in USD. */
export interface ReplyCost {
  credits: number;
  usd: number;
}

/**
 * The cost of one reply from its reported usage and the model card's pricing (the gateway's own
 * `creditCost`); undefined without usage or price, or for a price in a currency without a rate.
 */
export function replyCost(
  usage: Usage | undefined,
  pricing: ModelPricing | undefined,
): ReplyCost | undefined {
  if (!usage || !pricing) return undefined;
  try {
    const credits = creditCost(usage, pricing);
    return { credits, usd: credits / CREDITS_PER_USD };
  } catch {
    return undefined;
  }
}

/** USD with enough digits to see a small amount (at least two significant ones). */
export function formatUsd(usd: number): string {
  if (usd === 0) return '0';
  if (usd >= 0.01) return usd.toFixed(usd >= 1 ? 2 : 4);
  return usd.toPrecision(2);
}
