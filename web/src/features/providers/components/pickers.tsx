import { useStore } from '@nanostores/react';
import { $labels } from '../../../app/locale.js';
import {
  $activeModel,
  $activeProvider,
  $chatModels,
  $chatProviders,
  selectModel,
  selectProvider,
} from '../stores/selection.js';

/** Provider and model pickers, built only from `/providers`. */
export function Pickers() {
  const providers = useStore($chatProviders);
  const active = useStore($activeProvider);
  const models = useStore($chatModels);
  const model = useStore($activeModel);
  const label = useStore($labels);
  return (
    <div className="pickers">
      <select
        aria-label={label.provider}
        name="provider"
        value={active?.id ?? ''}
        onChange={(e) => selectProvider(e.target.value)}
      >
        {active && !providers.includes(active) ? (
          <option value={active.id}>{active.name}</option>
        ) : null}
        {providers.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      <select
        aria-label={label.model}
        name="model"
        value={model}
        onChange={(e) => selectModel(e.target.value)}
      >
        {models.map((m) => (
          <option key={m.id} value={m.id}>
            {m.displayName ?? m.id}
          </option>
        ))}
      </select>
    </div>
  );
}
