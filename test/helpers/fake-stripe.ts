/**
 * A wire-faithful fake of the parts of Stripe's API the gateway calls (https://docs.stripe.com/api):
 * form-encoded requests with `Authorization: Bearer sk_…`, JSON objects with `object` and ids in
 * Stripe's prefixes, and Stripe's error body `{error: {type, code?, message, param?}}` with 401 for a
 * missing key and 404 `resource_missing` for an unknown id.
 *
 * - `POST /v1/checkout/sessions` → a `checkout.session` with its hosted `url`
 * - `GET /v1/subscriptions/:id` → a subscription the test put with `putSubscription`
 * - `POST /v1/billing_portal/sessions` → a `billing_portal.session` with its `url`
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the fake received it, its form body flattened (`line_items[0][price]`). */
export interface StripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
}

export interface FakeStripe {
  /** `http://127.0.0.1:<port>`, for `STRIPE_API_URL`. */
  url: string;
  requests: StripeRequest[];
  /** Make a subscription retrievable. */
  putSubscription(subscription: Record<string, unknown>): void;
  close(): Promise<void>;
}

const stripeId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('base64url')}`;

function send(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'request-id': stripeId('req'),
    'stripe-version': '2025-10-29.clover',
  });
  response.end(text);
}

const error = (type: string, message: string, extra: Record<string, string> = {}) => ({
  error: { type, message, ...extra },
});

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/** A subscription object as Stripe sends it, for one price. */
export function subscriptionObject(options: {
  id?: string;
  customer: string;
  price: string;
  status?: string;
  periodEnd?: number;
  metadata?: Record<string, string>;
}): Record<string, unknown> {
  const id = options.id ?? stripeId('sub');
  const now = Math.floor(Date.now() / 1000);
  return {
    id,
    object: 'subscription',
    customer: options.customer,
    status: options.status ?? 'active',
    metadata: options.metadata ?? {},
    items: {
      object: 'list',
      data: [
        {
          id: stripeId('si'),
          object: 'subscription_item',
          subscription: id,
          current_period_start: now,
          current_period_end: options.periodEnd ?? now + 30 * 86_400,
          price: { id: options.price, object: 'price', type: 'recurring' },
          quantity: 1,
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
  };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  const subscriptions = new Map<string, Record<string, unknown>>();
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stripe.test');
      const form = await readForm(request);
      const authorization = request.headers.authorization;
      requests.push({ method: request.method ?? 'GET', path: url.pathname, authorization, form });
      if (!authorization?.startsWith('Bearer sk_'))
        return send(
          response,
          401,
          error(
            'invalid_request_error',
            "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
          ),
        );
      const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && subscription) {
        const found = subscriptions.get(subscription[1]!);
        if (!found)
          return send(
            response,
            404,
            error('invalid_request_error', `No such subscription: '${subscription[1]}'`, {
              code: 'resource_missing',
              param: 'id',
            }),
          );
        return send(response, 200, found);
      }
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (!form['line_items[0][price]'])
          return send(
            response,
            400,
            error('invalid_request_error', 'Missing required param: line_items[0][price].', {
              code: 'parameter_missing',
              param: 'line_items[0][price]',
            }),
          );
        const id = stripeId('cs');
        return send(response, 200, {
          id,
          object: 'checkout.session',
          mode: form.mode,
          client_reference_id: form.client_reference_id ?? null,
          customer: form.customer ?? null,
          customer_email: form.customer_email ?? null,
          success_url: form.success_url,
          cancel_url: form.cancel_url,
          status: 'open',
          payment_status: 'unpaid',
          subscription: null,
          url: `https://checkout.stripe.com/c/pay/${id}`,
        });
      }
      if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        if (!form.customer)
          return send(
            response,
            400,
            error('invalid_request_error', 'Missing required param: customer.', {
              code: 'parameter_missing',
              param: 'customer',
            }),
          );
        return send(response, 200, {
          id: stripeId('bps'),
          object: 'billing_portal.session',
          customer: form.customer,
          return_url: form.return_url ?? null,
          url: `https://billing.stripe.com/p/session/${stripeId('live')}`,
        });
      }
      return send(
        response,
        404,
        error(
          'invalid_request_error',
          `Unrecognized request URL (${request.method}: ${url.pathname}).`,
        ),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    putSubscription: (subscription) => subscriptions.set(subscription.id as string, subscription),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
