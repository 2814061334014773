import type { KeyVaultField } from '../contract/key-vault.js';

/**
 * The key form of an OpenAI-compatible provider: a required secret API key and an optional base
 * URL whose placeholder is the provider's default.
 */
export function apiKeyAndBaseURL(
  defaultBaseURL: string,
  keyPlaceholder = 'sk-...',
): KeyVaultField[] {
  return [
    {
      field: 'apiKey',
      required: true,
      secret: true,
      label: 'API Key',
      placeholder: keyPlaceholder,
    },
    {
      field: 'baseURL',
      required: false,
      secret: false,
      label: 'API base URL',
      placeholder: defaultBaseURL,
    },
  ];
}
