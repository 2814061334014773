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

/** USD exactly (a credit is 0.000001 USD: six decimals at most, trailing zeros dropped). */
export function formatUsd(usd: number): string {
  return usd.toFixed(6).replace(/\.?0+$/, '') || '0';
}
