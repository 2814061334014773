/**
 * The part of the Anthropic Messages wire format (API version 2023-06-01) that Manifold sends, as
 * plain structural types: core must not depend on `@anthropic-ai/sdk`, and Claude on Bedrock
 * speaks the same body. https://docs.anthropic.com/en/api/messages
 */

/** Prompt-cache breakpoint. */
export interface AnthropicCacheControl {
  type: 'ephemeral';
}

/** A text block. */
export interface AnthropicTextBlock {
  type: 'text';
  text: string;
  cache_control?: AnthropicCacheControl;
}

/** Where an image block's bytes come from. */
export type AnthropicImageSource =
  { type: 'base64'; media_type: string; data: string } | { type: 'url'; url: string };

/** An image block. */
export interface AnthropicImageBlock {
  type: 'image';
  source: AnthropicImageSource;
}

/** Earlier reasoning sent back with its signature (required to continue a thinking turn). */
export interface AnthropicThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature: string;
}

/** A call of one of the request's tools, made by an earlier assistant turn. */
export interface AnthropicToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: Record<string, unknown>;
}

/** The answer to a `tool_use`, sent in the following user turn. */
export interface AnthropicToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content?: string;
}

/** Any content block Manifold sends. */
export type AnthropicContentBlock =
  | AnthropicTextBlock
  | AnthropicImageBlock
  | AnthropicThinkingBlock
  | AnthropicToolUseBlock
  | AnthropicToolResultBlock;

/** One turn of the conversation; turns alternate between user and assistant. */
export interface AnthropicMessageParam {
  role: 'user' | 'assistant';
  content: string | AnthropicContentBlock[];
}

/** A client tool offered to the model. */
export interface AnthropicTool {
  name: string;
  description?: string;
  /** JSON Schema of the input; its `type` is `object`. */
  input_schema: Record<string, unknown>;
  strict?: boolean;
  cache_control?: AnthropicCacheControl;
}

/** Usage as the Messages API reports it (`message_start`, `message_delta`, a whole message). */
export interface AnthropicUsage {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  output_tokens_details?: { thinking_tokens?: number | null } | null;
  server_tool_use?: { web_search_requests?: number | null } | null;
}
