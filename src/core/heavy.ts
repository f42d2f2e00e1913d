// What the extension loads on first use rather than at activation, bundled apart as dist/heavy.js
// (see esbuild.mjs): the API client with undici and zod, and Test Connection with Node's net,
// tls and dns, and the TOML reader of the Axiom CLI's config. Loading these costs tens of
// milliseconds that nobody should pay at start-up.
export { AxiomClient, createDispatcher } from './api/client';
// Running APL: AxiomClient.runApl. The rest of it (run/queryText, timeRange, limits, export, and
// the tabular reader's types) is plain and light, imported by the VS Code side directly.
export type { AplRange, TabularResult } from './api/client';
export { checkConnection } from './accounts/connectionCheck';
export { readCliConfig } from './accounts/cliConfig';
export { readCliJsonConfig } from './accounts/cliJsonConfig';
// Signing in with the browser: the OAuth flow, its loopback listener (node:http), and refreshing.
export { authorizeUrl, discover, exchangeCode, makePkce, makeState, refreshTokens, registerClient, revokeToken } from './accounts/oauth';
export { listenForCallback } from './accounts/oauthCallback';
export { RefreshingToken } from './accounts/tokenRefresh';
