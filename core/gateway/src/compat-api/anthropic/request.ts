import { Type, type Static } from 'typebox';
import type { ChatMessage, MessageToolCall } from '@manifold/core/contract/chat-message';
import type { ChatTool } from '@manifold/core/contract/chat-request';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { splitModelName } from '../model-name.js';
import type { CompatChat } from '../chat.js';

const BlockSchema = Type.Object({ type: Type.String() }, { additionalProperties: true });

const ToolSchema = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    description: Type.Optional(Type.String()),
    input_schema: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    /** Absent or `custom` for a client tool; server tools (`web_search_…`, `bash_…`) have a type. */
    type: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

/**
 * The body of `POST /v1/messages`: Anthropic's Messages request. Fields Manifold does not carry are
 * refused by `toChatRequest` naming them; fields it does not know are ignored.
 */
export const AnthropicMessagesRequestSchema = Type.Object({
  model: Type.String({ minLength: 1, maxLength: 320 }),
  max_tokens: Type.Integer({ minimum: 1 }),
  system: Type.Optional(Type.Union([Type.String(), Type.Array(BlockSchema)])),
  messages: Type.Array(
    Type.Object({
      role: Type.Union([Type.Literal('user'), Type.Literal('assistant')]),
      content: Type.Union([Type.String(), Type.Array(BlockSchema)]),
    }),
    { minItems: 1 },
  ),
  tools: Type.Optional(Type.Array(ToolSchema)),
  tool_choice: Type.Optional(Type.Object({ type: Type.String() }, { additionalProperties: true })),
  temperature: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  top_p: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  top_k: Type.Optional(Type.Integer({ minimum: 0 })),
  stop_sequences: Type.Optional(Type.Array(Type.String())),
  thinking: Type.Optional(
    Type.Object({
      type: Type.String(),
      budget_tokens: Type.Optional(Type.Integer({ minimum: 0 })),
    }),
  ),
  stream: Type.Optional(Type.Boolean()),
  metadata: Type.Optional(Type.Object({ user_id: Type.Optional(Type.String({ maxLength: 256 })) })),
  /** Models to try after this one (CONTRACT §10), `<provider>/<model>` each. */
  fallbacks: Type.Optional(Type.Array(Type.String({ minLength: 3, maxLength: 320 }))),
});
export type AnthropicMessagesRequest = Static<typeof AnthropicMessagesRequestSchema>;
/** A content block or part: its `type` and whatever fields that type has. */
type Block = { type: string } & Record<string, unknown>;
type UserPart = Exclude<Exclude<ChatMessage['content'], string | null>[number], undefined>;

const unsupported = (field: string, what: string) =>
  new ManifoldError('BadRequest', { message: `${field}: ${what} is not supported`, field });

const invalid = (field: string, message: string) =>
  new ManifoldError('BadRequest', { message: `${field} ${message}`, field });

/** Refuse the fields whose meaning Manifold cannot keep, naming each. */
function refuseUnsupported(body: AnthropicMessagesRequest): void {
  if (body.stop_sequences?.length) throw unsupported('stop_sequences', 'a stop sequence');
  if (body.top_k !== undefined) throw unsupported('top_k', 'top_k sampling');
  const choice = body.tool_choice?.type;
  if (choice !== undefined && choice !== 'auto' && choice !== 'none')
    throw unsupported('tool_choice', `tool_choice "${choice}" (only "auto" or "none")`);
  const thinking = body.thinking?.type;
  if (thinking !== undefined && thinking !== 'enabled' && thinking !== 'disabled')
    throw unsupported('thinking.type', `thinking "${thinking}" (only enabled or disabled)`);
  body.tools?.forEach((tool, index) => {
    if (tool.type !== undefined && tool.type !== 'custom')
      throw unsupported(`tools.${index}.type`, `the server tool "${tool.type}"`);
  });
}

const text = (block: Block, field: string): string => {
  if (typeof block.text !== 'string') throw invalid(`${field}.text`, 'must be a string');
  return block.text;
};

/** An image block's source as an image URL: base64 as a data URL, a URL as it is. */
function imageURL(block: Block, field: string): string {
  const source = block.source as
    { type?: unknown; media_type?: unknown; data?: unknown; url?: unknown } | undefined;
  if (
    source?.type === 'base64' &&
    typeof source.media_type === 'string' &&
    typeof source.data === 'string'
  )
    return `data:${source.media_type};base64,${source.data}`;
  if (source?.type === 'url' && typeof source.url === 'string') return source.url;
  throw unsupported(`${field}.source`, 'an image source other than base64 or url');
}

/** A tool result's content as text (text blocks joined). */
function resultText(block: Block, field: string): string {
  const content = block.content;
  if (content === undefined) return '';
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) throw invalid(`${field}.content`, 'must be a string or blocks');
  return (content as Block[])
    .map((part, index) => {
      if (part.type === 'text') return text(part, `${field}.content.${index}`);
      throw unsupported(
        `${field}.content.${index}.type`,
        `a "${part.type}" block in a tool result`,
      );
    })
    .join('\n');
}

/** A user turn: its tool results as tool messages first (as the API orders them), then the rest. */
function userMessages(content: Block[], field: string): ChatMessage[] {
  const results: ChatMessage[] = [];
  const parts: UserPart[] = [];
  content.forEach((block, index) => {
    const at = `${field}.${index}`;
    if (block.type === 'text') parts.push({ type: 'text', text: text(block, at) });
    else if (block.type === 'image')
      parts.push({ type: 'image_url', image_url: { url: imageURL(block, at) } });
    else if (block.type === 'tool_result') {
      if (typeof block.tool_use_id !== 'string' || block.tool_use_id === '')
        throw invalid(`${at}.tool_use_id`, 'must be the id of a tool_use block');
      results.push({
        role: 'tool',
        content: resultText(block, at),
        tool_call_id: block.tool_use_id,
      });
    } else throw unsupported(`${at}.type`, `a "${block.type}" block`);
  });
  return parts.length > 0 ? [...results, { role: 'user', content: parts }] : results;
}

/** An assistant turn: text, signed thinking (as reasoning) and tool calls. */
function assistantMessage(content: Block[], field: string): ChatMessage {
  const texts: string[] = [];
  const thoughts: string[] = [];
  let signature: string | undefined;
  const tools: MessageToolCall[] = [];
  content.forEach((block, index) => {
    const at = `${field}.${index}`;
    if (block.type === 'text') texts.push(text(block, at));
    else if (block.type === 'thinking') {
      if (typeof block.thinking === 'string') thoughts.push(block.thinking);
      if (typeof block.signature === 'string' && block.signature !== '')
        signature = block.signature;
    } else if (block.type === 'redacted_thinking') {
      // opaque to every provider but Anthropic's wire, which does not send it back either
    } else if (block.type === 'tool_use') {
      if (typeof block.id !== 'string' || typeof block.name !== 'string' || block.name === '')
        throw invalid(at, 'must have an id and a name');
      tools.push({
        id: block.id,
        identifier: block.name,
        apiName: '',
        type: 'default',
        arguments: JSON.stringify(block.input ?? {}),
        name: block.name,
      });
    } else throw unsupported(`${at}.type`, `a "${block.type}" block`);
  });
  const message: ChatMessage = { role: 'assistant', content: texts.join('') };
  if (thoughts.length > 0 || signature !== undefined) {
    message.reasoning = {
      content: thoughts.join(''),
      ...(signature !== undefined && { signature }),
    };
  }
  if (tools.length > 0) message.tools = tools;
  return message;
}

/** The system prompt as one system message (text blocks joined by a blank line). */
function systemMessages(system: AnthropicMessagesRequest['system']): ChatMessage[] {
  if (system === undefined) return [];
  const content =
    typeof system === 'string'
      ? system
      : system.map((block, index) => text(block, `system.${index}`)).join('\n\n');
  return content === '' ? [] : [{ role: 'system', content }];
}

const convertTools = (tools: NonNullable<AnthropicMessagesRequest['tools']>): ChatTool[] =>
  tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description !== undefined && { description: tool.description }),
      parameters: tool.input_schema ?? { type: 'object', properties: {} },
    },
  }));

/**
 * An Anthropic Messages request as a Manifold chat request (CONTRACT §10): the model split into
 * provider and model; `system` (a string or text blocks) as a system message; user text and image
 * blocks (base64 as data URLs, URL sources as they are); `tool_result` blocks as tool messages
 * before the user's other blocks; assistant text, signed `thinking` (as reasoning) and `tool_use`
 * (as calls under their own names); client tools with their `input_schema` (none offered with
 * `tool_choice` `none`); `max_tokens`;
 * `temperature` doubled onto Manifold's 0–2 scale (so Claude, whose runtime halves it, gets it as
 * sent); `top_p`; `thinking`; `metadata.user_id` as the user; `fallbacks`. Refused with 400 naming
 * the field: `stop_sequences`, `top_k`, a `tool_choice` other than auto or none, server tools, adaptive
 * thinking, document and other blocks, images inside tool results. `cache_control` is ignored.
 */
export function toChatRequest(body: AnthropicMessagesRequest): CompatChat {
  refuseUnsupported(body);
  const { provider, model } = splitModelName(body.model);
  const messages: ChatMessage[] = [...systemMessages(body.system)];
  body.messages.forEach((message, index) => {
    const field = `messages.${index}.content`;
    if (typeof message.content === 'string')
      messages.push({ role: message.role, content: message.content });
    else if (message.role === 'user') messages.push(...userMessages(message.content, field));
    else messages.push(assistantMessage(message.content, field));
  });
  const stream = body.stream === true;
  const request: CompatChat['request'] & { fallbacks?: string[] } = {
    model,
    messages,
    stream,
    max_tokens: body.max_tokens,
  };
  // `none`: the model may not call a tool, so none is offered
  if (body.tools?.length && body.tool_choice?.type !== 'none')
    request.tools = convertTools(body.tools);
  if (body.temperature !== undefined) request.temperature = body.temperature * 2;
  if (body.top_p !== undefined) request.top_p = body.top_p;
  if (body.thinking) {
    request.thinking = {
      type: body.thinking.type as 'enabled' | 'disabled',
      ...(body.thinking.budget_tokens !== undefined && {
        budget_tokens: body.thinking.budget_tokens,
      }),
    };
  }
  if (body.metadata?.user_id) request.user = body.metadata.user_id;
  if (body.fallbacks?.length) {
    body.fallbacks.forEach((name, index) => splitModelName(name, `fallbacks.${index}`));
    request.fallbacks = body.fallbacks;
  }
  return { provider, request, stream };
}
