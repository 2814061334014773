import type { RuntimeLogger } from '../contract/runtime.js';
import { sanitizeLogValue } from './sanitize.js';

/** A logger that may say whether a level is written (pino's `isLevelEnabled`). */
export type LevelAwareLogger = RuntimeLogger & { isLevelEnabled?(level: string): boolean };

type Level = 'debug' | 'info' | 'warn' | 'error';

/**
 * The logger a runtime gets: every record is masked with `sanitizeLogValue` before it is written —
 * fields named like credentials, keys, bearer tokens and JWTs inside strings and inside raw
 * upstream chunks (the `DEBUG_<ID>_CHAT_COMPLETION` log), and each of `secrets` (the call's
 * credentials) wherever it occurs. Records of a level the logger does not write cost nothing.
 */
export function createRedactingLogger(
  logger: LevelAwareLogger,
  secrets: ReadonlyArray<string | undefined> = [],
): RuntimeLogger {
  const known = secrets.filter((secret): secret is string => !!secret);
  const method =
    (level: Level) =>
    (object: object, message?: string): void => {
      if (logger.isLevelEnabled && !logger.isLevelEnabled(level)) return;
      const record = sanitizeLogValue(object, known) as object;
      if (message === undefined) logger[level](record);
      else logger[level](record, sanitizeLogValue(message, known) as string);
    };
  return {
    debug: method('debug'),
    info: method('info'),
    warn: method('warn'),
    error: method('error'),
  };
}
