import { atom } from 'nanostores';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { isAbortError, messageErrorOf, type MessageError } from '../../../lib/api-error.js';
import type { FetchImpl, PullLine } from '../../../lib/api.js';
import { pullProviderModel } from '../api/provider-calls.js';
import { fetchModels } from './models.js';

/**
 * A provider whose runtime can download models on request (`POST /webapi/models/:provider/pull`):
 * its manifest says so with `settings.showModelPull` (Manifold's addition to CONTRACT §5, like
 * `showModelFetcher`). The web app offers the pull form for exactly those.
 */
export const canPullModels = (manifest: Pick<ProviderManifest, 'settings'>): boolean =>
  manifest.settings?.showModelPull === true;

/** The state of a provider's model pull, shown as a progress bar. */
export type PullState =
  | {
      state: 'pulling';
      model: string;
      /** The last status line (`pulling manifest`, `pulling 6a0746a1ec1a`, `verifying sha256 digest`). */
      status: string;
      completed?: number;
      total?: number;
      /** 0–100 of the current layer, when the line gave both numbers. */
      percent?: number;
    }
  | { state: 'done'; model: string }
  | { state: 'cancelled'; model: string }
  | { state: 'error'; model: string; error: MessageError };

/** Pull state by provider id. */
export const $pulls = atom<Record<string, PullState>>({});

const controllers = new Map<string, AbortController>();

function setPull(providerId: string, state: PullState): void {
  $pulls.set({ ...$pulls.get(), [providerId]: state });
}

/**
 * The state after one progress line: `success` ends done, `cancelled` cancelled, `error` (the
 * gateway's last line of a failed pull) an error of its type and message; any other line is
 * progress, its percentage from `completed` of `total` (kept from the line before when the line
 * repeats the status without numbers).
 */
export function nextPullState(model: string, line: PullLine, previous?: PullState): PullState {
  if (line.status === 'success') return { state: 'done', model };
  if (line.status === 'cancelled') return { state: 'cancelled', model };
  if (line.status === 'error') {
    return {
      state: 'error',
      model,
      error: {
        errorType: line.errorType ?? 'OllamaBizError',
        ...(line.message ? { message: line.message, body: { message: line.message } } : {}),
      },
    };
  }
  const state: PullState = { state: 'pulling', model, status: line.status };
  const same = previous?.state === 'pulling' && previous.status === line.status;
  const completed = line.completed ?? (same ? previous.completed : undefined);
  const total = line.total ?? (same ? previous.total : undefined);
  if (completed !== undefined) state.completed = completed;
  if (total !== undefined) state.total = total;
  if (completed !== undefined && total) {
    state.percent = Math.min(100, Math.max(0, (completed / total) * 100));
  }
  return state;
}

/**
 * Pull `model` into a provider's local server and follow its progress in `$pulls`. A pull that
 * ends without `success` is an error; `cancelPull` aborts it (the gateway cancels the upstream
 * pull) and ends in `cancelled`. When done, the provider's model list is fetched again so the new
 * model appears. One pull per provider at a time.
 */
export async function pullModel(
  providerId: string,
  model: string,
  fetchImpl?: FetchImpl,
  options: { refreshModels?: boolean } = {},
): Promise<PullState> {
  const name = model.trim();
  const running = $pulls.get()[providerId];
  if (!name || running?.state === 'pulling') return running ?? { state: 'cancelled', model: name };
  const controller = new AbortController();
  controllers.set(providerId, controller);
  let state: PullState = { state: 'pulling', model: name, status: 'starting' };
  setPull(providerId, state);
  try {
    const lines = await pullProviderModel(providerId, name, controller.signal, fetchImpl);
    for await (const line of lines) {
      state = nextPullState(name, line, state);
      setPull(providerId, state);
      if (state.state !== 'pulling') break;
    }
    if (state.state === 'pulling') {
      state = controller.signal.aborted
        ? { state: 'cancelled', model: name }
        : {
            state: 'error',
            model: name,
            error: { errorType: 'UnknownChatFetchError', message: 'The pull ended unfinished' },
          };
    }
  } catch (error) {
    state =
      isAbortError(error) || controller.signal.aborted
        ? { state: 'cancelled', model: name }
        : { state: 'error', model: name, error: messageErrorOf(error) };
  } finally {
    controllers.delete(providerId);
  }
  setPull(providerId, state);
  if (state.state === 'done' && options.refreshModels !== false) {
    void fetchModels(providerId, fetchImpl);
  }
  return state;
}

/** Stop a provider's running pull. */
export function cancelPull(providerId: string): void {
  controllers.get(providerId)?.abort();
}
