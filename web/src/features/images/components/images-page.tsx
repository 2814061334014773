import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { CircleAlert, ImageIcon, Sparkles } from 'lucide-react';
import { $labels, $locale } from '../../../app/locale.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Input, Select, Textarea } from '../../../components/ui/input.js';
import { Skeleton, Spinner } from '../../../components/ui/spinner.js';
import { errorText } from '../../../lib/api-error.js';
import { $providersStatus } from '../../providers/stores/providers.js';
import {
  $generations,
  $imageModel,
  $imageModels,
  $imageProvider,
  $imageProviders,
  $imageModelId,
  generate,
  IMAGE_SIZES,
  selectImageProvider,
} from '../stores/images.js';

/** Text to image: provider and model pickers built from the image cards of `/providers`. */
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void generate({ prompt, n: count, size });
  };

  if (providers.length === 0) {
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
      <ol className="generations m-0 flex list-none flex-col gap-6 p-0">
        {generations.map((g) => (
          <li key={g.id} className={`generation ${g.state} flex flex-col gap-3`}>
            <p className="generation-prompt m-0 flex flex-wrap items-center gap-2 text-sm">
              <span className="[overflow-wrap:anywhere]">{g.prompt}</span>{' '}
              <Badge tone="outline" className="font-mono">
                {g.model}
              </Badge>
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
            {g.images.length ? (
              <div className="generation-images grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
                {g.images.map((src, index) => (
                  <a
                    key={index}
                    href={src}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="overflow-hidden rounded-xl border border-border"
                  >
                    <img
                      src={src}
                      alt={`${g.prompt} (${index + 1})`}
                      loading="lazy"
                      className="aspect-square w-full bg-surface-muted object-cover transition-transform hover:scale-105"
                    />
                  </a>
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
