import t from 'tap';
import { hasCopyText, messageCopyText } from '../../web/src/features/chat/stores/message-text.js';

t.test("a message's copy text is its Markdown as written", async (t) => {
  t.equal(
    messageCopyText({ role: 'user', content: '  What is **2+2**?\n' }, 'Sources'),
    'What is **2+2**?',
  );
  t.equal(
    messageCopyText({ role: 'assistant', content: '```js\nx()\n```\n\n$e=mc^2$' }, 'Sources'),
    '```js\nx()\n```\n\n$e=mc^2$',
    'code fences and math stay source',
  );
});

t.test('a reply with web sources copies them as a numbered list', async (t) => {
  const grounding = {
    citations: [
      { url: 'https://www.example.com/a', title: 'Example A' },
      { url: 'https://docs.example.org/b', title: '' },
      { url: 'javascript:alert(1)', title: 'Bad' },
    ],
  };
  t.equal(
    messageCopyText({ role: 'assistant', content: 'Answer [1].', grounding }, 'Sources'),
    'Answer [1].\n\nSources:\n1. [Example A](https://www.example.com/a)\n2. [docs.example.org](https://docs.example.org/b)\n3. Bad',
  );
  t.equal(
    messageCopyText({ role: 'user', content: 'Q', grounding }, 'Sources'),
    'Q',
    'only replies list sources',
  );
});

t.test('an empty reply has nothing to copy', async (t) => {
  t.notOk(hasCopyText({ content: '' }));
  t.notOk(hasCopyText({ content: ' \n' }));
  t.ok(hasCopyText({ content: 'x' }));
});
