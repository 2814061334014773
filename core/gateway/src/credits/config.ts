import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { DEFAULT_CREDIT_RATES } from '@manifold/core/credits/cost';
import { ConfigError } from '../config.js';

/** A paid plan (CONTRACT §9 `PLANS`). */
const PlanSchema = Type.Object(
  {
    /** Credits granted at the start of each monthly period. */
    monthlyCredits: Type.Integer({ minimum: 0 }),
    /** `<provider>/<model>`, `<provider>/*` or `*`. */
    models: Type.Array(Type.String({ minLength: 1, pattern: '^(\\*|[^/\\s]+/.+)$' })),
    stripePriceId: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false },
);
export type Plan = Static<typeof PlanSchema>;

const PlansSchema = Type.Object(
  {
    basic: Type.Optional(PlanSchema),
    advanced: Type.Optional(PlanSchema),
    professional: Type.Optional(PlanSchema),
  },
  { additionalProperties: false },
);

/** The paid plans; each one `PLANS` leaves out keeps its default. */
export type Plans = Record<'basic' | 'advanced' | 'professional', Plan>;

/** Defaults: $5, $15 and $50 a month of credits, every model. */
export const DEFAULT_PLANS: Plans = {
  basic: { monthlyCredits: 5_000_000, models: ['*'] },
  advanced: { monthlyCredits: 15_000_000, models: ['*'] },
  professional: { monthlyCredits: 50_000_000, models: ['*'] },
};

/** Stripe, when configured. */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string | undefined;
  /** Another API origin (`STRIPE_API_URL`), for stripe-mock or a test double. */
  apiURL: URL | undefined;
}

/** The cloud edition's metering (CONTRACT §9). */
export interface CreditsConfig {
  plans: Plans;
  /** Units of a currency per USD, for prices not in USD (`CREDIT_RATE_<CURRENCY>`). */
  rates: Readonly<Record<string, number>>;
  stripe: StripeConfig | undefined;
}

function readPlans(text: string | undefined): Plans {
  if (!text?.trim()) return DEFAULT_PLANS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError('PLANS', `is not JSON: ${(error as Error).message}`);
  }
  if (!Value.Check(PlansSchema, parsed)) {
    const [first] = Value.Errors(PlansSchema, parsed);
    throw new ConfigError(
      'PLANS',
      `is not {"basic"|"advanced"|"professional": {"monthlyCredits", "models", "stripePriceId"?}}: ${first ? `${first.instancePath || '/'} ${first.message}` : 'invalid'}`,
    );
  }
  return { ...DEFAULT_PLANS, ...parsed };
}

function readRates(env: Readonly<Record<string, string | undefined>>): Record<string, number> {
  const rates: Record<string, number> = { ...DEFAULT_CREDIT_RATES };
  for (const [name, value] of Object.entries(env)) {
    const currency = /^CREDIT_RATE_([A-Z]{3})$/.exec(name)?.[1];
    if (!currency || value === undefined) continue;
    const rate = Number(value.trim());
    if (!value.trim() || !Number.isFinite(rate) || rate <= 0)
      throw new ConfigError(
        name,
        `must be a positive number of ${currency} per USD, got "${value}"`,
      );
    rates[currency] = rate;
  }
  return rates;
}

function readStripe(env: Readonly<Record<string, string | undefined>>): StripeConfig | undefined {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || undefined;
  const api = env.STRIPE_API_URL?.trim();
  if (!secretKey) {
    if (webhookSecret)
      throw new ConfigError('STRIPE_SECRET_KEY', 'is required with STRIPE_WEBHOOK_SECRET');
    return undefined;
  }
  let apiURL: URL | undefined;
  if (api) {
    try {
      apiURL = new URL(api);
    } catch {
      throw new ConfigError('STRIPE_API_URL', `is not a URL: "${api}"`);
    }
    if (!/^https?:$/.test(apiURL.protocol))
      throw new ConfigError('STRIPE_API_URL', 'must be an http:// or https:// URL');
  }
  return { secretKey, webhookSecret, apiURL };
}

/** `PLANS`, `CREDIT_RATE_<CURRENCY>` and Stripe's variables. */
export function readCreditsConfig(
  env: Readonly<Record<string, string | undefined>>,
): CreditsConfig {
  return { plans: readPlans(env.PLANS), rates: readRates(env), stripe: readStripe(env) };
}

/** Whether a plan's allow-list takes `<provider>/<model>`. */
export function planAllows(plan: Plan, provider: string, model: string): boolean {
  return plan.models.some(
    (pattern) =>
      pattern === '*' || pattern === `${provider}/*` || pattern === `${provider}/${model}`,
  );
}
