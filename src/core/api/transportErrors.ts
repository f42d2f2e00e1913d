// Socket, DNS and TLS failures in words, shared by the client and Test Connection.
import { phrase, type Phrase } from '../phrase';

export function errorCode(e: unknown): string | undefined {
  // undici wraps the socket's error: the system code sits on the cause.
  for (let cur: unknown = e, depth = 0; cur && depth < 4; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && !code.startsWith('UND_ERR_')) return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  const code = (e as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

const CERTIFICATE_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

export function isCertificateError(code: string | undefined): boolean {
  return code !== undefined && CERTIFICATE_CODES.has(code);
}

export function timeoutMessage(host: string, timeoutMs: number): Phrase {
  return phrase('No answer from {0} within {1} s.', host, Math.round(timeoutMs / 1000));
}

export function networkMessage(code: string | undefined, host: string): Phrase {
  if (isCertificateError(code)) {
    return phrase(
      'The certificate of {0} is not trusted ({1}). If your network uses its own certificate authority, add it to the operating system’s store (VS Code trusts that store with http.systemCertificates) or point NODE_EXTRA_CA_CERTS at it, or turn http.proxyStrictSSL off to accept any certificate.',
      host,
      code ?? '',
    );
  }
  switch (code) {
    case 'ECONNREFUSED':
      return phrase('Could not connect to {0}: the connection was refused.', host);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return phrase('Could not find {0}: the name does not resolve. Check the URL and your network.', host);
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return phrase('The connection to {0} was closed before the answer arrived.', host);
    default:
      return code ? phrase('Could not reach {0} ({1}).', host, code) : phrase('Could not reach {0}.', host);
  }
}
