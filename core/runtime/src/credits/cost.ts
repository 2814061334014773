import type { ModelPricing } from '../contract/model-card.js';
import type { Usage } from '../contract/usage.js';

/** 1 credit = 0.000001 USD (CONTRACT §9): a price per million tokens in USD is credits per token. */
export const CREDITS_PER_USD = 1_000_000;

/** Default conversion of a non-USD price: units of that currency per USD (`CREDIT_RATE_<CURRENCY>`). */
export const DEFAULT_CREDIT_RATES: Readonly<Record<string, number>> = { CNY: 7.2 };

/** The token buckets a request is billed by, each at its own price. */
export interface BilledTokens {
  /** Input tokens neither read from nor written to the prompt cache. */
  input: number;
  /** Input tokens read from the prompt cache. */
  cachedInput: number;
  /** Input tokens written to the prompt cache. */
  writeCacheInput: number;
  /** Every output token, reasoning included. */
  output: number;
}

const count = (value: number | undefined) =>
  value !== undefined && Number.isFinite(value) && value > 0 ? value : 0;

/**
 * Split a usage record into billed buckets (CONTRACT §9). `totalInputTokens` counts cached reads
 * and cache writes too, so the uncached rest is what remains after both; without a total, the
 * provider's own cache-miss count is used.
 */
export function billedTokens(usage: Usage): BilledTokens {
  const cachedInput = count(usage.inputCachedTokens);
  const writeCacheInput = count(usage.inputWriteCacheTokens);
  const total = usage.totalInputTokens;
  const input =
    total !== undefined
      ? Math.max(0, count(total) - cachedInput - writeCacheInput)
      : count(usage.inputCacheMissTokens);
  const output =
    usage.totalOutputTokens !== undefined
      ? count(usage.totalOutputTokens)
      : count(usage.outputTextTokens) + count(usage.outputReasoningTokens);
  return { input, cachedInput, writeCacheInput, output };
}

/** USD per million tokens of each bucket, after converting the card's currency; undefined: no price. */
function usdPrices(
  pricing: ModelPricing | undefined,
  rates: Readonly<Record<string, number>>,
): Record<keyof BilledTokens, number> | undefined {
  if (!pricing || (pricing.input === undefined && pricing.output === undefined)) return undefined;
  const currency = pricing.currency ?? 'USD';
  const rate = currency === 'USD' ? 1 : (rates[currency] ?? DEFAULT_CREDIT_RATES[currency]);
  if (!rate || !(rate > 0)) throw new Error(`No credit rate for ${currency} prices`);
  const input = (pricing.input ?? 0) / rate;
  return {
    input,
    cachedInput: pricing.cachedInput !== undefined ? pricing.cachedInput / rate : input,
    writeCacheInput: pricing.writeCacheInput !== undefined ? pricing.writeCacheInput / rate : input,
    output: (pricing.output ?? 0) / rate,
  };
}

/**
 * What a request costs in credits (CONTRACT §9): `ceil(Σ bucket tokens × USD price per million)`,
 * each bucket at its own price (a cache bucket without its own price at the input price). A model
 * without a price costs 0. Exact for every price with up to 6 decimals: the sum is taken in
 * micro-credits before rounding up, so 0.1 + 0.2 never bills 1 credit too many.
 */
export function creditCost(
  usage: Usage,
  pricing: ModelPricing | undefined,
  rates: Readonly<Record<string, number>> = DEFAULT_CREDIT_RATES,
): number {
  const prices = usdPrices(pricing, rates);
  if (!prices) return 0;
  const tokens = billedTokens(usage);
  let micro = 0;
  for (const bucket of Object.keys(tokens) as Array<keyof BilledTokens>)
    micro += tokens[bucket] * Math.round(prices[bucket] * 1_000_000);
  // prices converted from another currency are not whole micro-units: round the sum, then up
  return Math.ceil(Math.round(micro) / 1_000_000);
}
