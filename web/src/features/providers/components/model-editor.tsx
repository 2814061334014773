import { useStore } from '@nanostores/react';
import type { ModelCard } from '@manifold/core/contract/model-card';
import { CircleAlert, Plus, RotateCcw, Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { $labels, type Labels } from '../../../app/locale.js';
import { Button } from '../../../components/ui/button.js';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog.js';
import { Field, Input, Select } from '../../../components/ui/input.js';
import {
  addCustomModel,
  EDITABLE_ABILITIES,
  isModelEdited,
  resetModelEdit,
  findModelCard,
  saveModelEdit,
  type EditableAbility,
} from '../stores/models.js';

const ABILITY_LABEL: Record<EditableAbility, keyof Labels> = {
  vision: 'abilityVision',
  functionCall: 'abilityFunctionCall',
  reasoning: 'abilityReasoning',
  search: 'abilitySearch',
  files: 'abilityFiles',
};

/** The form's field names, e.g. `customModelVision`. */
const abilityField = (ability: EditableAbility) =>
  `customModel${ability[0]!.toUpperCase()}${ability.slice(1)}`;

const numberOf = (text: string): number | undefined => {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) ? value : undefined;
};

/**
 * The model editor, a dialog: add a custom model (`card` absent; an id any card of the provider
 * already has is refused with a message), or edit any card — built-in, remote or custom — its
 * display name, context window, output cap, abilities and prices. An edited built-in card can be
 * reset to the provider's own.
 */
export function ModelEditor({
  providerId,
  card,
  open,
  onOpenChange,
  onEditExisting,
}: {
  providerId: string;
  card?: ModelCard | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A taken id was typed: edit that card instead (offered next to the refusal). */
  onEditExisting?: (card: ModelCard) => void;
}) {
  const label = useStore($labels);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={card ? `${label.editModel}: ${card.displayName ?? card.id}` : label.addCustomModel}
        className="model-editor max-w-xl"
      >
        {open ? (
          <EditorForm
            key={card?.id ?? ''}
            providerId={providerId}
            card={card}
            onDone={() => onOpenChange(false)}
            {...(onEditExisting && { onEditExisting })}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function EditorForm({
  providerId,
  card,
  onDone,
  onEditExisting,
}: {
  providerId: string;
  card: ModelCard | undefined;
  onDone: () => void;
  onEditExisting?: (card: ModelCard) => void;
}) {
  const label = useStore($labels);
  const [id, setId] = useState(card?.id ?? '');
  const [name, setName] = useState(card?.displayName ?? '');
  const [context, setContext] = useState(String(card?.contextWindowTokens ?? ''));
  const [maxOutput, setMaxOutput] = useState(String(card?.maxOutput ?? ''));
  const [abilities, setAbilities] = useState<Partial<Record<EditableAbility, boolean>>>(() =>
    Object.fromEntries(EDITABLE_ABILITIES.map((a) => [a, card?.abilities[a] === true])),
  );
  const [priceIn, setPriceIn] = useState(String(card?.pricing?.input ?? ''));
  const [priceOut, setPriceOut] = useState(String(card?.pricing?.output ?? ''));
  const [currency, setCurrency] = useState<'USD' | 'CNY'>(card?.pricing?.currency ?? 'USD');
  const [problem, setProblem] = useState<string | undefined>();
  // the card whose id was refused as taken, offered for editing
  const [taken, setTaken] = useState<ModelCard | undefined>();
  const edited = card ? isModelEdited(providerId, card.id) : false;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      displayName: name,
      ...(numberOf(context) !== undefined ? { contextWindowTokens: numberOf(context) } : {}),
      ...(numberOf(maxOutput) !== undefined ? { maxOutput: numberOf(maxOutput) } : {}),
      abilities,
      pricing: {
        ...(numberOf(priceIn) !== undefined ? { input: numberOf(priceIn) } : {}),
        ...(numberOf(priceOut) !== undefined ? { output: numberOf(priceOut) } : {}),
        currency,
      },
    };
    if (card) {
      saveModelEdit(providerId, card.id, input);
      onDone();
      return;
    }
    const result = addCustomModel(providerId, { id, ...input });
    if (result === 'added') onDone();
    else {
      setTaken(result === 'duplicate' ? findModelCard(providerId, id.trim()) : undefined);
      setProblem(
        result === 'duplicate'
          ? label.duplicateModel.replace('{id}', id.trim())
          : label.emptyModelId,
      );
    }
  };

  return (
    <form
      className="custom-model-form grid gap-3 sm:grid-cols-2"
      onSubmit={submit}
      data-provider={providerId}
    >
      <Field label={`${label.modelId} *`}>
        <Input
          name="customModelId"
          required
          autoComplete="off"
          value={id}
          readOnly={card !== undefined}
          aria-invalid={problem ? true : undefined}
          className={card ? 'bg-surface-muted font-mono' : 'font-mono'}
          onChange={(e) => {
            setId(e.target.value);
            setProblem(undefined);
            setTaken(undefined);
          }}
        />
      </Field>
      <Field label={label.displayName}>
        <Input
          name="customModelName"
          autoComplete="off"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      {problem ? (
        <p
          className="model-editor-error m-0 flex items-start gap-2 text-sm text-danger sm:col-span-2"
          role="alert"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {problem}
            {taken && onEditExisting ? (
              <Button
                variant="link"
                size="sm"
                name="editExistingModel"
                className="h-auto p-0"
                onClick={() => onEditExisting(taken)}
              >
                {label.editModel}: {taken.displayName ?? taken.id}
              </Button>
            ) : null}
          </span>
        </p>
      ) : null}
      <Field label={label.contextWindow}>
        <Input
          name="customModelContext"
          type="number"
          min={0}
          step={1000}
          value={context}
          onChange={(e) => setContext(e.target.value)}
        />
      </Field>
      <Field label={label.maxOutput}>
        <Input
          name="customModelMaxOutput"
          type="number"
          min={0}
          step={1000}
          value={maxOutput}
          onChange={(e) => setMaxOutput(e.target.value)}
        />
      </Field>
      <fieldset className="m-0 flex flex-col gap-2 border-0 p-0 sm:col-span-2">
        <legend className="mb-1.5 p-0 text-sm font-medium">{label.abilities}</legend>
        <div className="custom-model-abilities flex flex-wrap gap-x-4 gap-y-2">
          {EDITABLE_ABILITIES.map((ability) => (
            <label key={ability} className="inline-flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={abilityField(ability)}
                className="size-4 rounded"
                checked={abilities[ability] === true}
                onChange={(e) => setAbilities({ ...abilities, [ability]: e.target.checked })}
              />
              {label[ABILITY_LABEL[ability]]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="m-0 grid grid-cols-[1fr_1fr_6rem] gap-3 border-0 p-0 sm:col-span-2">
        <legend className="mb-1.5 p-0 text-sm font-medium">{label.pricing}</legend>
        <Field label={label.priceInput}>
          <Input
            name="customModelPriceInput"
            type="number"
            min={0}
            step="any"
            value={priceIn}
            onChange={(e) => setPriceIn(e.target.value)}
          />
        </Field>
        <Field label={label.priceOutput}>
          <Input
            name="customModelPriceOutput"
            type="number"
            min={0}
            step="any"
            value={priceOut}
            onChange={(e) => setPriceOut(e.target.value)}
          />
        </Field>
        <Field label={label.currency}>
          <Select
            name="customModelCurrency"
            value={currency}
            onChange={(e) => setCurrency(e.target.value === 'CNY' ? 'CNY' : 'USD')}
          >
            <option value="USD">USD</option>
            <option value="CNY">CNY</option>
          </Select>
        </Field>
      </fieldset>
      <DialogFooter className="sm:col-span-2">
        {card && edited ? (
          <Button
            variant="ghost"
            name="resetModel"
            className="sm:mr-auto"
            onClick={() => {
              resetModelEdit(providerId, card.id);
              onDone();
            }}
          >
            <RotateCcw aria-hidden="true" />
            {label.resetModel}
          </Button>
        ) : null}
        <Button variant="outline" onClick={onDone}>
          {label.cancel}
        </Button>
        <Button type="submit" variant="primary" name={card ? 'saveModel' : 'addCustomModel'}>
          {card ? <Save aria-hidden="true" /> : <Plus aria-hidden="true" />}
          {card ? label.save : label.addModel}
        </Button>
      </DialogFooter>
    </form>
  );
}
