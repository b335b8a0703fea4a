#!/usr/bin/env node
// The svc CLI (src/devcli/main.ts), run from its TypeScript sources through tsx.
import { register } from 'tsx/esm/api';

register();
const { cliMain } = await import('../src/devcli/main.ts');
await cliMain(process.argv.slice(2));
