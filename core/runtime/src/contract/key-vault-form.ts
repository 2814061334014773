import type { KeyVaultField } from './key-vault.js';

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

/**
 * The key form of a local server (LM Studio, vLLM, Xinference): its base URL, whose placeholder is
 * the default, and an optional API key for servers started with one.
 */
export function localServerForm(defaultBaseURL: string): KeyVaultField[] {
  return [
    {
      field: 'baseURL',
      required: false,
      secret: false,
      label: 'Server URL',
      placeholder: defaultBaseURL,
    },
    { field: 'apiKey', required: false, secret: true, label: 'API Key (optional)' },
  ];
}
