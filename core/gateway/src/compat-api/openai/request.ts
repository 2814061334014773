import { Type, type Static, type TSchema } from 'typebox';
import type { ChatMessage, MessageToolCall } from '@manifold/core/contract/chat-message';
import type { ChatRequest, ChatTool } from '@manifold/core/contract/chat-request';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { splitModelName } from '../model-name.js';

/** A field clients send as `null` as often as they leave it out. */
const nullable = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

const PartSchema = Type.Object({ type: Type.String() }, { additionalProperties: true });

const ToolCallSchema = Type.Object({
  id: Type.String({ minLength: 1 }),
  type: Type.Optional(Type.Literal('function')),
  function: Type.Object({
    name: Type.String({ minLength: 1 }),
    arguments: Type.String(),
  }),
});

const MessageSchema = Type.Object({
  role: Type.Union([
    Type.Literal('system'),
    Type.Literal('developer'),
    Type.Literal('user'),
    Type.Literal('assistant'),
    Type.Literal('tool'),
    Type.Literal('function'),
  ]),
  content: nullable(Type.Union([Type.String(), Type.Array(PartSchema)])),
  name: Type.Optional(Type.String()),
  tool_calls: nullable(Type.Array(ToolCallSchema)),
  tool_call_id: Type.Optional(Type.String()),
  /** DeepSeek's field for an earlier answer's reasoning. */
  reasoning_content: nullable(Type.String()),
});

const ToolSchema = Type.Object({
  type: Type.Literal('function'),
  function: Type.Object({
    name: Type.String({ minLength: 1 }),
    description: Type.Optional(Type.String()),
    parameters: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    strict: nullable(Type.Boolean()),
  }),
});

/**
 * The body of `POST /v1/chat/completions`: OpenAI's Chat Completions request. Fields Manifold does
 * not carry are refused by `toChatRequest` naming them; fields it does not know are ignored.
 */
export const OpenAIChatRequestSchema = Type.Object({
  model: Type.String({ minLength: 1, maxLength: 320 }),
  messages: Type.Array(MessageSchema, { minItems: 1 }),
  tools: nullable(Type.Array(ToolSchema)),
  tool_choice: nullable(
    Type.Union([Type.String(), Type.Object({}, { additionalProperties: true })]),
  ),
  parallel_tool_calls: nullable(Type.Boolean()),
  temperature: nullable(Type.Number({ minimum: 0, maximum: 2 })),
  top_p: nullable(Type.Number({ minimum: 0, maximum: 1 })),
  frequency_penalty: nullable(Type.Number({ minimum: -2, maximum: 2 })),
  presence_penalty: nullable(Type.Number({ minimum: -2, maximum: 2 })),
  max_tokens: nullable(Type.Integer({ minimum: 1 })),
  max_completion_tokens: nullable(Type.Integer({ minimum: 1 })),
  reasoning_effort: nullable(
    Type.Union([
      Type.Literal('minimal'),
      Type.Literal('low'),
      Type.Literal('medium'),
      Type.Literal('high'),
    ]),
  ),
  verbosity: nullable(
    Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')]),
  ),
  /** Manifold and LiteLLM take Anthropic-style thinking on this API too. */
  thinking: Type.Optional(
    Type.Object({
      type: Type.Union([Type.Literal('enabled'), Type.Literal('disabled')]),
      budget_tokens: Type.Optional(Type.Integer({ minimum: 0 })),
    }),
  ),
  stream: nullable(Type.Boolean()),
  stream_options: nullable(Type.Object({ include_usage: Type.Optional(Type.Boolean()) })),
  n: nullable(Type.Integer({ minimum: 1 })),
  stop: nullable(Type.Union([Type.String(), Type.Array(Type.String())])),
  response_format: nullable(Type.Object({ type: Type.String() })),
  logprobs: nullable(Type.Boolean()),
  logit_bias: nullable(Type.Record(Type.String(), Type.Number())),
  modalities: nullable(Type.Array(Type.String())),
  user: nullable(Type.String({ maxLength: 256 })),
  /** Models to try after this one (CONTRACT §10), `<provider>/<model>` each. */
  fallbacks: Type.Optional(Type.Array(Type.String({ minLength: 3, maxLength: 320 }))),
});
export type OpenAIChatRequest = Static<typeof OpenAIChatRequestSchema>;
type OpenAIMessage = OpenAIChatRequest['messages'][number];
/** A content block or part: its `type` and whatever fields that type has. */
type Part = { type: string } & Record<string, unknown>;

/** A chat request as `startChat` takes it, with what the answer's translation needs. */
export interface TranslatedChat {
  provider: string;
  /** The chat request; `fallbacks` rides along for the retry layer (CONTRACT §10). */
  request: ChatRequest & { fallbacks?: string[] };
  /** Answer as a stream (`stream: true`); OpenAI's default is one JSON answer. */
  stream: boolean;
  /** Send a last chunk with the usage (`stream_options.include_usage`). */
  includeUsage: boolean;
}

const unsupported = (field: string, what: string) =>
  new ManifoldError('BadRequest', { message: `${field}: ${what} is not supported`, field });

/** Refuse the fields whose meaning Manifold cannot keep, naming each. */
function refuseUnsupported(body: OpenAIChatRequest): void {
  if (body.n != null && body.n !== 1) throw unsupported('n', 'more than one choice');
  if (body.stop != null && (typeof body.stop === 'string' || body.stop.length > 0))
    throw unsupported('stop', 'a stop sequence');
  if (body.response_format != null && body.response_format.type !== 'text')
    throw unsupported('response_format', `response_format "${body.response_format.type}"`);
  if (body.logprobs === true) throw unsupported('logprobs', 'log probabilities');
  if (body.logit_bias != null && Object.keys(body.logit_bias).length > 0)
    throw unsupported('logit_bias', 'a logit bias');
  if (body.modalities?.some((modality) => modality !== 'text'))
    throw unsupported('modalities', 'an output modality other than text');
  const choice = body.tool_choice;
  if (choice != null && choice !== 'auto' && choice !== 'none')
    throw unsupported(
      'tool_choice',
      `tool_choice ${typeof choice === 'string' ? `"${choice}"` : 'naming a function'} (only "auto" or "none")`,
    );
}

/** The text of content given as a string or as text parts (for roles that take only text). */
function textOf(content: OpenAIMessage['content'], field: string): string {
  if (content == null) return '';
  if (typeof content === 'string') return content;
  return (content as Part[])
    .map((part, index) => {
      if (part.type === 'text' && typeof part.text === 'string') return part.text;
      if (part.type === 'refusal' && typeof part.refusal === 'string') return part.refusal;
      throw unsupported(`${field}.${index}.type`, `a "${part.type}" part in this message`);
    })
    .join('\n');
}

type UserPart = Exclude<Exclude<ChatMessage['content'], string | null>[number], undefined>;

/** A user content part: text and images (URLs or data URLs) pass, other kinds are refused. */
function userPart(part: Part, field: string): UserPart {
  if (part.type === 'text' && typeof part.text === 'string')
    return { type: 'text', text: part.text };
  if (part.type === 'image_url') {
    const image = part.image_url as { url?: unknown; detail?: unknown } | undefined;
    if (typeof image?.url !== 'string' || image.url === '')
      throw new ManifoldError('BadRequest', {
        message: `${field}.image_url.url must be a URL`,
        field: `${field}.image_url.url`,
      });
    return {
      type: 'image_url',
      image_url: {
        url: image.url,
        ...(typeof image.detail === 'string' && { detail: image.detail }),
      },
    };
  }
  throw unsupported(`${field}.type`, `a "${part.type}" content part`);
}

/** An assistant message's tool calls as recorded calls under the caller's own function names. */
function recordedCalls(calls: NonNullable<OpenAIMessage['tool_calls']>): MessageToolCall[] {
  return calls.map((call) => ({
    id: call.id,
    identifier: call.function.name,
    apiName: '',
    type: 'default',
    arguments: call.function.arguments,
    name: call.function.name,
  }));
}

/** One OpenAI message as ours. */
function convertMessage(message: OpenAIMessage, index: number): ChatMessage {
  const field = `messages.${index}.content`;
  const name = message.name !== undefined ? { name: message.name } : {};
  switch (message.role) {
    case 'system':
    case 'developer':
      return { role: 'system', content: textOf(message.content, field), ...name };
    case 'user': {
      const { content } = message;
      return {
        role: 'user',
        content:
          content == null
            ? ''
            : typeof content === 'string'
              ? content
              : content.map((part, at) => userPart(part, `${field}.${at}`)),
        ...name,
      };
    }
    case 'assistant': {
      const result: ChatMessage = {
        role: 'assistant',
        content: message.content == null ? null : textOf(message.content, field),
        ...name,
      };
      if (message.tool_calls?.length) result.tools = recordedCalls(message.tool_calls);
      if (message.reasoning_content) result.reasoning = { content: message.reasoning_content };
      return result;
    }
    default: {
      // `tool`, and the legacy `function` role answering by name
      if (message.role === 'tool' && !message.tool_call_id) {
        throw new ManifoldError('BadRequest', {
          message: `messages.${index}.tool_call_id is required for a tool message`,
          field: `messages.${index}.tool_call_id`,
        });
      }
      return {
        role: 'tool',
        content: textOf(message.content, field),
        ...(message.tool_call_id !== undefined && { tool_call_id: message.tool_call_id }),
        ...name,
      };
    }
  }
}

/** The function tools, as ours (the same shape, unknown fields left out). */
function convertTools(tools: NonNullable<OpenAIChatRequest['tools']>): ChatTool[] {
  return tools.map(({ function: fn }) => ({
    type: 'function',
    function: {
      name: fn.name,
      ...(fn.description !== undefined && { description: fn.description }),
      ...(fn.parameters !== undefined && { parameters: fn.parameters }),
      ...(fn.strict != null && { strict: fn.strict }),
    },
  }));
}

/**
 * An OpenAI Chat Completions request as a Manifold chat request (CONTRACT §10): the model split
 * into provider and model, messages (system and developer as system; user text and image parts;
 * assistant text, `tool_calls` and DeepSeek's `reasoning_content`; tool answers by
 * `tool_call_id`), tools, sampling, `max_completion_tokens` (else `max_tokens`),
 * `reasoning_effort`, `user` and `fallbacks`; `tool_choice: "none"` offers no tools. What cannot be
 * kept is 400 BadRequest naming the field: `n` > 1, `stop`, a `response_format` other than text,
 * `logprobs`, `logit_bias`, a `tool_choice` other than `auto` or `none`, audio and file parts.
 */
export function toChatRequest(body: OpenAIChatRequest): TranslatedChat {
  refuseUnsupported(body);
  const { provider, model } = splitModelName(body.model);
  const stream = body.stream === true;
  const request: TranslatedChat['request'] = {
    model,
    messages: body.messages.map(convertMessage),
    stream,
  };
  // `none`: the model may not call a tool, so none is offered
  if (body.tools?.length && body.tool_choice !== 'none') request.tools = convertTools(body.tools);
  const maxTokens = body.max_completion_tokens ?? body.max_tokens;
  if (maxTokens != null) request.max_tokens = maxTokens;
  if (body.temperature != null) request.temperature = body.temperature;
  if (body.top_p != null) request.top_p = body.top_p;
  if (body.frequency_penalty != null) request.frequency_penalty = body.frequency_penalty;
  if (body.presence_penalty != null) request.presence_penalty = body.presence_penalty;
  if (body.reasoning_effort != null) request.reasoning_effort = body.reasoning_effort;
  if (body.verbosity != null) request.verbosity = body.verbosity;
  if (body.thinking) request.thinking = body.thinking;
  if (body.user != null) request.user = body.user;
  if (body.fallbacks?.length) {
    body.fallbacks.forEach((name, index) => splitModelName(name, `fallbacks.${index}`));
    request.fallbacks = body.fallbacks;
  }
  return {
    provider,
    request,
    stream,
    includeUsage: stream && body.stream_options?.include_usage === true,
  };
}
