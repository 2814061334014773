import t from 'tap';
import {
  $toasts,
  dismissToast,
  MAX_TOASTS,
  runToastAction,
  showToast,
  showUndoToast,
} from '../../web/src/lib/toasts.js';

t.beforeEach(() => $toasts.set([]));

t.test('a toast is queued with its defaults and can be dismissed', async (t) => {
  const id = showToast({ title: 'Saved' });
  t.match($toasts.get(), [{ id, title: 'Saved', tone: 'neutral', duration: 5000 }]);
  dismissToast(id);
  t.same($toasts.get(), []);
  dismissToast('unknown');
  t.same($toasts.get(), [], 'an unknown id is ignored');
});

t.test('undo runs once when pressed, and the toast goes', async (t) => {
  let undone = 0;
  const id = showUndoToast('Conversation deleted', () => undone++, { undoLabel: 'Undo' });
  t.match($toasts.get()[0], { action: { label: 'Undo' }, duration: 8000 });
  runToastAction(id);
  runToastAction(id);
  t.equal(undone, 1, 'the action ran once');
  t.same($toasts.get(), []);
});

t.test('undo never runs when the toast is dismissed', async (t) => {
  let undone = 0;
  const id = showUndoToast('Deleted', () => undone++, { undoLabel: 'Undo', duration: 3000 });
  t.equal($toasts.get()[0]?.duration, 3000);
  dismissToast(id);
  runToastAction(id);
  t.equal(undone, 0);
});

t.test(`at most ${MAX_TOASTS} toasts show; a new one pushes the oldest out`, async (t) => {
  for (let i = 1; i <= MAX_TOASTS + 1; i++) showToast({ title: `T${i}`, tone: 'danger' });
  t.same(
    $toasts.get().map((toast) => toast.title),
    ['T2', 'T3', 'T4'],
  );
});
