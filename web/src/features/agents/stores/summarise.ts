// The chat-history summary's effects: the "summary model" setting, the non-streamed call that
// writes a summary (`POST /webapi/chat/:provider?format=json`), and the summary kept on the
// conversation (`summary`, `summaryThrough`, `summaryUpdatedAt`, as the sync API's conversation).
import { atom } from 'nanostores';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { ChatResult } from '@manifold/core/contract/chat-result';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { errorFromResponse, isAbortError } from '../../../lib/api-error.js';
import { authHeaders } from '../../../lib/auth-token.js';
import { openProviderChat } from '../../providers/api/provider-calls.js';
import {
  CUSTOM_PROVIDER_NO_KEY,
  isCustomProvider,
  routeOf,
} from '../../providers/stores/custom-providers.js';
import { $clientFetch } from '../../providers/stores/fetch-on-client.js';
import { authPayload } from '../../providers/stores/provider-settings.js';
import { $providers } from '../../providers/stores/providers.js';
import { DEFAULT_AGENT_SETTINGS } from '../../chat/stores/build-request.js';
import {
  findConversation,
  saveConversations,
  updateConversation,
  type Conversation,
  type UIMessage,
} from '../../chat/stores/conversations.js';
import {
  cleanSummary,
  planSummary,
  summaryRequest,
  type StoredSummary,
} from './history-summary.js';

const SUMMARY_MODEL_KEY = 'manifold:summary-model';

/** The model that writes summaries (absent: the conversation's own model). */
export interface SummaryModel {
  provider: string;
  model: string;
}

function readSummaryModel(): SummaryModel | undefined {
  try {
    const raw = globalThis.localStorage?.getItem(SUMMARY_MODEL_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<SummaryModel>) : undefined;
    return value?.provider && value.model
      ? { provider: value.provider, model: value.model }
      : undefined;
  } catch {
    return undefined;
  }
}

/** The "summary model" setting (localStorage). */
export const $summaryModel = atom<SummaryModel | undefined>(readSummaryModel());

export function setSummaryModel(choice: SummaryModel | undefined): void {
  $summaryModel.set(choice);
  try {
    if (choice) globalThis.localStorage?.setItem(SUMMARY_MODEL_KEY, JSON.stringify(choice));
    else globalThis.localStorage?.removeItem(SUMMARY_MODEL_KEY);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

/** The conversations whose summary is being written. */
export const $summarising = atom<Record<string, true>>({});

function setSummarising(id: string, on: boolean): void {
  const { [id]: _old, ...rest } = $summarising.get();
  $summarising.set(on ? { ...rest, [id]: true } : rest);
}

/** A conversation's summary as the request builder takes it. */
export function storedSummaryOf(conversation: Conversation | undefined): StoredSummary | undefined {
  return conversation?.summary && conversation.summaryThrough
    ? { text: conversation.summary, throughId: conversation.summaryThrough }
    : undefined;
}

/** Forget a conversation's summary (the next message past the limit writes a new one). */
export function clearSummary(conversationId: string): void {
  updateConversation(conversationId, (c) => {
    const { summary: _s, summaryThrough: _t, summaryUpdatedAt: _u, ...rest } = c;
    return { ...rest, updatedAt: Date.now() };
  });
  void saveConversations();
}

/**
 * The text of one non-streamed chat: `?format=json` through the gateway; for a provider whose
 * calls go from the browser, its stream collected in the page.
 */
export async function requestText(
  providerId: string,
  request: ChatRequest,
  signal: AbortSignal,
): Promise<string> {
  if ($clientFetch.get()[providerId]?.onClient) {
    let text = '';
    const stream = await openProviderChat(providerId, request, signal);
    for await (const event of stream) {
      if (event.event === 'text') text += event.data;
      else if (event.event === 'error') throw new Error('summary call failed');
    }
    return text;
  }
  const payload = authPayload(providerId);
  const auth =
    isCustomProvider(providerId) && !payload.apiKey?.trim()
      ? { ...payload, apiKey: CUSTOM_PROVIDER_NO_KEY }
      : payload;
  const response = await fetch(
    `/webapi/chat/${encodeURIComponent(routeOf(providerId))}?format=json`,
    {
      method: 'POST',
      headers: { ...(await authHeaders(auth)), accept: 'application/json' },
      body: JSON.stringify(request),
      signal,
    },
  );
  if (!response.ok) throw await errorFromResponse(response);
  const result = (await response.json()) as Partial<ChatResult>;
  return typeof result.text === 'string' ? result.text : '';
}

/** Where a summary is written: the setting when its provider is there, else the conversation's. */
export function summaryTarget(fallback: { provider: ProviderManifest; model: string }): {
  provider: string;
  model: string;
} {
  const chosen = $summaryModel.get();
  if (chosen && $providers.get().some((p) => p.id === chosen.provider)) return chosen;
  return { provider: fallback.provider.id, model: fallback.model };
}

/**
 * Before a reply: when the conversation's history limit is on and `history` passes it, summarise
 * the older messages (folding in the previous summary) and keep the summary on the conversation.
 * A failed call leaves the conversation as it was (the limit then just drops older messages);
 * an abort is passed on.
 */
export async function summariseIfNeeded(
  conversationId: string,
  history: readonly UIMessage[],
  target: { provider: ProviderManifest; model: string },
  signal: AbortSignal,
): Promise<void> {
  const conversation = findConversation(conversationId);
  const settings = { ...DEFAULT_AGENT_SETTINGS, ...conversation?.agent };
  if (!conversation || !settings.historyCountEnabled) return;
  const plan = planSummary(history, settings.historyCount, storedSummaryOf(conversation));
  if (!plan) return;
  const where = summaryTarget(target);
  setSummarising(conversationId, true);
  try {
    const timeout = AbortSignal.timeout(60_000);
    const text = cleanSummary(
      await requestText(
        where.provider,
        summaryRequest(where.model, plan),
        AbortSignal.any([signal, timeout]),
      ),
    );
    if (!text) return;
    updateConversation(conversationId, (c) => ({
      ...c,
      summary: text,
      summaryThrough: plan.throughId,
      summaryUpdatedAt: new Date().toISOString(),
    }));
    await saveConversations();
  } catch (error) {
    if (signal.aborted && isAbortError(error)) throw error;
    console.warn('chat-history summary not written', error);
  } finally {
    setSummarising(conversationId, false);
  }
}
