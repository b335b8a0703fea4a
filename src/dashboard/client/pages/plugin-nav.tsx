import { Link } from '../router';

// The pages of one plugin: its overview, its API version and its webhook endpoints.

export function PluginNav({
  id,
  current,
}: {
  id: string;
  current: 'overview' | 'api-version' | 'endpoints';
}) {
  const base = `/dashboard/plugins/${encodeURIComponent(id)}`;
  const link = (page: typeof current, href: string, text: string) => (
    <li>
      <Link href={href} aria-current={current === page ? 'page' : undefined}>
        {text}
      </Link>
    </li>
  );
  return (
    <nav aria-label="Plugin" class="subnav">
      <ul>
        {link('overview', base, 'Overview')}
        {link('api-version', `${base}/api-version`, 'API version')}
        {link('endpoints', `${base}/endpoints`, 'Endpoints')}
      </ul>
    </nav>
  );
}
