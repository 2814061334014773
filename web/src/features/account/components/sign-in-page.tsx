import { useStore } from '@nanostores/react';
import { Layers } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { Button } from '../../../components/ui/button.js';
import { Field, Input } from '../../../components/ui/input.js';
import { AccountError } from '../api.js';
import { $accountLabels, fill } from '../labels.js';
import { $accountsConfig, $user, signIn, signInWith, signUp } from '../stores/account.js';

/**
 * Sign in (`mode="sign-in"`) or create an account (`mode="sign-up"`): e-mail and password, and
 * a button per OAuth provider the server has set up. The server's refusal is shown under the form.
 */
export function SignInPage({ mode }: { mode: 'sign-in' | 'sign-up' }) {
  const label = useStore($accountLabels);
  const config = useStore($accountsConfig);
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const user = useStore($user);
  const signingUp = mode === 'sign-up';
  const required = config?.accounts === 'required';

  const failed = (e: unknown) =>
    setError(
      fill(label.authFailed, {
        message: e instanceof AccountError ? e.message : label.networkFailed,
      }),
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      if (signingUp) await signUp(email, password, name || email.split('@')[0] || email);
      else await signIn(email, password);
      navigate('/');
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };

  if (user) return <Redirect to="/" />;
  return (
    <section className="sign-in-page mx-auto flex min-h-full w-full max-w-sm flex-col justify-center gap-6 px-4 py-10">
      <div className="flex flex-col items-center gap-3 text-center">
        <span className="inline-flex size-11 items-center justify-center rounded-xl bg-primary text-primary-foreground">
          <Layers aria-hidden="true" className="size-6" />
        </span>
        <h1 className="m-0 text-xl font-semibold tracking-tight">
          {signingUp ? label.signUpTitle : label.signInTitle}
        </h1>
        {required ? (
          <p className="m-0 text-sm text-muted-foreground">{label.signInRequired}</p>
        ) : null}
      </div>
      <form
        className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 shadow-xs"
        onSubmit={(e) => void submit(e)}
        data-mode={mode}
      >
        {signingUp ? (
          <Field label={label.name}>
            <Input
              name="name"
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </Field>
        ) : null}
        <Field label={label.email}>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Field label={label.password} hint={signingUp ? label.passwordHint : undefined}>
          <Input
            name="password"
            type="password"
            autoComplete={signingUp ? 'new-password' : 'current-password'}
            required
            minLength={signingUp ? 8 : undefined}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        {error ? (
          <p role="alert" className="auth-error m-0 text-sm text-danger">
            {error}
          </p>
        ) : null}
        <Button type="submit" variant="primary" name="submit" disabled={busy}>
          {busy ? label.signingIn : signingUp ? label.signUp : label.signIn}
        </Button>
        {config?.providers.length ? (
          <>
            <div className="flex items-center gap-3 text-xs text-muted-foreground">
              <span className="h-px flex-1 bg-border" />
              {label.orContinueWith}
              <span className="h-px flex-1 bg-border" />
            </div>
            <div className="flex flex-col gap-2">
              {config.providers.map((provider) => (
                <Button
                  key={provider.id}
                  type="button"
                  variant="outline"
                  name="oauth"
                  data-provider={provider.id}
                  disabled={busy}
                  onClick={() => void signInWith(provider.id).catch(failed)}
                >
                  {fill(label.continueWith, { provider: provider.name })}
                </Button>
              ))}
            </div>
          </>
        ) : null}
      </form>
      <p className="m-0 text-center text-sm text-muted-foreground">
        {signingUp ? label.haveAccount : label.noAccount}{' '}
        <Link
          href={signingUp ? '/sign-in' : '/sign-up'}
          className="font-medium text-accent underline-offset-4 hover:underline"
        >
          {signingUp ? label.signIn : label.signUp}
        </Link>
      </p>
    </section>
  );
}
