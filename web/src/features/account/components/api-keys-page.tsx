import { useStore } from '@nanostores/react';
import { KeyRound, Trash2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { $locale } from '../../../app/locale.js';
import { Button, IconButton } from '../../../components/ui/button.js';
import { ConfirmDialog } from '../../../components/ui/dialog.js';
import { CopyButton } from '../../../components/ui/copy-button.js';
import { Input } from '../../../components/ui/input.js';
import { AccountError, type ApiKey } from '../api.js';
import { $accountLabels, fill } from '../labels.js';
import { $user } from '../stores/account.js';
import {
  $apiKeys,
  $newApiKey,
  createApiKey,
  loadApiKeys,
  revokeApiKey,
} from '../stores/api-keys.js';
import { SignInPage } from './sign-in-page.js';

/** The person's API keys: make one (shown once), list them, revoke one. */
export function ApiKeysPage() {
  const user = useStore($user);
  const label = useStore($accountLabels);
  const locale = useStore($locale);
  const keys = useStore($apiKeys);
  const made = useStore($newApiKey);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [revoking, setRevoking] = useState<ApiKey | undefined>();
  useEffect(() => {
    if (user) void loadApiKeys().catch((e: unknown) => setError(String(e)));
    return () => $newApiKey.set(undefined);
  }, [user]);
  if (!user) return <SignInPage mode="sign-in" />;
  const date = (iso: string) =>
    new Date(iso).toLocaleString(locale === 'zh' ? 'zh-CN' : 'en', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      await createApiKey(name);
      setName('');
    } catch (e) {
      setError(e instanceof AccountError ? e.message : label.networkFailed);
    }
  };
  return (
    <section className="api-keys-page mx-auto flex w-full max-w-3xl flex-col gap-5 px-3 py-6 sm:px-6 sm:py-8">
      <h1 className="m-0 flex items-center gap-2 text-xl font-semibold tracking-tight">
        <KeyRound aria-hidden="true" className="size-5" />
        {label.apiKeys}
      </h1>
      <p className="m-0 text-sm text-muted-foreground">{label.apiKeysIntro}</p>
      <form className="flex gap-2" onSubmit={(e) => void submit(e)}>
        <Input
          name="key-name"
          aria-label={label.keyName}
          placeholder={label.keyName}
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" variant="primary" name="create-key">
          {label.createKey}
        </Button>
      </form>
      {error ? (
        <p role="alert" className="m-0 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {made ? (
        <div className="new-key flex flex-col gap-2 rounded-xl border border-accent/40 bg-accent/5 p-4">
          <p className="m-0 text-sm font-medium">{label.newKeyShown}</p>
          <div className="flex items-center gap-2">
            <code className="min-w-0 flex-1 rounded-md bg-surface px-2 py-1.5 font-mono text-sm [overflow-wrap:anywhere]">
              {made.key}
            </code>
            <CopyButton text={made.key} />
          </div>
        </div>
      ) : null}
      {keys && keys.length === 0 ? (
        <p className="m-0 py-4 text-center text-sm text-muted-foreground">{label.noKeys}</p>
      ) : null}
      <ul className="m-0 flex list-none flex-col gap-2 p-0">
        {(keys ?? []).map((key) => (
          <li
            key={key.id}
            data-key={key.id}
            className="api-key flex items-center gap-3 rounded-xl border border-border bg-surface px-4 py-3 shadow-xs"
          >
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span className="truncate font-medium">{key.name}</span>
              <span className="text-xs text-muted-foreground">
                <code className="font-mono">{key.start}…</code> · {label.created}{' '}
                {date(key.createdAt)} · {label.lastUsed}{' '}
                {key.lastUsedAt ? date(key.lastUsedAt) : label.never}
              </span>
            </div>
            <IconButton
              label={`${label.revoke}: ${key.name}`}
              name="revoke-key"
              size="sm"
              onClick={() => setRevoking(key)}
            >
              <Trash2 aria-hidden="true" />
            </IconButton>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={!!revoking}
        onOpenChange={(open) => !open && setRevoking(undefined)}
        title={fill(label.revokeConfirm, { name: revoking?.name ?? '' })}
        confirmLabel={label.revoke}
        cancelLabel={label.cancel}
        onConfirm={() => {
          if (revoking) void revokeApiKey(revoking.id).catch(() => undefined);
        }}
      />
    </section>
  );
}
