// Valid APL on which the checks must report nothing: a corpus written for this project that uses
// every tabular operator and the syntax APL adds to Kusto's, and the queries the project's own
// tests and fixtures use. (Axiom's documentation has 1,070 more, checked when a local copy is made:
// test/support/extractDocsQueries.mjs.)
import fs from 'node:fs';
import path from 'node:path';
import { REALISTIC_MONITORS } from './fixtures';
import { manyMonitors } from './manyMonitors';

export const VALID_QUERIES: readonly string[] = [
  // Heads: a quoted dataset, a bare one, let statements, set, print, union, search.
  "['http-logs']",
  '["otel.traces"] | take 5',
  'sample_logs | count',
  "let threshold = 500;\n['http-logs']\n| where status >= threshold",
  "let errors = ['http-logs'] | where status >= 500;\nerrors\n| summarize count() by method",
  "let window = 1h;\nlet since = ago(window);\n['http-logs'] | where _time > since | take 10",
  "let twice = (x:long) { x * 2 };\n['http-logs']\n| extend doubled = twice(status)",
  "set stricttypes;\n['http-logs'] | where status == 200",
  'print x = 1, y = strcat("a", "b"), z = now()',
  "union ['archive-2023'], ['archive-2024']\n| summarize count() by bin(_time, 1d)",
  "search 'timeout'",
  "// a comment first\n\n['http-logs'] // after the dataset\n| where status >= 500 // errors only\n// a comment between pipes\n| take 10",
  // Every tabular operator.
  "['http-logs'] | count",
  "['http-logs'] | distinct method, ['geo.country']",
  "['http-logs'] | extend duration_s = req_duration_ms / 1000, is_error = status >= 500",
  "['http-logs'] | extend-valid country = tostring(['geo.country'])",
  'externaldata (id:string, name:string) ["https://example.com/users.csv"] with (format="csv")',
  "['http-logs'] | getschema",
  "['http-logs']\n| join kind=inner (['users'] | project id, name) on $left.user_id == $right.id",
  "['http-logs']\n| join kind=leftouter (\n    ['users']\n    | where active == true\n  ) on user_id",
  "['http-logs'] | limit 20",
  "['http-logs'] | lookup kind=leftouter ['countries'] on country_code",
  "['http-logs']\n| make-series avg(req_duration_ms) default=0 on _time from ago(1d) to now() step 1h by method",
  "['http-logs'] | make-series count() on _time in range(ago(7d), now(), 1d)",
  "['otel-demo-traces'] | mv-expand events",
  "['otel-demo-traces'] | mv-expand kind=array with_itemindex=i events to typeof(dynamic) limit 100",
  "['http-logs'] | order by _time desc, status asc nulls last",
  "['http-logs'] | parse uri with '/api/' version:string '/' rest",
  "['http-logs'] | parse kind=regex msg with @'id=(\\d+)' id:long",
  "['logs'] | parse-kv msg as (level:string, latency:long) with (pair_delimiter=',', kv_delimiter='=')",
  "['logs'] | parse-kv msg as (a, b) with (pair_delimiter=' ', kv_delimiter=':', quote='\"')",
  "['http-logs'] | parse-where uri with '/users/' user_id:long",
  "['http-logs'] | project-away ['geo.city'], ['geo.country'], req_duration_ms",
  "['http-logs'] | project-keep _time, method, ['geo.*']",
  "['http-logs'] | project-rename duration = req_duration_ms, country = ['geo.country']",
  "['http-logs'] | project-reorder status, method granny-asc, * desc",
  "['http-logs'] | project _time, method, ms = req_duration_ms, ['user agent']",
  "['http-logs'] | redact replaceToken='#' @'\\d{4}-\\d{4}' on uri",
  "['http-logs'] | sample 100",
  "['http-logs'] | search 'error' and method == 'POST'",
  "['http-logs'] | sort by req_duration_ms desc",
  "['http-logs']\n| summarize requests = count(), p95 = percentile(req_duration_ms, 95), users = dcount(id) by bin_auto(_time), ['geo.country']",
  "['http-logs'] | take 10",
  "['http-logs'] | top 5 by req_duration_ms desc",
  "['http-logs'] | union ['archive-2024'], (['archive-2023'] | where status >= 500)",
  "['http-logs'] | union withsource=source ['a'], ['b']",
  "['http-logs'] | where status == 404 or status == 500",
  // Expressions: operators APL adds or spells its own way.
  "['http-logs'] | where uri matches regex @'^/api/v\\d+/' and uri !matches regex '\\.css$'",
  "['http-logs'] | where method in ('GET', 'HEAD') and method !in ('DELETE') and method in~ ('get') and method !in~ ('put')",
  "['http-logs'] | where uri has 'api' and uri !has 'x' and uri has_cs 'API' and uri !has_cs 'Z'",
  "['http-logs'] | where uri contains 'v1' and uri !contains 'v0' and uri contains_cs 'V1' and uri !contains_cs 'v2'",
  "['http-logs'] | where uri startswith '/api' and uri !startswith '/x' and uri endswith '.json' and uri !endswith_cs '.JS'",
  "['http-logs'] | where uri hasprefix 'api' and uri hassuffix 'json' and uri !hasprefix_cs 'X' and uri !hassuffix_cs 'Y'",
  "['http-logs'] | where uri has_any ('login', 'logout') and uri has_any_cs ('API')",
  "['http-logs'] | where req_duration_ms between (100 .. 500) and status !between (200 .. 299)",
  "['http-logs'] | where method =~ 'get' and method !~ 'post' and status <> 204 and not(isnull(uri))",
  "['http-logs'] | where _time > datetime(2024-01-01) and _time <= datetime(2024-12-31 23:59:59.9) and _time < now(-5m)",
  "['http-logs'] | extend span = 1.5h + 30s + 100ms + timespan(2d), hex = 0xFF, big = 1e6, neg = -3 % 2",
  "['http-logs'] | extend tags = dynamic(['a', 'b']), bag = dynamic({\"k\": [1, 2.5, true, null]}), nothing = dynamic(null)",
  "['http-logs'] | extend b = bool(null), l = long(null), r = real(null), t = time(null), d = datetime(null)",
  "['otel-demo-traces'] | where ['attributes.custom']['http.protocol'] == 'HTTP/1.1' and ['resource'].service.name == 'cart'",
  '[\'http-logs\'] | where [\'it\\\'s a field\'] == "say \\"hi\\"" and ["user agent"] != @"C:\\temp"',
  "['http-logs'] | extend host = tostring(parse_url(uri).host), first = split(uri, '/')[1]",
  "['http-logs']\n| extend level = case(status >= 500, 'error', status >= 400, 'warning', 'ok'), ok = iff(status < 400, true, false)",
  "['http-logs'] | summarize arg_max(_time, *), make_list_if(uri, status == 404), countif(status >= 500), topk(uri, 10) by method",
  "['http-logs'] | extend g = geo_info_from_ip_address(client_ip).country, private = ipv4_is_private(client_ip)",
  "['http-logs'] | summarize spotlight(status >= 500, method, ['geo.country'])",
  "['http-logs'] | extend part = substring(uri, 0, 10), n = strlen(uri), c = coalesce(method, 'none'), s = strcat_delim('-', method, status)",
  "['otel-demo-traces']\n| make-series avg(duration) on _time step 1m\n| extend smooth = series_fir(avg_duration, dynamic([1, 1, 1]))",
  "['ai-logs'] | extend cost = genai_cost(model, input_tokens, output_tokens), turns = genai_conversation_turns(messages)",
  "['http-logs'] | extend h = hash_sha256(uri), e = url_encode(uri), j = parse_json('{\"a\": 1}').a",
  "['http-logs'] | extend t = totitle(method), r = replace_regex(@'(\\d+)', @'<\\1>', uri), x = extract('id=([0-9]+)', 1, uri)",
  "['http-logs'] | where isnotempty(uri) and isnotnull(status) and not(isempty(method))",
  "['http-logs']\n| summarize count() by bin(_time, 5m)\n| sort by _time asc\n| limit 100",
  "['http-logs'] | project-away ['geo.city'] | mv-expand tags | parse-kv msg as (a) with (pair_delimiter=';', kv_delimiter='=')",
  "['http-logs'] |\n  where status >= 500 |\n  take 5",
  "['http-logs'] | where uri == 'a | b' and msg == \"// not a comment\"",
  "['http-logs'] | extend k = pack('a', 1, 'b', 2), keys = bag_keys(k), has = bag_has_key(k, 'a')",
  "['http-logs'] | extend ok = column_ifexists('maybe', 0) > 0, at = ingestion_time(), f = ensure_field('x', typeof(string))",
];

/** The queries the project's tests and fixtures use as APL (copied where they are not exported). */
export const PROJECT_QUERIES: readonly string[] = [
  ...[...REALISTIC_MONITORS, ...manyMonitors(20)]
    .map((m) => (m as { aplQuery?: unknown }).aplQuery)
    .filter((q): q is string => typeof q === 'string'),
  "['http-logs']\n| where status >= 500\n| summarize count() by bin_auto(_time)",
  "['x'] | count",
  "['x'] | take 1",
  "['logs'] | take 1",
  "['http-logs'] | where status >= 500",
  "['http-logs'] | where duration > 2s",
  "['auth'] | where outcome == 'failure'",
  "['logs']\n| where x > 1",
  "['logs'] | project-away x | join (['b']) on $left.id == $right.id",
];

/** The queries of Axiom's documentation when a local copy was made (test/support/extractDocsQueries.mjs;
 *  read from the working folder, the project's, as tests and the bench run), else none: they come from another repository, so they are not committed. */
export function docsQueries(): string[] {
  const file = path.resolve('.vscode-test/apl-docs-queries.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { queries: string[] }).queries : [];
}
