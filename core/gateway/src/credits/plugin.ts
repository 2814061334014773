import fp from 'fastify-plugin';
import { Type, type Static } from 'typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { requireUser } from '../accounts/require-user.js';
import type { GatewayConfig } from '../config.js';
import { createBilling, stripeClient, type Billing } from './billing.js';
import type { CreditsConfig } from './config.js';
import { createMetering, type Metering } from './metering.js';
import { creditRepository, type CreditRepository } from './repository.js';

/** What the credits plugin offers routes and the chat path. */
export interface Credits {
  config: CreditsConfig;
  repository: CreditRepository;
  metering: Metering;
  billing: Billing | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Metering, plans and billing: the cloud edition's only (undefined elsewhere). */
    credits: Credits | undefined;
  }
}

const LedgerQuerySchema = Type.Object({ cursor: Type.Optional(Type.String({ maxLength: 200 })) });
const CheckoutSchema = Type.Object({
  plan: Type.Union([Type.Literal('basic'), Type.Literal('advanced'), Type.Literal('professional')]),
});

/** Largest webhook body Stripe sends is well under this. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** The origin people reach the gateway at, for the pages Stripe sends them back to. */
const originOf = (request: FastifyRequest, configured: string | undefined) =>
  configured ?? `${request.protocol}://${request.host}`;

/**
 * The cloud edition's credits (CONTRACT §9): the ledger, the plans, Stripe checkout and portal, and Stripe's webhook.
 */
const creditsPlugin: FastifyPluginAsync<{ config: GatewayConfig }> = async (app, { config }) => {
  const credits = config.credits;
  if (!credits) throw new Error('the credits plugin needs EDITION=cloud');
  const repository = creditRepository(app.database.db);
  const metering = createMetering(repository, credits, app.log, (spent) =>
    app.chatService.metrics.creditsSpent.inc(spent),
  );
  const billing = credits.stripe
    ? createBilling(stripeClient(credits.stripe), repository, credits, app.log)
    : undefined;
  app.decorate('credits', { config: credits, repository, metering, billing });

  app.get(
    '/webapi/credits/ledger',
    { schema: { querystring: LedgerQuerySchema }, preHandler: requireUser },
    async (request) => {
      const { cursor } = request.query as Static<typeof LedgerQuerySchema>;
      const page = await repository.ledger(request.user!.id, cursor);
      if (!page) throw new ManifoldError(400, { message: 'Unknown ledger cursor' });
      return page;
    },
  );

  // the plans as people choose them: credits and models (Stripe price ids stay on the server)
  app.get('/webapi/plans', async () => ({
    plans: (['basic', 'advanced', 'professional'] as const).map((id) => ({
      id,
      monthlyCredits: credits.plans[id].monthlyCredits,
      models: credits.plans[id].models,
      purchasable: Boolean(billing && credits.plans[id].stripePriceId),
    })),
    billing: Boolean(billing),
  }));

  app.post(
    '/webapi/billing/checkout',
    { schema: { body: CheckoutSchema }, preHandler: requireUser },
    async (request) => {
      if (!billing) throw new ManifoldError(404, { message: 'Billing is not configured' });
      const { plan } = request.body as Static<typeof CheckoutSchema>;
      return billing.checkout(request.user!, plan, originOf(request, config.auth?.url));
    },
  );

  app.post('/webapi/billing/portal', { preHandler: requireUser }, async (request) => {
    if (!billing) throw new ManifoldError(404, { message: 'Billing is not configured' });
    return billing.portal(request.user!.id, originOf(request, config.auth?.url));
  });

  await app.register(async (scope) => {
    // the signature covers the exact bytes Stripe sent: keep them
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post('/api/billing/stripe/webhook', async (request, reply) => {
      const secret = credits.stripe?.webhookSecret;
      if (!billing || !secret)
        throw new ManifoldError(404, { message: 'Stripe webhooks are not configured' });
      const payload = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      await billing.webhook(payload, Array.isArray(signature) ? signature[0] : signature, secret);
      return reply.send({ received: true });
    });
  });
};

export default fp(creditsPlugin, {
  name: 'credits',
  fastify: '5.x',
  dependencies: ['database', 'accounts'],
});
