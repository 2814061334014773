import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** The version tag of the stored form, so the scheme can change later. */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for the provider keys people keep on the server (`key_vaults.ciphertext`). The key
 * is derived from `KEY_VAULTS_SECRET` with HKDF-SHA256; each value gets a random 96-bit IV; the
 * row it belongs to (`<user id>:<provider>`) is bound as associated data, so a ciphertext copied
 * into another row does not decrypt. Stored as `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export function keyVaultCipher(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'manifold', 'key vaults v1', 32));
  return {
    encrypt(value: unknown, row: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(row, 'utf8'));
      const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), data]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    /** The value, or an error when the text was changed, is another row's, or another secret's. */
    decrypt(text: string, row: string): unknown {
      const [version, iv, tag, data] = text.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || data === undefined)
        throw new Error('not a key vault ciphertext');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      })
        .setAAD(Buffer.from(row, 'utf8'))
        .setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]);
      return JSON.parse(plain.toString('utf8'));
    },
  };
}
