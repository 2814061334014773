import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import {
  isResponsesOnlyModel,
  isSearchPreviewModel,
} from '@manifold/provider-openai/convert-request';
import { options as openai } from '@manifold/provider-openai/options';
import { AIHUBMIX_BASE_URL } from './manifest.js';

/** GPT (`gpt-<digit>`, not `gpt-<two digits>`) and o-series ids, as AiHubMix's router matches them. */
const GPT_OR_O_SERIES = /gpt-\d(?!\d)|^o\d/;

/**
 * AiHubMix sends GPT and o-series models through the Responses API (reference §4.2), plus the
 * models only that API serves; the `-search-` preview models exist only on Chat Completions.
 */
export const usesResponses = (request: ChatRequest): boolean =>
  isResponsesOnlyModel(request.model) ||
  (GPT_OR_O_SERIES.test(request.model) && !isSearchPreviewModel(request.model));

/**
 * The OpenAI wire of AiHubMix (`<origin>/v1`, every model no other wire takes): OpenAI's own rules
 * (reasoning pruning, developer role, Responses payload with store false and reasoning effort),
 * with AiHubMix's choice of which models use the Responses API.
 */
export const options: OpenAICompatibleOptions = {
  ...openai,
  baseURL: `${AIHUBMIX_BASE_URL}/v1`,
  responses: { ...openai.responses, when: usesResponses },
};
