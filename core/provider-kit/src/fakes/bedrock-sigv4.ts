/**
 * An independent AWS Signature Version 4 check for the fake Bedrock upstream, on node:crypto only:
 * the canonical request is rebuilt from what arrived on the wire (method, raw path, query, the
 * headers named in `SignedHeaders`, the SHA-256 of the body actually received), signed with the
 * known secret of the access key in the `Credential` scope, and compared with the `Signature`.
 * Non-S3 services escape the (already encoded) path once more, so `:` in a model id is `%253A`
 * in the canonical URI. https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** A key pair the fake accepts; a session token, when set, must come with it. */
export interface FakeCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** What the Authorization header said, once verified. */
export interface VerifiedSignature {
  accessKeyId: string;
  /** `YYYYMMDD` of the credential scope. */
  date: string;
  region: string;
  service: string;
  signedHeaders: string[];
  sessionToken?: string;
}

/** Why a request was refused, as Bedrock answers it (403 with `x-amzn-ErrorType`). */
export interface SignatureFailure {
  type:
    | 'MissingAuthenticationTokenException'
    | 'IncompleteSignatureException'
    | 'UnrecognizedClientException'
    | 'InvalidSignatureException';
  message: string;
}

/** The request as the fake received it. */
export interface WireRequest {
  method: string;
  /** Path as sent, still percent-encoded, without the query. */
  rawPath: string;
  /** Query string as sent, without `?`. */
  rawQuery: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** RFC 3986 escaping, as the SigV4 signer does it. */
const escape = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

function canonicalPath(rawPath: string): string {
  const segments: string[] = [];
  for (const segment of rawPath.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(escape(segment));
  }
  const trailing = rawPath.endsWith('/') && segments.length > 0 ? '/' : '';
  return `/${segments.join('/')}${trailing}`;
}

function canonicalQuery(rawQuery: string): string {
  if (rawQuery === '') return '';
  return rawQuery
    .split('&')
    .map((pair) => {
      const [key = '', value = ''] = pair.split('=');
      return [escape(decodeURIComponent(key)), escape(decodeURIComponent(value))] as const;
    })
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

const headerValue = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request,\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/;

/** The signature a secret gives this request, in hex. */
export function expectedSignature(
  request: WireRequest,
  secretAccessKey: string,
  scope: { date: string; region: string; service: string; signedHeaders: string[] },
): string {
  const headers = scope.signedHeaders
    .map(
      (name) =>
        `${name}:${(headerValue(request.headers, name) ?? '').trim().replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [
    request.method,
    canonicalPath(request.rawPath),
    canonicalQuery(request.rawQuery),
    headers,
    scope.signedHeaders.join(';'),
    sha256(request.body),
  ].join('\n');
  const amzDate = headerValue(request.headers, 'x-amz-date') ?? '';
  const credentialScope = `${scope.date}/${scope.region}/${scope.service}/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    credentialScope,
    sha256(canonicalRequest),
  ].join('\n');
  const dateKey = hmac(`AWS4${secretAccessKey}`, scope.date);
  const key = hmac(hmac(hmac(dateKey, scope.region), scope.service), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign).digest('hex');
}

/** Verify a request's SigV4 signature against the known credentials. */
export function verifySigV4(
  request: WireRequest,
  known: readonly FakeCredentials[],
): { ok: true; signature: VerifiedSignature } | { ok: false; failure: SignatureFailure } {
  const authorization = headerValue(request.headers, 'authorization');
  if (!authorization)
    return fail('MissingAuthenticationTokenException', 'Missing Authentication Token');
  const match = AUTHORIZATION.exec(authorization);
  if (!match) return fail('IncompleteSignatureException', 'Authorization header is malformed.');
  const [, accessKeyId = '', date = '', region = '', service = '', signed = '', signature = ''] =
    match;
  const signedHeaders = signed.split(';');
  const sessionToken = headerValue(request.headers, 'x-amz-security-token');
  const credentials = known.find((entry) => entry.accessKeyId === accessKeyId);
  if (!credentials || credentials.sessionToken !== sessionToken)
    return fail(
      'UnrecognizedClientException',
      'The security token included in the request is invalid.',
    );
  const amzDate = headerValue(request.headers, 'x-amz-date') ?? '';
  const required = ['host', 'x-amz-date', ...(sessionToken ? ['x-amz-security-token'] : [])];
  const complete = required.every((name) => signedHeaders.includes(name));
  const expected = expectedSignature(request, credentials.secretAccessKey, {
    date,
    region,
    service,
    signedHeaders,
  });
  if (
    !complete ||
    !amzDate.startsWith(date) ||
    !timingSafeEqual(Buffer.from(expected), Buffer.from(signature))
  )
    return fail(
      'InvalidSignatureException',
      'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
    );
  return {
    ok: true,
    signature: {
      accessKeyId,
      date,
      region,
      service,
      signedHeaders,
      ...(sessionToken ? { sessionToken } : {}),
    },
  };
}

const fail = (type: SignatureFailure['type'], message: string) =>
  ({ ok: false, failure: { type, message } }) as const;
