import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT_DIR } from '../../src/app.js';

export interface OAuthProvider {
  url: string;
  stop(): Promise<void>;
}

/** Starts test/support/oauth-provider-process.mjs and waits for its issuer URL. */
export async function startOAuthProvider(): Promise<OAuthProvider> {
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT_DIR, 'test/support/oauth-provider-process.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
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
    stop: () => new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}
