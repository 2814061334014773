// Provider keys kept on the server (README "Sync"): encrypted at rest (the raw row holds no
// plaintext), bound to their row, answered only to their owner; without KEY_VAULTS_SECRET the
// key-vault routes refuse with a clear 503 and the rest of the sync API works.
import t from 'tap';
import { signUp, startAccountsGateway } from '../../helpers/accounts.js';
import { syncClient, TEST_KEY_VAULTS_SECRET } from '../../helpers/sync.js';

t.test('with KEY_VAULTS_SECRET', async (t) => {
  const { app, url } = await startAccountsGateway(t, {
    env: { KEY_VAULTS_SECRET: TEST_KEY_VAULTS_SECRET },
  });
  const person = await signUp(url, 'ada@example.com', 'Ada');
  const ada = syncClient(url, person);
  const vault = {
    apiKey: 'sk-plaintext-key-123456',
    accessKeyId: 'AKIAEXAMPLE',
    secretAccessKey: 'aws-secret-value',
    region: 'us-east-1',
  };
  t.equal((await ada.put('/webapi/sync/key-vaults/bedrock', { vault })).status, 200);

  const rows = await app.database.rows<Record<string, unknown>>(
    `select * from key_vaults where user_id = '${person.id}'`,
  );
  t.equal(rows.length, 1);
  const raw = JSON.stringify(rows);
  for (const value of Object.values(vault)) t.notOk(raw.includes(value), `no ${value} in the row`);
  t.match(rows[0]!.ciphertext, /^v1\.[\w-]+\.[\w-]+\.[\w-]+$/, 'the cipher text, versioned');

  t.same((await ada.get('/webapi/sync/key-vaults/bedrock')).body.item.vault, vault);

  // a cipher text moved into another row does not decrypt (the row is bound to it): answered as
  // unreadable, not as an error, so the pull of the other vaults goes on
  await ada.put('/webapi/sync/key-vaults/openai', { vault: { apiKey: 'sk-other' } });
  await app.database.rows(
    `update key_vaults set ciphertext = '${rows[0]!.ciphertext as string}' where provider = 'openai'`,
  );
  const moved = await ada.get('/webapi/sync/key-vaults/openai');
  t.equal(moved.status, 200);
  t.match(moved.body.item, { provider: 'openai', vault: null, unreadable: true });
  t.same(
    (await ada.get('/webapi/sync/key-vaults')).body.items.map((item: any) => item.vault?.apiKey),
    [vault.apiKey, undefined],
    'a pull still answers the others',
  );
});

t.test('without KEY_VAULTS_SECRET', async (t) => {
  const { url } = await startAccountsGateway(t);
  const ada = syncClient(url, await signUp(url, 'bob@example.com', 'Bob'));
  const answers = [
    await ada.get('/webapi/sync/key-vaults'),
    await ada.get('/webapi/sync/key-vaults/openai'),
    await ada.put('/webapi/sync/key-vaults/openai', { vault: { apiKey: 'sk-x' } }),
    await ada.del('/webapi/sync/key-vaults/openai'),
    await ada.get('/webapi/export?keyVaults=1'),
  ];
  for (const answer of answers) {
    t.equal(answer.status, 503);
    t.match(answer.body, { errorType: 503, body: { message: /KEY_VAULTS_SECRET is not set/ } });
  }
  t.equal((await ada.put('/webapi/sync/agents/a', { title: 'still works' })).status, 200);
  t.equal((await ada.get('/webapi/export')).status, 200, 'an export without the keys works');
});
