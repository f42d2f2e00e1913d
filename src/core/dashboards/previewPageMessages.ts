// The dashboard preview page's side of its protocol (previewProtocol.ts): the reader of the
// extension's messages and of the page's words. Apart from the extension's side, so that the
// preview's bundle holds none of the results panel's readers.
import { isCount, isJsonObject } from '../json';
import { readChartAnnotations } from '../run/chartAnnotations';
import { parseWordTable } from '../run/panelWords';
import { readHostMessage } from '../run/resultsProtocol';
import type { PreviewTile, TileDrawing } from './previewLayout';
import { isText, PREVIEW_WORDS, type PreviewHostMessage, type PreviewWords, type RangeChoice } from './previewProtocol';

const DRAWINGS: readonly TileDrawing[] = ['timeSeries', 'table', 'statistic', 'note', 'spacer', 'notDrawn'];

export function parsePreviewWords(json: string | undefined): PreviewWords {
  return parseWordTable(PREVIEW_WORDS, json);
}

function readTile(value: unknown): PreviewTile | undefined {
  if (!isJsonObject(value)) return undefined;
  const { id, kind, name, drawing, apl, text, x, y, w, h } = value;
  if (!isText(id) || !isText(kind) || !isText(name) || !DRAWINGS.includes(drawing as TileDrawing)) return undefined;
  if (![x, y, w, h].every(isCount) || (apl !== undefined && !isText(apl)) || (text !== undefined && !isText(text)))
    return undefined;
  const tile: PreviewTile = {
    id,
    kind,
    name,
    drawing: drawing as TileDrawing,
    x: x as number,
    y: y as number,
    w: w as number,
    h: h as number,
  };
  if (apl !== undefined) tile.apl = apl;
  if (text !== undefined) tile.text = text;
  return tile;
}

function readRange(value: unknown): RangeChoice | undefined {
  return isJsonObject(value) && isText(value.id, 64) && isText(value.label, 500)
    ? { id: value.id, label: value.label }
    : undefined;
}

/** A message from the extension, or undefined when it is not one the page knows. */
export function readPreviewHostMessage(value: unknown): PreviewHostMessage | undefined {
  if (!isJsonObject(value)) return undefined;
  switch (value.type) {
    case 'dashboard': {
      if (
        !isText(value.name) ||
        !isText(value.range, 64) ||
        !Array.isArray(value.tiles) ||
        !Array.isArray(value.ranges)
      )
        return undefined;
      const tiles = value.tiles.map(readTile);
      const ranges = value.ranges.map(readRange);
      if (tiles.some((t) => !t) || ranges.some((r) => !r)) return undefined;
      return {
        type: 'dashboard',
        name: value.name,
        tiles: tiles as PreviewTile[],
        ranges: ranges as RangeChoice[],
        range: value.range,
      };
    }
    case 'problem':
      return value.problem === 'json' || value.problem === 'shape' || value.problem === ''
        ? { type: 'problem', problem: value.problem }
        : undefined;
    case 'running':
      return isText(value.id) && isCount(value.runId)
        ? { type: 'running', id: value.id, runId: value.runId }
        : undefined;
    case 'failed':
      return isText(value.id) && isCount(value.runId) && isText(value.message)
        ? { type: 'failed', id: value.id, runId: value.runId, message: value.message }
        : undefined;
    case 'annotations': {
      const chart = readChartAnnotations(value.chart);
      return isText(value.id) && isCount(value.runId) && chart
        ? { type: 'annotations', id: value.id, runId: value.runId, chart }
        : undefined;
    }
    case 'result': {
      if (!isText(value.id) || !isCount(value.runId)) return undefined;
      const read = readHostMessage({ type: 'results', result: value.result });
      return read?.type === 'results'
        ? { type: 'result', id: value.id, runId: value.runId, result: read.result }
        : undefined;
    }
    default:
      return undefined;
  }
}
