import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';

/** NVIDIA NIM speaks plain OpenAI Chat Completions; only the base URL differs. */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://integrate.api.nvidia.com/v1',
};
