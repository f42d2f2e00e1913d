// Links into the Axiom web app. The app's host follows the API's: api.axiom.co → app.axiom.co,
// api.eu.axiom.co → app.eu.axiom.co; any other host (a proxy, a test server) is used as it is.
import type { ApiEndpoint } from './api/baseUrl';
import { DEFAULT_RANGE, resolveRangeEnd, type TimeRange } from './run/timeRange';

export function appOrigin(endpoint: ApiEndpoint): string {
  const url = new URL(endpoint.origin);
  if (url.hostname.startsWith('api.')) url.hostname = `app.${url.hostname.slice('api.'.length)}`;
  return url.origin;
}

export function monitorLink(endpoint: ApiEndpoint, orgId: string, monitorId: string): string {
  return `${appOrigin(endpoint)}/${encodeURIComponent(orgId)}/monitors/${encodeURIComponent(monitorId)}`;
}

/**
 * The query page with the query filled in, over the range (the last hour unless given). The web
 * app's `initForm` takes a preset as `queryOptions.quickRange` ("1h", "7d") and a custom range as
 * `queryOptions.startTime`/`endTime` in RFC 3339 (as Axiom's own link scripts write it); a relative
 * end of a custom range is resolved against `now`, since only instants were seen there.
 */
export function queryLink(
  endpoint: ApiEndpoint,
  orgId: string,
  apl: string,
  range: TimeRange = DEFAULT_RANGE,
  now = Date.now(),
  /** For MPL: the metrics dataset it reads, which the form takes beside the query (as Axiom's MPL examples link it). */
  metricsDataset?: string,
): string {
  const queryOptions =
    range.kind === 'preset'
      ? { quickRange: range.preset }
      : {
          startTime: new Date(resolveRangeEnd(range.start, now)).toISOString(),
          endTime: new Date(resolveRangeEnd(range.end, now)).toISOString(),
        };
  const initForm = JSON.stringify({ apl, queryOptions, ...(metricsDataset ? { metricsDataset } : {}) });
  return `${appOrigin(endpoint)}/${encodeURIComponent(orgId)}/query?initForm=${encodeURIComponent(initForm)}`;
}
