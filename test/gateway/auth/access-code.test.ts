import t from 'tap';
import { matchesAccessCode } from '@manifold/gateway/auth/access-code';

t.test('a code in the list matches', async (t) => {
  t.ok(matchesAccessCode('beta', ['alpha', 'beta', 'gamma']));
  t.ok(matchesAccessCode('alpha', ['alpha']));
});

t.test('a code not in the list does not match, whatever its length', async (t) => {
  t.notOk(matchesAccessCode('bet', ['alpha', 'beta']));
  t.notOk(matchesAccessCode('betaa', ['alpha', 'beta']));
  t.notOk(matchesAccessCode('BETA', ['beta']), 'codes are case-sensitive');
});

t.test('missing or empty codes never match', async (t) => {
  t.notOk(matchesAccessCode(undefined, ['alpha']));
  t.notOk(matchesAccessCode('', ['alpha', '']));
  t.notOk(matchesAccessCode('alpha', []));
});

t.test('unicode codes are compared by their UTF-8 bytes', async (t) => {
  t.ok(matchesAccessCode('密码', ['x', '密码']));
  t.notOk(matchesAccessCode('密码', ['密碼']));
});
