// What the extension loads on first use rather than at activation, bundled apart as dist/heavy.js
// (see esbuild.mjs): the API client with undici and zod, and Test Connection with Node's net,
// tls and dns, and the TOML reader of the Axiom CLI's config. Loading these costs tens of
// milliseconds that nobody should pay at start-up.
export { AxiomClient, createDispatcher } from './api/client';
export { checkConnection } from './accounts/connectionCheck';
export { readCliConfig } from './accounts/cliConfig';
