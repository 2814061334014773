import { atom } from 'nanostores';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';

/**
 * Provider and model logos. A manifest's own `icon` wins: a URL (or data URL) is shown as it is, a
 * bare name is looked up in the logo set. Otherwise names are derived from ids, never from a list
 * of providers: the provider id itself, the id without a trailing `ai`, and the longest logo name
 * (4+ characters) the id starts with; for a model, the words of its id (an organisation before a
 * `/`, then each word's leading letters: `Qwen/Qwen2.5-72B` → `qwen`, `claude-3-5-sonnet` →
 * `claude`). A `<name>-color` file is preferred (shown as an image); a plain one is monochrome
 * (drawn in the text colour). No match: the letter avatar.
 */

/** A logo to show: an image URL, or a monochrome mask drawn in `currentColor`. */
export interface Logo {
  url: string;
  mono: boolean;
}

/** The logo files by name (`../logos/logo-files.ts`), once loaded; undefined before. */
export const $logoFiles = atom<Readonly<Record<string, string>> | undefined>(undefined);

let loading: Promise<void> | undefined;

/** Load the logo table (a lazy chunk) once; the avatars re-render when it arrives. */
export function loadLogos(): Promise<void> {
  loading ??= import('../logos/logo-files.js').then(
    (module) => $logoFiles.set(module.LOGO_FILES),
    () => {
      loading = undefined;
    },
  );
  return loading;
}

const isUrl = (icon: string) => /^(https?:|data:|\/)/i.test(icon);

/** The first candidate name with a file: its `-color` variant first, then the plain one. */
export function pickLogo(
  candidates: readonly string[],
  files: Readonly<Record<string, string>>,
): Logo | undefined {
  for (const name of candidates) {
    const color = files[`${name}-color`];
    if (color) return { url: color, mono: false };
    const plain = files[name];
    if (plain) return { url: plain, mono: true };
  }
  return undefined;
}

/** The longest logo name of 4+ characters that `id` starts with (`acmecloudgateway` → `acmecloud`). */
function longestPrefix(id: string, files: Readonly<Record<string, string>>): string | undefined {
  let best: string | undefined;
  for (const name of Object.keys(files)) {
    if (name.length < 4 || name.endsWith('-color') || !id.startsWith(name)) continue;
    if (!best || name.length > best.length) best = name;
  }
  return best;
}

/** The logo names to try for a provider, in order (see the module comment). */
export function providerLogoNames(manifest: Pick<ProviderManifest, 'id' | 'icon'>): string[] {
  const id = manifest.id.toLowerCase();
  const names: string[] = [];
  if (manifest.icon && !isUrl(manifest.icon)) names.push(manifest.icon.toLowerCase());
  names.push(id, id.replace(/-/g, ''));
  if (id.endsWith('ai') && id.length > 4) names.push(id.slice(0, -2).replace(/-$/, ''));
  return [...new Set(names)];
}

/** A provider's logo: the manifest's icon URL, else a file by name; undefined for the letter. */
export function providerLogo(
  manifest: Pick<ProviderManifest, 'id' | 'icon'>,
  files: Readonly<Record<string, string>> | undefined,
): Logo | undefined {
  if (manifest.icon && isUrl(manifest.icon)) return { url: manifest.icon, mono: false };
  if (!files) return undefined;
  const names = providerLogoNames(manifest);
  const prefix = longestPrefix(manifest.id.toLowerCase().replace(/-/g, ''), files);
  return pickLogo(prefix ? [...names, prefix] : names, files);
}

/** The logo names to try for a model id, in order (see the module comment). */
export function modelLogoNames(modelId: string): string[] {
  const names: string[] = [];
  for (const word of modelId.toLowerCase().split(/[/\s:_.@-]+/)) {
    const letters = /^[a-z]+/.exec(word)?.[0];
    if (letters && letters.length >= 3) names.push(letters);
  }
  return [...new Set(names)];
}

/** A model's own logo when its id names a family or maker with one; undefined otherwise. */
export function modelLogo(
  modelId: string,
  files: Readonly<Record<string, string>> | undefined,
): Logo | undefined {
  return files ? pickLogo(modelLogoNames(modelId), files) : undefined;
}

/** The letter of a letter avatar: the name's first letter or digit, upper-cased. */
export function avatarLetter(name: string): string {
  return (/[\p{L}\p{N}]/u.exec(name)?.[0] ?? '?').toUpperCase();
}

/** A stable hue (0–359) for a letter avatar's background, from the id. */
export function avatarHue(id: string): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}
