import { useStore } from '@nanostores/react';
import { CircleAlert, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { $labels } from '../../../app/locale.js';
import { Button } from '../../../components/ui/button.js';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog.js';
import { Field, Input } from '../../../components/ui/input.js';
import { addCustomProvider, slugId } from '../stores/custom-providers.js';
import { $allProviders } from '../stores/providers.js';
import { SecretInput } from './secret-input.js';

/**
 * The "Add provider" dialog: an OpenAI-compatible service of the person's own (name, id, base
 * URL, optional key and model ids), kept in this browser. The id follows the name until typed.
 */
export function CustomProviderDialog({
  open,
  onOpenChange,
  onAdded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded?: (id: string) => void;
}) {
  const label = useStore($labels);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={label.addCustomProvider}
        description={label.customProviderHint}
        className="custom-provider-dialog max-w-lg"
      >
        {open ? (
          <CustomProviderForm
            onDone={(id) => {
              onOpenChange(false);
              if (id) onAdded?.(id);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CustomProviderForm({ onDone }: { onDone: (id?: string) => void }) {
  const label = useStore($labels);
  const providers = useStore($allProviders);
  const [name, setName] = useState('');
  const [id, setId] = useState('');
  const [idTouched, setIdTouched] = useState(false);
  const [baseURL, setBaseURL] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [models, setModels] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = addCustomProvider(
      { id, name, baseURL, apiKey, models: models.split(/[,\n]/) },
      providers.map((p) => p.id),
    );
    if (!result) {
      onDone(id.trim());
      return;
    }
    setProblem(
      result === 'duplicate'
        ? label.customProviderDuplicate.replace('{id}', id.trim())
        : result === 'id'
          ? label.customProviderIdInvalid
          : label.customProviderURLInvalid,
    );
  };
  return (
    <form className="custom-provider-form grid gap-3 sm:grid-cols-2" onSubmit={submit}>
      <Field label={`${label.providerName} *`}>
        <Input
          name="customProviderName"
          required
          autoComplete="off"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            if (!idTouched) setId(slugId(e.target.value));
            setProblem(undefined);
          }}
        />
      </Field>
      <Field label={`${label.providerId} *`} hint={label.providerIdHint}>
        <Input
          name="customProviderId"
          required
          autoComplete="off"
          className="font-mono"
          value={id}
          onChange={(e) => {
            setId(e.target.value);
            setIdTouched(true);
            setProblem(undefined);
          }}
        />
      </Field>
      <Field label={`${label.baseURL} *`} className="sm:col-span-2">
        <Input
          name="customProviderBaseURL"
          required
          type="url"
          autoComplete="off"
          placeholder="https://api.example.com/v1"
          value={baseURL}
          onChange={(e) => {
            setBaseURL(e.target.value);
            setProblem(undefined);
          }}
        />
      </Field>
      <Field label={label.apiKeyOptional} className="sm:col-span-2">
        <SecretInput
          name="customProviderApiKey"
          autoComplete="off"
          placeholder="sk-..."
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
        />
      </Field>
      <Field label={label.modelIds} className="sm:col-span-2">
        <Input
          name="customProviderModels"
          autoComplete="off"
          placeholder="llama-3.1-8b, qwen2.5-7b"
          className="font-mono"
          value={models}
          onChange={(e) => setModels(e.target.value)}
        />
      </Field>
      {problem ? (
        <p
          className="custom-provider-error m-0 flex items-start gap-2 text-sm text-danger sm:col-span-2"
          role="alert"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {problem}
        </p>
      ) : null}
      <DialogFooter className="sm:col-span-2">
        <Button variant="outline" onClick={() => onDone()}>
          {label.cancel}
        </Button>
        <Button type="submit" variant="primary" name="addProvider">
          <Plus aria-hidden="true" />
          {label.addProvider}
        </Button>
      </DialogFooter>
    </form>
  );
}
