import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TestTls {
  /** PEM of the throwaway CA: what deliveries must trust to reach the receiver. */
  ca: string;
  caPath: string;
  /** Key and certificate of `localhost` (and 127.0.0.1, ::1), signed by the CA. */
  key: string;
  cert: string;
}

let cached: TestTls | undefined;

/** A throwaway CA and a localhost server certificate, made with openssl once per test file. */
export function createTestTls(): TestTls {
  if (cached) return cached;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-test-tls-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=svc webhook test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  openssl('req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost');
  writeFileSync(
    file('server.ext'),
    [
      'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
      'basicConstraints=CA:FALSE',
      'keyUsage=critical,digitalSignature',
      'extendedKeyUsage=serverAuth',
    ].join('\n'),
  );
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '2',
    '-extfile',
    'server.ext',
  );
  cached = {
    ca: readFileSync(file('ca.pem'), 'utf8'),
    caPath: file('ca.pem'),
    key: readFileSync(file('server.key'), 'utf8'),
    cert: readFileSync(file('server.pem'), 'utf8'),
  };
  return cached;
}
