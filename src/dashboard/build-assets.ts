// `npm run build` (make build): writes the dashboard's bundle next to the compiled router
// (dist/dashboard/assets/), so that a production process serves files and never runs esbuild.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundleDashboard } from './assets.js';

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: build-assets.ts <output directory>');
const { js, css } = await bundleDashboard();
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, 'app.js'), js);
writeFileSync(path.join(outDir, 'app.css'), css);
console.log(`dashboard: ${js.length} bytes of JavaScript, ${css.length} of CSS in ${outDir}`);
