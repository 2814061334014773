import { readFileSync } from 'node:fs';
import t from 'tap';
import { ERROR_CATALOGUE } from '@manifold/core/errors/catalogue';
import { ERROR_TYPES, HTTP_ERROR_CODES } from '@manifold/core/errors/error-types';

const CJK = /[\u4e00-\u9fff]/;
const docs = readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8');

/** Status of each type as docs/errors.md lists it, from rows like "| `Type` | 401 | …". */
const documented = new Map<string, number>();
for (const match of docs.matchAll(/^\|\s*`([^`]+)`\s*\|\s*(\d{3})\s*\|/gm)) {
  documented.set(match[1]!, Number(match[2]));
}

t.test('the catalogue has exactly one entry per error type and HTTP code', async (t) => {
  const keys = Object.keys(ERROR_CATALOGUE);
  t.equal(keys.length, ERROR_TYPES.length + HTTP_ERROR_CODES.length);
  for (const type of [...ERROR_TYPES, ...HTTP_ERROR_CODES]) {
    t.ok(Object.hasOwn(ERROR_CATALOGUE, type), `${type} is in the catalogue`);
  }
});

t.test('every entry has a status, an English message and a different Chinese one', async (t) => {
  for (const [type, entry] of Object.entries(ERROR_CATALOGUE)) {
    t.ok(Number.isInteger(entry.status) && entry.status >= 400, `${type} has an error status`);
    t.ok(entry.en.length > 10, `${type} has an English message`);
    t.ok(entry.zh.length > 4, `${type} has a Chinese message`);
    t.not(entry.zh, entry.en, `${type} Chinese differs from English`);
    t.match(entry.zh, CJK, `${type} Chinese message has CJK characters`);
    t.notMatch(entry.en, CJK, `${type} English message has no CJK characters`);
  }
});

t.test('every catalogue entry is documented in docs/errors.md with its status', async (t) => {
  t.equal(documented.size, Object.keys(ERROR_CATALOGUE).length, 'no extra or missing rows');
  for (const [type, entry] of Object.entries(ERROR_CATALOGUE)) {
    t.equal(
      documented.get(type),
      entry.status,
      `${type} is documented with status ${entry.status}`,
    );
  }
});

t.test('statuses follow the SPEC §8 mapping entry by entry', async (t) => {
  const spec: Record<string, number> = {
    InvalidProviderAPIKey: 401,
    InvalidOllamaArgs: 401,
    InvalidBedrockCredentials: 401,
    InvalidVertexCredentials: 401,
    InvalidGithubToken: 401,
    InvalidAccessCode: 401,
    InvalidClerkUser: 401,
    InvalidUserKey: 401,
    NoOpenAIAPIKey: 401,
    ExceededContextWindow: 400,
    SubscriptionKeyMismatch: 400,
    SystemTimeNotMatchError: 400,
    BadRequest: 400,
    LocationNotSupportError: 403,
    ModelNotFound: 404,
    InsufficientQuota: 429,
    QuotaLimitReached: 429,
    AgentRuntimeError: 470,
    ProviderBizError: 471,
    OllamaServiceUnavailable: 472,
    OllamaBizError: 472,
  };
  for (const [type, status] of Object.entries(spec)) {
    t.equal(ERROR_CATALOGUE[type as keyof typeof ERROR_CATALOGUE].status, status, type);
  }
  // CONTRACT §8 refines SPEC for the plugin gateway: PluginSettingsInvalid is 422, not 401
  for (const type of ERROR_TYPES.filter((name) => name.includes('Invalid'))) {
    const status = type === 'PluginSettingsInvalid' ? 422 : 401;
    t.equal(ERROR_CATALOGUE[type].status, status, `${type} is ${status}`);
  }
  const plugin: Record<string, number> = {
    PluginApiNotFound: 404,
    PluginApiParamsError: 422,
    PluginFailToTransformArguments: 422,
    PluginSettingsInvalid: 422,
    PluginGatewayError: 502,
  };
  for (const [type, status] of Object.entries(plugin))
    t.equal(
      ERROR_CATALOGUE[type as keyof typeof ERROR_CATALOGUE].status,
      status,
      `${type} (CONTRACT §8)`,
    );
  for (const code of HTTP_ERROR_CODES) {
    t.equal(ERROR_CATALOGUE[code].status, code, `numeric type ${code} is itself`);
  }
});

t.test('the messages SPEC fixes are used verbatim', async (t) => {
  t.equal(
    ERROR_CATALOGUE.StreamChunkError.en,
    'chat response streaming chunk parse error, please contact your API Provider to fix it.',
  );
  t.match(
    ERROR_CATALOGUE.OllamaServiceUnavailable.en,
    'please check whether your ollama service is available',
  );
});
