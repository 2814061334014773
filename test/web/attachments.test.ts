import t from 'tap';
import {
  $attachments,
  $visionRefusal,
  classifyFile,
  clearAttachments,
  fileProblem,
  formatBytes,
  keepsOriginal,
  MAX_TEXT_FILE_BYTES,
  outputImageType,
  removeAttachment,
  scaledSize,
  toFileList,
  toImageList,
  toMessageAttachments,
  visionRefused,
  type PendingAttachment,
} from '../../web/src/features/chat/stores/attachments.js';
import { $providers } from '../../web/src/features/providers/stores/providers.js';
import { MAX_PDF_FILE_BYTES } from '../../web/src/lib/pdf-text.js';
import { selectModel, selectProvider } from '../../web/src/features/providers/stores/selection.js';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';

t.test('classifyFile: images, PDFs, text by type or extension, the rest unsupported', async (t) => {
  t.equal(classifyFile({ name: 'a.png', type: 'image/png' }), 'image');
  t.equal(classifyFile({ name: 'a.jpg', type: 'image/jpeg' }), 'image');
  t.equal(classifyFile({ name: 'a.webp', type: 'image/webp' }), 'image');
  t.equal(classifyFile({ name: 'a.svg', type: 'image/svg+xml' }), 'unsupported');
  t.equal(classifyFile({ name: 'notes.txt', type: 'text/plain' }), 'text');
  t.equal(classifyFile({ name: 'data.json', type: 'application/json' }), 'text');
  t.equal(classifyFile({ name: 'README.md', type: '' }), 'text', 'by extension when no type');
  t.equal(classifyFile({ name: 'main.py', type: 'application/octet-stream' }), 'text');
  t.equal(classifyFile({ name: 'App.TSX', type: '' }), 'text', 'extension case ignored');
  t.equal(classifyFile({ name: 'x.csv', type: 'text/csv' }), 'text');
  t.equal(classifyFile({ name: 'a.pdf', type: 'application/pdf' }), 'pdf');
  t.equal(classifyFile({ name: 'Scan.PDF', type: '' }), 'pdf', 'a PDF by its extension');
  t.equal(classifyFile({ name: 'a.docx', type: 'application/msword' }), 'unsupported');
  t.equal(classifyFile({ name: 'binary', type: '' }), 'unsupported');
});

t.test('fileProblem: size limits per kind', async (t) => {
  t.equal(fileProblem({ name: 'a.txt', type: 'text/plain', size: MAX_TEXT_FILE_BYTES }), undefined);
  t.equal(
    fileProblem({ name: 'a.txt', type: 'text/plain', size: MAX_TEXT_FILE_BYTES + 1 }),
    'tooLarge',
  );
  t.equal(fileProblem({ name: 'a.png', type: 'image/png', size: 5 * 1024 * 1024 }), undefined);
  t.equal(fileProblem({ name: 'a.png', type: 'image/png', size: 30 * 1024 * 1024 }), 'tooLarge');
  t.equal(fileProblem({ name: 'a.zip', type: 'application/zip', size: 10 }), 'unsupported');
  const pdf = { name: 'a.pdf', type: 'application/pdf' };
  t.equal(fileProblem({ ...pdf, size: MAX_PDF_FILE_BYTES }), undefined, 'a PDF up to 20 MiB');
  t.equal(fileProblem({ ...pdf, size: MAX_PDF_FILE_BYTES + 1 }), 'tooLarge');
});

t.test('scaledSize keeps the longest side at most 2048 and never scales up', async (t) => {
  t.same(scaledSize(4096, 2048), { width: 2048, height: 1024 });
  t.same(scaledSize(1000, 5000), { width: 410, height: 2048 });
  t.same(scaledSize(800, 600), { width: 800, height: 600 });
  t.same(scaledSize(2048, 2048), { width: 2048, height: 2048 });
  t.same(scaledSize(100000, 1), { width: 2048, height: 1 }, 'never below one pixel');
  t.same(scaledSize(300, 200, 100), { width: 100, height: 67 });
});

t.test('outputImageType and keepsOriginal', async (t) => {
  t.equal(outputImageType('image/png'), 'image/png');
  t.equal(outputImageType('image/gif'), 'image/png');
  t.equal(outputImageType('image/webp'), 'image/png');
  t.equal(outputImageType('image/jpeg'), 'image/jpeg');
  t.equal(outputImageType('image/bmp'), 'image/jpeg');
  t.ok(keepsOriginal('image/png', 100, 100));
  t.ok(keepsOriginal('image/jpeg', 2048, 10));
  t.notOk(keepsOriginal('image/jpeg', 2049, 10), 'too large: re-encoded');
  t.notOk(keepsOriginal('image/webp', 10, 10), 'webp: re-encoded');
});

const image: PendingAttachment = {
  id: 'i1',
  kind: 'image',
  name: 'cat.png',
  url: 'data:image/png;base64,AAAA',
  size: 4,
};
const file: PendingAttachment = {
  id: 'f1',
  kind: 'text',
  name: 'notes.md',
  fileType: 'text/markdown',
  size: 5,
  content: 'hello',
};

t.test('toImageList / toFileList / toMessageAttachments', async (t) => {
  t.same(toImageList([image, file]), [{ alt: 'cat.png', url: 'data:image/png;base64,AAAA' }]);
  t.same(toFileList([image, file]), [
    { id: 'f1', name: 'notes.md', fileType: 'text/markdown', size: 5, content: 'hello' },
  ]);
  t.equal(toImageList([file]), undefined);
  t.equal(toFileList([image]), undefined);
  t.same(toMessageAttachments([]), {});
  t.same(Object.keys(toMessageAttachments([image, file])), ['imageList', 'fileList']);
});

t.test('visionRefused: images need abilities.vision', async (t) => {
  t.notOk(visionRefused({ abilities: { vision: true } }, 2));
  t.ok(visionRefused({ abilities: {} }, 1));
  t.ok(visionRefused(undefined, 1), 'unknown model: refused');
  t.notOk(visionRefused({ abilities: {} }, 0), 'no images: fine');
});

t.test('formatBytes', async (t) => {
  t.equal(formatBytes(512), '512 B');
  t.equal(formatBytes(1536), '1.5 KB');
  t.equal(formatBytes(2 * 1024 * 1024), '2.0 MB');
});

t.test(
  '$visionRefusal names the active model when it cannot read the attached images',
  async (t) => {
    const provider = {
      id: 'p',
      name: 'P',
      settings: {},
      models: [
        { id: 'eye', displayName: 'Eye', type: 'chat', enabled: true, abilities: { vision: true } },
        { id: 'blind', displayName: 'Blind', type: 'chat', enabled: true, abilities: {} },
      ],
    } as unknown as ProviderManifest;
    $providers.set([provider]);
    selectProvider('p');
    selectModel('blind');
    t.teardown(() => clearAttachments());
    $attachments.set([file]);
    t.equal($visionRefusal.get(), undefined, 'text files only: no refusal');
    $attachments.set([file, image]);
    t.equal($visionRefusal.get(), 'Blind');
    selectModel('eye');
    t.equal($visionRefusal.get(), undefined, 'a vision model reads them');
    selectModel('blind');
    removeAttachment('i1');
    t.equal($visionRefusal.get(), undefined, 'removing the image lifts the refusal');
    t.same($attachments.get(), [file]);
  },
);
