import { atom, computed } from 'nanostores';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { Grounding } from '@manifold/core/contract/grounding';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import type { StreamEvent } from '@manifold/core/contract/stream-event';
import {
  ChatFetchError,
  isAbortError,
  messageErrorOf,
  streamErrorOf,
} from '../../../lib/api-error.js';
import {
  openProviderChat,
  resumeProviderChat,
  stopProviderChat,
} from '../../providers/api/provider-calls.js';
import { createOutputBuffer } from '../../../lib/output-buffer.js';
import { $activeModel, $activeProvider } from '../../providers/stores/selection.js';
import { $allProviders, $providers } from '../../providers/stores/providers.js';
import { $locale } from '../../../app/locale.js';
import { buildChatRequest } from './build-request.js';
import { createReasoningTimer } from './reasoning-timer.js';
import { adoptDraftAgentSettings } from './agent-settings.js';
import { visionRefused, type MessageAttachments } from './attachments.js';
import { findModelCard } from '../../providers/stores/models.js';
import {
  createEventCounter,
  fetchNotingStreamId,
  followStream,
  isStreamGone,
  trimToMark,
} from './resume.js';
import {
  $activeConversation,
  $activeConversationId,
  $conversations,
  $conversationsLoaded,
  addMessages,
  createConversation,
  deleteMessage,
  findConversation,
  newId,
  saveConversations,
  threadOfConversation,
  updateConversation,
  updateMessage,
  type UIMessage,
} from './conversations.js';
import { announceReply } from './announcements.js';
import { titleAfterFirstReply } from './auto-title.js';
import { storedSummaryOf, summariseIfNeeded } from '../../agents/stores/summarise.js';
import { runToolRound } from '../../tools/stores/tool-loop.js';

/** A reply being streamed into a conversation. */
export interface Generation {
  conversationId: string;
  /** The assistant message the reply streams into. */
  messageId: string;
}

/**
 * The replies being streamed, by conversation id: each conversation streams on its own, so
 * several can at once (a reply in A goes on while the person writes in B), each with its Stop.
 */
export const $generations = atom<Record<string, Generation>>({});

/** The reply being streamed in the conversation on screen, if any. */
export interface GenerationState {
  status: 'idle' | 'streaming';
  conversationId?: string;
  messageId?: string;
}

/** The conversation on screen's generation (`idle` while only other conversations stream). */
export const $generation = computed(
  [$generations, $activeConversationId],
  (all, id): GenerationState => {
    const generation = id ? all[id] : undefined;
    return generation ? { status: 'streaming', ...generation } : { status: 'idle' };
  },
);

/** The user message being edited before a resend, if any. */
export const $editingMessageId = atom<string | undefined>(undefined);

const controllers = new Map<string, AbortController>();

/** A reply streams in this conversation. */
export function isStreaming(conversationId: string): boolean {
  return conversationId in $generations.get();
}

function setGeneration(conversationId: string, generation: Generation | undefined): void {
  const { [conversationId]: _old, ...rest } = $generations.get();
  $generations.set(generation ? { ...rest, [conversationId]: generation } : rest);
}

/** Where a conversation's replies go: the picker's choice on screen, else what it remembers. */
interface Target {
  provider: ProviderManifest;
  model: string;
}

function targetOf(conversationId: string | undefined): Target | undefined {
  const conversation = conversationId ? findConversation(conversationId) : undefined;
  if (!conversation || conversation.id === $activeConversationId.get()) {
    const provider = $activeProvider.get();
    const model = $activeModel.get();
    return provider && model ? { provider, model } : undefined;
  }
  const provider =
    $providers.get().find((p) => p.id === conversation.provider) ?? $activeProvider.get();
  const model = conversation.model ?? $activeModel.get();
  return provider && model ? { provider, model } : undefined;
}

/**
 * Send `text` with its attachments in the active conversation (a new one when none) and stream the
 * reply into it. A message may be attachments only; images are not sent to a model without vision.
 */
export async function sendMessage(
  text: string,
  attachments: MessageAttachments = {},
): Promise<void> {
  const content = text.trim();
  const imageList = attachments.imageList?.length ? attachments.imageList : undefined;
  const fileList = attachments.fileList?.length ? attachments.fileList : undefined;
  if (!content && !imageList && !fileList) return;
  const active = $activeConversation.get();
  const target = targetOf(active?.id);
  if (!target || (active && isStreaming(active.id))) return;
  const card = findModelCard(target.provider.id, target.model);
  if (visionRefused(card, imageList?.length ?? 0)) return;

  const title = content || fileList?.[0]?.name || imageList?.[0]?.alt || 'Image';
  const conversation =
    active ?? createConversation(title, { provider: target.provider.id, model: target.model });
  if (!conversation.agent) adoptDraftAgentSettings(conversation.id);
  const user: UIMessage = {
    id: newId('msg'),
    role: 'user',
    content,
    createdAt: Date.now(),
    ...(imageList ? { imageList } : {}),
    ...(fileList ? { fileList } : {}),
  };
  const thread = threadOfConversation(conversation.id);
  addMessages(conversation.id, thread.at(-1)?.id, [user]);
  await streamReply(conversation.id, [...thread, user], target);
}

/**
 * Add an empty assistant reply under the last message of `history` and stream the answer to
 * `history` into it; the conversation remembers the provider and model it went to.
 */
async function streamReply(
  conversationId: string,
  history: UIMessage[],
  target: Target,
  /** The next request of the tool-calling loop (the conversation is still busy). */
  continuing = false,
  /** A reply stored mid-stream (`resume` set) to go on with instead of a new one (`resume.ts`). */
  resumed?: UIMessage,
): Promise<void> {
  const { provider, model } = target;
  const parent = history.at(-1);
  if ((!parent && !resumed) || (isStreaming(conversationId) && !continuing)) return;
  const reply: UIMessage = resumed ?? {
    id: newId('msg'),
    role: 'assistant',
    content: '',
    createdAt: Date.now(),
    provider: provider.id,
    model,
  };
  if (!resumed) addMessages(conversationId, parent!.id, [reply]);
  updateConversation(conversationId, (c) => ({
    ...c,
    provider: provider.id,
    model,
    updatedAt: Date.now(),
  }));
  const controller = new AbortController();
  controllers.set(conversationId, controller);
  setGeneration(conversationId, { conversationId, messageId: reply.id });
  void saveConversations();

  // resumable streams: the stream id and the events the message shows go with every change of it
  let streamId = resumed?.resume?.streamId;
  // whether the request offered tools (the tool loop runs after the answer); a resumed reply's
  // mark says, as its request is not kept
  let offersTools = resumed?.resume?.tools === true;
  const counter = createEventCounter(resumed?.resume);
  let savedAt = Date.now();
  const patch = (change: (m: UIMessage) => UIMessage) =>
    updateMessage(conversationId, reply.id, (m) =>
      streamId
        ? {
            ...change(m),
            resume: { streamId, ...counter.position(), ...(offersTools && { tools: true }) },
          }
        : change(m),
    );
  controller.signal.addEventListener('abort', () => {
    if (streamId) void stopProviderChat(provider.id, streamId).catch(() => undefined);
  });
  const animation = provider.settings.responseAnimation;
  const mode = typeof animation === 'object' ? animation.text : animation;
  const buffer = createOutputBuffer({
    smooth: mode === 'smooth',
    ...(typeof animation === 'object' && animation.speed ? { speed: animation.speed } : {}),
    onText: (delta: string) => {
      counter.showText(delta.length);
      patch((m) => ({ ...m, content: m.content + delta }));
    },
    onReasoning: (delta: string) => {
      counter.showReasoning(delta.length);
      patch((m) => ({ ...m, reasoning: (m.reasoning ?? '') + delta }));
    },
    onToolCalls: (calls) => patch((m) => ({ ...m, toolCalls: calls })),
  });

  const card = findModelCard(provider.id, model);
  const timer = createReasoningTimer();
  let toolsAnswered = false;
  try {
    let opened: AsyncGenerator<StreamEvent>;
    if (resumed && streamId) {
      opened = await resumeProviderChat(provider.id, streamId, counter.applied, controller.signal);
      // the stream is there: the message goes back to the text of its applied events (kept if gone)
      updateMessage(conversationId, reply.id, trimToMark);
    } else {
      await summariseIfNeeded(conversationId, history, target, controller.signal);
      const request: ChatRequest = {
        ...buildChatRequest({
          model,
          history,
          summary: storedSummaryOf(findConversation(conversationId)),
          settings: findConversation(conversationId)?.agent ?? {},
          provider,
          ...(card ? { card } : {}),
          template: { language: $locale.get() },
        }),
        resumable: true,
      };
      offersTools = Boolean(request.plugins?.length || request.enabledSearch);
      const noteId = fetchNotingStreamId((id) => (streamId = id));
      opened = await openProviderChat(provider.id, request, controller.signal, noteId);
      if (streamId) {
        patch((m) => m);
        void saveConversations();
      }
    }
    const stream = followStream(opened, {
      counter,
      streamId: () => streamId,
      reopen: (id, after) => resumeProviderChat(provider.id, id, after, controller.signal),
      signal: controller.signal,
    });
    for await (const event of stream) {
      const reasoningMs = timer.event(event.event);
      if (reasoningMs !== undefined) patch((m) => ({ ...m, reasoningMs }));
      switch (event.event) {
        case 'text':
          buffer.pushText(event.data);
          break;
        case 'reasoning':
          buffer.pushReasoning(event.data);
          break;
        case 'reasoning_signature':
          patch((m) => ({ ...m, reasoningSignature: event.data }));
          break;
        case 'tool_calls':
          buffer.pushToolCalls(event.data);
          break;
        case 'usage':
          patch((m) => ({ ...m, usage: event.data as UIMessage['usage'] }));
          break;
        case 'grounding':
          patch((m) => ({ ...m, grounding: event.data as Grounding }));
          break;
        case 'speed':
          patch((m) => ({ ...m, speed: event.data as UIMessage['speed'] }));
          break;
        case 'error': {
          await buffer.finish();
          const error = streamErrorOf(event.data);
          patch((m) => ({ ...m, error }));
          break;
        }
      }
      if (streamId && Date.now() - savedAt >= 1000) {
        // what a reload finds: the text so far and how many events it shows
        savedAt = Date.now();
        patch((m) => m);
        void saveConversations();
      }
    }
    await buffer.finish();
    // the tool-calling loop, when tools were offered: run the reply's calls, then ask again
    if (offersTools)
      toolsAnswered = await runToolRound(conversationId, reply.id, controller.signal, {
        maxRounds: findConversation(conversationId)?.agent?.maxToolRounds,
      });
  } catch (error) {
    if (isAbortError(error) || controller.signal.aborted || (resumed && isStreamGone(error))) {
      buffer.stop();
      patch((m) => ({ ...m, stopped: true }));
    } else {
      await buffer.finish();
      const e = error instanceof ChatFetchError ? error : new ChatFetchError('UnknownError', 0, {});
      patch((m) => ({ ...m, error: messageErrorOf(e) }));
    }
  } finally {
    if (streamId) {
      streamId = undefined;
      updateMessage(conversationId, reply.id, ({ resume: _done, ...m }) => m);
    }
    const reasoningMs = timer.end();
    if (reasoningMs !== undefined) patch((m) => ({ ...m, reasoningMs }));
    if (!toolsAnswered) {
      controllers.delete(conversationId);
      setGeneration(conversationId, undefined);
    }
    await saveConversations();
  }
  if (toolsAnswered) {
    if (!controller.signal.aborted)
      return streamReply(conversationId, threadOfConversation(conversationId), target, true);
    controllers.delete(conversationId);
    setGeneration(conversationId, undefined);
  }
  const done = findConversation(conversationId)?.messages.find((m) => m.id === reply.id);
  if (done) {
    announceReply(conversationId, done);
    if (!done.error && !done.stopped) void titleAfterFirstReply(conversationId, target);
  }
}

/**
 * Go on with the replies a reload cut mid-stream (stored with a `resume` mark): each streams again
 * into its message from the events it already shows; one whose stream is gone stays, stopped.
 */
export async function resumeInterrupted(): Promise<void> {
  if ($providers.get().length === 0) {
    await new Promise<void>((resolve) => {
      const timeout = setTimeout(() => done(), 10_000);
      const stop = $providers.listen((providers) => providers.length > 0 && done());
      function done() {
        clearTimeout(timeout);
        stop();
        resolve();
      }
    });
  }
  for (const conversation of $conversations.get()) {
    const message = conversation.messages.find((m) => m.role === 'assistant' && m.resume);
    if (!message || isStreaming(conversation.id)) continue;
    const provider =
      $allProviders.get().find((p) => p.id === message.provider) ?? $activeProvider.get();
    const model = message.model ?? $activeModel.get();
    if (!provider || !model) {
      updateMessage(conversation.id, message.id, ({ resume: _gone, ...m }) => ({
        ...m,
        stopped: true,
      }));
      void saveConversations();
      continue;
    }
    void streamReply(conversation.id, [], { provider, model }, false, message);
  }
}

if ($conversationsLoaded.get()) void resumeInterrupted();
else $conversationsLoaded.listen((loaded) => void (loaded && resumeInterrupted()));

/** Stop the reply streaming in a conversation (default: the one on screen); what arrived stays. */
export function stopGeneration(conversationId = $activeConversationId.get()): void {
  if (conversationId) controllers.get(conversationId)?.abort();
}

/** The index in `thread` of the user message the reply at `index` answers, or -1. */
function questionIndex(thread: UIMessage[], index: number): number {
  for (let i = index; i >= 0; i--) if (thread[i]!.role === 'user') return i;
  return -1;
}

/**
 * Answer again the question an assistant message (default: the last one on screen) answered: a
 * new version of the reply; the old one and what followed it stay, one page back.
 */
export async function regenerate(conversationId: string, messageId?: string): Promise<void> {
  if (isStreaming(conversationId)) return;
  const thread = threadOfConversation(conversationId);
  const index = messageId
    ? thread.findIndex((m) => m.id === messageId)
    : thread.findLastIndex((m) => m.role === 'assistant');
  const question = questionIndex(thread, index < 0 ? thread.length - 1 : index);
  const target = targetOf(conversationId);
  if (question < 0 || !target) return;
  await streamReply(conversationId, thread.slice(0, question + 1), target);
}

/** Answer the last question again (a new version of the reply). */
export async function regenerateLast(conversationId: string): Promise<void> {
  await regenerate(conversationId);
}

/**
 * Send an edited question: a new version of the user message, next to the old one; the old
 * version keeps the messages that followed it, the new one gets a new reply.
 */
export async function editAndResend(
  conversationId: string,
  messageId: string,
  text: string,
): Promise<void> {
  const content = text.trim();
  $editingMessageId.set(undefined);
  if (isStreaming(conversationId)) return;
  const thread = threadOfConversation(conversationId);
  const index = thread.findIndex((m) => m.id === messageId);
  const original = thread[index];
  const target = targetOf(conversationId);
  if (!original || original.role !== 'user' || !target) return;
  if (!content && !original.imageList?.length && !original.fileList?.length) return;
  const user: UIMessage = { ...original, id: newId('msg'), content, createdAt: Date.now() };
  addMessages(conversationId, original.parentId, [user]);
  await streamReply(conversationId, [...thread.slice(0, index), user], target);
}

/** Send the last question again (after fixing a key): the failed reply goes, a new one streams. */
export async function retryLast(conversationId: string): Promise<void> {
  if (isStreaming(conversationId)) return;
  const thread = threadOfConversation(conversationId);
  const question = thread.findLastIndex((m) => m.role === 'user');
  const target = targetOf(conversationId);
  if (question < 0 || !target) return;
  const failed = thread[question + 1];
  if (failed?.role === 'assistant' && failed.error) deleteMessage(conversationId, failed.id);
  await streamReply(conversationId, thread.slice(0, question + 1), target);
}
