import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { ConfigError } from '../config.js';

/** Tool settings by identifier: `{ "<identifier>": { key: value } }`. */
export type PluginSettings = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/**
 * `PLUGIN_SETTINGS` (CONTRACT §8): `id:key=value;key=value,id2:key=value`, the server's default
 * settings of each tool (an API key of a plugin, say). Values are strings; the first `=` splits a
 * pair, so a value may hold `=`. A malformed item throws a ConfigError naming the variable.
 */
export function parsePluginSettings(value: string | undefined): PluginSettings {
  const settings: Record<string, Record<string, unknown>> = {};
  for (const item of (value ?? '').split(',').map((each) => each.trim())) {
    if (item === '') continue;
    const colon = item.indexOf(':');
    if (colon <= 0)
      throw new ConfigError('PLUGIN_SETTINGS', `has an item without "<id>:": "${item}"`);
    const identifier = item.slice(0, colon).trim();
    const tool = (settings[identifier] ??= {});
    for (const pair of item.slice(colon + 1).split(';')) {
      if (pair.trim() === '') continue;
      const equals = pair.indexOf('=');
      if (equals <= 0)
        throw new ConfigError(
          'PLUGIN_SETTINGS',
          `has a setting of ${identifier} without "key=": "${pair}"`,
        );
      tool[pair.slice(0, equals).trim()] = pair.slice(equals + 1).trim();
    }
  }
  return settings;
}

/** The largest `X-Manifold-Plugin-Settings` header taken, in characters. */
const MAX_HEADER = 16 * 1024;

/**
 * The settings a request brings for the tool it calls: `X-Manifold-Plugin-Settings` is
 * base64url(JSON object). Absent → `{}`; not base64url JSON of an object → 400 BadRequest.
 */
export function settingsFromHeader(value: string | undefined): Record<string, unknown> {
  if (value === undefined || value === '') return {};
  const refuse = (why: string) =>
    new ManifoldError('BadRequest', {
      message: `X-Manifold-Plugin-Settings ${why}`,
      field: 'headers.x-manifold-plugin-settings',
    });
  if (value.length > MAX_HEADER) throw refuse('is too long');
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) throw refuse('is not base64url');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw refuse('is not base64url of JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw refuse('must hold a JSON object');
  return parsed as Record<string, unknown>;
}

/** The settings of one call: the server's defaults for the tool, under the request's own. */
export const mergeSettings = (
  server: PluginSettings,
  identifier: string,
  request: Record<string, unknown>,
): Record<string, unknown> => ({ ...server[identifier], ...request });
