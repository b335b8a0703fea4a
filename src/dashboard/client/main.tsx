import { render, type ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { LogOutDocument, MeDocument } from '../../generated/dashboard.generated';
import { gql, isSignedOut } from './api';
import { Link, navigate, usePath } from './router';
import { SignIn } from './session';
import { ErrorMessage, Loading, useQuery } from './ui';
import { routeOf, ROUTES } from './routes';
import './style.css';

// The dashboard: who is signed in decides between the log-in form and the pages; the address
// decides the page. When "who is signed in" cannot be answered (the rate limit, the server down),
// the pages' navigation stays and the error takes the page's place; a refusal with Retry-After is
// asked again by itself (useQuery).

function App() {
  const [generation, setGeneration] = useState(0);
  const me = useQuery(() => gql(MeDocument), [generation]);
  const signedOut = me.error !== undefined && isSignedOut(me.error);
  if (me.loading && !me.data && (me.error === undefined || signedOut))
    return <Loading what="the dashboard" />;
  if (signedOut) return <SignIn onSignedIn={() => setGeneration((g) => g + 1)} />;
  const logOut = async () => {
    await gql(LogOutDocument).catch(() => undefined);
    navigate('/dashboard');
    setGeneration((g) => g + 1);
  };
  if (!me.data) {
    return (
      <Shell me={null} onLogOut={logOut}>
        <ErrorMessage error={me.error} />
        {me.loading ? <Loading what="the dashboard" /> : null}
      </Shell>
    );
  }
  return <Shell me={me.data.me} onLogOut={logOut} />;
}

/** The frame of every page; without `me` (not known yet), the navigation for developers and `children` in the page's place. */
function Shell({
  me,
  onLogOut,
  children,
}: {
  me: { name: string; email: string; role: string } | null;
  onLogOut: () => void;
  children?: ComponentChildren;
}) {
  const path = usePath();
  const route = routeOf(path);
  const links = ROUTES.filter((r) => r.nav && (!r.operator || me?.role === 'operator'));
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <Link href="/dashboard" class="brand">
          Developer dashboard
        </Link>
        <nav aria-label="Dashboard">
          <ul>
            {links.map((r) => (
              <li key={r.nav}>
                <Link href={r.prefix} aria-current={route.definition === r ? 'page' : undefined}>
                  {r.nav!}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div class="account">
          {me ? (
            <span class="muted" title={me.email}>
              {me.name}
            </span>
          ) : null}
          <button type="button" onClick={onLogOut}>
            Log out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {me ? route.render() : children}
      </main>
    </>
  );
}

render(<App />, document.getElementById('app')!);
