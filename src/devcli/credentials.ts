import {
  chmodSync,
  closeSync,
  constants,
  existsSync,
  fchmodSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { CliError, type Credentials } from './client.js';

// Where svc finds the platform and the developer key: SVC_BASE_URL / SVC_API_KEY, or the file
// `svc login` writes. The key is a bearer credential, so it goes only over TLS (plain http only to
// this machine), is never echoed, and its file is the user's alone.

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The URL without its trailing slash; refused when it would carry the key in cleartext off this machine. */
export function checkedBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CliError(`${raw} is not a URL (https://...)`);
  }
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) {
    throw new CliError(
      `refusing ${url.origin}: plain http would send the developer key in cleartext; use https:// (http:// only for localhost, 127.0.0.1 and ::1)`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CliError(`${raw} is not an https:// URL`);
  return raw.replace(/\/$/, '');
}

export function configFile(env: NodeJS.ProcessEnv = process.env): string {
  const dir = env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(dir, 'svc', 'config.json');
}

/** SVC_BASE_URL / SVC_API_KEY, else what `svc login` stored. */
export function loadCredentials(env: NodeJS.ProcessEnv = process.env): Credentials {
  const file = configFile(env);
  const stored = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Credentials>)
    : {};
  const baseUrl = env.SVC_BASE_URL || stored.baseUrl;
  const apiKey = env.SVC_API_KEY || stored.apiKey;
  if (!baseUrl || !apiKey)
    throw new CliError('not logged in: run `svc login`, or set SVC_BASE_URL and SVC_API_KEY');
  return { baseUrl: checkedBaseUrl(baseUrl), apiKey };
}

/**
 * Writes the file mode 0600 in a directory tightened to 0700, also when both exist already. A
 * symlinked config.json is refused (O_NOFOLLOW): it could point the key into a file others read.
 */
export function saveCredentials(
  credentials: Credentials,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const file = configFile(env);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  chmodSync(path.dirname(file), 0o700);
  let fd: number;
  try {
    fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOOP')
      throw new CliError(
        `${file} is a symbolic link: svc does not write the key through it (remove it and log in again)`,
      );
    throw err;
  }
  try {
    // Mode first, then the contents: the key is never in a file others can read.
    fchmodSync(fd, 0o600);
    ftruncateSync(fd, 0);
    writeSync(fd, JSON.stringify(credentials, null, 2) + '\n');
  } finally {
    closeSync(fd);
  }
  return file;
}

/**
 * The installation keys given to trigger and mcp: --key, else the file --key-file names (keys one a
 * line or comma-separated: a file of the user's, kept out of argv and of client config files), else
 * SVC_INSTALLATION_KEY (comma-separated).
 */
export function installationKeys(
  values: { key?: string; 'key-file'?: string },
  env: NodeJS.ProcessEnv,
): string[] {
  let text = values.key ?? env.SVC_INSTALLATION_KEY ?? '';
  if (values.key === undefined && values['key-file'] !== undefined) {
    try {
      text = readFileSync(values['key-file'], 'utf8');
    } catch (err) {
      throw new CliError(
        `--key-file ${values['key-file']} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
  }
  return text.split(/[\s,]+/).filter(Boolean);
}

/** All of stdin, trimmed (`--api-key-stdin`: from a password manager or a file, never argv). */
export async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.trim();
}

/**
 * Asks for what login still needs. In a terminal the key is typed unseen: readline runs the
 * terminal raw and echoes into a muted stream while the key is typed.
 */
export async function promptLogin(
  baseUrl: string | undefined,
  apiKey: string | undefined,
): Promise<{ baseUrl: string; apiKey: string }> {
  let muted = false;
  const output = new Writable({
    write: (chunk, _encoding, done) => {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({
    input: process.stdin,
    output,
    terminal: Boolean(process.stdin.isTTY),
  });
  rl.on('SIGINT', () => {
    rl.close();
    process.exit(130);
  });
  try {
    baseUrl ||=
      (await rl.question('Platform URL [http://localhost:3000]: ')).trim() ||
      'http://localhost:3000';
    checkedBaseUrl(baseUrl);
    if (!apiKey) {
      process.stderr.write('Developer key (svc_dev_..., not shown): ');
      muted = true;
      apiKey = (await rl.question('')).trim();
      muted = false;
      process.stderr.write('\n');
    }
    return { baseUrl, apiKey };
  } finally {
    rl.close();
  }
}
