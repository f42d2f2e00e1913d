// Socket, DNS and TLS failures in words, shared by the client and Test Connection.

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

export function timeoutMessage(host: string, timeoutMs: number): string {
  return `No answer from ${host} within ${Math.round(timeoutMs / 1000)} s.`;
}

export function networkMessage(code: string | undefined, host: string): string {
  if (isCertificateError(code)) {
    return `The certificate of ${host} is not trusted (${code}). If your network uses its own certificate authority, point NODE_EXTRA_CA_CERTS at it, or turn http.proxyStrictSSL off to accept any certificate.`;
  }
  switch (code) {
    case 'ECONNREFUSED':
      return `Could not connect to ${host}: the connection was refused.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Could not find ${host}: the name does not resolve. Check the URL and your network.`;
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return `The connection to ${host} was closed before the answer arrived.`;
    default:
      return `Could not reach ${host}${code ? ` (${code})` : ''}.`;
  }
}
