// Where the trust in a server's certificate came from, for Test Connection: Node's built-in list
// of authorities, the file NODE_EXTRA_CA_CERTS names, or else the certificates VS Code adds (the
// operating system's store, `http.systemCertificates`).
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import tls from 'node:tls';
import { phrase, type Phrase } from '../phrase';
import type { CertificateInfo } from './transport';

export type TrustSource = 'builtIn' | 'extra' | 'system';

export const TRUST_SOURCE_NAMES: Record<TrustSource, Phrase> = {
  builtIn: phrase('Node’s built-in list of authorities'),
  extra: phrase('NODE_EXTRA_CA_CERTS'),
  system: phrase('the operating system’s store, through VS Code'),
};

/** For a chain the transport trusted: the first of its certificates, from the root down, that a
 *  source holds. One that neither Node's list nor NODE_EXTRA_CA_CERTS holds was trusted by what
 *  VS Code added. */
export function trustSource(
  chain: readonly CertificateInfo[],
  extraFile: string | undefined = process.env.NODE_EXTRA_CA_CERTS,
): TrustSource {
  const builtIn = fingerprints(tls.rootCertificates);
  const extra = fingerprints(extraCertificates(extraFile));
  for (const cert of [...chain].reverse()) {
    if (builtIn.has(cert.fingerprint256)) return 'builtIn';
    if (extra.has(cert.fingerprint256)) return 'extra';
  }
  return 'system';
}

/** What Node read from NODE_EXTRA_CA_CERTS at start-up, where it says (Node 22.15 and later);
 *  before that, the file as it is now (which may have changed since: see the closing words of
 *  test/integration/systemCertificates.test.ts). */
function extraCertificates(file: string | undefined): readonly string[] {
  const loaded = (tls as { getCACertificates?: (which: 'extra') => string[] }).getCACertificates;
  return file && loaded ? loaded('extra') : readPems(file);
}

function readPems(file: string | undefined): string[] {
  if (!file) return [];
  try {
    return fs.readFileSync(file, 'utf8').match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  } catch {
    return [];
  }
}

function fingerprints(pems: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const pem of pems) {
    try {
      found.add(new X509Certificate(pem).fingerprint256);
    } catch {
      // not a certificate Node can read: it trusts nothing either
    }
  }
  return found;
}
