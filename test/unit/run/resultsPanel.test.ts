import assert from 'node:assert/strict';
import fc from 'fast-check';
import { describe, it } from 'node:test';
import { PANEL_WORDS, panelLocale, parsePanelWords, readPanelWords } from '../../../src/core/run/panelWords';
import {
  cellKind,
  cellText,
  columnText,
  MAX_CELL_CHARS,
  prettyJson,
  rowText,
  valueText,
} from '../../../src/webview/shared/cellText';
import { columnKind, timeValue } from '../../../src/webview/shared/columnKind';
import { matchRows, searchText, visibleRows } from '../../../src/webview/shared/filterRows';
import { nextSort, sortPermutation } from '../../../src/webview/shared/sortRows';
import { panelText } from '../../../src/webview/shared/panelText';
import { dateFormat, readTimeZone, timeText } from '../../../src/webview/shared/timeText';
import { duration, statusParts, tableLabel } from '../../../src/webview/shared/statusLine';
import { TableModel } from '../../../src/webview/shared/tableModel';
import { MAX_SERIES, timeSeries } from '../../../src/webview/shared/timeSeries';
import { bodyHeight, rowHeightFor, rowWindow, scrollTopFor } from '../../../src/webview/shared/virtualWindow';

import { tableOfRows } from '../../support/resultTables';

describe('results panel: cell text', () => {
  it('tells null, numbers, booleans, strings and nested values apart', () => {
    assert.deepEqual([null, undefined, 1, true, 'a', { a: 1 }, [1]].map(cellKind), [
      'null',
      'null',
      'number',
      'boolean',
      'string',
      'json',
      'json',
    ]);
  });
  it('shows null as "null" but copies it as nothing; nested values as compact JSON, pretty in the details', () => {
    assert.equal(cellText(null), 'null');
    assert.equal(valueText(null), '');
    assert.equal(cellText({ a: [1, 2] }), '{"a":[1,2]}');
    assert.equal(prettyJson({ a: 1 }), '{\n  "a": 1\n}');
    assert.equal(cellText('<img src=x onerror=alert(1)>'), '<img src=x onerror=alert(1)>');
  });
  it('cuts long text in the cell, not in the copy', () => {
    const long = 'x'.repeat(MAX_CELL_CHARS + 10);
    assert.equal(cellText(long).length, MAX_CELL_CHARS + 1);
    assert.equal(valueText(long), long);
  });
  it('copies a row tab-separated and a column as lines in the order shown', () => {
    const columns = [
      ['a\tb', 'c'],
      [1, null],
    ];
    assert.equal(rowText(columns, 0), 'a b\t1');
    assert.equal(rowText(columns, 1), 'c\t');
    assert.equal(columnText('n', columns[1], Uint32Array.of(1, 0)), 'n\n\n1');
  });
  it('reads durations', () => {
    assert.deepEqual(
      [5, 1234, 125_000].map((ms) => duration(ms)),
      ['5 ms', '1.23 s', '2 min 5 s'],
    );
  });
});

describe('results panel: column kinds and sorting', () => {
  it('recognises times by their values, whatever the type name', () => {
    assert.equal(columnKind(['2024-01-01T00:00:00Z', null, '2024-01-02T00:00:00.123456789Z']), 'time');
    assert.equal(columnKind([1, 2.5, null]), 'number');
    assert.equal(columnKind(['2024-01-01T00:00:00Z', 'not a date']), 'string');
    assert.equal(columnKind([1, 'a']), 'mixed');
    assert.equal(columnKind([null, null]), 'empty');
    assert.ok(Number.isNaN(timeValue('yesterday')));
  });
  it('sorts numbers numerically, nulls last both ways, equal values in their order', () => {
    const column = [10, null, 9, 100, 9];
    assert.deepEqual([...sortPermutation(column, 'number', 'asc')], [2, 4, 0, 3, 1]);
    assert.deepEqual([...sortPermutation(column, 'number', 'desc')], [3, 0, 2, 4, 1]);
  });
  it('sorts times by date and strings by code unit', () => {
    const times = ['2024-01-02T00:00:00Z', '2024-01-01T23:00:00-02:00', '2024-01-01T00:00:00Z'];
    // 23:00 at -02:00 is 01:00 the next day in UTC: the latest.
    assert.deepEqual([...sortPermutation(times, 'time', 'asc')], [2, 0, 1]);
    assert.deepEqual([...sortPermutation(['b', null, 'B', 'a'], 'string', 'asc')], [2, 3, 0, 1]);
  });
  it('cycles a header through ascending, descending and none', () => {
    assert.deepEqual([nextSort(undefined), nextSort('asc'), nextSort('desc')], ['asc', 'desc', undefined]);
  });
  it('sorts 100,000 rows', () => {
    const column = Array.from({ length: 100_000 }, (_, i) => (i * 7919) % 100_003);
    const order = sortPermutation(column, 'number', 'asc');
    for (let i = 1; i < order.length; i++) assert.ok(column[order[i - 1]] <= column[order[i]]);
  });
});

describe('results panel: find in results', () => {
  it('keeps rows whose text in any column contains the term, case-insensitive', () => {
    const t = tableOfRows(
      [
        ['a', 'string'],
        ['b', 'float64'],
        ['c', 'string'],
      ],
      [
        ['Alpha', 1, null],
        ['beta', 22, { k: 'ALPHA' }],
        ['gamma', 3, null],
      ],
    );
    const keep = matchRows(t.columns.map(searchText), t.rowCount, 'alpha');
    assert.deepEqual([...keep], [1, 1, 0]);
    assert.deepEqual([...matchRows(t.columns.map(searchText), t.rowCount, '2')], [0, 1, 0]);
    assert.deepEqual([...visibleRows(Uint32Array.of(2, 1, 0), keep)], [1, 0]);
  });
  it('sorts and filters together in the table model', () => {
    const t = tableOfRows(
      [
        ['n', 'int'],
        ['s', 'string'],
      ],
      [
        [3, 'x'],
        [1, 'y'],
        [2, 'x'],
      ],
    );
    const m = new TableModel(t);
    m.setSort({ column: 0, direction: 'asc' });
    assert.deepEqual([...m.rows], [1, 2, 0]);
    m.setFilter('X');
    assert.deepEqual([...m.rows], [2, 0]);
    m.setSort(undefined);
    assert.deepEqual([...m.rows], [0, 2]);
    m.setFilter('');
    assert.deepEqual([...m.rows], [0, 1, 2]);
  });
  it('makes the search text a column at a time, and keeps a sort across results by column name', () => {
    const t = tableOfRows(
      [
        ['n', 'int'],
        ['s', 'string'],
      ],
      [
        [3, 'x'],
        [1, 'y'],
      ],
    );
    const m = new TableModel(t);
    assert.equal(m.prepareSearch(), true);
    assert.equal(m.prepareSearch(), false);
    assert.equal(m.prepareSearch(), false);
    m.setSort({ column: 1, direction: 'desc' });
    const next = new TableModel(
      tableOfRows(
        [
          ['s', 'string'],
          ['n', 'int'],
        ],
        [
          ['a', 1],
          ['b', 2],
        ],
      ),
    );
    next.keepSort(m);
    assert.deepEqual(next.sort, { column: 0, direction: 'desc' });
    assert.deepEqual([...next.rows], [1, 0]);
    const other = new TableModel(tableOfRows([['z', 'int']], [[1]]));
    other.keepSort(m);
    assert.equal(other.sort, undefined);
  });
});

describe('results panel: time series', () => {
  const times = ['2024-01-01T00:00:00Z', '2024-01-01T00:01:00Z'];
  it('is a time series with _time (typed string) and a number column; groups make one series each', () => {
    const t = tableOfRows(
      [
        ['_time', 'string'],
        ['host', 'string'],
        ['count_', 'integer'],
      ],
      [
        [times[1], 'a', 5],
        [times[0], 'a', 4],
        [times[0], 'b', 7],
      ],
    );
    const ts = timeSeries(t);
    assert.ok(ts);
    assert.deepEqual(ts.x, [Date.parse(times[0]) / 1000, Date.parse(times[1]) / 1000]);
    assert.deepEqual(ts.series, [
      { label: 'a', values: [4, 5] },
      { label: 'b', values: [7, null] },
    ]);
    assert.equal(ts.capped, false);
  });
  it('is not a time series without _time values that read as dates, or without a number column', () => {
    assert.equal(
      timeSeries(
        tableOfRows(
          [
            ['_time', 'datetime'],
            ['n', 'int'],
          ],
          [['soon', 1]],
        ),
      ),
      undefined,
    );
    assert.equal(
      timeSeries(
        tableOfRows(
          [
            ['time', 'datetime'],
            ['n', 'int'],
          ],
          [[times[0], 1]],
        ),
      ),
      undefined,
    );
    assert.equal(
      timeSeries(
        tableOfRows(
          [
            ['_time', 'datetime'],
            ['s', 'string'],
          ],
          [[times[0], 'x']],
        ),
      ),
      undefined,
    );
  });
  it('caps the series', () => {
    const rows = Array.from({ length: 50 }, (_, i) => [times[0], `g${i}`, i]);
    const ts = timeSeries(
      tableOfRows(
        [
          ['_time', 'string'],
          ['g', 'string'],
          ['n', 'int'],
        ],
        rows,
      ),
    );
    assert.equal(ts?.series.length, MAX_SERIES);
    assert.equal(ts?.capped, true);
  });
});

describe('results panel: the virtual window', () => {
  it('puts the rows in view and an overscan in the DOM', () => {
    const g = { rowCount: 100_000, rowHeight: 22, viewport: 440 };
    assert.deepEqual(rowWindow(g, 0, 5), { first: 0, end: 25, top: 0 });
    const w = rowWindow(g, 22 * 1000, 5);
    assert.deepEqual(w, { first: 995, end: 1025, top: 995 * 22 });
    assert.equal(bodyHeight(g), 2_200_000);
  });
  it('scales the scroll range past the height browsers allow, and still reaches the last row', () => {
    const g = { rowCount: 10_000_000, rowHeight: 22, viewport: 440, maxBodyHeight: 1_000_000 };
    assert.equal(bodyHeight(g), 1_000_000);
    const end = rowWindow(g, 1_000_000 - 440, 0);
    assert.equal(end.end, 10_000_000);
    // The last row's bottom is the viewport's bottom.
    assert.equal(Math.round(end.top + (end.end - end.first) * 22), 1_000_000);
    const to = scrollTopFor(g, 0, 5_000_000);
    const w = rowWindow(g, to, 0);
    assert.ok(w.first <= 5_000_000 && 5_000_000 < w.end, JSON.stringify(w));
  });
  it('makes rows tall enough for the editor font, and never shorter than 22 px', () => {
    assert.deepEqual([13, 14, 24, 0, Number.NaN].map(rowHeightFor), [22, 23, 39, 22, 22]);
  });
  it('scrolls as little as needed to show a row', () => {
    const g = { rowCount: 1000, rowHeight: 20, viewport: 200 };
    assert.equal(scrollTopFor(g, 0, 5), 0);
    assert.equal(scrollTopFor(g, 0, 10), 20);
    assert.equal(scrollTopFor(g, 400, 3), 60);
  });
});

describe('results panel: status line', () => {
  it('says rows, time, rows examined, partial results, the limit note and the messages', () => {
    const parts = statusParts(
      {
        elapsedMs: 1500,
        rowsExamined: 2_000_000,
        isPartial: true,
        limitNote: 'At most 1,000 rows',
        messages: [{ priority: 'warn', code: 'x', text: 'slow', count: 2 }],
      },
      10,
      1000,
      true,
    );
    assert.deepEqual(parts, {
      rows: '10 of 1,000 rows',
      facts: ['1.50 s', '2,000,000 rows examined'],
      partial: true,
      notes: ['At most 1,000 rows', 'warn: slow (×2)'],
    });
    assert.deepEqual(
      [tableLabel('0', 0), tableLabel('1', 1), tableLabel('_totals', 1)],
      ['Results', 'Table 2', '_totals'],
    );
  });
});

describe('results panel: words and language', () => {
  it('falls back to English for a word that is missing, not a string, empty, or has other holes', () => {
    const words = readPanelWords({
      stop: 'Anhalten',
      rerun: 42,
      pin: '',
      rows: '{0} Zeilen',
      rowsOf: '{0} Zeilen',
      failed: 'Fehler: {0} {1}',
      __proto__: 'x',
      extra: 'ignored',
    });
    assert.equal(words.stop, 'Anhalten');
    assert.equal(words.rows, '{0} Zeilen');
    for (const key of ['rerun', 'pin', 'rowsOf', 'failed', 'copyCell'] as const)
      assert.equal(words[key], PANEL_WORDS[key], key);
    assert.equal(Object.keys(words).length, Object.keys(PANEL_WORDS).length);
    for (const odd of [undefined, null, 'text', [1, 2], 7]) assert.deepEqual(readPanelWords(odd), PANEL_WORDS);
    assert.deepEqual(parsePanelWords('{not json'), PANEL_WORDS);
    assert.deepEqual(parsePanelWords(undefined), PANEL_WORDS);
    assert.equal(parsePanelWords('{"stop":"Arrêter"}').stop, 'Arrêter');
  });
  it('writes numbers in the language, or in en-US when the language is not one Intl knows', () => {
    assert.deepEqual(['de', 'zh-cn', 'en', '', 'qqq', 'not a tag!', undefined, 5].map(panelLocale), [
      'de',
      'zh-CN',
      'en',
      'en-US',
      'en-US',
      'en-US',
      'en-US',
      'en-US',
    ]);
    const de = panelText(
      readPanelWords({
        rowsOf: '{0} von {1} Zeilen',
        rowsExamined: '{0} Zeilen untersucht',
        partial: 'Teilergebnisse',
        seconds: '{0} Sek.',
        tableNumber: 'Tabelle {0}',
      }),
      'de',
    );
    const parts = statusParts(
      { elapsedMs: 1500, rowsExamined: 2_000_000, isPartial: true, messages: [] },
      10,
      1000,
      true,
      de,
    );
    assert.deepEqual(parts, {
      rows: '10 von 1.000 Zeilen',
      facts: ['1,50 Sek.', '2.000.000 Zeilen untersucht'],
      partial: true,
      notes: [],
    });
    assert.equal(tableLabel('1', 1, de), 'Tabelle 2');
    assert.equal(duration(125_000, de), '2 min 5 s');
  });
});

describe('results panel: times in the zone chosen (axiom.timeZone)', () => {
  const at = Date.parse('2026-11-26T23:35:30.042Z');
  it('writes a time in UTC or local time, to the millisecond, the other zone saying which it is', () => {
    assert.equal(timeText(at, 'utc'), '2026-11-26 23:35:30.042');
    const local = new Date(at);
    const two = (n: number) => String(n).padStart(2, '0');
    assert.equal(
      timeText(at, 'local'),
      `${local.getFullYear()}-${two(local.getMonth() + 1)}-${two(local.getDate())} ${two(local.getHours())}:${two(local.getMinutes())}:30.042`,
    );
    assert.equal(timeText(Number.NaN, 'utc'), '');
    const utcPanel = panelText(undefined, 'en-US', 'utc');
    assert.equal(utcPanel.time(at), '2026-11-26 23:35:30.042');
    assert.equal(utcPanel.otherTime(at), `${timeText(at, 'local')} (local time)`);
    const localPanel = panelText();
    assert.equal(localPanel.timeZone, 'local', 'local unless chosen');
    assert.equal(localPanel.otherTime(at), '2026-11-26 23:35:30.042 (UTC)');
  });

  it('writes dates in the language and the zone chosen', () => {
    const options = { dateStyle: 'medium', timeStyle: 'short' } as const;
    assert.match(dateFormat('en-US', 'utc', options).format(at), /^Nov 26, 2026, 11:35\sPM$/);
    assert.equal(dateFormat('de', 'utc', options).format(at), '26.11.2026, 23:35');
    assert.equal(
      dateFormat('en-US', 'local', options).format(at),
      new Intl.DateTimeFormat('en-US', options).format(at),
    );
    assert.equal(
      dateFormat('en-US', 'local', options).resolvedOptions().timeZone,
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
  });

  it('reads the zone a page was given: utc, else local', () => {
    assert.equal(readTimeZone('utc'), 'utc');
    for (const odd of ['local', 'UTC', '', undefined, '<b>', 3]) assert.equal(readTimeZone(odd), 'local');
  });

  it('round-trips every time of the years around now in UTC (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('1990-01-01T00:00:00Z'), max: Date.parse('2100-01-01T00:00:00Z') }),
        (ms) => {
          const text = timeText(ms, 'utc');
          assert.equal(Date.parse(`${text.replace(' ', 'T')}Z`), ms);
        },
      ),
    );
  });
});
