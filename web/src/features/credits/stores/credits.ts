import { atom, computed, onMount } from 'nanostores';
import { $generations } from '../../chat/stores/generation.js';
import { fetchAccountsConfig, fetchMe, type Me } from '../api.js';

/** The gateway's edition (`GET /api/accounts/config`); undefined until known or when it fails. */
export const $edition = atom<string | undefined>(undefined);

/** The cloud edition: credits, plans and costs are shown. */
export const $isCloud = computed($edition, (edition) => edition === 'cloud');

/** The signed-in person's plan and balance (`GET /webapi/me`); undefined until loaded. */
export const $credits = atom<Me | undefined>(undefined);

let configLoad: Promise<void> | undefined;

/** Ask the gateway its edition, once. */
export function loadEdition(): Promise<void> {
  configLoad ??= fetchAccountsConfig().then(
    (config) => $edition.set(config.edition ?? 'self-hosted'),
    () => {
      configLoad = undefined;
    },
  );
  return configLoad;
}

let inFlight: Promise<void> | undefined;

/** Load (again) the balance and plan; only in the cloud edition. A failure keeps the last value. */
export function refreshCredits(): Promise<void> {
  inFlight ??= (async () => {
    try {
      await loadEdition();
      if (!$isCloud.get()) return;
      $credits.set(await fetchMe());
    } catch {
      // signed out or offline: the badge keeps what it showed
    } finally {
      inFlight = undefined;
    }
  })();
  return inFlight;
}

/**
 * While someone shows the balance: loaded at once, and again after each finished reply (a
 * conversation leaving `$generations`), twice, since the charge lands as the stream closes.
 */
onMount($credits, () => {
  void refreshCredits();
  let streaming = Object.keys($generations.get()).length;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const unlisten = $generations.listen((generations) => {
    const now = Object.keys(generations).length;
    if (now < streaming && $isCloud.get()) {
      void refreshCredits();
      const timer = setTimeout(() => {
        timers.delete(timer);
        void refreshCredits();
      }, 800);
      timers.add(timer);
    }
    streaming = now;
  });
  return () => {
    unlisten();
    for (const timer of timers) clearTimeout(timer);
  };
});
