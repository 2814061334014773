import { atom } from 'nanostores';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { Grounding } from '@manifold/core/contract/grounding';
import {
  ChatFetchError,
  isAbortError,
  messageErrorOf,
  streamErrorOf,
} from '../../../lib/api-error.js';
import { openProviderChat } from '../../providers/api/provider-calls.js';
import { createOutputBuffer } from '../../../lib/output-buffer.js';
import { $activeModel, $activeProvider } from '../../providers/stores/selection.js';
import { $locale } from '../../../app/locale.js';
import { buildChatRequest } from './build-request.js';
import { createReasoningTimer } from './reasoning-timer.js';
import { adoptDraftAgentSettings } from './agent-settings.js';
import { visionRefused, type MessageAttachments } from './attachments.js';
import { findModelCard } from '../../providers/stores/models.js';
import {
  $activeConversation,
  $conversations,
  appendMessages,
  createConversation,
  truncateMessages,
  type Conversation,
  newId,
  saveConversations,
  updateMessage,
  type UIMessage,
} from './conversations.js';

/** The reply being streamed, if any. */
export interface GenerationState {
  status: 'idle' | 'streaming';
  conversationId?: string;
  messageId?: string;
}

export const $generation = atom<GenerationState>({ status: 'idle' });
/** The user message being edited before a resend, if any. */
export const $editingMessageId = atom<string | undefined>(undefined);

let controller: AbortController | undefined;

/**
 * Send `text` with its attachments in the active conversation (a new one when none) and stream the
 * reply into it. A message may be attachments only; images are not sent to a model without vision.
 */
export async function sendMessage(
  text: string,
  attachments: MessageAttachments = {},
): Promise<void> {
  const content = text.trim();
  const provider = $activeProvider.get();
  const model = $activeModel.get();
  const imageList = attachments.imageList?.length ? attachments.imageList : undefined;
  const fileList = attachments.fileList?.length ? attachments.fileList : undefined;
  if (!content && !imageList && !fileList) return;
  if (!provider || !model || $generation.get().status === 'streaming') return;
  const card = findModelCard(provider.id, model);
  if (visionRefused(card, imageList?.length ?? 0)) return;

  const title = content || fileList?.[0]?.name || imageList?.[0]?.alt || 'Image';
  const conversation = $activeConversation.get() ?? createConversation(title);
  if (!conversation.agent) adoptDraftAgentSettings(conversation.id);
  const user: UIMessage = {
    id: newId('msg'),
    role: 'user',
    content,
    ...(imageList ? { imageList } : {}),
    ...(fileList ? { fileList } : {}),
  };
  appendMessages(conversation.id, [user]);
  await streamReply(conversation.id, [...conversation.messages, user]);
}

/** Append an empty assistant reply to a conversation and stream the answer to `history` into it. */
async function streamReply(conversationId: string, history: UIMessage[]): Promise<void> {
  const provider = $activeProvider.get();
  const model = $activeModel.get();
  if (!provider || !model) return;
  const conversation = { id: conversationId };
  const reply: UIMessage = {
    id: newId('msg'),
    role: 'assistant',
    content: '',
    provider: provider.id,
    model,
  };
  appendMessages(conversation.id, [reply]);
  $generation.set({ status: 'streaming', conversationId: conversation.id, messageId: reply.id });
  void saveConversations();

  const patch = (change: (m: UIMessage) => UIMessage) =>
    updateMessage(conversation.id, reply.id, change);
  const animation = provider.settings.responseAnimation;
  const mode = typeof animation === 'object' ? animation.text : animation;
  const buffer = createOutputBuffer({
    smooth: mode === 'smooth',
    ...(typeof animation === 'object' && animation.speed ? { speed: animation.speed } : {}),
    onText: (delta: string) => patch((m) => ({ ...m, content: m.content + delta })),
    onReasoning: (delta: string) =>
      patch((m) => ({ ...m, reasoning: (m.reasoning ?? '') + delta })),
    onToolCalls: (calls) => patch((m) => ({ ...m, toolCalls: calls })),
  });

  controller = new AbortController();
  const card = findModelCard(provider.id, model);
  const timer = createReasoningTimer();
  try {
    const request: ChatRequest = buildChatRequest({
      model,
      history,
      settings: findConversation(conversationId)?.agent ?? {},
      provider,
      ...(card ? { card } : {}),
      template: { language: $locale.get() },
    });
    const stream = await openProviderChat(provider.id, request, controller.signal);
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
    }
    await buffer.finish();
  } catch (error) {
    if (isAbortError(error) || controller.signal.aborted) {
      buffer.stop();
      patch((m) => ({ ...m, stopped: true }));
    } else {
      await buffer.finish();
      const e = error instanceof ChatFetchError ? error : new ChatFetchError('UnknownError', 0, {});
      patch((m) => ({ ...m, error: messageErrorOf(e) }));
    }
  } finally {
    const reasoningMs = timer.end();
    if (reasoningMs !== undefined) patch((m) => ({ ...m, reasoningMs }));
    controller = undefined;
    $generation.set({ status: 'idle' });
    await saveConversations();
  }
}

/** Stop the reply being streamed: what arrived stays, marked stopped. */
export function stopGeneration(): void {
  controller?.abort();
}

function findConversation(id: string): Conversation | undefined {
  return $conversations.get().find((c) => c.id === id);
}

/** Answer the last user message again: drop the replies after it and stream a new one. */
export async function regenerateLast(conversationId: string): Promise<void> {
  const conversation = findConversation(conversationId);
  if (!conversation || $generation.get().status === 'streaming') return;
  const index = conversation.messages.findLastIndex((m) => m.role === 'user');
  if (index < 0) return;
  const history = conversation.messages.slice(0, index + 1);
  truncateMessages(conversationId, index + 1);
  await streamReply(conversationId, history);
}

/** Replace a user message's text, drop every message after it, and send it again. */
export async function editAndResend(
  conversationId: string,
  messageId: string,
  text: string,
): Promise<void> {
  const content = text.trim();
  const conversation = findConversation(conversationId);
  $editingMessageId.set(undefined);
  if (!conversation || $generation.get().status === 'streaming') return;
  const index = conversation.messages.findIndex((m) => m.id === messageId);
  const original = conversation.messages[index];
  if (!original || original.role !== 'user') return;
  if (!content && !original.imageList?.length && !original.fileList?.length) return;
  const user: UIMessage = { ...original, content };
  const history = [...conversation.messages.slice(0, index), user];
  truncateMessages(conversationId, index);
  appendMessages(conversationId, [user]);
  await streamReply(conversationId, history);
}

/** Send the last user message again (after fixing a key), replacing the failed reply. */
export async function retryLast(conversationId: string): Promise<void> {
  const conversation = $activeConversation.get();
  if (!conversation || conversation.id !== conversationId) return;
  const lastUser = [...conversation.messages].reverse().find((m) => m.role === 'user');
  if (!lastUser) return;
  const index = conversation.messages.indexOf(lastUser);
  $conversations.set(
    $conversations
      .get()
      .map((c) => (c.id === conversationId ? { ...c, messages: c.messages.slice(0, index) } : c)),
  );
  await sendMessage(lastUser.content, {
    ...(lastUser.imageList ? { imageList: lastUser.imageList } : {}),
    ...(lastUser.fileList ? { fileList: lastUser.fileList } : {}),
  });
}
