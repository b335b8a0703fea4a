// `make lint`: the import rules of docs/architecture.md ("Doors and components"), each with the
// reason it exists. Doors (api, portal, dashboard, docs, devcli, cli, http, jobs, seed) call
// components (src/domain/<component>/), which use the foundations (src/db, src/lib); nothing
// points back up.
const DOORS = '(api|portal|dashboard|docs|devcli|cli|http|jobs|seed|observability)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-not-to-doors',
      comment:
        'A component holds the business rules free of HTTP, GraphQL, jobs and the CLI, so every door can ' +
        'call it and a test can call it without a server. Move what the component needs into it, or ' +
        'pass it in from the door.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: `^src/${DOORS}/` },
    },
    {
      name: 'foundations-not-up',
      comment:
        'src/db and src/lib are the foundations every component stands on: they know no component and ' +
        'no door. A type they need lives with them (the component imports it from there).',
      severity: 'error',
      from: { path: '^src/(db|lib)/' },
      to: { path: `^src/(domain|${DOORS.slice(1, -1)})/` },
    },
    {
      name: 'lib-not-to-db',
      comment: 'src/lib is plain helpers (crypto, CIDR, time) usable without a database.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/db/' },
    },
    {
      name: 'component-through-its-face',
      comment:
        'A door imports a component only through src/domain/<component>/index.ts, its public face: what ' +
        'is not exported there may change without the doors noticing. Export it from the index, or ' +
        'keep the caller inside the component.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/domain/' },
      to: { path: '^src/domain/[^/]+/.+', pathNot: '^src/domain/[^/]+/index\\.ts$' },
    },
    {
      name: 'component-to-component-through-its-face',
      comment:
        'Inside a component files import each other directly; another component is reached only ' +
        'through its index.ts, like a door would.',
      severity: 'error',
      from: { path: '^src/domain/([^/]+)/' },
      to: {
        path: '^src/domain/[^/]+/.+',
        pathNot: ['^src/domain/$1/', '^src/domain/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'webhook-areas-through-their-face',
      comment:
        'The webhooks component is one folder per area (delivery, feed, logs, replay, stream, inbound, ' +
        'endpoints): ' +
        "inside an area files import each other directly; another area, or a file at the component's " +
        'root, reaches it only through its index.ts, so what an area keeps to itself may change freely.',
      severity: 'error',
      from: { path: '^src/domain/webhooks/([^/]+)' },
      to: {
        path: '^src/domain/webhooks/[^/]+/',
        pathNot: ['^src/domain/webhooks/$1/', '^src/domain/webhooks/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'no-circular-components',
      comment:
        'Two components whose code imports each other (types aside: the event sink types are shared ' +
        'by design) are one component: merge them or move the shared part down.',
      severity: 'error',
      from: { path: '^src/domain/([^/]+)/' },
      to: {
        path: '^src/domain/',
        pathNot: '^src/domain/$1/',
        circular: true,
        dependencyTypesNot: ['type-only'],
        viaOnly: { dependencyTypesNot: ['type-only'] },
      },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['^src/generated/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
