import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { ROOT_DIR } from '../../src/app.js';
import type { TestTls } from './tls.js';

export interface OAuthProvider {
  /** https://localhost:<port>: a name that resolves to loopback. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts test/support/oauth-provider-process.mjs over HTTPS with a certificate of the test CA, and
 * waits for its issuer URL. The service reaches it only when private destinations are allowed and
 * the CA is trusted (see trustTestCa).
 */
export async function startOAuthProvider(tls: TestTls): Promise<OAuthProvider> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-oauth-provider-'));
  const keyPath = path.join(dir, 'server.key');
  const certPath = path.join(dir, 'server.pem');
  writeFileSync(keyPath, tls.key, { mode: 0o600 });
  writeFileSync(certPath, tls.cert);
  const script = path.join(ROOT_DIR, 'test/support/oauth-provider-process.mjs');
  const child: ChildProcess = spawn(process.execPath, [script, keyPath, certPath], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!.trim());
    });
    child.once('exit', (code) => reject(new Error(`OAuth provider exited with ${code}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Adds the test CA to this process's default trust store, as NODE_EXTRA_CA_CERTS does for a
 * deployment: the OAuth exchange runs inside the app and trusts the default store. Returns the undo
 * (call it in afterAll: jest reuses its worker processes across test files).
 */
export function trustTestCa(testTls: TestTls): () => void {
  const original = tls.getCACertificates('default');
  tls.setDefaultCACertificates([...original, testTls.ca]);
  return () => tls.setDefaultCACertificates(original);
}
