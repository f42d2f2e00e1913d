// Log activity's lenses (bench.ts, part "code-activity"): a 2,000-line TypeScript file with 200
// log statements, from the file shown to the lenses' words: the lens provider's work (the
// statements scanned, the file's one query made, sent to the fake service and its answer read,
// each statement's words) beside one query's round trip plus the parse of its answer (the same
// query and answer through the same client; and beside the bare floor, undici and JSON.parse with
// no client), alternated in the same run. The fake answers after QUERY_LATENCY_MS, as a
// service over a network does; the provider's own work (no request) is a row of its own, beside
// the JSON.parse of the answer alone. Target: ≤ 1.2× the round trip and parse.
import { Agent, request } from 'undici';
import type { AxiomClient } from '../../src/core/api/client';
import { readTabular } from '../../src/core/api/tabular';
import { activityWords, fileActivityQuery, patternKey, readFileActivity } from '../../src/core/code/logActivityQuery';
import { findLogStatements } from '../../src/core/code/logStatements';
import { render } from '../../src/core/phrase';
import { FAKE_API_TOKEN, FakeAxiom, type AplAnswer } from '../support/fakeAxiom';
import type { BenchRow, BenchTiming } from './benchTiming';
import { QUERY_LATENCY_MS } from './dryRunSpeed';

export interface CodeActivityTools extends BenchTiming {
  clientFor: (url: string) => Pick<AxiomClient, 'runApl'>;
}

const LINES = 2000;
const STATEMENTS = 200;
const SOURCE = { dataset: 'app-logs', messageField: 'message' };
const RANGE = { startTime: 'now-24h', endTime: 'now' };

/** A TypeScript file of LINES lines, one in ten a log statement of its own message. */
export function loggingFile(): string {
  const lines: string[] = [];
  for (let i = 0; i < LINES; i++) {
    const n = Math.floor(i / 10);
    if (i % 10 === 5 && n < STATEMENTS)
      lines.push(
        n % 3 === 0
          ? `    logger.info(\`order \${order.id} step ${n} done in \${ms} ms\`, { order });`
          : n % 3 === 1
            ? `    console.warn('retry %d of job ${n} after %s', attempt, reason);`
            : `    log.error("payment ${n} failed: {reason}", { reason });`,
      );
    else
      lines.push(
        i % 10 === 0
          ? `export function step${n}(order: Order, ms: number): void {`
          : `  const v${i} = compute(${i}, order.id);`,
      );
  }
  return lines.join('\n');
}

/** The service's answer to the file's query: every statement logged, with a count and a last time. */
function answerFor(statements: number): AplAnswer {
  const now = Date.now();
  return {
    body: {
      format: 'tabular',
      status: {
        elapsedTime: 1800,
        rowsExamined: 1_000_000,
        rowsMatched: 50_000,
        isPartial: false,
        minCursor: '',
        maxCursor: '',
      },
      tables: [
        {
          name: '0',
          sources: [{ name: SOURCE.dataset }],
          fields: [
            { name: 'axiom_statement', type: 'integer' },
            { name: 'logged', type: 'integer', agg: { name: 'count' } },
            { name: 'last_logged', type: 'datetime', agg: { name: 'max', fields: ['_time'] } },
          ],
          columns: [
            Array.from({ length: statements }, (_, i) => i),
            Array.from({ length: statements }, (_, i) => 10 + i * 37),
            Array.from({ length: statements }, (_, i) => new Date(now - i * 60_000).toISOString()),
          ],
        },
      ],
      datasetNames: [SOURCE.dataset],
    },
  };
}

export async function codeActivityRows(tools: CodeActivityTools): Promise<BenchRow[]> {
  const { paired, ms, ratioAndSpread, target, quick } = tools;
  const text = loggingFile();
  const fake = new FakeAxiom();
  await fake.start();
  const dispatcher = new Agent({ keepAliveTimeout: 30_000 });
  try {
    const counted = findLogStatements(text, 'javascript');
    if (counted.length !== STATEMENTS)
      throw new Error(`the file holds ${counted.length} statements, not ${STATEMENTS}`);
    fake.rateLimit = { limit: 1_000_000, windowMs: 60_000 };
    fake.aplAnswer = () => answerFor(STATEMENTS);
    fake.fail('POST /v1/datasets/_apl', { delayMs: QUERY_LATENCY_MS });
    const client = tools.clientFor(fake.url);
    const apl = fileActivityQuery(SOURCE, counted).apl;
    const body = JSON.stringify(answerFor(STATEMENTS).body);
    let titles = 0;
    /** The provider's work with its request, or without (the answer given): the lens words made. */
    const lenses = async (answer?: () => Parameters<typeof readFileActivity>[0]) => {
      const started = performance.now();
      const statements = findLogStatements(text, 'javascript');
      const query = fileActivityQuery(SOURCE, statements);
      const result = answer ? answer() : await client.runApl(query.apl, RANGE);
      const activity = readFileActivity(result, query.keys);
      const now = Date.now();
      titles = statements.map((s) => render(activityWords(activity.get(patternKey(s.pattern)), '24 h', now))).length;
      return performance.now() - started;
    };
    const roundTrip = async () => {
      const started = performance.now();
      const response = await request(`${fake.url}/v1/datasets/_apl?format=tabular`, {
        method: 'POST',
        headers: { authorization: `Bearer ${FAKE_API_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ apl, ...RANGE }),
        dispatcher,
      });
      JSON.parse(await response.body.text());
      return performance.now() - started;
    };
    /** The same query through the same client: its round trip and the parse of its answer. */
    const clientTrip = async () => {
      const started = performance.now();
      await client.runApl(apl, RANGE);
      return performance.now() - started;
    };
    const runs = quick ? 5 : 21;
    const [ours, base, pairs] = await paired(runs, 2, () => lenses(), clientTrip);
    const [, floor, floorPairs] = await paired(runs, 2, () => lenses(), roundTrip);
    const [own, parse, ownPairs] = await paired(
      runs,
      2,
      () => lenses(() => readTabular(JSON.parse(body))),
      () => {
        const started = performance.now();
        JSON.parse(body);
        return Promise.resolve(performance.now() - started);
      },
    );
    if (titles !== STATEMENTS) throw new Error(`${titles} lens words made`);
    return [
      {
        what: `log activity lenses: ${LINES.toLocaleString('en-US')}-line file, ${STATEMENTS} log statements, shown → lenses' words (${QUERY_LATENCY_MS} ms latency)`,
        ours: ms(ours),
        baseline: `${ms(base)} (the query's round trip through the same client, its answer parsed)`,
        ratio: ratioAndSpread(ours, base, pairs),
        target: target('≤ 1.2×', ours / base <= 1.2),
      },
      {
        what: 'log activity lenses, beside the bare floor: the same request over undici and JSON.parse, no client',
        ours: ms(ours),
        baseline: ms(floor),
        ratio: ratioAndSpread(ours, floor, floorPairs),
      },
      {
        what: 'log activity lenses: the provider’s own work (scan, query, answer read, words; no request)',
        ours: ms(own),
        baseline: `${ms(parse)} (JSON.parse of the answer)`,
        ratio: ratioAndSpread(own, parse, ownPairs),
      },
    ];
  } finally {
    await dispatcher.close();
    await fake.stop();
  }
}
