/**
 * Helpers for driving the Vertex AI runtime against the fake Google upstream: a real service
 * account (a fresh RSA key) whose `token_uri` points at the fake's token endpoint.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { RuntimeOptions } from '@manifold/core/contract/runtime';
import { createRuntime } from '../../../providers/vertexai/runtime.js';
import { recordingLogger } from '../../wires/openai/runtime-helpers.js';
import type { FakeGoogle } from '@manifold/provider-kit/fakes/google';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

/** The public half of the test service account's key, to verify the JWT the fake received. */
export const SERVICE_ACCOUNT_PUBLIC_KEY: KeyObject = publicKey;

/** A service-account key file for project `manifold-test`, its token exchange at `tokenURL`. */
export function serviceAccount(tokenURL?: string, extra: Record<string, unknown> = {}) {
  return {
    type: 'service_account',
    project_id: 'manifold-test',
    private_key_id: '0123456789abcdef0123456789abcdef01234567',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    client_email: 'manifold@manifold-test.iam.gserviceaccount.com',
    client_id: '123456789012345678901',
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    ...(tokenURL && { token_uri: tokenURL }),
    universe_domain: 'googleapis.com',
    ...extra,
  };
}

/** Runtime options pointing at the fake (generate calls and token exchange). */
export function vertexOptions(
  fake: Pick<FakeGoogle, 'url' | 'tokenURL'>,
  overrides: Partial<RuntimeOptions> = {},
): RuntimeOptions & { logger: ReturnType<typeof recordingLogger> } {
  return {
    providerId: 'vertexai',
    apiKey: JSON.stringify(serviceAccount(fake.tokenURL)),
    baseURL: fake.url,
    customBaseURL: true,
    region: 'us-central1',
    env: {},
    ...overrides,
    logger: (overrides.logger as ReturnType<typeof recordingLogger>) ?? recordingLogger(),
  };
}

/** A Vertex runtime pointing at the fake. */
export const vertexRuntime = (
  fake: Pick<FakeGoogle, 'url' | 'tokenURL'>,
  overrides: Partial<RuntimeOptions> = {},
) => createRuntime(vertexOptions(fake, overrides));
