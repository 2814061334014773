import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';

/**
 * Black Forest Labs: the FLUX image models on their own API (api.bfl.ai). Image generation only,
 * from the server (LobeChat sets `disableBrowserRequest` and enables bfl by default). BFL bills in
 * credits per image, which the per-million-token pricing of a model card cannot express, so the
 * cards carry no prices.
 */
export const manifest = {
  id: 'bfl',
  name: 'Black Forest Labs',
  description: 'The FLUX image models (FLUX1.1 [pro], Ultra, Kontext, dev) from their makers.',
  homepage: 'https://bfl.ai',
  sdkType: 'bfl',
  enabled: true,
  keyVault: [
    { field: 'apiKey', required: true, secret: true, label: 'API Key', placeholder: 'BFL API key' },
  ],
  defaultBaseURL: 'https://api.bfl.ai/v1',
  settings: { disableBrowserRequest: true },
  models: [
    {
      id: 'flux-pro-1.1',
      displayName: 'FLUX1.1 [pro]',
      description: 'Fast, high-quality text-to-image with good prompt adherence.',
      type: 'image',
      enabled: true,
      releasedAt: '2024-10-02',
      abilities: { imageOutput: true },
      source: 'builtin',
    },
    {
      id: 'flux-pro-1.1-ultra',
      displayName: 'FLUX1.1 [pro] Ultra',
      description: 'Up to 4-megapixel images; takes an aspect ratio rather than a size.',
      type: 'image',
      enabled: true,
      releasedAt: '2024-11-06',
      abilities: { imageOutput: true },
      source: 'builtin',
    },
    {
      id: 'flux-kontext-pro',
      displayName: 'FLUX.1 Kontext [pro]',
      description:
        'Text-to-image and in-context editing; takes an aspect ratio rather than a size.',
      type: 'image',
      enabled: true,
      releasedAt: '2025-05-29',
      abilities: { imageOutput: true },
      source: 'builtin',
    },
    {
      id: 'flux-kontext-max',
      displayName: 'FLUX.1 Kontext [max]',
      description: 'The strongest Kontext model, better typography and prompt adherence.',
      type: 'image',
      enabled: false,
      releasedAt: '2025-05-29',
      abilities: { imageOutput: true },
      source: 'builtin',
    },
    {
      id: 'flux-dev',
      displayName: 'FLUX.1 [dev]',
      description: 'The 12B open-weight FLUX model, served by BFL.',
      type: 'image',
      enabled: true,
      releasedAt: '2024-08-01',
      abilities: { imageOutput: true },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
