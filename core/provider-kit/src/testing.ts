/**
 * Small pieces every provider test needs: keys shaped like the real ones (so the sanitiser's
 * patterns apply) and a logger that keeps what a runtime logged.
 */
import type { RuntimeLogger } from '@manifold/core/contract/runtime';

/** A realistic-looking OpenAI-style key, long enough for the sanitiser's key patterns. */
export const TEST_KEY = 'sk-test-0123456789abcdefghijklmnop';
/** An Anthropic-style key. */
export const ANTHROPIC_TEST_KEY = 'sk-ant-api03-test0123456789abcdefghij';
/** A Google-style key (`AIza…`). */
export const GOOGLE_TEST_KEY = 'AIzaSyTest0123456789abcdefghijklmnopqr';

/** One log call a runtime made. */
export interface LogRecord {
  level: 'debug' | 'info' | 'warn' | 'error';
  object: Record<string, unknown>;
  message?: string;
}

/** A logger that keeps every call, for asserting what was logged. */
export function recordingLogger(): RuntimeLogger & { records: LogRecord[] } {
  const records: LogRecord[] = [];
  const at =
    (level: LogRecord['level']) =>
    (object: object, message?: string): void => {
      records.push({ level, object: object as Record<string, unknown>, message });
    };
  return { records, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
