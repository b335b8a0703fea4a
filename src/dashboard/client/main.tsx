import { render } from 'preact';
import { useState } from 'preact/hooks';
import { LogOutDocument, MeDocument } from '../../generated/dashboard.generated';
import { gql, isSignedOut } from './api';
import { Link, navigate, usePath } from './router';
import { SignIn } from './session';
import { ErrorMessage, Loading, useQuery } from './ui';
import { routeOf, ROUTES } from './routes';
import './style.css';

// The dashboard: who is signed in decides between the log-in form and the pages; the address
// decides the page.

function App() {
  const [generation, setGeneration] = useState(0);
  const me = useQuery(() => gql(MeDocument), [generation]);
  if (me.loading && !me.data) return <Loading what="the dashboard" />;
  if (me.error && isSignedOut(me.error)) return <SignIn onSignedIn={() => setGeneration((g) => g + 1)} />;
  if (!me.data) return <main id="main"><ErrorMessage error={me.error} /></main>;
  const logOut = async () => {
    await gql(LogOutDocument).catch(() => undefined);
    navigate('/dashboard');
    setGeneration((g) => g + 1);
  };
  return <Shell me={me.data.me} onLogOut={logOut} />;
}

function Shell({ me, onLogOut }: { me: { name: string; email: string; role: string }; onLogOut: () => void }) {
  const path = usePath();
  const route = routeOf(path);
  const links = ROUTES.filter((r) => r.nav && (!r.operator || me.role === 'operator'));
  return (
    <>
      <a class="skip" href="#main">Skip to content</a>
      <header class="top">
        <Link href="/dashboard" class="brand">Developer dashboard</Link>
        <nav aria-label="Dashboard">
          <ul>
            {links.map((r) => (
              <li key={r.nav}>
                <Link href={r.prefix} aria-current={route.definition === r ? 'page' : undefined}>{r.nav!}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div class="account">
          <span class="muted" title={me.email}>{me.name}</span>
          <button type="button" onClick={onLogOut}>Log out</button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>{route.render()}</main>
    </>
  );
}

render(<App />, document.getElementById('app')!);
