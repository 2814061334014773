// Provider keys stored on the server are encrypted with AES-256-GCM under KEY_VAULTS_SECRET, bound
// to their row (CONTRACT §9).
import t from 'tap';
import { keyVaultCipher } from '@manifold/gateway/accounts/key-vault-cipher';

const SECRET = 'a-key-vaults-secret-of-32-characters!';
const vault = { apiKey: 'sk-live-123', baseURL: 'https://api.example.com/v1' };

t.test('a vault encrypts to an opaque text and decrypts back', async (t) => {
  const cipher = keyVaultCipher(SECRET);
  const text = cipher.encrypt(vault, 'user-1:openai');
  t.match(text, /^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
  t.notMatch(text, /sk-live|example/);
  t.same(cipher.decrypt(text, 'user-1:openai'), vault);
  t.not(cipher.encrypt(vault, 'user-1:openai'), text, 'a fresh IV every time');
});

t.test('it does not decrypt with another secret, in another row, or once changed', async (t) => {
  const text = keyVaultCipher(SECRET).encrypt(vault, 'user-1:openai');
  t.throws(() => keyVaultCipher(`${SECRET}x`).decrypt(text, 'user-1:openai'));
  t.throws(() => keyVaultCipher(SECRET).decrypt(text, 'user-2:openai'), 'another person');
  t.throws(() => keyVaultCipher(SECRET).decrypt(text, 'user-1:anthropic'), 'another provider');
  const [version, iv, tag, data] = text.split('.');
  const flipped = `${data![0] === 'A' ? 'B' : 'A'}${data!.slice(1)}`;
  t.throws(() =>
    keyVaultCipher(SECRET).decrypt([version, iv, tag, flipped].join('.'), 'user-1:openai'),
  );
  t.throws(() => keyVaultCipher(SECRET).decrypt('v2.a.b.c', 'user-1:openai'));
});
