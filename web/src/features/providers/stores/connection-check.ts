import { atom } from 'nanostores';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import {
  ChatFetchError,
  clientFetchFailureOf,
  isAbortError,
  type ClientFetchFailure,
} from '../../../lib/api-error.js';
import type { FetchImpl } from '../../../lib/api.js';
import { openProviderChat } from '../api/provider-calls.js';
import { $providerModels } from './models.js';

/** State of a provider's connection check; `errorType` is translated when shown. */
export type ConnectionCheckState =
  | { state: 'checking'; model: string }
  | { state: 'ok'; model: string }
  | { state: 'error'; errorType: string | number; model: string; clientFetch?: ClientFetchFailure }
  | { state: 'noModel' };

/** Connection check state by provider id. */
export const $connectionChecks = atom<Record<string, ConnectionCheckState>>({});

function setCheck(providerId: string, state: ConnectionCheckState): void {
  $connectionChecks.set({ ...$connectionChecks.get(), [providerId]: state });
}

/** The smallest chat that proves a key works: one "hi" to `model`, a few output tokens. */
export function checkRequest(model: string): ChatRequest {
  return {
    model,
    messages: [{ role: 'user', content: 'hi' }],
    stream: true,
    max_tokens: 16,
  } as ChatRequest;
}

/**
 * Send a minimal chat to the provider's first enabled chat model. Succeeds on the first `text`,
 * `reasoning` or `stop` event (the stream is then aborted); fails with the type of an `error`
 * event or of a thrown `ChatFetchError` (`UnknownChatFetchError` for anything else). A provider
 * without an enabled chat model ends in `noModel` without a request.
 */
export async function checkConnection(
  providerId: string,
  fetchImpl?: FetchImpl,
): Promise<ConnectionCheckState> {
  const model = ($providerModels.get()[providerId] ?? []).find(
    (card) => card.type === 'chat' && card.enabled,
  )?.id;
  if (!model) {
    const state: ConnectionCheckState = { state: 'noModel' };
    setCheck(providerId, state);
    return state;
  }
  setCheck(providerId, { state: 'checking', model });
  const controller = new AbortController();
  let result: ConnectionCheckState = {
    state: 'error',
    errorType: 'UnknownChatFetchError',
    model,
  };
  try {
    const stream = await openProviderChat(
      providerId,
      checkRequest(model),
      controller.signal,
      fetchImpl,
    );
    for await (const event of stream) {
      if (event.event === 'text' || event.event === 'reasoning' || event.event === 'stop') {
        result = { state: 'ok', model };
        break;
      }
      if (event.event === 'error') {
        result = { state: 'error', errorType: event.data.type, model };
        break;
      }
    }
  } catch (error) {
    if (error instanceof ChatFetchError) {
      const clientFetch = clientFetchFailureOf(error.body);
      result = {
        state: 'error',
        errorType: error.errorType,
        model,
        ...(clientFetch && { clientFetch }),
      };
    } else if (!isAbortError(error)) {
      result = { state: 'error', errorType: 'UnknownChatFetchError', model };
    }
  } finally {
    controller.abort();
  }
  setCheck(providerId, result);
  return result;
}
