import * as vscode from 'vscode';
import { customRange, parseRangeInput, PRESET_IDS, rangeLabel, type TimeRange } from '../core/run/timeRange';
import { localize, say } from './l10n';

// Asking for a time range: the status bar's (TimeRangeItem) and a notebook's.

/** Asks for a range: a preset, or a start and an end typed. `now` is the range in use. */
export async function pickRange(now: TimeRange, title: string): Promise<TimeRange | undefined> {
  type Item = vscode.QuickPickItem & { range?: TimeRange };
  const items: Item[] = PRESET_IDS.map((preset): Item => {
    const range: TimeRange = { kind: 'preset', preset };
    return {
      label: say(rangeLabel(range)),
      range,
      description: now.kind === 'preset' && now.preset === preset ? localize('now') : undefined,
    };
  });
  items.push({
    label: localize('Custom range…'),
    description: localize('a start and an end, as dates or relative to now'),
  });
  const chosen = await vscode.window.showQuickPick(items, {
    title,
    placeHolder: localize('Now: {0}', say(rangeLabel(now))),
  });
  if (!chosen) return undefined;
  return chosen.range ?? (await askCustom());
}

/** Asks for a start and then an end, each checked as it is typed; the pair is checked together. */
async function askCustom(): Promise<TimeRange | undefined> {
  const ask = (title: string, value: string, check: (text: string) => string | undefined) =>
    vscode.window.showInputBox({
      title,
      value,
      prompt: localize(
        'A date and time (2026-11-23T08:00Z, 2026-11-23), or relative to now (now, now-2h, now-30m, now-7d)',
      ),
      ignoreFocusOut: true,
      validateInput: check,
    });
  const alone = (text: string) => {
    const parsed = parseRangeInput(text);
    return parsed.ok ? undefined : say(parsed.problem);
  };
  const start = await ask(localize('Start of the time range'), 'now-1h', alone);
  if (start === undefined) return undefined;
  const pair = (end: string) => {
    const range = customRange(start, end);
    return range.ok ? undefined : say(range.problem);
  };
  const end = await ask(localize('End of the time range'), 'now', (text) => alone(text) ?? pair(text));
  if (end === undefined) return undefined;
  const range = customRange(start, end);
  return range.ok ? range.range : undefined;
}
