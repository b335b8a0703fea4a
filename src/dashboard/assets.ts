import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

// The dashboard's two static files (its JavaScript and its CSS), bundled by esbuild from
// src/dashboard/client/ with Preact. A compiled service (`npm run build`) serves the files the
// build wrote next to this module (dist/dashboard/assets/); from the TypeScript sources
// (`make run`, tests) they are bundled in memory on the first request, in about a second.

export interface Asset {
  /** The name the page links, with a hash of the content (cached for a year). */
  name: string;
  type: string;
  body: Buffer;
  gzip: Buffer;
}

export interface DashboardAssets {
  js: Asset;
  css: Asset;
}

const PREBUILT = new URL('./assets/', import.meta.url);
const ENTRY = new URL('./client/main.tsx', import.meta.url);

export async function loadDashboardAssets(): Promise<DashboardAssets> {
  if (existsSync(new URL('app.js', PREBUILT))) {
    return {
      js: asset('app', 'js', readFileSync(new URL('app.js', PREBUILT))),
      css: asset('app', 'css', readFileSync(new URL('app.css', PREBUILT))),
    };
  }
  const { js, css } = await bundleDashboard();
  return { js: asset('app', 'js', js), css: asset('app', 'css', css) };
}

/** esbuild's bundle of the client: one minified ES module and one stylesheet. */
export async function bundleDashboard(): Promise<{ js: Buffer; css: Buffer }> {
  // Loaded here only: esbuild is a build tool, not needed by a process serving prebuilt files.
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: { app: decodeURIComponent(ENTRY.pathname) },
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    write: false,
    outdir: 'out',
    legalComments: 'none',
    logLevel: 'silent',
  });
  const file = (ext: string) =>
    Buffer.from(result.outputFiles.find((f) => f.path.endsWith(ext))?.contents ?? new Uint8Array());
  return { js: file('.js'), css: file('.css') };
}

function asset(base: string, ext: 'js' | 'css', body: Buffer): Asset {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  const type = ext === 'js' ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8';
  return { name: `${base}-${hash}.${ext}`, type, body, gzip: gzipSync(body, { level: 9 }) };
}
