// The tools an agent may turn on: `GET /tools` (CONTRACT §8), identifiers and titles only.
import { atom } from 'nanostores';

export interface ToolChoice {
  identifier: string;
  title: string;
}

export const $toolChoices = atom<ToolChoice[] | undefined>(undefined);

let loading: Promise<void> | undefined;

export function loadToolChoices(): Promise<void> {
  loading ??= (async () => {
    try {
      const response = await fetch('/tools', { headers: { accept: 'application/json' } });
      const body = (await response.json()) as {
        tools?: { identifier?: string; meta?: { title?: string } }[];
      };
      $toolChoices.set(
        (body.tools ?? [])
          .filter((t): t is { identifier: string; meta?: { title?: string } } =>
            Boolean(t.identifier),
          )
          .map((t) => ({ identifier: t.identifier, title: t.meta?.title ?? t.identifier })),
      );
    } catch {
      loading = undefined;
      $toolChoices.set([]);
    }
  })();
  return loading;
}
