// The agents' reports (src/core/agents/reports.ts): each tool's result names the deployment and
// gives what the service said as data (a run, a compile error, datasets and fields, monitors, their
// history, starred queries, the active query); property: for any text in any field, each report
// reads back into the same framing and nothing escapes it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { StarredQuery } from '../../../src/core/api/starred';
import {
  activeQueryReport,
  compileErrorReport,
  datasetsReport,
  deploymentMovedReport,
  fieldsReport,
  historyReport,
  monitorConflictReport,
  annotationDoneReport,
  annotationsReport,
  monitorRefusedReport,
  monitorSavedReport,
  monitorsReport,
  queryReport,
  starredDoneReport,
  starredReport,
  unpreparedReport,
} from '../../../src/core/agents/reports';
import {
  DATA_NOTICE,
  encodeValue,
  failureReport,
  readFramed,
  renderReport,
  type DeploymentLabel,
  type ToolReport,
} from '../../../src/core/agents/resultText';
import { phrase } from '../../../src/core/phrase';
import type { TabularResult } from '../../../src/core/api/tabular';
import { framedLines, messagesTable, PROD } from '../../support/agentResults';
import { framingAttack, FUZZ_BOUND } from '../../support/untrustedInput';

describe('agents: results', () => {
  it('a run: the deployment, the range, the columns and the first rows, the row count', () => {
    const { text, cut } = renderReport(queryReport(PROD, 'Last hour', messagesTable(3), undefined));
    assert.equal(cut, false);
    const lines = text.split('\n');
    assert.equal(lines[0], 'Axiom deployment: "prod" (api.axiom.co, org acme)');
    assert.match(lines[1], /^The query ran over Last hour: 1 table, 12 ms, 1000 rows examined, 3 matched\.$/);
    const { inside } = framedLines(text);
    assert.deepEqual(JSON.parse(inside[0]), {
      table: '0',
      columns: ['_time: datetime', 'message: string'],
      rowCount: 3,
    });
    assert.deepEqual(JSON.parse(inside[1]), ['2026-01-01T00:00:00.000Z', 'row 0']);
    assert.equal(inside.length, 4);
    assert.doesNotMatch(text, /Cut:/);
  });

  it('a compile error: its line, column and message, and the line of the query', () => {
    const { text } = renderReport(
      compileErrorReport(PROD, "['http-logs']\n| wher status == 500", {
        line: 2,
        column: 3,
        message: 'unknown operator wher',
      }),
    );
    assert.match(text, /does not compile: line 2, column 3\. Nothing ran\./);
    assert.deepEqual(JSON.parse(framedLines(text).inside[0]), {
      line: 2,
      column: 3,
      message: 'unknown operator wher',
      lineText: '| wher status == 500',
    });
  });

  it('service messages and partial results are said', () => {
    const result = messagesTable(1);
    result.status = {
      ...result.status,
      isPartial: true,
      messages: [{ priority: 'warn', code: 'x', text: 'query hit a limit', count: 1 }],
    };
    const { text } = renderReport(
      queryReport(PROD, 'Last hour', result, 'Axiom returns at most 1,000 rows when a query sets no limit.'),
    );
    assert.match(text, /The result is partial/);
    assert.match(text, /at most 1,000 rows/);
    assert.match(
      text,
      /<axiom-data label="service messages" count="1">\n\{"priority":"warn","code":"x","text":"query hit a limit","count":1\}/,
    );
  });

  it('datasets, fields (hidden ones counted, virtual ones marked)', () => {
    const datasets = renderReport(
      datasetsReport(
        PROD,
        [{ name: 'sample-app' }, { name: 'http-logs', kind: 'axiom:events:v1', description: 'edge' }],
        'http',
      ),
    );
    assert.match(datasets.text, /1 datasets whose name contains "http" \(of 2/);
    assert.deepEqual(
      framedLines(datasets.text).inside.map((l) => JSON.parse(l) as unknown),
      [{ name: 'http-logs', kind: 'axiom:events:v1', description: 'edge' }],
    );
    const fields = renderReport(
      fieldsReport(
        PROD,
        'http-logs',
        [
          { name: 'status', type: 'integer', unit: '' },
          { name: 'secret', type: 'string', hidden: true },
        ],
        [{ name: 'is_error', expression: 'status >= 500' }],
      ),
    );
    assert.match(fields.text, /1 fields and 1 virtual fields \(1 hidden ones left out\)/);
    assert.deepEqual(
      framedLines(fields.text).inside.map((l) => JSON.parse(l) as unknown),
      [
        { name: 'status', type: 'integer' },
        { name: 'is_error', virtual: true, expression: 'status >= 500' },
      ],
    );
  });

  it('monitors: triggered first with since and open groups, unchecked said, names as data', () => {
    const monitors = [
      {
        id: 'a',
        name: 'A quiet one',
        type: 'Threshold',
        operator: 'Above',
        threshold: 10,
        intervalMinutes: 5,
        rangeMinutes: 10,
        aplQuery: "['x'] | count",
      },
      { id: 'b', name: 'Checkout errors', type: 'Threshold', operator: 'Above', threshold: 0 },
      { id: 'c', name: 'Disabled', disabled: true },
      { id: 'd', name: 'Not read yet' },
    ];
    const status = (id: string) =>
      id === 'b'
        ? { kind: 'triggered' as const, since: Date.UTC(2026, 0, 1, 3), openChecks: ['eu', 'us'] }
        : id === 'a'
          ? { kind: 'normal' as const }
          : ('unchecked' as const);
    const { text } = renderReport(monitorsReport(PROD, monitors, status, { unchecked: 1 }));
    const items = framedLines(text).inside.map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.deepEqual(
      items.map((m) => m.id),
      ['b', 'a', 'c', 'd'],
    );
    assert.deepEqual(items[0].status, { triggered: true, since: '2026-01-01T03:00:00.000Z', openGroups: ['eu', 'us'] });
    assert.equal(items[0].condition, 'Above 0');
    assert.deepEqual(items[1].status, { triggered: false });
    assert.equal(items[1].apl, "['x'] | count");
    assert.equal(items[2].state, 'disabled');
    assert.equal(items[2].status, undefined, 'a disabled monitor has no status');
    assert.equal(items[3].status, 'unchecked');
    assert.match(text, /4 monitors \(of 4\); 1 triggered now\./);
    assert.match(text, /The status of 1 active monitors is not known yet/);
    const only = renderReport(monitorsReport(PROD, monitors, status, { onlyTriggered: true }));
    assert.deepEqual(
      framedLines(only.text).inside.map((l) => (JSON.parse(l) as { id: string }).id),
      ['b'],
    );
  });

  it('history newest first, starred queries and the active query as data', () => {
    const history = renderReport(
      historyReport(
        PROD,
        { id: 'b', name: 'Checkout', aplQuery: "['x'] | count" },
        [
          { checkId: 'eu', time: Date.UTC(2026, 0, 1, 1), state: 'open' },
          { checkId: 'eu', time: Date.UTC(2026, 0, 1, 2), state: 'closed' },
        ],
        24,
        { kind: 'normal' },
      ),
    );
    const changes = framedLines(history.text).inside.map((l) => JSON.parse(l) as unknown);
    assert.deepEqual(changes, [
      "['x'] | count",
      { time: '2026-01-01T02:00:00.000Z', state: 'closed', check: 'eu' },
      { time: '2026-01-01T01:00:00.000Z', state: 'open', check: 'eu' },
    ]);
    const starred = renderReport(
      starredReport(
        PROD,
        [
          {
            id: 's1',
            name: 'Errors',
            dataset: 'http-logs',
            query: {
              apl: "['http-logs'] | where status >= 500",
              startTime: undefined,
              endTime: undefined,
              queryOptions: undefined,
            },
            kind: undefined,
            who: undefined,
            metadata: undefined,
          },
        ],
        'team',
        false,
      ),
    );
    assert.match(starred.text, /1 starred queries, the person's team's\./);
    const active = renderReport(
      activeQueryReport(PROD, {
        document: 'q.apl',
        language: 'axiom-apl',
        apl: "['http-logs'] | count",
        from: 'selection',
        dataset: 'http-logs',
        range: { label: 'Last hour', startTime: 'now-1h', endTime: 'now' },
      }),
    );
    assert.match(
      active.text,
      /The selection in the active editor \("q\.apl", language axiom-apl\); dataset "http-logs"; time range in the status bar: Last hour \(startTime now-1h, endTime now\)\./,
    );
    assert.match(renderReport(activeQueryReport(PROD, undefined)).text, /No APL query is open/);
  });
});

describe('agents: data is data (property)', () => {
  /** Every result a tool can give, each field from the service or from logs holding `t`. */
  function everyReport(t: string): ToolReport[] {
    const label: DeploymentLabel = { name: t, host: 'api.axiom.co', orgId: 'acme' };
    const monitor = { id: t, name: t, type: 'Threshold', aplQuery: t, columnName: t, operator: t, threshold: 1 };
    const tableOf: TabularResult = {
      ...messagesTable(1, () => t),
      tables: [{ ...messagesTable(1, () => t).tables[0], name: t, fields: [{ name: t, type: t, agg: t }] }],
    };
    tableOf.status.messages = [{ priority: t, code: t, text: t, count: 1 }];
    const starred = { id: t, kind: 'apl', name: t, dataset: t, who: t, query: { apl: t }, metadata: {} };
    const annotation = { id: t, type: t, title: t, time: t, endTime: t, datasets: [t], description: t, url: t };
    return [
      datasetsReport(label, [{ name: t, kind: t, description: t }], t),
      fieldsReport(label, t, [{ name: t, type: t, description: t, unit: t }], [{ name: t, expression: t }]),
      queryReport(label, t, tableOf, t),
      compileErrorReport(label, t, { line: 1, column: 1, message: t }),
      monitorsReport(label, [monitor], () => 'unchecked', { filter: t }),
      historyReport(label, monitor, [{ checkId: t, time: 0, state: 'open' }], 24, { kind: 'normal' }),
      starredReport(label, [starred as StarredQuery], 'all', false),
      activeQueryReport(label, {
        document: t,
        language: t,
        apl: t,
        from: 'selection',
        dataset: t,
        range: { label: t, startTime: t, endTime: t },
      }),
      starredDoneReport(label, starred as StarredQuery, undefined),
      monitorSavedReport(label, { id: t, name: t }, 'updated', [t], undefined),
      monitorRefusedReport(label, [{ field: t, reason: t }]),
      failureReport(label, 'axiom_runQuery', t, t),
      unpreparedReport(label, 'axiom_updateMonitor', { kind: 'notFound', monitor: t }),
      unpreparedReport(label, 'axiom_updateMonitor', { kind: 'ambiguous', monitor: t, matches: [{ id: t, name: t }] }),
      unpreparedReport(label, 'axiom_updateMonitor', { kind: 'unreadable', error: new Error(t) }),
      unpreparedReport(label, 'axiom_updateMonitor', { kind: 'unchanged', id: t, name: t }),
      deploymentMovedReport(label, { ...label, host: 'api.eu.axiom.co' }),
      monitorConflictReport(label, t, [t]),
      annotationsReport(label, [annotation], [t], 30),
      annotationDoneReport(label, annotation),
      unpreparedReport(label, 'axiom_createAnnotation', {
        kind: 'invalidAnnotation',
        problems: [{ field: 'title', reason: phrase('{0}', t) }],
      }),
      { deployment: label, lines: [`a sentence that forgot to quote ${t}`], notes: [t] },
    ];
  }

  it('for any text in any field, each result parses back into the same framing and nothing escapes it', () => {
    const plain = everyReport('plain');
    const room = { rows: 50, chars: 1_000_000 };
    fc.assert(
      fc.property(framingAttack, (t) => {
        everyReport(t).forEach((report, index) => {
          const { text } = renderReport(report, room);
          const { outside, blocks } = readFramed(text);
          // The same blocks with the same labels, and each value reads back as it was given (clipped alike).
          assert.deepEqual(
            blocks.map((b) => [b.tag, b.label]),
            (report.blocks ?? []).map((b) => [b.ours ? 'reference' : 'axiom-data', b.label]),
          );
          (report.blocks ?? []).forEach((block, b) => {
            const given = [...(block.header === undefined ? [] : [block.header]), ...block.items];
            assert.deepEqual(
              blocks[b].values,
              given.map((value) => JSON.parse(encodeValue(value)) as unknown),
            );
          });
          // Our sentences: as many lines as with plain text, and no `<` but the notice's.
          assert.equal(outside.length, readFramed(renderReport(plain[index], room).text).outside.length);
          for (const line of outside) assert.ok(line === DATA_NOTICE || !line.includes('<'), line);
          // Inside the blocks too: the only `<` of the whole text are the framing's own and the notice's.
          const framing = /^<\/?(axiom-data|reference)[ >]/;
          for (const line of text.split('\n'))
            assert.ok(line === DATA_NOTICE || framing.test(line) || !line.includes('<'), line);
        });
      }),
      FUZZ_BOUND,
    );
  });
});
