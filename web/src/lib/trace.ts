import { atom } from 'nanostores';

const STORAGE_KEY = 'manifold:trace-consent';

/**
 * The person allowed tracing of their calls (Settings; SPEC §6: trace only with consent). While
 * on, chat and image calls carry `X-Manifold-Trace: base64(JSON {enabled: true})` (CONTRACT §2)
 * and the gateway traces them; off, the header is never sent. Persisted in localStorage.
 */
export const $traceConsent = atom<boolean>(
  (() => {
    try {
      return globalThis.localStorage?.getItem(STORAGE_KEY) === '1';
    } catch {
      return false;
    }
  })(),
);
$traceConsent.listen((value) => {
  try {
    if (value) globalThis.localStorage?.setItem(STORAGE_KEY, '1');
    else globalThis.localStorage?.removeItem(STORAGE_KEY);
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
});

/** Name of the trace header (CONTRACT §2), lower-cased as fetch sends it. */
export const TRACE_HEADER = 'x-manifold-trace';

/** Base64 of a UTF-8 string (the header is standard base64, not base64url). */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The trace header when the person consented, else no header. */
export function traceHeaders(consent: boolean = $traceConsent.get()): Record<string, string> {
  return consent ? { [TRACE_HEADER]: base64(JSON.stringify({ enabled: true })) } : {};
}
