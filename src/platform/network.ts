// How the extension's requests reach the network inside VS Code: one choice, made here.
//
// VS Code patches Node's http and https modules in the extension host (@vscode/proxy-agent): each
// request takes the proxy VS Code resolves for its address (`http.proxySupport`, `http.proxy`,
// `http.noProxy`, HTTPS_PROXY, and the operating system's proxy settings or PAC file, with proxy
// authentication) and trusts what VS Code adds to Node's roots and NODE_EXTRA_CA_CERTS
// (`http.systemCertificates`: the operating system's store). Sending through those modules is how
// the extension works wherever VS Code's own requests work, with no setting of its own. The
// bundled undici, which VS Code does not patch, stays for plain Node (the unit tests).
import type { Transport } from '../core/api/transport';
import type { Bundle } from './lazy';
import type { NetworkSettings } from './settings';

export function vscodeTransport(api: Bundle<'client'>, { strictSSL }: Pick<NetworkSettings, 'strictSSL'>): Transport {
  return api.nodeTransport({ strictSSL });
}

/** For the log, once per transport made. */
export function describeTransport({ strictSSL, proxyOff }: Pick<NetworkSettings, 'strictSSL' | 'proxyOff'>): string {
  const proxy = proxyOff
    ? 'directly (http.proxySupport is off)'
    : 'through the proxy VS Code resolves for each address';
  return `requests go ${proxy}, with VS Code's certificates${strictSSL ? '' : ', without checking them (http.proxyStrictSSL is off)'}`;
}
