// What the dashboard preview reads from a dashboard's JSON text (the v2 API's `Dashboard`): its
// charts, where each sits on the 12-column grid (`layout`: x, y, w, h per chart id), its time
// window, and, between two versions of the text, which charts must run again. Lenient on purpose:
// the text is being edited, so a chart with a missing piece is still placed and says what it lacks;
// only text that is not a JSON object with a `charts` list is no dashboard. Plain TypeScript.
import { isJsonObject, type JsonObject } from '../json';
import type { PresetId, TimeRange } from '../run/timeRange';
import { isPresetId } from '../run/timeRange';

/** The grid's width in columns, as the web app lays a dashboard out. */
export const GRID_COLUMNS = 12;
/** A chart with no layout item gets this size, below the others. */
const DEFAULT_SIZE = { w: 6, h: 4 };

/** How the preview draws a chart kind: the results panel's chart, its table, one value, the note's
 *  text, nothing (a spacer), or a sentence naming a kind it does not draw yet. */
export type TileDrawing = 'timeSeries' | 'table' | 'statistic' | 'note' | 'spacer' | 'notDrawn';

const DRAWINGS: Readonly<Record<string, TileDrawing>> = {
  TimeSeries: 'timeSeries',
  Table: 'table',
  LogStream: 'table',
  Statistic: 'statistic',
  Note: 'note',
  Spacer: 'spacer',
};

export interface PreviewChart {
  id: string;
  /** The chart's kind as written (`TimeSeries`, `Pie`, …; '' when absent). */
  kind: string;
  /** Its name, or '' (the page then shows the kind). */
  name: string;
  drawing: TileDrawing;
  /** The query it runs: APL, or MPL when `language` says so (a chart whose query is `mpl`). */
  apl?: string;
  language?: 'mpl';
  /** A note's text. */
  text?: string;
}

export interface TilePlace {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PreviewTile extends PreviewChart, TilePlace {}

export interface PreviewDashboard {
  name: string;
  /** Each chart with its place, in reading order (top to bottom, left to right). */
  tiles: PreviewTile[];
  /** The time window as written (`qr-now-6h` … `qr-now`, or epoch milliseconds). */
  window: { start: string; end: string };
}

export type DashboardRead = { ok: true; dashboard: PreviewDashboard } | { ok: false; problem: 'json' | 'shape' };

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function whole(value: unknown, min: number, max: number): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : undefined;
}

function readChart(value: JsonObject, index: number): PreviewChart {
  const kind = text(value.type);
  const id = text(value.id) || `#${index + 1}`;
  const drawing = DRAWINGS[kind] ?? 'notDrawn';
  const query = isJsonObject(value.query) ? value.query : undefined;
  const mpl = typeof query?.apl !== 'string' && typeof query?.mpl === 'string' ? query.mpl : undefined;
  const apl = typeof query?.apl === 'string' ? query.apl : mpl;
  const chart: PreviewChart = { id, kind, name: text(value.name), drawing };
  if (apl !== undefined && drawing !== 'note' && drawing !== 'spacer') {
    chart.apl = apl;
    if (mpl !== undefined) chart.language = 'mpl';
  }
  if (drawing === 'note') chart.text = text(value.text);
  return chart;
}

/** The layout's places by chart id (the first item of an id counts; an item out of the grid is clipped to it). */
function readPlaces(layout: unknown): Map<string, TilePlace> {
  const places = new Map<string, TilePlace>();
  if (!Array.isArray(layout)) return places;
  for (const item of layout) {
    if (!isJsonObject(item) || typeof item.i !== 'string' || places.has(item.i)) continue;
    const x = whole(item.x, 0, GRID_COLUMNS - 1) ?? 0;
    const w = Math.min(whole(item.w, 1, GRID_COLUMNS) ?? DEFAULT_SIZE.w, GRID_COLUMNS - x);
    places.set(item.i, {
      x,
      // The spec lets y be null: such an item goes to the top, as a grid that packs upwards puts it.
      y: whole(item.y, 0, Number.MAX_SAFE_INTEGER) ?? 0,
      w,
      h: whole(item.h, 1, 100) ?? DEFAULT_SIZE.h,
    });
  }
  return places;
}

/** The charts placed: each where its layout item says; those without one below every other, two to a row. */
export function placeTiles(charts: readonly PreviewChart[], layout: unknown): PreviewTile[] {
  const places = readPlaces(layout);
  const placed: PreviewTile[] = [];
  const unplaced: PreviewChart[] = [];
  for (const chart of charts) {
    const place = places.get(chart.id);
    if (place) placed.push({ ...chart, ...place });
    else unplaced.push(chart);
  }
  let bottom = placed.reduce((most, t) => Math.max(most, t.y + t.h), 0);
  unplaced.forEach((chart, k) => {
    const x = (k % 2) * DEFAULT_SIZE.w;
    placed.push({ ...chart, x, y: bottom, ...DEFAULT_SIZE });
    if (x) bottom += DEFAULT_SIZE.h;
  });
  return placed.sort((a, b) => a.y - b.y || a.x - b.x);
}

/** The dashboard in `source` (a document's text), or why it is none. */
export function readDashboard(source: string): DashboardRead {
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch {
    return { ok: false, problem: 'json' };
  }
  if (!isJsonObject(value) || !Array.isArray(value.charts)) return { ok: false, problem: 'shape' };
  const charts = value.charts.filter(isJsonObject).map(readChart);
  // Two charts of one id: the second is told apart, so that each still has a tile of its own.
  const seen = new Set<string>();
  for (const chart of charts) {
    while (seen.has(chart.id)) chart.id = `${chart.id}′`;
    seen.add(chart.id);
  }
  return {
    ok: true,
    dashboard: {
      name: text(value.name),
      tiles: placeTiles(charts, value.layout),
      window: { start: text(value.timeWindowStart), end: text(value.timeWindowEnd) },
    },
  };
}

/** What changed between two versions of a dashboard, chart by chart. */
export interface TileChanges {
  /** Charts to run (again): new, or whose query or kind changed. */
  run: string[];
  /** Charts gone. */
  removed: string[];
  /** Whether anything the page shows changed (places, names, notes, charts added or gone). */
  relayout: boolean;
}

/** What must be done to go from `before` (none: nothing shown yet) to `after`. */
export function tileChanges(before: PreviewDashboard | undefined, after: PreviewDashboard): TileChanges {
  const old = new Map((before?.tiles ?? []).map((t) => [t.id, t]));
  const run: string[] = [];
  let relayout = !before || before.name !== after.name || before.tiles.length !== after.tiles.length;
  for (const tile of after.tiles) {
    const was = old.get(tile.id);
    if (!was || was.apl !== tile.apl || was.kind !== tile.kind) {
      if (tile.apl !== undefined && tile.drawing !== 'notDrawn') run.push(tile.id);
      relayout = true;
    } else if (
      was.x !== tile.x ||
      was.y !== tile.y ||
      was.w !== tile.w ||
      was.h !== tile.h ||
      was.name !== tile.name ||
      was.text !== tile.text
    )
      relayout = true;
    old.delete(tile.id);
  }
  return { run, removed: [...old.keys()], relayout: relayout || old.size > 0 };
}

const QUICK_START = /^qr-now-(\d+)([smhdw])$/;
const EPOCH_MS = /^\d{10,16}$/;
const UNIT_MINUTES: Readonly<Record<string, number>> = { s: 1 / 60, m: 1, h: 60, d: 1440, w: 10080 };
const PRESET_MINUTES: Readonly<Record<PresetId, number>> = {
  '15m': 15,
  '1h': 60,
  '6h': 360,
  '24h': 1440,
  '7d': 10080,
  '30d': 43200,
};

/** A window end as the query API takes it: `qr-now` → `now`, epoch ms → RFC 3339; undefined when unreadable. */
function windowEnd(end: string): string | undefined {
  if (end === 'qr-now' || end === 'now') return 'now';
  if (EPOCH_MS.test(end)) return new Date(Number(end)).toISOString();
  return undefined;
}

/**
 * The dashboard's time window as a range to run over: `qr-now-1h` … `qr-now` is the preset "Last
 * hour" when there is one of that length, else a range relative to now in whole minutes (or hours,
 * days); epoch milliseconds are instants. Undefined when the window is not one of these.
 */
export function windowRange(window: { start: string; end: string }): TimeRange | undefined {
  const end = windowEnd(window.end);
  const quick = QUICK_START.exec(window.start);
  if (quick && end === 'now') {
    const minutes = Math.max(1, Math.ceil(Number(quick[1]) * UNIT_MINUTES[quick[2]]));
    const preset = Object.entries(PRESET_MINUTES).find(([, m]) => m === minutes)?.[0];
    if (isPresetId(preset)) return { kind: 'preset', preset };
    const relative =
      minutes % 1440 === 0 ? `now-${minutes / 1440}d` : minutes % 60 === 0 ? `now-${minutes / 60}h` : `now-${minutes}m`;
    return { kind: 'custom', start: relative, end: 'now' };
  }
  const start = EPOCH_MS.test(window.start) ? new Date(Number(window.start)).toISOString() : undefined;
  return start && end ? { kind: 'custom', start, end } : undefined;
}
