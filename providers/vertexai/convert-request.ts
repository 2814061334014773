import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { RuntimeOptions } from '@manifold/core/contract/runtime';
import {
  convertGoogleRequest,
  googleSearchTools,
  type GoogleRequestSettings,
} from '@manifold/wire-google/convert-request';

/**
 * What Vertex AI adds to the family's request conversion: built-in search is Google Search, plus
 * URL context on the 2.5 and later models (both on the `v1` API). The rest (system instruction,
 * thinking budgets, safety settings, tools, inline images) is the family's.
 */
export const requestSettings: GoogleRequestSettings = { searchTools: googleSearchTools };

/**
 * A chat request as the Vertex AI call the runtime makes (model, contents, config), with what the
 * thinking-budget range changed. Images are fetched here: a URL that cannot be is a 400.
 */
export function convertRequest(
  request: ChatRequest,
  options: Pick<RuntimeOptions, 'providerId' | 'fetchUserContent'>,
  signal?: AbortSignal,
) {
  return convertGoogleRequest(request, requestSettings, {
    provider: options.providerId,
    fetch: options.fetchUserContent,
    signal,
  });
}
