import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  json,
  startHostilePlatform,
  startSvc,
  SVC,
  type HostilePlatform,
} from '../support/hostile-platform.js';
import { waitUntil } from '../support/webhook-receiver.js';

// Security review 3, finding 15: how svc takes and keeps the developer key. The platform here is
// a scripted local server (test/support/hostile-platform.ts) that accepts any key.

let platform: HostilePlatform;
let home: string;

beforeAll(async () => {
  platform = await startHostilePlatform((call, res) =>
    json(res, { data: { me: { email: 'dev@example.com' } } }),
  );
});

afterAll(async () => {
  await platform.close();
});

beforeEach(() => {
  home = mkdtempSync(path.join(os.tmpdir(), 'svc-home-'));
});

afterEach(() => {
  rmSync(home, { recursive: true, force: true });
});

const run = async (args: string[], env: NodeJS.ProcessEnv = {}, stdin?: string) => {
  const svc = startSvc(args, { XDG_CONFIG_HOME: home, SVC_BASE_URL: '', SVC_API_KEY: '', ...env });
  if (stdin !== undefined) svc.child.stdin.end(stdin);
  const code = await svc.done;
  return { code, stdout: svc.stdout(), stderr: svc.stderr() };
};
const bearers = () => platform.calls.map((c) => c.authorization);

describe('svc: the platform URL', () => {
  it('when the base URL is http:// to a host other than localhost, then svc refuses before sending the key and says to use https', async () => {
    const before = platform.calls.length;
    for (const url of [
      'http://platform.example.com',
      'http://10.0.0.8:3000',
      'http://localhost.example.com',
    ]) {
      const listed = await run(['events', 'list', '--sandbox', '1'], {
        SVC_BASE_URL: url,
        SVC_API_KEY: 'svc_dev_x',
      });
      expect({ url, code: listed.code, stderr: listed.stderr }).toEqual({
        url,
        code: 1,
        stderr: expect.stringMatching(/^svc: refusing http:\/\/.*cleartext.*use https:\/\//),
      });
    }
    const login = await run([
      'login',
      '--base-url',
      'http://platform.example.com',
      '--api-key',
      'svc_dev_x',
    ]);
    expect(login.code).toBe(1);
    expect(login.stderr).toMatch(/use https:\/\//);
    expect(existsSync(path.join(home, 'svc/config.json'))).toBe(false);
    expect(platform.calls.length).toBe(before);
  }, 60_000);

  it('when the base URL is http:// to localhost, 127.0.0.1 or ::1, or https:// anywhere, then svc uses it', async () => {
    const ok = await run([
      'login',
      '--base-url',
      platform.url,
      '--api-key',
      'svc_dev_local',
      '--json',
    ]);
    expect(ok.code).toBe(0);
    for (const url of ['http://localhost:1', 'http://[::1]:1', 'https://127.0.0.1:1']) {
      const listed = await run(['events', 'list', '--sandbox', '1'], {
        SVC_BASE_URL: url,
        SVC_API_KEY: 'svc_dev_x',
      });
      expect({ url, stderr: listed.stderr }).toEqual({
        url,
        stderr: expect.stringMatching(/^svc: cannot reach/),
      });
    }
  }, 60_000);
});

describe('svc login: the key off the command line', () => {
  it('when the key comes on stdin (--api-key-stdin), then it is checked and stored, and --help says argv is visible to other users', async () => {
    const login = await run(
      ['login', '--base-url', platform.url, '--api-key-stdin', '--json'],
      {},
      'svc_dev_from_stdin\n',
    );
    expect({ code: login.code, stderr: login.stderr }).toEqual({ code: 0, stderr: '' });
    expect(bearers().at(-1)).toBe('Bearer svc_dev_from_stdin');
    expect(JSON.parse(readFileSync(path.join(home, 'svc/config.json'), 'utf8'))).toEqual({
      baseUrl: platform.url,
      apiKey: 'svc_dev_from_stdin',
    });
    const empty = await run(['login', '--base-url', platform.url, '--api-key-stdin'], {}, '\n');
    expect({ code: empty.code, stderr: empty.stderr }).toEqual({
      code: 1,
      stderr: 'svc: --api-key-stdin: stdin held no key\n',
    });
    const help = await run(['login', '--help']);
    expect(help.stdout).toMatch(/--api-key-stdin/);
    expect(help.stdout).toMatch(/visible to other users/);
    const listenHelp = await run(['listen', '--help']);
    expect(listenHelp.stdout).toMatch(/visible to other users/);
  }, 60_000);

  it('when the key is typed at the prompt in a terminal, then it is not echoed', async () => {
    // `script` gives svc a real pseudo-terminal, as a developer's shell would.
    const command = `${process.execPath} ${SVC} login --base-url ${platform.url}`;
    const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        XDG_CONFIG_HOME: home,
        SVC_BASE_URL: '',
        SVC_API_KEY: '',
      },
    });
    let transcript = '';
    child.stdout.on('data', (c) => (transcript += c));
    const done = new Promise((resolve) => child.once('close', resolve));
    await waitUntil(
      () => transcript.includes('Developer key'),
      20_000,
      `the key prompt (${transcript})`,
    );
    child.stdin.write('svc_dev_typed_secret\r');
    await waitUntil(() => transcript.includes('Logged in'), 20_000, `logged in (${transcript})`);
    child.stdin.end();
    await done;
    expect(bearers().at(-1)).toBe('Bearer svc_dev_typed_secret');
    expect(transcript).not.toContain('svc_dev_typed_secret');
  }, 60_000);
});

describe('svc login: the config file', () => {
  it('when config.json is a symbolic link, then login refuses to write through it and the target is untouched', async () => {
    const target = path.join(home, 'elsewhere.txt');
    writeFileSync(target, 'precious\n');
    mkdirSync(path.join(home, 'svc'));
    symlinkSync(target, path.join(home, 'svc/config.json'));
    const login = await run(['login', '--base-url', platform.url, '--api-key', 'svc_dev_x']);
    expect(login.code).toBe(1);
    expect(login.stderr).toMatch(/^svc: .*config\.json is a symbolic link/);
    expect(readFileSync(target, 'utf8')).toBe('precious\n');
  }, 30_000);

  it('when the directory and file already exist with open modes, then login tightens them to 0700 and 0600', async () => {
    mkdirSync(path.join(home, 'svc'), { mode: 0o755 });
    chmodSync(path.join(home, 'svc'), 0o755);
    writeFileSync(path.join(home, 'svc/config.json'), '{}\n', { mode: 0o644 });
    chmodSync(path.join(home, 'svc/config.json'), 0o644);
    const login = await run(['login', '--base-url', platform.url, '--api-key', 'svc_dev_x']);
    expect(login.code).toBe(0);
    expect(statSync(path.join(home, 'svc')).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(home, 'svc/config.json')).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path.join(home, 'svc/config.json'), 'utf8'))).toEqual({
      baseUrl: platform.url,
      apiKey: 'svc_dev_x',
    });
  }, 30_000);
});
