import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog.js';
import { Field, Input } from '../../../components/ui/input.js';
import { AccountError } from '../api.js';
import { $accountLabels, fill } from '../labels.js';
import { deleteAccount } from '../stores/account.js';

/** Delete the account, confirmed by the password; the server's refusal is shown. */
export function DeleteAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const label = useStore($accountLabels);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await deleteAccount(password);
      setPassword('');
      onOpenChange(false);
    } catch (e) {
      setError(
        fill(label.authFailed, {
          message: e instanceof AccountError ? e.message : label.networkFailed,
        }),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        role="alertdialog"
        title={label.deleteAccountTitle}
        description={label.deleteAccountText}
        className="delete-account max-w-md"
      >
        <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
          <Field label={label.password} error={error}>
            <Input
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" type="button">
                {label.cancel}
              </Button>
            </DialogClose>
            <Button variant="danger" type="submit" name="confirm-delete" disabled={busy}>
              {label.deleteForever}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
