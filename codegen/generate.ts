// `make codegen` writes src/generated/*.generated.ts from openapi.yaml, asyncapi.yaml, the
// portal's src/portal/schema.graphql and the operations the dashboard and svc send to it;
// `make codegen-check` (run before tests and in CI) fails when the committed files have drifted.
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateOpenApi } from './openapi.js';
import { generateEvents } from './events.js';
import { generatePortal } from './portal.js';
import { generateDashboard } from './dashboard.js';
import { generateDevcli } from './devcli.js';
import { generateDeliveryStatuses } from './delivery-statuses.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

const outputs = [
  ...(await generateOpenApi(root)),
  ...(await generateEvents(root)),
  ...(await generatePortal(root)),
  ...(await generateDashboard(root)),
  ...(await generateDevcli(root)),
  ...(await generateDeliveryStatuses(root)),
];
let drift = 0;
for (const { path: rel, content } of outputs) {
  const full = path.join(root, rel);
  const current = existsSync(full) ? readFileSync(full, 'utf8') : null;
  if (check) {
    if (current !== content) {
      drift++;
      console.error(
        `codegen-check: ${rel} is out of date with its source. Run "make codegen" and commit the result.`,
      );
    }
  } else if (current !== content) {
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
    console.log(`wrote ${rel}`);
  }
}
if (check && drift > 0) process.exit(1);
if (check) console.log(`codegen-check: ${outputs.length} generated files match their sources.`);
