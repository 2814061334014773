import type { ChatMessage } from '@manifold/core/contract/chat-message';
import type { ChatTool } from '@manifold/core/contract/chat-request';
import { contentText, filesText, toolCallName } from '@manifold/core/contract/message-text';
import { loadImage } from '@manifold/core/media/image';
import type {
  AnthropicContentBlock,
  AnthropicImageBlock,
  AnthropicMessageParam,
  AnthropicTool,
} from './wire-types.js';

export type { AnthropicContentBlock, AnthropicMessageParam, AnthropicTool } from './wire-types.js';

/** Options of `convertAnthropicMessages`. */
export interface ConvertAnthropicMessagesOptions {
  /** Provider id, for the error of an image that cannot be loaded. */
  provider: string;
  /** The fetch for image URLs (the gateway's guarded one under `BASE_URL_POLICY=public`). */
  fetch?: typeof globalThis.fetch;
  /** The client's signal, for image fetches. */
  signal?: AbortSignal;
  /** Send http(s) image URLs as `{type:'url'}` sources instead of fetching them. data: URLs are always inlined. */
  imagesAsURL?: boolean;
}

/** The Messages API form of a conversation: the system prompt apart, then alternating turns. */
export interface AnthropicConversation {
  /** Every system message, joined by a blank line; absent when there is none. */
  system?: string;
  messages: AnthropicMessageParam[];
}

type Role = AnthropicMessageParam['role'];
interface Turn {
  role: Role;
  blocks: AnthropicContentBlock[];
}

const HTTP_URL = /^https?:\/\//i;
// The API refuses text blocks that are empty or only whitespace.
const hasText = (text: string) => text.trim() !== '';

async function imageBlock(
  url: string,
  options: ConvertAnthropicMessagesOptions,
): Promise<AnthropicImageBlock> {
  if (options.imagesAsURL && HTTP_URL.test(url)) {
    return { type: 'image', source: { type: 'url', url } };
  }
  const image = await loadImage(url, {
    provider: options.provider,
    fetch: options.fetch,
    signal: options.signal,
  });
  return {
    type: 'image',
    source: { type: 'base64', media_type: image.mimeType, data: image.base64 },
  };
}

/** A user message as blocks: its text and image parts, attached files as text, attached images. */
async function userBlocks(
  message: ChatMessage,
  options: ConvertAnthropicMessagesOptions,
): Promise<AnthropicContentBlock[]> {
  const pending: Array<AnthropicContentBlock | Promise<AnthropicImageBlock>> = [];
  const content = message.content;
  if (typeof content === 'string') {
    if (hasText(content)) pending.push({ type: 'text', text: content });
  } else if (content) {
    for (const part of content) {
      if (part.type === 'text') {
        if (hasText(part.text)) pending.push({ type: 'text', text: part.text });
      } else {
        pending.push(imageBlock(part.image_url.url, options));
      }
    }
  }
  if (message.fileList?.length) pending.push({ type: 'text', text: filesText(message.fileList) });
  for (const image of message.imageList ?? []) pending.push(imageBlock(image.url, options));
  return Promise.all(pending);
}

/** Tool input must be a JSON object; arguments that are not one become `{}`. */
function toolInput(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // arguments a model streamed incompletely: the call still has to be sent back
  }
  return {};
}

/** An assistant message as blocks: signed reasoning first (as the API requires), text, tool calls. */
function assistantBlocks(message: ChatMessage): AnthropicContentBlock[] {
  const blocks: AnthropicContentBlock[] = [];
  const reasoning = message.reasoning;
  if (reasoning?.signature) {
    blocks.push({ type: 'thinking', thinking: reasoning.content, signature: reasoning.signature });
  }
  const text = contentText(message.content);
  if (hasText(text)) blocks.push({ type: 'text', text });
  for (const call of message.tools ?? []) {
    blocks.push({
      type: 'tool_use',
      id: call.id,
      name: toolCallName(call),
      input: toolInput(call.arguments),
    });
  }
  return blocks;
}

/** A tool message as a `tool_result` block; without a call id it can only be plain text. */
function toolBlocks(message: ChatMessage): AnthropicContentBlock[] {
  const text = contentText(message.content);
  if (!message.tool_call_id) return hasText(text) ? [{ type: 'text', text }] : [];
  const block: AnthropicContentBlock = { type: 'tool_result', tool_use_id: message.tool_call_id };
  if (text !== '') block.content = text;
  return [block];
}

/** Append blocks as a turn, merged into the previous turn of the same role (the API needs alternation). */
function pushTurn(turns: Turn[], role: Role, blocks: AnthropicContentBlock[]): void {
  if (blocks.length === 0) return;
  const last = turns[turns.length - 1];
  if (last?.role === role) last.blocks.push(...blocks);
  else turns.push({ role, blocks });
}

function toParam(turn: Turn): AnthropicMessageParam {
  // tool_result blocks must open a user turn, before any text the user added
  const blocks =
    turn.role === 'user'
      ? [
          ...turn.blocks.filter((block) => block.type === 'tool_result'),
          ...turn.blocks.filter((block) => block.type !== 'tool_result'),
        ]
      : turn.blocks;
  const only = blocks[0];
  if (blocks.length === 1 && only?.type === 'text' && only.cache_control === undefined) {
    return { role: turn.role, content: only.text };
  }
  return { role: turn.role, content: blocks };
}

/**
 * Our conversation in the Messages API form (SPEC §5 "system → instructions"): system messages
 * joined into `system`; user text, image parts, files (as text) and images (base64 via `loadImage`,
 * or URL sources with `imagesAsURL`); assistant signed reasoning as a `thinking` block, text and
 * tool calls as `tool_use`; tool answers as `tool_result` blocks in a user turn; consecutive turns
 * of one role merged. A failed image fetch throws 400 BadRequest before any upstream call.
 */
export async function convertAnthropicMessages(
  messages: ChatMessage[],
  options: ConvertAnthropicMessagesOptions,
): Promise<AnthropicConversation> {
  const system: string[] = [];
  const turns: Turn[] = [];
  // Images load in parallel; turns are assembled in order afterwards.
  const converted = await Promise.all(
    messages.map(async (message): Promise<[Role | 'system', AnthropicContentBlock[]]> => {
      switch (message.role) {
        case 'system':
          return ['system', []];
        case 'tool':
        case 'function':
          return ['user', toolBlocks(message)];
        case 'assistant':
          return ['assistant', assistantBlocks(message)];
        default:
          return ['user', await userBlocks(message, options)];
      }
    }),
  );
  converted.forEach(([role, blocks], index) => {
    if (role !== 'system') return pushTurn(turns, role, blocks);
    const text = contentText((messages[index] as ChatMessage).content);
    if (hasText(text)) system.push(text);
  });
  const result: AnthropicConversation = { messages: turns.map(toParam) };
  if (system.length > 0) result.system = system.join('\n\n');
  return result;
}

/** Function tools as Anthropic client tools (`input_schema`, an object schema). */
export function convertAnthropicTools(tools: ChatTool[] | undefined): AnthropicTool[] | undefined {
  if (!tools?.length) return undefined;
  return tools.map(({ function: fn }) => {
    const tool: AnthropicTool = {
      name: fn.name,
      input_schema: { type: 'object', properties: {}, ...fn.parameters },
    };
    if (fn.description !== undefined) tool.description = fn.description;
    if (fn.strict !== undefined) tool.strict = fn.strict;
    return tool;
  });
}
