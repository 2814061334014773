import { useStore } from '@nanostores/react';
import { $labels } from '../../../app/locale.js';
import { Select } from '../../../components/ui/input.js';
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
  // A fixed width, so the header does not jump when /providers arrives or another model is picked.
  const width = 'w-0 flex-1 sm:w-56 sm:flex-none';
  return (
    <div className="pickers flex min-w-0 flex-1 items-center gap-2">
      <Select
        aria-label={label.provider}
        name="provider"
        className={width}
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
      </Select>
      <Select
        aria-label={label.model}
        name="model"
        className={width}
        value={model}
        onChange={(e) => selectModel(e.target.value)}
      >
        {models.map((m) => (
          <option key={m.id} value={m.id}>
            {m.displayName ?? m.id}
          </option>
        ))}
      </Select>
    </div>
  );
}
