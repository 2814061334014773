import { Type, type Static } from 'typebox';
import { ChatMessageSchema } from './chat-message.js';

/** An OpenAI-style function tool offered to the model. */
export const ChatToolSchema = Type.Object({
  type: Type.Literal('function'),
  function: Type.Object({
    name: Type.String({ minLength: 1 }),
    description: Type.Optional(Type.String()),
    /** JSON Schema of the arguments. */
    parameters: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    strict: Type.Optional(Type.Boolean()),
  }),
});
export type ChatTool = Static<typeof ChatToolSchema>;

/** The chat request a client posts to `POST /webapi/chat/:provider` (SPEC §3). */
export const ChatRequestSchema = Type.Object(
  {
    /** Model id as the provider knows it. */
    model: Type.String({ minLength: 1, maxLength: 256 }),
    /** Provider id; the path's provider wins. */
    provider: Type.Optional(Type.String()),
    /** The conversation, oldest first. */
    messages: Type.Array(ChatMessageSchema, { minItems: 1 }),
    /** Function tools offered to the model. */
    tools: Type.Optional(Type.Array(ChatToolSchema)),
    /** Identifiers of the plugins the tools come from. */
    plugins: Type.Optional(Type.Array(Type.String())),
    /** Stream the answer (default true). With false the gateway still answers with the same events. */
    stream: Type.Optional(Type.Boolean()),
    /** Sampling temperature as the user set it, 0–2; providers rescale it. */
    temperature: Type.Optional(Type.Number({ minimum: 0, maximum: 2 })),
    /** Nucleus sampling, 0–1. */
    top_p: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    /** -2–2. */
    frequency_penalty: Type.Optional(Type.Number({ minimum: -2, maximum: 2 })),
    /** -2–2. */
    presence_penalty: Type.Optional(Type.Number({ minimum: -2, maximum: 2 })),
    /** Largest number of output tokens. */
    max_tokens: Type.Optional(Type.Integer({ minimum: 1 })),
    /** Extended thinking; `budget_tokens` defaults to 1024 when enabled. */
    thinking: Type.Optional(
      Type.Object({
        type: Type.Union([Type.Literal('enabled'), Type.Literal('disabled')]),
        budget_tokens: Type.Optional(Type.Integer({ minimum: 0 })),
      }),
    ),
    /** Use the provider's or model's built-in web search. */
    enabledSearch: Type.Optional(Type.Boolean()),
    /** Reasoning effort for models that take one. */
    reasoning_effort: Type.Optional(
      Type.Union([
        Type.Literal('minimal'),
        Type.Literal('low'),
        Type.Literal('medium'),
        Type.Literal('high'),
      ]),
    ),
    /** How long the answer should be, for models that take a text verbosity (e.g. GPT-5). */
    verbosity: Type.Optional(
      Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')]),
    ),
    /** Thinking budget for models that take one (e.g. Google); -1 means dynamic. */
    thinkingBudget: Type.Optional(Type.Integer({ minimum: -1 })),
    /** Prompt caching (default on where the provider supports it). */
    enabledContextCaching: Type.Optional(Type.Boolean()),
    /** `responses` sends OpenAI-style providers through the Responses API. */
    apiMode: Type.Optional(Type.Union([Type.Literal('chatCompletion'), Type.Literal('responses')])),
    /** End-user id forwarded to the provider (`user`). */
    user: Type.Optional(Type.String({ maxLength: 256 })),
    /**
     * Models to try, in order, when this one fails before its first event (CONTRACT §10), as
     * `<provider>/<model>`; wins over the server's `FALLBACKS` (an empty list turns them off).
     * Another provider is called with the server's credentials.
     */
    fallbacks: Type.Optional(
      Type.Array(Type.String({ minLength: 3, maxLength: 320, pattern: '^[a-z0-9-]+/.+$' }), {
        maxItems: 5,
      }),
    ),
    /**
     * Keep generating when the client disconnects (CONTRACT §11): the answer can be resumed with
     * `GET /webapi/chat/streams/:id` and stopped with `POST /webapi/chat/streams/:id/stop`.
     */
    resumable: Type.Optional(Type.Boolean()),
  },
  { $id: 'ChatRequest' },
);
export type ChatRequest = Static<typeof ChatRequestSchema>;
