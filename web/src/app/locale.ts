import type { Locale } from '../lib/api-error.js';

/** The UI language: Chinese when the browser prefers it, else English. */
export const locale: Locale = globalThis.navigator?.language?.toLowerCase().startsWith('zh')
  ? 'zh'
  : 'en';
