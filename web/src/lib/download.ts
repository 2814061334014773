/**
 * Save an image under a file name: the picture is read as a file first (a data URL, an object
 * URL, or a URL the page may read), so the browser saves it rather than opening it; `name` gets
 * the file's MIME type. A URL the page may not read opens in a new tab instead.
 */
export async function downloadImage(src: string, name: (mime: string) => string): Promise<void> {
  let blob: Blob;
  try {
    const response = await fetch(src);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    blob = await response.blob();
  } catch {
    window.open(src, '_blank', 'noopener,noreferrer');
    return;
  }
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name(blob.type);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}
