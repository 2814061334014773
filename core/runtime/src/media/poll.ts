import { ManifoldError } from '../errors/manifold-error.js';

/**
 * Wait `ms`, or reject with the signal's reason as soon as it aborts (browser-safe, like Node's
 * `timers/promises` setTimeout with a signal).
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** How a queued job (an image being generated) is waited for: the pause between polls and the longest wait, in ms. */
export interface PollSettings {
  intervalMs: number;
  timeoutMs: number;
}

const positive = (value: string | undefined, fallback: number): number => {
  const number = Number(value);
  return value !== undefined && Number.isFinite(number) && number > 0 ? number : fallback;
};

/**
 * `<PREFIX>_POLL_INTERVAL_MS` and `<PREFIX>_POLL_TIMEOUT_MS` from the environment, each falling back
 * to `defaults` when unset or not a positive number.
 */
export function pollSettings(
  env: Readonly<Record<string, string | undefined>>,
  prefix: string,
  defaults: PollSettings,
): PollSettings {
  return {
    intervalMs: positive(env[`${prefix}_POLL_INTERVAL_MS`], defaults.intervalMs),
    timeoutMs: positive(env[`${prefix}_POLL_TIMEOUT_MS`], defaults.timeoutMs),
  };
}

/**
 * Wait one interval before the next poll; rejects with the abort when the caller leaves, and with
 * a 504 (`reason: "timeout"`) once the next poll would fall after `deadline`.
 */
export async function pause(
  settings: PollSettings,
  deadline: number,
  context: { provider: string; name: string; signal: AbortSignal },
): Promise<void> {
  if (Date.now() + settings.intervalMs > deadline) {
    throw new ManifoldError(504, {
      provider: context.provider,
      message: `${context.name} did not finish the images within ${Math.round(settings.timeoutMs / 1000)} s`,
      reason: 'timeout',
    });
  }
  await sleep(settings.intervalMs, context.signal);
}
