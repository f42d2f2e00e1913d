import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  GRID_COLUMNS,
  readDashboard,
  tileChanges,
  windowRange,
  type PreviewDashboard,
} from '../../../src/core/dashboards/previewLayout';

function dashboard(text: unknown): PreviewDashboard {
  const read = readDashboard(JSON.stringify(text));
  assert.ok(read.ok, 'a dashboard');
  return read.dashboard;
}

const chart = (id: string, type: string, apl = `['logs'] | count // ${id}`) => ({ id, type, query: { apl } });

describe('the preview’s reading of a dashboard', () => {
  it('places each chart where its layout item says, in reading order, each drawn by its kind', () => {
    const read = dashboard({
      name: 'Shop',
      charts: [
        chart('b', 'Table'),
        chart('a', 'TimeSeries'),
        chart('s', 'Statistic'),
        { id: 'n', type: 'Note', text: 'hello' },
        chart('p', 'Pie'),
        { id: 'm', type: 'TimeSeries', query: { mpl: 'x' } },
      ],
      layout: [
        { i: 'a', x: 0, y: 0, w: 6, h: 4 },
        { i: 'b', x: 6, y: 0, w: 6, h: 4 },
        { i: 's', x: 0, y: 4, w: 3, h: 2 },
        { i: 'n', x: 3, y: 4, w: 9, h: 2 },
        { i: 'p', x: 0, y: 6, w: 12, h: 3 },
      ],
      timeWindowStart: 'qr-now-6h',
      timeWindowEnd: 'qr-now',
    });
    assert.equal(read.name, 'Shop');
    assert.deepEqual(
      read.tiles.map((t) => [t.id, t.drawing, t.x, t.y, t.w, t.h]),
      [
        ['a', 'timeSeries', 0, 0, 6, 4],
        ['b', 'table', 6, 0, 6, 4],
        ['s', 'statistic', 0, 4, 3, 2],
        ['n', 'note', 3, 4, 9, 2],
        ['p', 'notDrawn', 0, 6, 12, 3],
        // No layout item: below every other.
        ['m', 'timeSeries', 0, 9, 6, 4],
      ],
    );
    assert.equal(read.tiles[3].text, 'hello');
    assert.equal(read.tiles[3].apl, undefined);
    // An MPL query runs as MPL.
    assert.deepEqual([read.tiles[5].apl, read.tiles[5].language], ['x', 'mpl']);
    assert.equal(read.tiles[0].language, undefined);
    assert.deepEqual(read.window, { start: 'qr-now-6h', end: 'qr-now' });
  });

  it('says why text is no dashboard: not JSON, or no list of charts', () => {
    assert.deepEqual(readDashboard('{"name": "half'), { ok: false, problem: 'json' });
    assert.deepEqual(readDashboard('[1]'), { ok: false, problem: 'shape' });
    assert.deepEqual(readDashboard('{"name": "x"}'), { ok: false, problem: 'shape' });
  });

  it('keeps every tile inside the 12 columns and gives each chart one tile of its own, whatever the layout says', () => {
    const item = fc.record({
      i: fc.constantFrom('a', 'b', 'c', 'd'),
      x: fc.oneof(fc.integer({ min: -5, max: 20 }), fc.constant(null), fc.string()),
      y: fc.oneof(fc.integer({ min: -5, max: 50 }), fc.constant(null)),
      w: fc.oneof(fc.integer({ min: -2, max: 20 }), fc.constant(undefined)),
      h: fc.oneof(fc.integer({ min: -2, max: 120 }), fc.constant(undefined)),
    });
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'a'), { maxLength: 6 }),
        fc.array(item, { maxLength: 8 }),
        (ids, layout) => {
          const read = dashboard({ charts: ids.map((id) => chart(id, 'Table')), layout });
          assert.equal(read.tiles.length, ids.length);
          assert.equal(new Set(read.tiles.map((t) => t.id)).size, ids.length);
          for (const t of read.tiles) {
            assert.ok(t.x >= 0 && t.w >= 1 && t.x + t.w <= GRID_COLUMNS, JSON.stringify(t));
            assert.ok(t.y >= 0 && t.h >= 1);
          }
        },
      ),
    );
  });
});

describe('what changes between two versions of a dashboard', () => {
  const base = {
    name: 'D',
    charts: [chart('a', 'TimeSeries'), chart('b', 'Table'), chart('c', 'Statistic')],
    layout: [
      { i: 'a', x: 0, y: 0, w: 4, h: 4 },
      { i: 'b', x: 4, y: 0, w: 4, h: 4 },
      { i: 'c', x: 8, y: 0, w: 4, h: 4 },
    ],
  };

  it('runs every chart with a query the first time', () => {
    assert.deepEqual(tileChanges(undefined, dashboard(base)), { run: ['a', 'b', 'c'], removed: [], relayout: true });
  });

  it('runs again only the chart whose query or kind changed', () => {
    const before = dashboard(base);
    const edited = structuredClone(base);
    edited.charts[1].query.apl += ' | take 5';
    assert.deepEqual(tileChanges(before, dashboard(edited)), { run: ['b'], removed: [], relayout: true });
    const kind = structuredClone(base);
    kind.charts[2].type = 'Table';
    assert.deepEqual(tileChanges(before, dashboard(kind)).run, ['c']);
  });

  it('moves, renames and removes without running anything', () => {
    const before = dashboard(base);
    const moved = structuredClone(base);
    moved.layout[0].y = 8;
    assert.deepEqual(tileChanges(before, dashboard(moved)), { run: [], removed: [], relayout: true });
    const gone = structuredClone(base);
    gone.charts.splice(1, 1);
    assert.deepEqual(tileChanges(before, dashboard(gone)), { run: [], removed: ['b'], relayout: true });
    assert.deepEqual(tileChanges(before, dashboard(base)), { run: [], removed: [], relayout: false });
  });

  it('runs no chart whose kind the preview does not draw', () => {
    const pie = structuredClone(base);
    pie.charts[0].type = 'Pie';
    assert.deepEqual(tileChanges(dashboard(base), dashboard(pie)).run, []);
  });
});

describe('the dashboard’s time window as a range', () => {
  it('reads quick ranges as presets where there is one, else relative to now', () => {
    assert.deepEqual(windowRange({ start: 'qr-now-1h', end: 'qr-now' }), { kind: 'preset', preset: '1h' });
    assert.deepEqual(windowRange({ start: 'qr-now-1w', end: 'qr-now' }), { kind: 'preset', preset: '7d' });
    assert.deepEqual(windowRange({ start: 'qr-now-2d', end: 'qr-now' }), {
      kind: 'custom',
      start: 'now-2d',
      end: 'now',
    });
    assert.deepEqual(windowRange({ start: 'qr-now-90m', end: 'qr-now' }), {
      kind: 'custom',
      start: 'now-90m',
      end: 'now',
    });
    assert.deepEqual(windowRange({ start: 'qr-now-30s', end: 'qr-now' }), {
      kind: 'custom',
      start: 'now-1m',
      end: 'now',
    });
  });

  it('reads epoch milliseconds as instants, and nothing else', () => {
    assert.deepEqual(windowRange({ start: '1704067200000', end: '1704153600000' }), {
      kind: 'custom',
      start: '2024-01-01T00:00:00.000Z',
      end: '2024-01-02T00:00:00.000Z',
    });
    assert.equal(windowRange({ start: 'yesterday', end: 'qr-now' }), undefined);
    assert.equal(windowRange({ start: '', end: '' }), undefined);
  });
});
