// A certificate authority and a server certificate for 127.0.0.1/localhost, made by openssl for
// one test run, so that TLS is tested with certificates no machine trusts by default.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TestCerts {
  dir: string;
  /** PEM file of the test CA: what NODE_EXTRA_CA_CERTS points at to trust the server. */
  caFile: string;
  key: string;
  cert: string;
}

export function makeTestCerts(): TestCerts {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-certs-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Axiom APL test CA',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=localhost',
    '-keyout',
    'server.key',
    '-out',
    'server.csr',
  );
  fs.writeFileSync(file('ext.cnf'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\n');
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
    '-days',
    '2',
    '-extfile',
    'ext.cnf',
    '-out',
    'server.pem',
  );
  return {
    dir,
    caFile: file('ca.pem'),
    key: fs.readFileSync(file('server.key'), 'utf8'),
    cert: fs.readFileSync(file('server.pem'), 'utf8'),
  };
}
