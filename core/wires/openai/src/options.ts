import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { RuntimeOptions } from '@manifold/core/contract/runtime';
import type { ErrorType } from '@manifold/core/errors/error-types';
import type { ClampRule, ModelMatch } from '@manifold/core/params/clamp';
import type { AbilityKeywords } from '@manifold/core/models/infer-abilities';

/** A content part of a chat-completions message. */
export type ChatCompletionContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: string } };

/** One tool call on an assistant message sent upstream. */
export interface ChatCompletionToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** One message of the chat-completions body; providers may add fields. */
export interface ChatCompletionMessage {
  /** `system`, `developer`, `user`, `assistant` or `tool`. */
  role: string;
  content: string | ChatCompletionContentPart[] | null;
  name?: string;
  tool_calls?: ChatCompletionToolCall[];
  tool_call_id?: string;
  [key: string]: unknown;
}

/**
 * The body sent to `POST /chat/completions`. Loosely typed on purpose: compatible providers take
 * fields the OpenAI SDK does not know (`web_search_options`, builtin function tools, `enable_search`…).
 */
export interface ChatCompletionBody {
  model: string;
  messages: ChatCompletionMessage[];
  stream?: boolean;
  stream_options?: { include_usage: boolean };
  temperature?: number;
  top_p?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
  reasoning_effort?: string;
  tools?: unknown[];
  user?: string;
  [key: string]: unknown;
}

/** The body sent to `POST /responses` (OpenAI Responses API). */
export interface ResponsesBody {
  model: string;
  input: unknown[];
  /** The system messages, joined. */
  instructions?: string;
  tools?: unknown[];
  stream?: boolean;
  /** Always false: the gateway keeps no server-side state. */
  store?: boolean;
  reasoning?: { effort?: string; summary?: string };
  max_output_tokens?: number;
  temperature?: number;
  top_p?: number;
  user?: string;
  [key: string]: unknown;
}

/**
 * How a provider takes the request's `thinking` (`{type: 'enabled'|'disabled', budget_tokens?}`):
 * - `style: 'enable_thinking'`: `enable_thinking: true|false`, plus `thinking_budget` when enabled
 *   and `budget` is given (the request's budget, else `budget.default`, held in `[min, max]`;
 *   without `budget` no budget is sent).
 * - `style: 'type'`: `thinking: {type}` (no budget).
 * - `style: 'chat_template_kwargs'`: `chat_template_kwargs: {thinking: true|false}`.
 * `models` limits the rule to models that switch thinking (absent: every model); others get no
 * field. A request without `thinking` gets none either.
 */
export interface ThinkingRule {
  style: 'enable_thinking' | 'type' | 'chat_template_kwargs';
  models?: ModelMatch;
  budget?: { min?: number; max?: number; default?: number };
}

/**
 * Where a model list is: a path relative to the base URL or an absolute URL; `{fromOrigin}`, a
 * path (starting with `/`, may carry a query) on the base URL's origin; or a function of the
 * runtime options for anything else.
 */
export type ModelListURL = string | { fromOrigin: string } | ((options: RuntimeOptions) => string);

/** A pure body rewrite of a provider. */
export type PayloadHook<Body> = (body: Body, request: ChatRequest, options: RuntimeOptions) => Body;

/** How a provider differs from plain OpenAI; everything is optional except the base URL. */
export interface OpenAICompatibleOptions {
  /** Default base URL incl. version path, e.g. `https://api.example.com/v1`. */
  baseURL: string;
  /**
   * Parameter rules applied to the outgoing body (temperature, top_p, penalties, max_tokens…), on
   * chat completions and Responses bodies alike; changes are logged at debug.
   */
  clamps?: readonly ClampRule[];
  /**
   * Error mapping beyond the defaults: by error `code`, by message pattern, by HTTP status (tried in
   * that order, before the defaults); `invalidAPIKey` is the type for 401 and a missing key
   * (default InvalidProviderAPIKey).
   */
  errors?: {
    status?: Partial<Record<number, ErrorType>>;
    code?: Record<string, ErrorType>;
    message?: ReadonlyArray<readonly [RegExp, ErrorType]>;
    invalidAPIKey?: ErrorType;
    /** The message of the error body by HTTP status, instead of the upstream's (e.g. a hint). */
    statusMessage?: Partial<Record<number, string>>;
  };
  /** Built-in search when the request has enabledSearch: adds the provider's tool/params/model suffix. */
  search?: PayloadHook<ChatCompletionBody>;
  /**
   * Remote model list; false = the provider has no list.
   * - `url`: absolute URL or path relative to the base URL (default `/models`), `{fromOrigin:
   *   '/catalog/models'}` for a path on the base URL's origin (e.g. a list beside the API), or a
   *   function of the runtime options (e.g. a list on another host).
   * - `transform`: maps the raw JSON answer into cards (default: OpenAI's `{data: [{id}]}`).
   * - `abilities`: keyword lists for ids no built-in card names (default: the id's family lists).
   * - `emptyOnError`: a failing list answers an empty list instead of an error.
   */
  models?:
    | false
    | {
        url?: ModelListURL;
        transform?: (raw: unknown) => ModelCard[];
        abilities?: AbilityKeywords;
        emptyOnError?: boolean;
      };
  /**
   * Citations in the provider's own chunk fields, beyond the ones every compatible chunk is read for
   * (`citations`, `search_results`, `search_info.search_results`, `web_search`,
   * `delta.annotations`): return the
   * raw list (URL strings or `{url|link, title}` objects) or undefined.
   */
  citations?: (chunk: Record<string, unknown>) => unknown;
  /** Send `stream: false` upstream when tools are present (the gateway still streams to the client). */
  disableStreamWithTools?: boolean;
  /**
   * Models the upstream cannot stream (e.g. `['o1', 'o3']`): called with `stream: false`; the
   * gateway still streams to the client.
   */
  noStreamModels?: ModelMatch;
  /**
   * Always call the upstream streaming, even for a `stream: false` request (some providers refuse
   * whole answers); the gateway answers that client from the stream all the same.
   */
  alwaysStream?: boolean;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /**
   * Headers computed for each upstream call (chat, model list, embeddings), e.g. a fresh request
   * id for tracing; `request` is the chat request on chat calls, undefined otherwise.
   */
  requestHeaders?: (request?: ChatRequest) => Record<string, string>;
  /**
   * Usage in the provider's own field of a stream chunk that has no top-level `usage` (e.g. Groq's
   * `x_groq.usage` on the finish chunk): return the OpenAI-shaped usage object, or undefined.
   */
  chunkUsage?: (chunk: Record<string, unknown>) => unknown;
  /** Usage rules: `completion_tokens` leaves reasoning out (some providers report it apart). */
  usage?: { completionExcludesReasoning?: boolean };
  /** Add `stream_options.include_usage` when streaming (default true). */
  includeUsage?: boolean;
  /** Send the caller's id as `user` (default true). */
  sendUserId?: boolean;

  // Declarative body rules: what the factory adds or rewrites, so providers need no payload hook.
  // A chat body is built as: default conversion → thinking, parallelToolCalls, maxTokensFromCard
  // → clamps → payload → search → deploymentNames → keepOnly.

  /**
   * The request's `thinking` as the provider's fields, e.g. `{style: 'enable_thinking', models:
   * /hybrid/i, budget: {min: 1, max: 32_768, default: 1024}}` for hybrid models with a budget.
   */
  thinking?: ThinkingRule;

  /**
   * Send the model card's `config.deploymentName` (from the manifest or `<ID>_MODEL_LIST`) as the
   * model when the card has one, e.g. a versioned deployment the upstream serves the model under.
   * Cards are the runtime's effective list (`RuntimeOptions.models`), else the built-in ones.
   * Applies to Responses bodies too.
   */
  deploymentNames?: boolean;

  /** Send `parallel_tool_calls: true` when the request offers tools (e.g. off by default upstream). */
  parallelToolCalls?: boolean;

  /**
   * When the request sets no max_tokens, send the model card's `maxOutput` (e.g. an upstream that
   * otherwise stops early); cards as for `deploymentNames`. The clamps still apply to it.
   */
  maxTokensFromCard?: boolean;

  /**
   * The only chat-completions body fields sent (`model` and `messages` always are), applied last,
   * e.g. for an upstream that rejects fields it does not know (penalties, `user`…).
   */
  keepOnly?: readonly string[];

  /**
   * Provider rules that are not clamps (pure): role rewrites, pruning, etc. Runs after the default
   * conversion and the clamps, before the search hook.
   */
  payload?: PayloadHook<ChatCompletionBody>;
  /** Responses API: when to use it besides `apiMode: 'responses'`, and a payload hook. */
  responses?: {
    when?: (request: ChatRequest) => boolean;
    payload?: PayloadHook<ResponsesBody>;
  };
  /**
   * The provider generates images at `<baseURL>/images/generations` (OpenAI's Images API): the
   * runtime gets `textToImage`, answering URLs, or data URLs for models that answer base64.
   */
  images?: boolean;
  /**
   * The provider speaks text at `<baseURL>/audio/speech` (OpenAI's speech API): the runtime gets
   * `speech` (`POST /webapi/tts/:provider`).
   */
  speech?: boolean;
  /** A key is required (default true); false for local servers. */
  requiresApiKey?: boolean;
  /**
   * The runtime needs the user's base URL (e.g. a self-hosted gateway with no default host; the
   * SDK would otherwise fall back to api.openai.com with the key): without one, construction
   * throws BadRequest. A string is the hint the message ends with (default "set its base URL").
   */
  requiresBaseURL?: true | string;
}
