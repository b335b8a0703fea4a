import { useState } from 'preact/hooks';
import { LogInDocument, SignUpDocument } from '../../generated/dashboard.generated';
import { gql } from './api';
import { ErrorMessage } from './ui';

// Signed out: the log-in form, or the sign-up form. The session lands in an HttpOnly cookie the
// server sets; the page asks for expiresAt only, never for the token.

export function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [mode, setMode] = useState<'log-in' | 'sign-up'>('log-in');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const value = (name: string) => String(form.get(name) ?? '');
    setBusy(true);
    setError(null);
    try {
      if (mode === 'log-in')
        await gql(LogInDocument, { email: value('email'), password: value('password') });
      else
        await gql(SignUpDocument, {
          name: value('name'),
          email: value('email'),
          password: value('password'),
        });
      onSignedIn();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const title = mode === 'log-in' ? 'Log in' : 'Sign up';
  return (
    <main class="signin" id="main">
      <h1>Developer dashboard</h1>
      <form onSubmit={submit} aria-labelledby="signin-title" key={mode}>
        <h2 id="signin-title">{title}</h2>
        {mode === 'sign-up' ? (
          <label>
            Name
            <input name="name" autoComplete="name" required />
          </label>
        ) : null}
        <label>
          Email
          <input name="email" type="email" autoComplete="email" required />
        </label>
        <label>
          Password
          <input
            name="password"
            type="password"
            autoComplete={mode === 'log-in' ? 'current-password' : 'new-password'}
            required
          />
        </label>
        <ErrorMessage error={error} />
        <button type="submit" class="primary" disabled={busy}>
          {title}
        </button>
      </form>
      <p>
        {mode === 'log-in' ? 'No account yet? ' : 'Already have an account? '}
        <button
          type="button"
          class="link"
          onClick={() => {
            setError(null);
            setMode(mode === 'log-in' ? 'sign-up' : 'log-in');
          }}
        >
          {mode === 'log-in' ? 'Sign up' : 'Log in instead'}
        </button>
      </p>
    </main>
  );
}
