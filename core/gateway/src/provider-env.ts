import { ConfigError } from './config.js';

type Env = Readonly<Record<string, string | undefined>>;

/** `<ID>_<SUFFIX>`: provider id upper-cased, `-` → `_` (CONTRACT §1). */
export const envName = (providerId: string, suffix: string): string =>
  `${providerId.toUpperCase().replace(/-/g, '_')}_${suffix}`;

/** Server-side keys of a provider (`<ID>_API_KEY`, comma-separated). */
export const serverKeys = (env: Env, providerId: string): string[] =>
  (env[envName(providerId, 'API_KEY')] ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);

/** `<ID>_PROXY_URL`, if set. */
export const proxyURL = (env: Env, providerId: string): string | undefined =>
  env[envName(providerId, 'PROXY_URL')]?.trim() || undefined;

/** `<ID>_MODEL_LIST`, if set. */
export const modelListSetting = (env: Env, providerId: string): string | undefined =>
  env[envName(providerId, 'MODEL_LIST')]?.trim() || undefined;

/** `ENABLED_<ID>=0|1` override of the manifest's default, validated. */
export function enabledOverride(env: Env, providerId: string): boolean | undefined {
  const name = `ENABLED_${providerId.toUpperCase().replace(/-/g, '_')}`;
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new ConfigError(name, `must be 0 or 1, got "${raw}"`);
}

/** Picks one of several keys per request: at random, or each in turn. */
export class KeyPicker {
  private turn = 0;
  constructor(
    private readonly keys: readonly string[],
    private readonly mode: 'random' | 'turn',
  ) {}

  /**
   * `pick`, with the turn shared by every instance when `counter` is given (Redis, `REDIS_URL`);
   * a counter that cannot answer (Redis down) falls back to this process's own turn.
   */
  async next(
    counter?: (name: string) => Promise<number | undefined>,
    name = 'keys',
  ): Promise<string | undefined> {
    if (counter && this.mode === 'turn' && this.keys.length > 1) {
      const turn = await counter(`turn:${name}`);
      if (turn !== undefined) return this.keys[(turn - 1) % this.keys.length];
    }
    return this.pick();
  }

  pick(): string | undefined {
    if (this.keys.length <= 1) return this.keys[0];
    if (this.mode === 'turn') return this.keys[this.turn++ % this.keys.length];
    return this.keys[Math.floor(Math.random() * this.keys.length)];
  }
}
