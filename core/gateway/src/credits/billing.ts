import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import type { CreditsConfig, Plans, StripeConfig } from './config.js';
import type { CreditRepository } from './repository.js';

type PaidPlan = keyof Plans;

/** A Stripe client for the configured account (or API origin, for stripe-mock and tests). */
export function stripeClient(config: StripeConfig): Stripe {
  const api = config.apiURL;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 30_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

/** Subscriptions in these states give their plan; any other state is the free plan. */
const LIVE = new Set(['active', 'trialing', 'past_due']);

/**
 * Stripe billing (CONTRACT §9): checkout and portal sessions for a person, and the webhook events
 * that change plans and grant credits. Every event is applied once: its id is noted first, and a
 * replay is acknowledged without effect; a monthly grant is keyed by its invoice as well.
 */
export function createBilling(
  stripe: Stripe,
  repository: CreditRepository,
  config: CreditsConfig,
  log: FastifyBaseLogger,
) {
  const planOfPrice = (priceId: string | undefined): PaidPlan | undefined =>
    priceId
      ? (Object.keys(config.plans) as PaidPlan[]).find(
          (plan) => config.plans[plan].stripePriceId === priceId,
        )
      : undefined;

  /** Apply a subscription's state to the person it belongs to. */
  async function applySubscription(subscription: Stripe.Subscription, userHint?: string) {
    const customer = idOf(subscription.customer);
    const userId =
      userHint ??
      (typeof subscription.metadata?.userId === 'string'
        ? subscription.metadata.userId
        : undefined) ??
      (customer ? await repository.userOfCustomer(customer) : undefined);
    if (!userId) {
      log.warn({ subscription: subscription.id }, 'stripe: a subscription of no known person');
      return;
    }
    const item = subscription.items?.data?.[0];
    const plan = planOfPrice(item?.price?.id);
    const live = LIVE.has(subscription.status);
    const periodEnd = item?.current_period_end ? new Date(item.current_period_end * 1000) : null;
    await repository.setPlan(userId, live && plan ? plan : 'free', {
      ...(customer ? { stripeCustomerId: customer } : {}),
      stripeSubscriptionId: live && plan ? subscription.id : null,
      periodEnd: live && plan ? periodEnd : null,
    });
  }

  async function handle(event: Stripe.Event): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const userId = session.client_reference_id ?? undefined;
        if (!userId) return;
        const customer = idOf(session.customer);
        if (customer) await repository.setCustomer(userId, customer);
        const subscriptionId = idOf(session.subscription);
        if (subscriptionId)
          await applySubscription(await stripe.subscriptions.retrieve(subscriptionId), userId);
        return;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
        await applySubscription(event.data.object);
        return;
      case 'customer.subscription.deleted': {
        const customer = idOf(event.data.object.customer);
        const userId = customer ? await repository.userOfCustomer(customer) : undefined;
        if (userId)
          await repository.setPlan(userId, 'free', { stripeSubscriptionId: null, periodEnd: null });
        return;
      }
      case 'invoice.paid': {
        const invoice = event.data.object;
        const customer = idOf(invoice.customer);
        const userId = customer ? await repository.userOfCustomer(customer) : undefined;
        if (!userId || !invoice.id) {
          log.warn({ invoice: invoice.id }, 'stripe: an invoice of no known person');
          return;
        }
        // the plan the invoice paid for, by its price; else the plan the person is on
        const price = invoice.lines?.data
          ?.map((line) => idOf(line.pricing?.price_details?.price))
          .find((id) => planOfPrice(id));
        const account = await repository.find(userId);
        const plan: PaidPlan | undefined =
          planOfPrice(price) ?? (account && account.plan !== 'free' ? account.plan : undefined);
        if (!plan) return;
        await repository.apply(userId, {
          key: `invoice:${invoice.id}`,
          delta: config.plans[plan].monthlyCredits,
          reason: 'grant',
        });
        return;
      }
      default:
        return;
    }
  }

  return {
    /**
     * Verify and apply a webhook delivery. A bad signature is a 400; an event seen before is
     * acknowledged without effect; a failure forgets the event so Stripe's retry applies it.
     */
    async webhook(payload: Buffer, signature: string | undefined, secret: string): Promise<void> {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(payload, signature ?? '', secret);
      } catch (error) {
        throw new ManifoldError(400, {
          message: `Stripe signature check failed: ${(error as Error).message}`,
        });
      }
      if (!(await repository.firstDelivery(event.id, event.type))) return;
      try {
        await handle(event);
      } catch (error) {
        await repository.forgetDelivery(event.id);
        throw error;
      }
    },

    /** A Checkout session for a paid plan; answers the page to send the person to. */
    async checkout(
      user: { id: string; email: string },
      plan: PaidPlan,
      origin: string,
    ): Promise<{ url: string }> {
      const price = config.plans[plan].stripePriceId;
      if (!price)
        throw new ManifoldError(400, { message: `The ${plan} plan has no stripePriceId in PLANS` });
      const account = await repository.open(user.id);
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price, quantity: 1 }],
        client_reference_id: user.id,
        ...(account.stripeCustomerId
          ? { customer: account.stripeCustomerId }
          : { customer_email: user.email }),
        subscription_data: { metadata: { userId: user.id } },
        success_url: `${origin}/settings/plans?checkout=done`,
        cancel_url: `${origin}/settings/plans?checkout=cancelled`,
      });
      if (!session.url) throw new ManifoldError(502, { message: 'Stripe gave no checkout URL' });
      return { url: session.url };
    },

    /** The customer portal, where a subscriber changes or cancels the plan. */
    async portal(userId: string, origin: string): Promise<{ url: string }> {
      const account = await repository.find(userId);
      if (!account?.stripeCustomerId)
        throw new ManifoldError(400, {
          message: 'No subscription to manage yet: choose a plan first',
        });
      const session = await stripe.billingPortal.sessions.create({
        customer: account.stripeCustomerId,
        return_url: `${origin}/settings/plans`,
      });
      return { url: session.url };
    },
  };
}

/** The billing interface. */
export type Billing = ReturnType<typeof createBilling>;
