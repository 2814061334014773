/**
 * The search backends the environment configures, in the order they are tried (CONTRACT §8):
 * `SEARCH_PROVIDERS` (comma-separated names), or every configured one in the order of
 * `BACKEND_NAMES`. A half-configured backend, an unknown name or a named backend that is not
 * configured stops the boot (`ConfigError`, one line naming the variable).
 */
import { ConfigError } from '../../config.js';
import { BACKEND_NAMES, type BackendName, type SearchBackend } from './backend.js';
import { createBraveBackend } from './brave.js';
import { createExaBackend } from './exa.js';
import { createGoogleBackend } from './google.js';
import { createSearxngBackend } from './searxng.js';
import { createTavilyBackend } from './tavily.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The services' own API origins, overridden by `<NAME>_BASE_URL`. */
export const DEFAULT_BASE_URLS = {
  tavily: 'https://api.tavily.com',
  brave: 'https://api.search.brave.com',
  exa: 'https://api.exa.ai',
  google: 'https://www.googleapis.com',
} as const;

const value = (env: Env, name: string): string | undefined => {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
};

/** An http(s) URL without a trailing slash (a path prefix is kept: a proxy may need one). */
function httpURL(env: Env, name: string, fallback?: string): string {
  const raw = value(env, name) ?? fallback;
  if (raw === undefined) throw new ConfigError(name, 'is required');
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be an http(s) URL, got "${raw}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new ConfigError(name, `must be an http(s) URL, got "${raw}"`);
  if (parsed.search || parsed.hash)
    throw new ConfigError(name, 'must not have a query or fragment');
  return raw.replace(/\/+$/, '');
}

/** Each backend's builder, or undefined when its variables are not set. */
function configured(env: Env): Map<BackendName, () => SearchBackend> {
  const found = new Map<BackendName, () => SearchBackend>();
  const searxng = value(env, 'SEARXNG_URL');
  if (searxng) found.set('searxng', () => createSearxngBackend(httpURL(env, 'SEARXNG_URL')));
  const tavily = value(env, 'TAVILY_API_KEY');
  if (tavily)
    found.set('tavily', () =>
      createTavilyBackend(tavily, httpURL(env, 'TAVILY_BASE_URL', DEFAULT_BASE_URLS.tavily)),
    );
  const brave = value(env, 'BRAVE_API_KEY');
  if (brave)
    found.set('brave', () =>
      createBraveBackend(brave, httpURL(env, 'BRAVE_BASE_URL', DEFAULT_BASE_URLS.brave)),
    );
  const exa = value(env, 'EXA_API_KEY');
  if (exa)
    found.set('exa', () =>
      createExaBackend(exa, httpURL(env, 'EXA_BASE_URL', DEFAULT_BASE_URLS.exa)),
    );
  const googleKey = value(env, 'GOOGLE_PSE_API_KEY');
  const engine = value(env, 'GOOGLE_PSE_ENGINE_ID');
  if (googleKey && !engine)
    throw new ConfigError('GOOGLE_PSE_ENGINE_ID', 'is required with GOOGLE_PSE_API_KEY');
  if (engine && !googleKey)
    throw new ConfigError('GOOGLE_PSE_API_KEY', 'is required with GOOGLE_PSE_ENGINE_ID');
  if (googleKey && engine)
    found.set('google', () =>
      createGoogleBackend(
        googleKey,
        engine,
        httpURL(env, 'GOOGLE_PSE_BASE_URL', DEFAULT_BASE_URLS.google),
      ),
    );
  return found;
}

/** The variables that configure a backend, for a message. */
const NEEDS: Record<BackendName, string> = {
  searxng: 'SEARXNG_URL',
  tavily: 'TAVILY_API_KEY',
  brave: 'BRAVE_API_KEY',
  exa: 'EXA_API_KEY',
  google: 'GOOGLE_PSE_API_KEY and GOOGLE_PSE_ENGINE_ID',
};

/** The configured backends in the order they are tried; empty when none is configured. */
export function searchBackends(env: Env): SearchBackend[] {
  const available = configured(env);
  const order = value(env, 'SEARCH_PROVIDERS');
  if (order === undefined) return BACKEND_NAMES.flatMap((name) => available.get(name)?.() ?? []);
  const names = [
    ...new Set(
      order
        .split(',')
        .map((each) => each.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  return names.map((name) => {
    if (!(BACKEND_NAMES as readonly string[]).includes(name))
      throw new ConfigError(
        'SEARCH_PROVIDERS',
        `names an unknown search backend "${name}" (known: ${BACKEND_NAMES.join(', ')})`,
      );
    const build = available.get(name as BackendName);
    if (!build)
      throw new ConfigError(
        'SEARCH_PROVIDERS',
        `names ${name}, which is not configured (set ${NEEDS[name as BackendName]})`,
      );
    return build();
  });
}
