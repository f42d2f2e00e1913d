import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkApl } from '../../../src/core/apl/checks';
import {
  defaultErrorQuery,
  errorEvents,
  errorSpots,
  oneLine,
  spotQuery,
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
