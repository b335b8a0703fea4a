// The Data API's types, generated from openapi.yaml by openapi-typescript. In this repository
// `make sdk` writes them to .sdk/ (git-ignored); in your own project, generate them next to your
// code and change this one line:
//   npx openapi-typescript http://localhost:3000/openapi.yaml -o src/data-api.d.ts
// Types only: running the plugin with tsx needs no generated file.
export type { components, paths } from '../../.sdk/openapi-typescript/openapi.js';
