import type { VNode } from 'preact';
import { NotFound } from './pages/not-found';
import { PluginPage } from './pages/plugin';
import { PluginApiVersionPage } from './pages/plugin-api-version';
import { PluginEndpointsPage } from './pages/plugin-endpoints';
import { PluginsPage } from './pages/plugins';
import { KeysPage } from './pages/keys';
import { DeliveriesPage } from './pages/deliveries';
import { DeliveryPage } from './pages/delivery';
import { RequestsPage } from './pages/requests';
import { RequestPage } from './pages/request';
import { SandboxesPage } from './pages/sandboxes';
import { SandboxPage } from './pages/sandbox';
import { ReviewPage } from './pages/review';

// The deep links of the dashboard (contracts: support articles use them) and their pages.

export interface RouteDefinition {
  /** The path the navigation links to; deeper paths under it are the page of one record. */
  prefix: string;
  nav?: string;
  operator?: boolean;
  list: () => VNode;
  one?: (id: string) => VNode;
  /** Pages of one record below its own: `<prefix>/<id>/<name>`. */
  sub?: Record<string, (id: string) => VNode>;
}

export const ROUTES: RouteDefinition[] = [
  {
    prefix: '/dashboard/plugins',
    nav: 'Plugins',
    list: () => <PluginsPage />,
    one: (id) => <PluginPage id={id} />,
    sub: {
      'api-version': (id) => <PluginApiVersionPage id={id} />,
      endpoints: (id) => <PluginEndpointsPage id={id} />,
    },
  },
  {
    prefix: '/dashboard/sandboxes',
    nav: 'Sandboxes',
    list: () => <SandboxesPage />,
    one: (id) => <SandboxPage id={id} />,
  },
  {
    prefix: '/dashboard/deliveries',
    nav: 'Webhook deliveries',
    list: () => <DeliveriesPage />,
    one: (id) => <DeliveryPage id={id} />,
  },
  {
    prefix: '/dashboard/requests',
    nav: 'API requests',
    list: () => <RequestsPage />,
    one: (id) => <RequestPage requestId={id} />,
  },
  { prefix: '/dashboard/keys', nav: 'Developer keys', list: () => <KeysPage /> },
  {
    prefix: '/dashboard/review',
    nav: 'Listing review',
    operator: true,
    list: () => <ReviewPage />,
  },
];

export function routeOf(fullPath: string): { definition?: RouteDefinition; render: () => VNode } {
  const path = fullPath.split('?')[0]!.replace(/\/+$/, '');
  if (path === '/dashboard' || path === '')
    return { definition: ROUTES[0], render: ROUTES[0]!.list };
  for (const definition of ROUTES) {
    if (path === definition.prefix) return { definition, render: definition.list };
    if (path.startsWith(`${definition.prefix}/`) && definition.one) {
      const [raw, sub, ...more] = path.slice(definition.prefix.length + 1).split('/');
      const id = decodeURIComponent(raw!);
      if (id.includes('/')) continue;
      if (sub === undefined) return { definition, render: () => definition.one!(id) };
      const page = definition.sub?.[sub];
      if (page && !more.length) return { definition, render: () => page(id) };
    }
  }
  return { render: () => <NotFound /> };
}
