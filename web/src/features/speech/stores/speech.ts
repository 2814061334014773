import { atom, computed } from 'nanostores';
import type { ModelCard } from '@manifold/core/contract/model-card';
import {
  errorFromResponse,
  isAbortError,
  networkError,
  type MessageError,
  messageErrorOf,
} from '../../../lib/api-error.js';
import { authHeaders } from '../../../lib/auth-token.js';
import { $keyStatuses, isReady } from '../../providers/stores/key-status.js';
import { $providerModels } from '../../providers/stores/models.js';
import { authPayload } from '../../providers/stores/provider-settings.js';
import { $enabledProviders } from '../../providers/stores/providers.js';

const SETTINGS_KEY = 'manifold:speech';

/** OpenAI's speech voices (its `audio/speech` reference), offered in the voice setting. */
export const VOICES = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'nova',
  'onyx',
  'sage',
  'shimmer',
  'verse',
] as const;

/** The person's speech choice: a provider and tts model (absent: the first usable), a voice. */
export interface SpeechSettings {
  provider?: string;
  model?: string;
  voice: string;
  speed?: number;
}

function read(): SpeechSettings {
  try {
    const raw = globalThis.localStorage?.getItem(SETTINGS_KEY);
    const value: unknown = raw ? JSON.parse(raw) : undefined;
    if (value && typeof value === 'object') return { voice: 'alloy', ...(value as object) };
  } catch {
    // unreadable: the defaults
  }
  return { voice: 'alloy' };
}

export const $speechSettings = atom<SpeechSettings>(read());
$speechSettings.listen((value) => {
  try {
    globalThis.localStorage?.setItem(SETTINGS_KEY, JSON.stringify(value));
  } catch {
    // no storage: for this page only
  }
});

export function updateSpeechSettings(patch: Partial<SpeechSettings>): void {
  $speechSettings.set({ ...$speechSettings.get(), ...patch });
}

/** A provider's speech model someone can use: a switched-on `tts` card of a ready provider. */
export interface SpeechModel {
  provider: string;
  providerName: string;
  model: ModelCard;
}

/** Every usable speech model, providers in the person's order. */
export const $speechModels = computed(
  [$enabledProviders, $providerModels, $keyStatuses],
  (providers, models, statuses): SpeechModel[] =>
    providers.flatMap((provider) =>
      isReady(statuses[provider.id] ?? 'none')
        ? (models[provider.id] ?? [])
            .filter((card) => card.type === 'tts' && card.enabled)
            .map((model) => ({ provider: provider.id, providerName: provider.name, model }))
        : [],
    ),
);

/** The speech model replies are read with: the chosen one when usable, else the first usable. */
export const $speechModel = computed([$speechModels, $speechSettings], (models, settings) => {
  const chosen = models.find(
    (m) => m.provider === settings.provider && m.model.id === settings.model,
  );
  return chosen ?? models[0];
});

/** What is being read aloud: the message, and whether its audio is still loading. */
export const $speaking = atom<{ messageId: string; status: 'loading' | 'playing' } | undefined>(
  undefined,
);

/** The last failure to read a message aloud. */
export const $speechError = atom<{ messageId: string; error: MessageError } | undefined>(undefined);

let current: { controller: AbortController; audio?: HTMLAudioElement; url?: string } | undefined;

function release(): void {
  if (!current) return;
  current.controller.abort();
  if (current.audio) {
    current.audio.pause();
    current.audio.removeAttribute('src');
  }
  if (current.url) URL.revokeObjectURL(current.url);
  current = undefined;
}

/** Stop reading aloud. */
export function stopSpeaking(): void {
  release();
  $speaking.set(undefined);
}

/** OpenAI's limit for one speech request. */
const MAX_INPUT = 4096;

/**
 * Read a text aloud: `POST /webapi/tts/:provider` with the chosen (or first usable) speech model
 * and voice, then play the audio. Another reading stops first. A failure is kept in `$speechError`.
 */
export async function speak(messageId: string, text: string): Promise<void> {
  stopSpeaking();
  $speechError.set(undefined);
  const choice = $speechModel.get();
  const input = text.trim().slice(0, MAX_INPUT);
  if (!choice || !input) return;
  const settings = $speechSettings.get();
  const controller = new AbortController();
  const mine = { controller } as NonNullable<typeof current>;
  current = mine;
  $speaking.set({ messageId, status: 'loading' });
  try {
    let response: Response;
    try {
      response = await fetch(`/webapi/tts/${encodeURIComponent(choice.provider)}`, {
        method: 'POST',
        headers: { ...(await authHeaders(authPayload(choice.provider))), accept: 'audio/*' },
        body: JSON.stringify({
          model: choice.model.id,
          input,
          voice: settings.voice || 'alloy',
          format: 'mp3',
          ...(settings.speed && settings.speed !== 1 ? { speed: settings.speed } : {}),
        }),
        signal: controller.signal,
      });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw networkError(error);
    }
    if (!response.ok) throw await errorFromResponse(response);
    const blob = await response.blob();
    if (current !== mine) return;
    mine.url = URL.createObjectURL(blob);
    const audio = new Audio(mine.url);
    mine.audio = audio;
    audio.addEventListener('ended', () => {
      if (current === mine) stopSpeaking();
    });
    audio.addEventListener('error', () => {
      if (current !== mine) return;
      stopSpeaking();
      $speechError.set({
        messageId,
        error: {
          errorType: 'AudioError',
          message: audio.error?.message || 'The audio could not be played',
        },
      });
    });
    await audio.play();
    if (current === mine) $speaking.set({ messageId, status: 'playing' });
  } catch (error) {
    if (current !== mine) return;
    stopSpeaking();
    if (isAbortError(error)) return;
    $speechError.set({ messageId, error: messageErrorOf(error) });
  }
}
