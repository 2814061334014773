import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { KeyVault } from '@manifold/core/contract/key-vault';
import type { ModelPricing } from '@manifold/core/contract/model-card';
import type { StreamEvent } from '@manifold/core/contract/stream-event';
import type { Usage } from '@manifold/core/contract/usage';
import { creditCost } from '@manifold/core/credits/cost';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { planAllows, type CreditsConfig } from './config.js';
import type { CreditAccount, CreditRepository } from './repository.js';

/** Fields of a caller's key vault that are a credential of their own: such requests are not metered. */
const OWN_CREDENTIALS = ['apiKey', 'accessKeyId', 'secretAccessKey', 'sessionToken'] as const;

/** True when the caller sent their own provider credential (CONTRACT §9: not metered). */
export const usesOwnKey = (vault: KeyVault): boolean =>
  OWN_CREDENTIALS.some((field) => Boolean(vault[field]?.trim()));

/** What a metered request is, for the ledger. */
export interface MeteredCall {
  userId: string;
  provider: string;
  model: string;
}

/** One admitted, metered request. */
export interface MeterRun {
  requestId: string;
  /** The chat events passed through, billed once when they end (however they end). */
  chat(
    events: AsyncIterable<StreamEvent>,
    answered: { provider: string; model: string; pricing: ModelPricing | undefined },
    request: ChatRequest,
  ): AsyncIterable<StreamEvent>;
  /** Bill a request that is not a chat (embeddings, images, speech) for a known cost. */
  charge(
    cost: number,
    reason: 'embeddings' | 'image' | 'speech',
    usage?: Usage,
    estimated?: boolean,
  ): Promise<void>;
}

const MONTH_MS = 30 * 86_400_000;

/** Next period end: a month after the last one (calendar month, UTC). */
function nextMonth(from: Date): Date {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return Number.isNaN(next.getTime()) ? new Date(from.getTime() + MONTH_MS) : next;
}

/** The text of everything sent, for an estimate of input tokens. */
function requestText(request: ChatRequest): string {
  const parts: string[] = [];
  for (const message of request.messages) {
    const content = message.content as unknown;
    if (typeof content === 'string') parts.push(content);
    else if (Array.isArray(content))
      for (const part of content as Array<{ type?: string; text?: string }>)
        if (typeof part?.text === 'string') parts.push(part.text);
    const tools = (message as { tools?: unknown }).tools;
    if (tools) parts.push(JSON.stringify(tools));
  }
  if (request.tools?.length) parts.push(JSON.stringify(request.tools));
  return parts.join('\n');
}

/**
 * Estimated usage of an answer the upstream reported no usage for, counted with the o200k
 * tokenizer (loaded only when needed); each message costs a few tokens of framing as on OpenAI.
 */
async function estimateUsage(request: ChatRequest, output: string): Promise<Usage> {
  const { countTokens } = await import('gpt-tokenizer');
  const input = countTokens(requestText(request)) + 4 * request.messages.length + 3;
  const outputTokens = output ? countTokens(output) : 0;
  return {
    totalInputTokens: input,
    totalOutputTokens: outputTokens,
    totalTokens: input + outputTokens,
  };
}

/** The monthly grant of a plan an operator set (no Stripe subscription), when a period ended. */
export async function grantDuePeriods(
  repository: CreditRepository,
  config: CreditsConfig,
  account: CreditAccount,
): Promise<CreditAccount> {
  if (account.plan === 'free' || account.stripeSubscriptionId || !account.periodEnd) return account;
  let periodEnd = account.periodEnd;
  const plan = config.plans[account.plan];
  // at most a year of missed periods at once; each grant's key is its period, so it lands once
  for (let i = 0; i < 12 && periodEnd.getTime() <= Date.now(); i += 1) {
    const end = nextMonth(periodEnd);
    await repository.apply(account.userId, {
      key: `period:${periodEnd.toISOString()}`,
      delta: plan.monthlyCredits,
      reason: 'grant',
    });
    periodEnd = end;
  }
  if (periodEnd !== account.periodEnd)
    await repository.setPlan(account.userId, account.plan, { periodEnd });
  return (await repository.find(account.userId)) ?? account;
}

/**
 * Metering (CONTRACT §9, cloud edition): a request served with the server's keys is admitted only
 * with credits left and a model the plan allows (402 before anything goes upstream), and billed
 * once when its stream ends: from the usage the upstream reported, else from an estimate marked
 * `estimated`. A stream is never cut for credits once it has started.
 */
export function createMetering(
  repository: CreditRepository,
  config: CreditsConfig,
  log: FastifyBaseLogger,
  /** Told of every charge that landed (`manifold_credits_spent_total`). */
  onCharged?: (credits: number) => void,
) {
  return {
    /**
     * Admit a request: undefined when it is not metered (a person's own key, nobody signed in),
     * a 402 when the plan refuses the model or no credits are left, else the run to bill.
     */
    async admit(
      call: { userId?: string | undefined; vault: KeyVault } & Omit<MeteredCall, 'userId'>,
    ): Promise<MeterRun | undefined> {
      if (!call.userId || usesOwnKey(call.vault)) return undefined;
      const { userId } = call;
      const account = await grantDuePeriods(repository, config, await repository.open(userId));
      const paid = account.plan !== 'free';
      const errorType = paid ? 'SubscriptionPlanLimit' : 'FreePlanLimit';
      if (
        account.plan !== 'free' &&
        !planAllows(config.plans[account.plan], call.provider, call.model)
      )
        throw new ManifoldError('SubscriptionPlanLimit', {
          message: `The ${account.plan} plan does not include ${call.provider}/${call.model}`,
          provider: call.provider,
        });
      if (account.balance <= 0)
        throw new ManifoldError(errorType, {
          message: 'No credits left',
          provider: call.provider,
        });
      const requestId = randomUUID();

      const bill = async (
        change: { delta: number; reason: 'chat' | 'embeddings' | 'image' | 'speech' },
        answered: { provider: string; model: string },
        usage: Usage | undefined,
        estimated: boolean,
      ) => {
        try {
          const applied = await repository.apply(userId, {
            key: `${change.reason}:${requestId}`,
            delta: -change.delta,
            reason: change.reason,
            requestId,
            provider: answered.provider,
            model: answered.model,
            ...(usage ? { usage } : {}),
            ...(estimated ? { estimated: true } : {}),
          });
          if (applied && change.delta > 0) onCharged?.(change.delta);
        } catch (error) {
          // the answer was given: a billing failure is logged, never turned into a client error
          log.error({ err: error, requestId, userId }, 'credits: billing a request failed');
        }
      };

      return {
        requestId,
        async *chat(events, answered, request) {
          let usage: Usage | undefined;
          let output = '';
          try {
            for await (const event of events) {
              if (event.event === 'usage') usage = event.data;
              else if (!usage) {
                if (event.event === 'text' || event.event === 'reasoning') output += event.data;
                else if (event.event === 'tool_calls') output += JSON.stringify(event.data);
              }
              yield event;
            }
          } finally {
            const estimated = !usage;
            const billed = usage ?? (await estimateUsage(request, output));
            const cost = creditCost(billed, answered.pricing, config.rates);
            await bill({ delta: cost, reason: 'chat' }, answered, billed, estimated);
          }
        },
        charge: (cost, reason, usage, estimated = false) =>
          bill(
            { delta: cost, reason },
            { provider: call.provider, model: call.model },
            usage,
            estimated,
          ),
      };
    },
  };
}

/** The metering interface. */
export type Metering = ReturnType<typeof createMetering>;
