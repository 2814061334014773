import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';

/**
 * fal.ai: hosted image models behind one queue API (queue.fal.run). Image generation only, from
 * the server (LobeChat sets `disableBrowserRequest` and enables fal by default). fal bills per
 * image or per megapixel, which the per-million-token pricing of a model card cannot express, so
 * the cards carry no prices.
 */
export const manifest = {
  id: 'fal',
  name: 'Fal',
  description:
    'Generative media platform: FLUX, Imagen 4, Qwen-Image and other image models through one queue API.',
  homepage: 'https://fal.ai',
  apiKeyUrl: 'https://fal.ai/dashboard/keys',
  sdkType: 'fal',
  enabled: true,
  keyVault: [
    {
      field: 'apiKey',
      required: true,
      secret: true,
      label: 'API Key',
      placeholder: 'fal key (key id:secret)',
    },
  ],
  defaultBaseURL: 'https://queue.fal.run',
  settings: { disableBrowserRequest: true },
  models: [
    {
      id: 'fal-ai/flux/schnell',
      displayName: 'FLUX.1 [schnell]',
      description: 'Fast 12B FLUX text-to-image model (1–4 steps), Apache 2.0 weights.',
      type: 'image',
      enabled: true,
      releasedAt: '2024-08-01',
      abilities: { imageOutput: true },
      source: 'builtin',
    },
    {
      id: 'fal-ai/flux/dev',
      displayName: 'FLUX.1 [dev]',
      description: '12B FLUX text-to-image model with higher quality than schnell.',
      type: 'image',
      enabled: true,
      releasedAt: '2024-08-01',
      abilities: { imageOutput: true },
      source: 'builtin',
    },
    {
      id: 'fal-ai/imagen4/preview',
      displayName: 'Imagen 4 (preview)',
      description: "Google's Imagen 4 text-to-image model.",
      type: 'image',
      enabled: true,
      releasedAt: '2025-05-20',
      abilities: { imageOutput: true },
      source: 'builtin',
    },
    {
      id: 'fal-ai/qwen-image',
      displayName: 'Qwen-Image',
      description: "Alibaba's 20B image model, strong at rendering text inside images.",
      type: 'image',
      enabled: true,
      releasedAt: '2025-08-04',
      abilities: { imageOutput: true },
      source: 'builtin',
    },
    {
      id: 'fal-ai/flux-kontext/dev',
      displayName: 'FLUX.1 Kontext [dev]',
      description:
        'Edits an input image from a prompt; fal requires an image_url, which text-to-image does not send.',
      type: 'image',
      enabled: false,
      releasedAt: '2025-06-26',
      abilities: { imageOutput: true },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
