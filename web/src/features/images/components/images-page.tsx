import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { CircleAlert, Download, ImageIcon, Sparkles, Trash2 } from 'lucide-react';
import { $labels, $locale } from '../../../app/locale.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button, IconButton } from '../../../components/ui/button.js';
import { Lightbox } from '../../../components/ui/lightbox.js';
import { Input, Select, Textarea } from '../../../components/ui/input.js';
import { Skeleton, Spinner } from '../../../components/ui/spinner.js';
import { errorText } from '../../../lib/api-error.js';
import { downloadImage } from '../../../lib/download.js';
import { $providersStatus } from '../../providers/stores/providers.js';
import {
  $generations,
  $imageModel,
  $imageModels,
  $imageProvider,
  $imageProviders,
  $imageModelId,
  deleteGeneration,
  deleteImage,
  downloadName,
  generate,
  loadGenerations,
  type ImageGeneration,
  IMAGE_SIZES,
  selectImageProvider,
} from '../stores/images.js';

const save = (generation: ImageGeneration, index: number) => {
  const src = generation.images[index];
  if (src) void downloadImage(src, (mime) => downloadName(generation.prompt, index, mime, src));
};

const TILE_ACTION =
  'size-8 bg-black/55 text-white backdrop-blur-sm hover:bg-black/75 hover:text-white';

/** A generation's images: each opens the lightbox, and has Download and Delete buttons. */
function GenerationImages({ generation }: { generation: ImageGeneration }) {
  const label = useStore($labels);
  const [open, setOpen] = useState<number | undefined>(undefined);
  return (
    <div className="generation-images grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
      {generation.images.map((src, index) => (
        <figure
          key={src}
          className="generation-image group relative m-0 overflow-hidden rounded-xl border border-border"
        >
          <button
            type="button"
            className="block w-full"
            aria-label={`${label.openImage} ${index + 1}`}
            onClick={() => setOpen(index)}
          >
            <img
              src={src}
              alt={`${generation.prompt} (${index + 1})`}
              loading="lazy"
              className="aspect-square w-full bg-surface-muted object-cover transition-transform group-hover:scale-105"
            />
          </button>
          <div className="absolute right-1.5 bottom-1.5 flex gap-1 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 pointer-fine:opacity-0">
            <IconButton
              label={label.download}
              size="sm"
              className={`download-image ${TILE_ACTION}`}
              onClick={() => save(generation, index)}
            >
              <Download aria-hidden="true" />
            </IconButton>
            <IconButton
              label={label.deleteImage}
              size="sm"
              className={`delete-image ${TILE_ACTION}`}
              onClick={() => void deleteImage(generation.id, index)}
            >
              <Trash2 aria-hidden="true" />
            </IconButton>
          </div>
        </figure>
      ))}
      <Lightbox
        images={generation.images.map((src, index) => ({
          src,
          alt: `${generation.prompt} (${index + 1})`,
          download: () => save(generation, index),
        }))}
        index={open}
        onIndexChange={setOpen}
      />
    </div>
  );
}

/**
 * Text to image: provider and model pickers built from the image cards of `/providers`; finished
 * generations are kept in IndexedDB and listed again after a reload.
 */
export function ImagesPage() {
  const label = useStore($labels);
  const locale = useStore($locale);
  const providers = useStore($imageProviders);
  const provider = useStore($imageProvider);
  const models = useStore($imageModels);
  const model = useStore($imageModel);
  const generations = useStore($generations);
  const status = useStore($providersStatus);
  const [prompt, setPrompt] = useState('');
  const [size, setSize] = useState<string>(IMAGE_SIZES[0]);
  const [count, setCount] = useState(1);
  useEffect(() => {
    void loadGenerations();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void generate({ prompt, n: count, size });
  };

  if (providers.length === 0 && generations.length === 0) {
    return (
      <section className="images-page empty mx-auto flex max-w-4xl flex-col items-center gap-3 px-6 py-16 text-center text-muted-foreground">
        {status === 'ready' ? (
          <>
            <ImageIcon aria-hidden="true" className="size-8" />
            <p className="m-0">{label.noImageProviders}</p>
          </>
        ) : null}
      </section>
    );
  }
  return (
    <section className="images-page mx-auto flex w-full max-w-4xl flex-col gap-6 px-3 py-6 sm:px-6 sm:py-8">
      {providers.length === 0 ? (
        <p className="no-image-providers m-0 text-center text-sm text-muted-foreground">
          {status === 'ready' ? label.noImageProviders : null}
        </p>
      ) : (
        <form
          className="image-form flex flex-col gap-3 rounded-2xl border border-border bg-surface p-3 shadow-sm sm:p-4"
          onSubmit={submit}
        >
          <div className="pickers grid grid-cols-[1fr_auto] gap-2 sm:flex sm:flex-wrap sm:items-center">
            <Select
              name="imageProvider"
              aria-label={label.provider}
              className="col-span-2 sm:w-52"
              value={provider?.id ?? ''}
              onChange={(e) => selectImageProvider(e.target.value)}
            >
              {providers.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </Select>
            <Select
              name="imageModel"
              aria-label={label.model}
              className="col-span-2 sm:w-56"
              value={model}
              onChange={(e) => $imageModelId.set(e.target.value)}
            >
              {models.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.displayName ?? m.id}
                </option>
              ))}
            </Select>
            <Select
              name="imageSize"
              aria-label={label.imageSize}
              className="sm:w-36"
              value={size}
              onChange={(e) => setSize(e.target.value)}
            >
              {IMAGE_SIZES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
            <label className="image-count flex items-center gap-2 text-sm whitespace-nowrap text-muted-foreground">
              {label.imageCount}
              <Input
                type="number"
                name="imageCount"
                min={1}
                max={4}
                className="w-16"
                value={count}
                onChange={(e) => setCount(Number(e.target.value))}
              />
            </label>
          </div>
          <Textarea
            name="imagePrompt"
            aria-label={label.imagePrompt}
            placeholder={label.imagePrompt}
            rows={3}
            className="text-base"
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
          />
          <Button
            type="submit"
            variant="primary"
            className="self-end"
            disabled={!prompt.trim() || !model}
          >
            <Sparkles aria-hidden="true" />
            {label.generate}
          </Button>
        </form>
      )}
      <ol className="generations m-0 flex list-none flex-col gap-6 p-0">
        {generations.map((g) => (
          <li key={g.id} className={`generation ${g.state} flex flex-col gap-3`}>
            <p className="generation-prompt m-0 flex flex-wrap items-center gap-2 text-sm">
              <span className="[overflow-wrap:anywhere]">{g.prompt}</span>{' '}
              <Badge tone="outline" className="font-mono">
                {g.model}
              </Badge>
              {g.state !== 'running' ? (
                <IconButton
                  label={label.deleteGeneration}
                  size="sm"
                  className="delete-generation ml-auto text-muted-foreground hover:text-danger"
                  onClick={() => void deleteGeneration(g.id)}
                >
                  <Trash2 aria-hidden="true" />
                </IconButton>
              ) : null}
            </p>
            {g.state === 'running' ? (
              <div className="flex flex-col gap-2">
                <p className="generating m-0 flex items-center gap-2 text-sm text-muted-foreground">
                  <Spinner />
                  {label.generating}
                </p>
                <Skeleton className="aspect-square w-full max-w-64 rounded-xl" />
              </div>
            ) : null}
            {g.state === 'error' ? (
              <p
                className="error m-0 flex items-start gap-2 rounded-xl border border-danger-border bg-danger-soft p-3 text-sm text-danger"
                role="alert"
              >
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span>
                  {errorText(g.errorType ?? 'UnknownChatFetchError', locale, g.providerName)}
                </span>
              </p>
            ) : null}
            {g.images.length ? <GenerationImages generation={g} /> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
