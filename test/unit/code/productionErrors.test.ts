import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkApl } from '../../../src/core/apl/checks';
import {
  defaultErrorQuery,
  errorEvents,
  errorSpots,
  MAX_SPOT_FRAMES,
  oneLine,
  spotQuery,
  traceOfRow,
} from '../../../src/core/code/productionErrors';
import { DEMO_SHOP_FAILURES, DEMO_SHOP_PLACES } from '../../support/demoShop';
import { resultOf, tableOfRows } from '../../support/resultTables';

/** A result of one table of string fields, given row by row. */
const table = (fields: string[], rows: unknown[][]) => resultOf(tableOfRows(fields, rows));

/** Every path under /app/src/ is in the workspace (as src/…); nothing else is. */
const inWorkspace = (place: { path: string }) =>
  place.path.startsWith('/app/src/') ? place.path.slice('/app/'.length) : undefined;

describe('the default query', () => {
  it('keeps the errors by the level field the dataset has and counts them by the fields that name places', () => {
    const apl = defaultErrorQuery(
      'app-logs',
      ['_time', 'level', 'message', 'exception.stacktrace', 'code.filepath', 'code.lineno'],
      'message',
    );
    assert.equal(
      apl,
      "['app-logs']\n| where ['level'] =~ \"error\"\n| summarize thrown = count() by ['exception.stacktrace'], ['code.filepath'], ['code.lineno'], ['message']",
    );
    assert.deepEqual(checkApl(apl), []);
    assert.equal(defaultErrorQuery('x', ['msg']), "['x']");
  });
});

describe('errors placed at the top frame in the workspace', () => {
  it('counts each group at its first frame the workspace has, with the exception’s first line', () => {
    const result = table(
      ['exception.stacktrace', 'code.filepath', 'code.lineno', 'message', 'thrown'],
      [
        [DEMO_SHOP_FAILURES.declined, '/app/src/checkout.ts', 16, 'checkout failed', 30],
        [DEMO_SHOP_FAILURES.declined, '/app/src/checkout.ts', 16, 'checkout failed', 12],
        [
          `Error: x\n    at inner (/usr/lib/node_modules/lib.js:1:1)\n    at outer (/app/src/cart.ts:7:11)`,
          null,
          null,
          'boom',
          3,
        ],
        [null, '/app/src/sessions.ts', 4, 'no stack here', 2],
        [null, null, null, 'nothing names a place', 9],
      ],
    );
    const spots = errorSpots(errorEvents(result), inWorkspace);
    assert.deepEqual(
      spots.map((s) => [s.file, s.line, s.count, s.headline]),
      [
        [
          'src/payments.ts',
          DEMO_SHOP_PLACES.paymentDeclined.line,
          42,
          'PaymentDeclined: payment declined: insufficient funds',
        ],
        ['src/cart.ts', 7, 3, 'Error: x'],
        ['src/sessions.ts', 4, 2, 'no stack here'],
      ],
    );
    assert.equal(
      spotQuery("['app-logs']\n| where ['level'] =~ \"error\"\n| summarize thrown = count() by ['message']", spots[0]),
      `['app-logs']\n| where ['level'] =~ "error"\n| where ['exception.stacktrace'] contains "${DEMO_SHOP_PLACES.paymentDeclined.deployedPath}:${DEMO_SHOP_PLACES.paymentDeclined.line}"\n| order by _time desc`,
    );
    assert.equal(
      spotQuery("['app-logs']", spots[2]),
      `['app-logs']\n| where ['code.filepath'] == "/app/src/sessions.ts" and ['code.lineno'] == 4\n| order by _time desc`,
    );
  });

  it('reads Python tracebacks from their end (most recent call last)', () => {
    const stack = [
      'Traceback (most recent call last):',
      '  File "/app/worker/main.py", line 30, in run',
      '  File "/app/worker/jobs.py", line 12, in send_invoice',
      "KeyError: 'email'",
    ].join('\n');
    const spots = errorSpots(errorEvents(table(['stack'], [[stack]])), (p) => p.path.slice(5));
    assert.deepEqual(
      spots.map((s) => [s.file, s.line, s.count, s.headline, s.test]),
      [['worker/jobs.py', 12, 1, "KeyError: 'email'", `['stack'] contains "\\"/app/worker/jobs.py\\", line 12"`]],
    );
  });

  it('keeps the stack of the first event thrown at a spot (each frame once, its own marked; not the logging line) and a trace an event names', () => {
    const stack = [
      'Error: boom',
      '    at node:internal/x (node:internal/x:1:1)',
      '    at lib (/usr/lib/node_modules/lib/index.js:3:9)',
      '    at pay (/app/src/payments.ts:12:7)',
      '    at checkout (/app/src/checkout.ts:30:5)',
    ].join('\n');
    const spots = errorSpots(
      errorEvents(
        table(
          ['_time', 'stack', 'trace_id', 'code.filepath', 'code.lineno'],
          [
            ['2026-01-01T00:00:01Z', stack, null, '/app/src/checkout.ts', 28],
            ['2026-01-01T00:00:02Z', stack, '4bf92f35', '/app/src/checkout.ts', 28],
          ],
        ),
      ),
      inWorkspace,
    );
    assert.equal(spots.length, 1);
    const [spot] = spots;
    assert.deepEqual(
      spot.frames.map((f) => `${f.path}:${f.line}`),
      ['/usr/lib/node_modules/lib/index.js:3', '/app/src/payments.ts:12', '/app/src/checkout.ts:30'],
    );
    assert.equal(spot.thrownAt, 1, 'the top frame in the workspace is the spot’s');
    assert.deepEqual(spot.trace, { traceId: '4bf92f35', seenAt: '2026-01-01T00:00:02Z' });
    assert.equal(spot.count, 2);
  });

  it('keeps at most MAX_SPOT_FRAMES frames of a deep stack, and marks none when the spot is further down; a row without a stack shows its code attributes’ place', () => {
    const frames = Array.from({ length: MAX_SPOT_FRAMES + 3 }, (_, i) => `    at f${i} (/lib/x${i}.ts:${i + 1}:1)`);
    const stack = ['Error: deep', ...frames, '    at main (/app/src/main.ts:9:1)'].join('\n');
    const [spot] = errorSpots(errorEvents(table(['stack'], [[stack]])), inWorkspace);
    assert.equal(spot.frames.length, MAX_SPOT_FRAMES);
    assert.equal(spot.thrownAt, undefined);
    assert.equal(spot.line, 9);
    const [logged] = errorSpots(
      errorEvents(table(['message', 'code.filepath', 'code.lineno'], [['boom', '/app/src/a.ts', 4]])),
      inWorkspace,
    );
    assert.deepEqual([logged.frames, logged.thrownAt], [[{ path: '/app/src/a.ts', line: 4 }], 0]);
  });

  it('reads a trace from a row only when its id is one line of text, with the row’s time when it is one', () => {
    assert.deepEqual(traceOfRow({ trace_id: ' abc ', _time: 'yesterday' }), { traceId: 'abc' });
    assert.deepEqual(traceOfRow({ traceId: 'abc', timestamp: '2026-01-01T00:00:00Z' }), {
      traceId: 'abc',
      seenAt: '2026-01-01T00:00:00Z',
    });
    for (const row of [{}, { trace_id: '' }, { trace_id: 'a\nb' }, { trace_id: 7 }, { trace_id: 'x'.repeat(1000) }])
      assert.equal(traceOfRow(row), undefined, JSON.stringify(row));
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('trace_id', 'traceId', '_time', 'time', 'x'), fc.anything()), (row) => {
        const trace = traceOfRow(row);
        if (!trace) return;
        // eslint-disable-next-line no-control-regex -- control characters are what no trace id holds
        assert.ok(trace.traceId.length > 0 && !/[\u0000-\u001f]/.test(trace.traceId));
        assert.ok(trace.seenAt === undefined || Number.isFinite(Date.parse(trace.seenAt)));
      }),
    );
  });

  it('keeps text from logs on one line, whatever it holds, and its queries parse', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ maxLength: 30 }), (text, path) => {
        const line = oneLine(text);
        assert.ok(line.length <= 200 && !/[\n\r\u2028\u2029]/.test(line));
        const stack = `${text}\n    at f (/app/src/${path.replace(/[\s:"'()<>[\]{},;|*?\\]/g, '')}x.ts:3:4)`;
        for (const spot of errorSpots(errorEvents(table(['stack'], [[stack]])), (p) => p.path)) {
          const apl = spotQuery("['logs']", spot);
          assert.deepEqual(
            checkApl(apl).filter((p) => p.severity === 'error'),
            [],
            apl,
          );
        }
      }),
    );
  });
});
