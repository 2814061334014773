import t from 'tap';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import {
  applyOrder,
  moveProvider,
  moveProviderTo,
  reorderProviders,
  sortProviders,
} from '../../web/src/features/providers/stores/order.js';
import { $providerSettings } from '../../web/src/features/providers/stores/provider-settings.js';
import {
  $enabledProviders,
  $orderedProviders,
  $providers,
} from '../../web/src/features/providers/stores/providers.js';

const provider = (id: string, sort: number, enabled = true) =>
  ({ id, name: id, sort, enabled, models: [] }) as unknown as ProviderManifest;

t.beforeEach(() => {
  $providerSettings.set({});
  $providers.set([provider('a', 0), provider('b', 1, false), provider('c', 2), provider('d', 3)]);
});

t.test('reorderProviders moves one id and clamps the target', async (t) => {
  const ids = ['a', 'b', 'c', 'd'];
  t.same(reorderProviders(ids, 'c', 0), ['c', 'a', 'b', 'd']);
  t.same(reorderProviders(ids, 'a', 3), ['b', 'c', 'd', 'a']);
  t.same(reorderProviders(ids, 'b', 2), ['a', 'c', 'b', 'd']);
  t.same(reorderProviders(ids, 'a', -5), ['a', 'b', 'c', 'd'], 'clamped at the top');
  t.same(reorderProviders(ids, 'd', 99), ['a', 'b', 'c', 'd'], 'clamped at the bottom');
  t.same(reorderProviders(ids, 'x', 0), ids, 'an unknown id changes nothing');
  t.same(ids, ['a', 'b', 'c', 'd'], 'the input is not mutated');
});

t.test('sortProviders: user sort over manifest sort, ties keep manifest order', async (t) => {
  const list = [provider('a', 0), provider('b', 1), provider('c', 1)];
  t.same(
    sortProviders(list, {}).map((p) => p.id),
    ['a', 'b', 'c'],
  );
  t.same(
    sortProviders(list, { c: { vault: {}, sort: -1 } }).map((p) => p.id),
    ['c', 'a', 'b'],
  );
  t.same(
    sortProviders(list, { a: { vault: {}, sort: 5 } }).map((p) => p.id),
    ['b', 'c', 'a'],
  );
});

t.test('applyOrder rewrites sorts 0..n-1 and keeps other settings', async (t) => {
  const next = applyOrder({ b: { vault: { apiKey: 'k' }, enabled: true, sort: 9 } }, ['b', 'a']);
  t.same(next, {
    b: { vault: { apiKey: 'k' }, enabled: true, sort: 0 },
    a: { vault: {}, sort: 1 },
  });
});

t.test('moving providers persists the displayed order, enabled or not', async (t) => {
  const ids = () => $orderedProviders.get().map((p) => p.id);
  t.same(ids(), ['a', 'b', 'c', 'd']);
  moveProvider(ids(), 'c', -1);
  t.same(ids(), ['a', 'c', 'b', 'd']);
  t.same(
    Object.fromEntries(Object.entries($providerSettings.get()).map(([id, s]) => [id, s.sort])),
    { a: 0, c: 1, b: 2, d: 3 },
  );
  moveProvider(ids(), 'a', 1);
  t.same(ids(), ['c', 'a', 'b', 'd']);
  moveProvider(ids(), 'c', -1);
  t.same(ids(), ['c', 'a', 'b', 'd'], 'the first one cannot move up');
  moveProviderTo(ids(), 'd', 0);
  t.same(ids(), ['d', 'c', 'a', 'b'], 'drag and drop target');
  t.same(
    $enabledProviders.get().map((p) => p.id),
    ['d', 'c', 'a'],
    'the pickers follow the order and skip disabled providers',
  );
});
