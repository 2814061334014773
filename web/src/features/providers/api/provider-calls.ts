import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { KeyVault } from '@manifold/core/contract/key-vault';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import type { StreamEvent } from '@manifold/core/contract/stream-event';
import {
  fetchRemoteModels,
  openChatStream,
  openModelPull,
  openStreamResume,
  stopChatStream,
  type FetchImpl,
  type PullLine,
} from '../../../lib/api.js';
import type { PageRuntimeSetup } from '../../../lib/client-chat.js';
import { $browserRuntimes, $clientFetch } from '../stores/fetch-on-client.js';
import { $providerSettings, authPayload } from '../stores/provider-settings.js';
import { CUSTOM_PROVIDER_NO_KEY, isCustomProvider, routeOf } from '../stores/custom-providers.js';
import { $allProviders } from '../stores/providers.js';

/**
 * The calls the web app makes for a provider, sent where SPEC §4 says (`$clientFetch`): through
 * the gateway, or, fetched from the browser, by the provider's own runtime in the page. Both give
 * the same events and the same `ChatFetchError`s, so callers never know which way a call went.
 */

/** What a call from the page needs: the provider's definition, the person's vault, the setup. */
interface PageCall {
  definition: ProviderDefinition;
  vault: KeyVault;
  setup: PageRuntimeSetup;
}

/**
 * The auth payload of a gateway call: the person's vault and access code. A custom provider
 * without a key sends a stand-in (`CUSTOM_PROVIDER_NO_KEY`): the gateway's OpenAI route wants a
 * key, and must never fall back to the server's own OpenAI key for the person's base URL.
 */
function gatewayAuth(providerId: string) {
  const payload = authPayload(providerId);
  return isCustomProvider(providerId) && !payload.apiKey?.trim()
    ? { ...payload, apiKey: CUSTOM_PROVIDER_NO_KEY }
    : payload;
}

/** The page call for a provider whose calls go from the browser, else undefined (the gateway). */
async function pageCall(providerId: string): Promise<PageCall | undefined> {
  if (!$clientFetch.get()[providerId]?.onClient) return undefined;
  const definition = await $browserRuntimes.get().load(providerId);
  if (!definition) return undefined;
  const manifest = $allProviders.get().find((p) => p.id === providerId);
  return {
    definition,
    // the key vault only: the access code is the gateway's, and the gateway is not called
    vault: { ...$providerSettings.get()[providerId]?.vault },
    setup: {
      ...(manifest?.models ? { models: manifest.models } : {}),
      ...(manifest?.defaultBaseURL ? { defaultBaseURL: manifest.defaultBaseURL } : {}),
    },
  };
}

/**
 * Open a chat stream with a provider (see `openChatStream` for the contract of the answer):
 * `fetchImpl` is the gateway's transport; a call from the browser never touches it.
 */
export async function openProviderChat(
  providerId: string,
  request: ChatRequest,
  signal: AbortSignal,
  fetchImpl?: FetchImpl,
): Promise<AsyncGenerator<StreamEvent>> {
  const call = await pageCall(providerId);
  if (!call) {
    const route = routeOf(providerId);
    return openChatStream(route, request, gatewayAuth(providerId), signal, fetchImpl);
  }
  const { openClientChatStream } = await import('../../../lib/client-chat.js');
  return openClientChatStream(call.definition, request, call.vault, signal, call.setup);
}

/**
 * Resume a gateway chat stream of a provider from its `after`-th event (CONTRACT §11), with the
 * same credentials as the chat (only the same caller may).
 */
export async function resumeProviderChat(
  providerId: string,
  streamId: string,
  after: number,
  signal: AbortSignal,
  fetchImpl?: FetchImpl,
): Promise<AsyncGenerator<StreamEvent>> {
  return openStreamResume(streamId, after, gatewayAuth(providerId), signal, fetchImpl);
}

/** Stop a resumable gateway chat stream of a provider (`POST /webapi/chat/streams/:id/stop`). */
export async function stopProviderChat(
  providerId: string,
  streamId: string,
  fetchImpl?: FetchImpl,
): Promise<void> {
  await stopChatStream(streamId, gatewayAuth(providerId), fetchImpl);
}

/** The provider's own model list (`source: "remote"` cards), from wherever its calls go. */
export async function fetchProviderModels(
  providerId: string,
  fetchImpl?: FetchImpl,
): Promise<ModelCard[]> {
  const call = await pageCall(providerId);
  if (!call) return fetchRemoteModels(routeOf(providerId), gatewayAuth(providerId), fetchImpl);
  const { listClientModels } = await import('../../../lib/client-chat.js');
  return listClientModels(call.definition, call.vault, call.setup);
}

/**
 * Pull (download) a model into the provider's local server: through the gateway
 * (`POST /webapi/models/:provider/pull`), or by the provider's runtime in the page when its calls
 * go from the browser. Resolves once the pull started, with its progress lines.
 */
export async function pullProviderModel(
  providerId: string,
  model: string,
  signal: AbortSignal,
  fetchImpl?: FetchImpl,
): Promise<AsyncIterable<PullLine>> {
  const call = await pageCall(providerId);
  if (!call)
    return openModelPull(routeOf(providerId), model, gatewayAuth(providerId), signal, fetchImpl);
  const { pullClientModel } = await import('../../../lib/client-chat.js');
  return pullClientModel(call.definition, model, call.vault, signal, call.setup);
}
