// Links into the Axiom web app. The app's host follows the API's: api.axiom.co → app.axiom.co,
// api.eu.axiom.co → app.eu.axiom.co; any other host (a proxy, a test server) is used as it is.
import type { ApiEndpoint } from './api/baseUrl';

export function appOrigin(endpoint: ApiEndpoint): string {
  const url = new URL(endpoint.origin);
  if (url.hostname.startsWith('api.')) url.hostname = `app.${url.hostname.slice('api.'.length)}`;
  return url.origin;
}

export function monitorLink(endpoint: ApiEndpoint, orgId: string, monitorId: string): string {
  return `${appOrigin(endpoint)}/${encodeURIComponent(orgId)}/monitors/${encodeURIComponent(monitorId)}`;
}

export function queryLink(endpoint: ApiEndpoint, orgId: string, apl: string): string {
  const initForm = JSON.stringify({ apl, queryOptions: { quickRange: '1h' } });
  return `${appOrigin(endpoint)}/${encodeURIComponent(orgId)}/query?initForm=${encodeURIComponent(initForm)}`;
}
