// The "client" bundle (src/platform/lazy.ts, a library), loaded on the first request rather than at
// activation: the API client with zod and its transport over Node's http and https (which VS Code
// patches with its proxies and certificates, see src/platform/network.ts), and Test Connection with
// Node's net, tls and dns, and the TOML reader of the Axiom CLI's config. Loading these costs tens
// of milliseconds that nobody should pay at start-up. Here, beside the accounts' network code it
// holds, above the client: core/api imports nothing from the accounts.
export { AxiomClient } from '../api/client';
export { nodeTransport } from '../api/nodeTransport';
export { checkConnection } from './connectionCheck';
export { readCliConfig } from './cliConfig';
export { readCliJsonConfig } from './cliJsonConfig';
// Signing in with the browser: the OAuth flow, its loopback listener (node:http), and refreshing.
export {
  authorizeUrl,
  discover,
  exchangeCode,
  makePkce,
  makeState,
  refreshTokens,
  registerClient,
  revokeToken,
} from './oauth';
export { listenForCallback } from './oauthCallback';
export { RefreshingToken } from './tokenRefresh';
