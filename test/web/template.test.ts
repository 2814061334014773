import t from 'tap';
import {
  previewTemplate,
  templateVariableNames,
  templateVariables,
  variableToken,
} from '../../web/src/lib/template.js';

const now = new Date(Date.UTC(2025, 0, 15, 12, 30, 0));

t.test('previewTemplate expands known variables and reports unknown ones', async (t) => {
  const preview = previewTemplate(
    'Today is {{year}}-{{month}}. Hi {{nickname}} {{mystery}} {{ year }}',
    {
      now,
      timeZone: 'UTC',
      user: { nickname: 'Ada' },
    },
  );
  t.equal(preview.text, 'Today is 2025-01. Hi Ada {{mystery}} 2025');
  t.same(preview.used, ['year', 'month', 'nickname', 'mystery']);
  t.same(preview.unknown, ['mystery']);
});

t.test('extra variables count as known', async (t) => {
  const preview = previewTemplate('{{project}}', { extra: { project: 'Manifold' } });
  t.equal(preview.text, 'Manifold');
  t.same(preview.unknown, []);
});

t.test('a prompt without variables is unchanged', async (t) => {
  t.same(previewTemplate('plain'), { text: 'plain', used: [], unknown: [] });
  t.same(templateVariableNames('{{a}} {{b}} {{a}}'), ['a', 'b']);
});

t.test('the variable list and insertion token', async (t) => {
  t.ok(templateVariables().some((variable) => variable.name === 'date'));
  t.equal(variableToken('date'), '{{date}}');
});
