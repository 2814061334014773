import { convertChatRequest } from '@manifold/wire-openai/convert-request';
import type { ChatCompletionBody, OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { CallContext } from '@manifold/core/contract/runtime';
import { applyClamps, type ClampChange, type ClampRule } from '@manifold/core/params/clamp';

/** The Inference Providers router: OpenAI-compatible chat completions for every provider. */
export const HUGGINGFACE_ROUTER = 'https://router.huggingface.co/v1';

/** Default `max_tokens` when the request has none (SPEC §9). */
export const DEFAULT_MAX_TOKENS = 4096;

/**
 * Hugging Face's parameter rules (SPEC §5, §9): top_p held 0.01–0.99 (providers behind the router
 * reject 0 and 1), max_tokens 4096 unless given.
 */
export const clamps: readonly ClampRule[] = [
  { op: 'range', param: 'top_p', min: 0.01, max: 0.99 },
  { op: 'default', param: 'max_tokens', value: DEFAULT_MAX_TOKENS },
];

/**
 * How Hugging Face differs from plain OpenAI, in the shared factory's terms: the router base, the
 * clamps, no `user` field (LobeChat sends none either), and its error messages — a Pro-only model
 * is PermissionDenied, an invalid token InvalidProviderAPIKey, spent credits InsufficientQuota.
 */
export const compat: OpenAICompatibleOptions = {
  baseURL: HUGGINGFACE_ROUTER,
  clamps,
  sendUserId: false,
  errors: {
    message: [
      [/requires a pro subscription/i, 'PermissionDenied'],
      [/token seems invalid|invalid (username or password|credentials)/i, 'InvalidProviderAPIKey'],
      [/exceeded your monthly included credits|pre-paid credits/i, 'InsufficientQuota'],
    ],
    status: {
      402: 'InsufficientQuota',
      403: 'PermissionDenied',
      404: 'ModelNotFound',
      429: 'QuotaLimitReached',
    },
  },
};

/**
 * The chat-completions body for the router: the shared conversion (messages, tools, sampling,
 * `stream` with `stream_options.include_usage`), then the clamps.
 */
export function convertRequest(
  request: ChatRequest,
  context: Pick<CallContext, 'userId'>,
): { body: ChatCompletionBody; changes: ClampChange[] } {
  const converted = convertChatRequest(request, context, compat);
  const { params, changes } = applyClamps(converted, clamps, { model: request.model });
  return { body: params, changes };
}
