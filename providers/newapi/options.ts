import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import {
  isResponsesOnlyModel,
  isSearchPreviewModel,
} from '@manifold/provider-openai/convert-request';
import { options as openai } from '@manifold/provider-openai/options';

/**
 * New API sends GPT (`gpt-` anywhere in the id) and o-series (`o<digit>…`) models through the
 * Responses API (reference §4.2), plus the models only that API serves; the `-search-` preview
 * models exist only on Chat Completions.
 */
export const usesResponses = ({ model }: ChatRequest): boolean =>
  isResponsesOnlyModel(model) ||
  ((model.includes('gpt-') || /^o\d/.test(model)) && !isSearchPreviewModel(model));

/**
 * The OpenAI wire of New API (`<base>/v1`, every model no other wire takes): OpenAI's own rules
 * (reasoning pruning, developer role, Responses payload with store false and reasoning effort),
 * with New API's choice of which models use the Responses API. The base URL is always the user's.
 */
export const options: OpenAICompatibleOptions = {
  ...openai,
  baseURL: '',
  responses: { ...openai.responses, when: usesResponses },
};
