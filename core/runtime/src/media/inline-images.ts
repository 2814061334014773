import type { ChatMessage } from '../contract/chat-message.js';
import type { ChatRequest } from '../contract/chat-request.js';
import { loadImage, parseDataURL, toDataURL, type LoadImageOptions } from './image.js';

const isRemote = (url: string) => parseDataURL(url) === undefined;

/** True when a message carries an image given by URL rather than inline bytes. */
function hasRemoteImage(message: ChatMessage): boolean {
  if (message.imageList?.some((image) => isRemote(image.url))) return true;
  return (
    Array.isArray(message.content) &&
    message.content.some((part) => part.type === 'image_url' && isRemote(part.image_url.url))
  );
}

/**
 * The request with every image URL (in `imageList` and in `image_url` content parts) replaced by a
 * `data:` URL of the fetched bytes — what `LLM_VISION_IMAGE_USE_BASE64=1` asks of providers that
 * would otherwise pass URLs on. Images are fetched in parallel, each once; a failed fetch rejects
 * with 400 BadRequest naming the URL, before any upstream call. The input is not modified.
 */
export async function inlineRequestImages(
  request: ChatRequest,
  options: LoadImageOptions,
): Promise<ChatRequest> {
  if (!request.messages.some(hasRemoteImage)) return request;
  const loaded = new Map<string, Promise<string>>();
  const inline = (url: string): Promise<string> => {
    if (!isRemote(url)) return Promise.resolve(url);
    let pending = loaded.get(url);
    if (!pending) {
      pending = loadImage(url, options).then(toDataURL);
      // Attach a handler now: a rejection is awaited below, but not before the others start.
      pending.catch(() => {});
      loaded.set(url, pending);
    }
    return pending;
  };
  const messages = await Promise.all(
    request.messages.map(async (message): Promise<ChatMessage> => {
      if (!hasRemoteImage(message)) return message;
      const result: ChatMessage = { ...message };
      if (message.imageList) {
        result.imageList = await Promise.all(
          message.imageList.map(async (image) => ({ ...image, url: await inline(image.url) })),
        );
      }
      if (Array.isArray(message.content)) {
        result.content = await Promise.all(
          message.content.map(async (part) =>
            part.type === 'image_url'
              ? { ...part, image_url: { ...part.image_url, url: await inline(part.image_url.url) } }
              : part,
          ),
        );
      }
      return result;
    }),
  );
  return { ...request, messages };
}
