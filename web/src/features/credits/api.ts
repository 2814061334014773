import type { Usage } from '@manifold/core/contract/usage';
import {
  ChatFetchError,
  errorFromResponse,
  isAbortError,
  networkError,
} from '../../lib/api-error.js';

/** The cloud edition's plans (CONTRACT §9). */
export type PlanId = 'free' | 'basic' | 'advanced' | 'professional';

/** `GET /webapi/me`. */
export interface Me {
  user: { id: string; email: string; name: string };
  plan: PlanId;
  credits: { balance: number; periodEnd?: string | number };
}

/** One row of `GET /webapi/credits/ledger`. */
export interface LedgerEntry {
  id: string;
  delta: number;
  reason: string;
  requestId?: string;
  provider?: string;
  model?: string;
  usage?: Usage;
  estimated?: boolean;
  createdAt: string;
}

export interface LedgerPage {
  entries: LedgerEntry[];
  next?: string;
}

/** One paid plan of `GET /webapi/plans`. */
export interface Plan {
  id: Exclude<PlanId, 'free'>;
  monthlyCredits: number;
  models: string[];
  purchasable: boolean;
}

export interface PlansAnswer {
  plans: Plan[];
  billing: boolean;
}

/** The part of `GET /api/accounts/config` the credits need. */
export interface AccountsConfig {
  accounts?: string;
  edition?: string;
}

export type FetchImpl = (input: string, init?: RequestInit) => Promise<Response>;
const defaultFetch: FetchImpl = (input, init) => fetch(input, init);

/** A same-origin call with the session cookie; errors as `ChatFetchError`. */
async function call<T>(
  url: string,
  init: RequestInit = {},
  fetchImpl: FetchImpl = defaultFetch,
): Promise<T> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      credentials: 'same-origin',
      ...init,
      headers: {
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw networkError(error);
  }
  if (!response.ok) throw await errorFromResponse(response);
  try {
    return (await response.json()) as T;
  } catch {
    throw new ChatFetchError(response.status, response.status, {
      message: 'The gateway answered with a body that is not the expected JSON',
    });
  }
}

export const fetchAccountsConfig = (fetchImpl?: FetchImpl) =>
  call<AccountsConfig>('/api/accounts/config', {}, fetchImpl);

export const fetchMe = (fetchImpl?: FetchImpl) => call<Me>('/webapi/me', {}, fetchImpl);

export const fetchLedger = (cursor?: string, fetchImpl?: FetchImpl) =>
  call<LedgerPage>(
    `/webapi/credits/ledger${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    {},
    fetchImpl,
  );

export const fetchPlans = (fetchImpl?: FetchImpl) =>
  call<PlansAnswer>('/webapi/plans', {}, fetchImpl);

export const startCheckout = (plan: Plan['id'], fetchImpl?: FetchImpl) =>
  call<{ url: string }>(
    '/webapi/billing/checkout',
    { method: 'POST', body: JSON.stringify({ plan }) },
    fetchImpl,
  );

export const openPortal = (fetchImpl?: FetchImpl) =>
  call<{ url: string }>('/webapi/billing/portal', { method: 'POST', body: '{}' }, fetchImpl);
