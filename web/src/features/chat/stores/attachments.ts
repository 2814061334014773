import { atom, computed } from 'nanostores';
import type { FileItem, ImageItem } from '@manifold/core/contract/chat-message';
import type { ModelCard } from '@manifold/core/contract/model-card';
import { loadPdfJs } from '../../../lib/pdf-loader.js';
import { extractPdfText, MAX_PDF_FILE_BYTES } from '../../../lib/pdf-text.js';
import { $activeModelCard } from '../../providers/stores/selection.js';

/** Longest side of an attached image after downscaling, in pixels. */
export const MAX_IMAGE_SIDE = 2048;
/** Largest text file read into a message (1 MiB). */
export const MAX_TEXT_FILE_BYTES = 1024 * 1024;
/** Largest image file accepted before downscaling (20 MiB). */
export const MAX_IMAGE_FILE_BYTES = 20 * 1024 * 1024;

/** File name endings read as text whatever MIME type the browser reports. */
export const TEXT_EXTENSIONS = (
  'txt md markdown json jsonl csv tsv xml yaml yml toml ini log html htm css scss js mjs cjs jsx ' +
  'ts tsx py rb go rs java kt c h cc cpp hpp cs php swift sh bash sql vue svelte tex env conf cfg ' +
  'properties gradle lua r dart scala pl'
).split(' ');

/** MIME types of text that do not start with `text/`. */
const TEXT_TYPES = new Set([
  'application/json',
  'application/ld+json',
  'application/xml',
  'application/x-yaml',
  'application/yaml',
  'application/toml',
  'application/javascript',
  'application/typescript',
  'application/x-sh',
  'application/sql',
]);

/** Image types a vision model reads (SVG is not one of them). */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']);

/** What the composer knows of a file before reading it. */
export interface FileInfo {
  name: string;
  /** MIME type as the browser reports it (may be empty). */
  type: string;
  size: number;
}

/** `pdf`: read as text in the page (PDF.js), so any model gets its content. */
export type FileKind = 'image' | 'text' | 'pdf' | 'unsupported';

const extension = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** Image, PDF, text file or neither, from the MIME type and the name's extension. */
export function classifyFile(file: Pick<FileInfo, 'name' | 'type'>): FileKind {
  const type = file.type.toLowerCase();
  if (IMAGE_TYPES.has(type)) return 'image';
  if (type === 'application/pdf' || extension(file.name) === 'pdf') return 'pdf';
  if (type.startsWith('image/')) return 'unsupported';
  if (type.startsWith('text/') || TEXT_TYPES.has(type)) return 'text';
  if (TEXT_EXTENSIONS.includes(extension(file.name))) return 'text';
  return 'unsupported';
}

/** Why a file cannot be attached: `unsupported` type or `tooLarge`; undefined when it can. */
export type AttachmentProblem = 'unsupported' | 'tooLarge';

export function fileProblem(file: FileInfo): AttachmentProblem | undefined {
  const kind = classifyFile(file);
  if (kind === 'unsupported') return 'unsupported';
  const limit =
    kind === 'image'
      ? MAX_IMAGE_FILE_BYTES
      : kind === 'pdf'
        ? MAX_PDF_FILE_BYTES
        : MAX_TEXT_FILE_BYTES;
  return file.size > limit ? 'tooLarge' : undefined;
}

/** Width and height scaled down so the longest side is at most `max` (never scaled up). */
export function scaledSize(
  width: number,
  height: number,
  max = MAX_IMAGE_SIDE,
): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= max || longest <= 0) return { width, height };
  const ratio = max / longest;
  return {
    width: Math.max(1, Math.round(width * ratio)),
    height: Math.max(1, Math.round(height * ratio)),
  };
}

/** The type an image is re-encoded to: PNG keeps transparency (png, gif, webp), JPEG for the rest. */
export function outputImageType(type: string): 'image/png' | 'image/jpeg' {
  return /^image\/(png|gif|webp)$/i.test(type) ? 'image/png' : 'image/jpeg';
}

/** Whether an image can be sent as it is: a PNG or JPEG no larger than the side limit. */
export function keepsOriginal(type: string, width: number, height: number): boolean {
  return /^image\/(png|jpeg)$/i.test(type) && Math.max(width, height) <= MAX_IMAGE_SIDE;
}

/** An image waiting in the composer. */
export interface PendingImage {
  id: string;
  kind: 'image';
  name: string;
  /** `data:image/…;base64,…` after downscaling. */
  url: string;
  size: number;
}

/** A text file (or a PDF's text) waiting in the composer, already read. */
export interface PendingFile {
  id: string;
  kind: 'text';
  name: string;
  fileType: string;
  size: number;
  content: string;
  /** A PDF's page count. */
  pages?: number;
}

export type PendingAttachment = PendingImage | PendingFile;

/** The `imageList` of a message, or undefined when there is no image. */
export function toImageList(items: readonly PendingAttachment[]): ImageItem[] | undefined {
  const images = items.filter((a): a is PendingImage => a.kind === 'image');
  return images.length ? images.map((a) => ({ alt: a.name, url: a.url })) : undefined;
}

/** The `fileList` of a message (with each file's content), or undefined when there is none. */
export function toFileList(items: readonly PendingAttachment[]): FileItem[] | undefined {
  const files = items.filter((a): a is PendingFile => a.kind === 'text');
  return files.length
    ? files.map((a) => ({
        id: a.id,
        name: a.name,
        fileType: a.fileType,
        size: a.size,
        content: a.content,
      }))
    : undefined;
}

/** What `sendMessage` takes besides the text. */
export interface MessageAttachments {
  imageList?: ImageItem[];
  fileList?: FileItem[];
}

export function toMessageAttachments(items: readonly PendingAttachment[]): MessageAttachments {
  const imageList = toImageList(items);
  const fileList = toFileList(items);
  return { ...(imageList ? { imageList } : {}), ...(fileList ? { fileList } : {}) };
}

/** True when images go with the message and the model card does not say it reads them. */
export function visionRefused(
  card: Pick<ModelCard, 'abilities'> | undefined,
  imageCount: number,
): boolean {
  return imageCount > 0 && !card?.abilities?.vision;
}

/** A size in bytes for a chip: `512 B`, `1.5 KB`, `2.0 MB`. */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}

/** A file the composer refused, shown until the next change. */
export interface AttachmentNotice {
  /** `noText`: a PDF without a text layer (a scan). */
  problem: AttachmentProblem | 'unreadable' | 'noText';
  name: string;
}

/** The attachments waiting in the composer. */
export const $attachments = atom<PendingAttachment[]>([]);
/** The last refused file, if any. */
export const $attachmentNotice = atom<AttachmentNotice | undefined>(undefined);

/** The name of the active model when images are attached and it cannot read them, else undefined. */
export const $visionRefusal = computed([$attachments, $activeModelCard], (items, card) =>
  visionRefused(card, items.filter((a) => a.kind === 'image').length)
    ? (card?.displayName ?? card?.id ?? '')
    : undefined,
);

let counter = 0;
const attachmentId = () => `file_${Date.now().toString(36)}${(counter++).toString(36)}`;

export function removeAttachment(id: string): void {
  $attachments.set($attachments.get().filter((a) => a.id !== id));
  $attachmentNotice.set(undefined);
}

export function clearAttachments(): void {
  $attachments.set([]);
  $attachmentNotice.set(undefined);
}

/** The text of a PDF as a pending file; undefined when it has no text layer. */
async function readPdf(file: File): Promise<PendingFile | undefined> {
  const pdfjs = await loadPdfJs();
  const pdf = await extractPdfText(new Uint8Array(await file.arrayBuffer()), pdfjs);
  if (!pdf.text) return undefined;
  return {
    id: attachmentId(),
    kind: 'text',
    name: file.name,
    fileType: 'application/pdf',
    size: file.size,
    content: pdf.text,
    pages: pdf.pages,
  };
}

/** Add files the person picked, pasted or dropped: images downscaled, text files and PDFs read. */
export async function addFiles(files: readonly File[]): Promise<void> {
  $attachmentNotice.set(undefined);
  for (const file of files) {
    const problem = fileProblem(file);
    if (problem) {
      $attachmentNotice.set({ problem, name: file.name });
      continue;
    }
    try {
      if (classifyFile(file) === 'pdf') {
        const pdf = await readPdf(file);
        if (pdf) $attachments.set([...$attachments.get(), pdf]);
        else $attachmentNotice.set({ problem: 'noText', name: file.name });
        continue;
      }
      const item: PendingAttachment =
        classifyFile(file) === 'image'
          ? {
              id: attachmentId(),
              kind: 'image',
              name: file.name,
              size: file.size,
              url: await imageDataUrl(file),
            }
          : {
              id: attachmentId(),
              kind: 'text',
              name: file.name,
              fileType: file.type || 'text/plain',
              size: file.size,
              content: await file.text(),
            };
      $attachments.set([...$attachments.get(), item]);
    } catch {
      $attachmentNotice.set({ problem: 'unreadable', name: file.name });
    }
  }
}

function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** The image as a data URL, downscaled in a canvas to at most MAX_IMAGE_SIDE on its longest side. */
async function imageDataUrl(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    if (keepsOriginal(file.type, bitmap.width, bitmap.height)) return await readDataUrl(file);
    const size = scaledSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    const type = outputImageType(file.type);
    if (type === 'image/jpeg') {
      context.fillStyle = '#fff';
      context.fillRect(0, 0, size.width, size.height);
    }
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return canvas.toDataURL(type, 0.9);
  } finally {
    bitmap.close();
  }
}
