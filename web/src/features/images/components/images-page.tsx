import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { $labels, $locale } from '../../../app/locale.js';
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
import './images.css';

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
      <section className="images-page empty">
        {status === 'ready' ? label.noImageProviders : null}
      </section>
    );
  }
  return (
    <section className="images-page">
      <form className="image-form" onSubmit={submit}>
        <div className="pickers">
          <select
            name="imageProvider"
            aria-label={label.provider}
            value={provider?.id ?? ''}
            onChange={(e) => selectImageProvider(e.target.value)}
          >
            {providers.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          <select
            name="imageModel"
            aria-label={label.model}
            value={model}
            onChange={(e) => $imageModelId.set(e.target.value)}
          >
            {models.map((m) => (
              <option key={m.id} value={m.id}>
                {m.displayName ?? m.id}
              </option>
            ))}
          </select>
          <select
            name="imageSize"
            aria-label={label.imageSize}
            value={size}
            onChange={(e) => setSize(e.target.value)}
          >
            {IMAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          <label className="image-count">
            {label.imageCount}
            <input
              type="number"
              name="imageCount"
              min={1}
              max={4}
              value={count}
              onChange={(e) => setCount(Number(e.target.value))}
            />
          </label>
        </div>
        <textarea
          name="imagePrompt"
          aria-label={label.imagePrompt}
          placeholder={label.imagePrompt}
          rows={3}
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
        />
        <button type="submit" disabled={!prompt.trim() || !model}>
          {label.generate}
        </button>
      </form>
      <ol className="generations">
        {generations.map((g) => (
          <li key={g.id} className={`generation ${g.state}`}>
            <p className="generation-prompt">
              {g.prompt} <span className="badge">{g.model}</span>
            </p>
            {g.state === 'running' ? <p className="generating">{label.generating}</p> : null}
            {g.state === 'error' ? (
              <p className="error" role="alert">
                {errorText(g.errorType ?? 'UnknownChatFetchError', locale, g.providerName)}
              </p>
            ) : null}
            <div className="generation-images">
              {g.images.map((src, index) => (
                <a key={index} href={src} target="_blank" rel="noreferrer noopener">
                  <img src={src} alt={`${g.prompt} (${index + 1})`} loading="lazy" />
                </a>
              ))}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
