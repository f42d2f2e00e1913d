// A file of mixed APL for the grammar's bench row (issue 51): strings with and without escapes,
// comments on their own lines and after code, nested `let`s (a function whose body has `let`s of
// its own), long `case` and `iff` chains over many lines, and `matches regex`. Deterministic: the
// same lines on every run (a small linear congruential generator picks the values), so the ratio
// to the Kusto grammar compares the same work from run to run.

const DATASETS = ['http-logs', 'otel-demo-traces', 'sample-http-logs', 'checkout_events', 'k8s.audit'];
const FIELDS = ['status', 'method', 'uri', 'duration', 'geo.country', 'user_agent', 'service.name', 'req_id'];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];
const PATTERNS = ['^/api/v[0-9]+/', '(?i)timeout|refused', '\\\\d{3}-\\\\d{4}', '^[a-f0-9]{32}$', 'user=(\\\\w+)'];

/** The mixed file, at least `lineCount` lines, cut at the end of a query. */
export function mixedAplFile(lineCount: number): string {
  let seed = 51;
  const pick = <T>(list: readonly T[]): T => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return list[seed % list.length];
  };
  const number = (most: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % most;
  };
  const lines: string[] = [];
  for (let block = 0; lines.length < lineCount; block++) {
    const dataset = pick(DATASETS);
    const field = pick(FIELDS);
    const threshold = 100 + number(400);
    lines.push(
      `// Block ${block}: ${pick(METHODS)} requests of ${dataset}, with "quotes" and 'apostrophes' in a comment`,
    );
    lines.push(`let threshold_${block} = ${threshold}; // the service's limit`);
    lines.push(`let window_${block} = ${1 + number(23)}h;`);
    // A function with nested lets, a case chain and an iff chain inside.
    lines.push(`let classify_${block} = (code:long, path:string) {`);
    lines.push(`    let slow = code >= threshold_${block};`);
    lines.push(`    let area = case(`);
    for (let arm = 0; arm < 6 + number(5); arm++) {
      lines.push(`        path startswith "/api/${pick(METHODS).toLowerCase()}/${arm}", "area-${arm}",`);
    }
    lines.push(`        path matches regex "${pick(PATTERNS)}", 'matched \\'${block}\\'',`);
    lines.push(`        "other");`);
    lines.push(
      `    iff(slow, strcat(area, "-slow"), iff(code < 300, strcat(area, "-ok"), iff(code < 500, "client\\terror", "server\\"error\\"")))`,
    );
    lines.push('};');
    lines.push(`let recent_${block} = ['${dataset}']`);
    lines.push(`    | where _time > ago(window_${block}) // only the last window`);
    lines.push(`    | where ${field} !matches regex @"${pick(PATTERNS)}" and method in ("GET", "POST")`);
    lines.push(
      `    | extend bucket = iff(duration > ${number(900)}ms, 'slow', iff(duration > 100ms, 'fine', 'fast'));`,
    );
    lines.push(`['${dataset}']`);
    lines.push(`| where isnotnull(${field}) and uri has_any ("login", "logout", "checkout\\\\cart")`);
    lines.push(`| extend kind = classify_${block}(toint(status), tostring(uri)), ['geo.city'] = tostring(geo.city)`);
    lines.push('| extend level = case(');
    for (let arm = 0; arm < 8 + number(8); arm++) {
      lines.push(
        `    status >= ${(8 - (arm % 8)) * 50 + number(49)} and message contains "${pick(FIELDS)}", "level-${arm}",`,
      );
    }
    lines.push('    "none")');
    lines.push(`| where message matches regex "${pick(PATTERNS)}" or user_agent !contains 'bot'`);
    lines.push(
      `| summarize count(), avg(duration), percentiles_array(duration, 50, 95, 99) by bin(_time, ${1 + number(59)}m), kind, level`,
    );
    lines.push(`| order by count_ desc // busiest first`);
    lines.push(`| take ${10 + number(90)}`);
    lines.push('');
  }
  return lines.join('\n');
}
