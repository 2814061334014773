import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { apiKeyAndBaseURL } from '@manifold/core/contract/key-vault-form';

const CNY = 'CNY' as const;

/**
 * Zidong Taichu (Institute of Automation, CAS / Wuhan AI Research). Prices in CNY per million
 * tokens from docs.wair.ac.cn/maas/jiage.html.
 */
export const manifest = {
  id: 'taichu',
  name: 'Taichu',
  description: 'Zidong Taichu multimodal models from the Chinese Academy of Sciences.',
  homepage: 'https://ai-maas.wair.ac.cn',
  apiKeyUrl: 'https://ai-maas.wair.ac.cn/#/settlement/api/key',
  sdkType: 'openai',
  enabled: false,
  sort: 44,
  keyVault: apiKeyAndBaseURL('https://ai-maas.wair.ac.cn/maas/v1', 'your-taichu-key'),
  defaultBaseURL: 'https://ai-maas.wair.ac.cn/maas/v1',
  settings: { showModelFetcher: true },
  models: [
    {
      id: 'taichu_llm',
      displayName: 'Taichu 2.0',
      description: 'Language model for text understanding, writing and conversational QA.',
      type: 'chat',
      contextWindowTokens: 32_768,
      enabled: true,
      abilities: { functionCall: true },
      pricing: { input: 2, output: 2, currency: CNY },
      source: 'builtin',
    },
    {
      id: 'taichu2_mm',
      displayName: 'Taichu 2.0V',
      description: 'Multimodal model for image understanding and image-text QA.',
      type: 'chat',
      enabled: true,
      abilities: { vision: true },
      source: 'builtin',
    },
    {
      id: 'taichu_vl',
      displayName: 'Taichu 2.0 VL',
      description: 'Image understanding with knowledge transfer and logical attribution.',
      type: 'chat',
      contextWindowTokens: 4_096,
      enabled: false,
      abilities: { vision: true },
      pricing: { input: 5, output: 5, currency: CNY },
      source: 'builtin',
    },
    {
      id: 'taichu_o1',
      displayName: 'Taichu O1',
      description: 'Reasoning model that shows its chain of thought.',
      type: 'chat',
      contextWindowTokens: 32_768,
      enabled: false,
      abilities: { reasoning: true },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
