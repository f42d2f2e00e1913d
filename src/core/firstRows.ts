// How many rows of a large result are shown first, before the rest is read or sent: the API client
// hands a query answer's first rows over early (api/client.ts's runApl), the results panel and the
// notebook send them in their first message (run/resultsDelivery.ts). Here, below both, so that
// the client asks nothing of the results panel.

/** Rows in the first message: more than any screen shows (50 rows at the smallest font). */
export const FIRST_ROWS = 200;
