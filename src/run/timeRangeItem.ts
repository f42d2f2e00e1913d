import * as vscode from 'vscode';
import { customRange, DEFAULT_RANGE, parseRangeInput, PRESET_IDS, rangeLabel, readStoredRange, storeRange, type TimeRange } from '../core/run/timeRange';
import { APL_LANGUAGE_ID, COMMANDS } from '../platform/constants';
import { say } from '../platform/l10n';

const STATE_KEY = 'axiom.run.timeRange';

/** The time range queries run over: shown in the status bar while an Axiom APL editor is active,
 *  chosen from presets or typed, and remembered per workspace. */
export class TimeRangeItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('axiom.timeRange', vscode.StatusBarAlignment.Right, 100);
  private readonly listener: vscode.Disposable;
  private chosen?: TimeRange;
  private readonly firstUpdate: ReturnType<typeof setTimeout>;

  constructor(private readonly state: vscode.Memento) {
    this.item.name = vscode.l10n.t('Axiom Query Time Range');
    this.item.command = COMMANDS.chooseTimeRange;
    this.listener = vscode.window.onDidChangeActiveTextEditor(() => this.update());
    // Shown after activation, which need not wait for it.
    this.firstUpdate = setTimeout(() => this.update(), 0);
  }

  /** The range chosen in this workspace (read when first needed), else the last hour. */
  get range(): TimeRange {
    this.chosen ??= readStoredRange(this.state.get<unknown>(STATE_KEY)) ?? DEFAULT_RANGE;
    return this.chosen;
  }

  /** Asks for a range: a preset, or a start and an end typed. Returns the range chosen, if any. */
  async choose(): Promise<TimeRange | undefined> {
    const range = await pickRange(this.range, vscode.l10n.t('Time range of Axiom queries'));
    if (range) await this.set(range);
    return range;
  }

  async set(range: TimeRange): Promise<void> {
    this.chosen = range;
    await this.state.update(STATE_KEY, storeRange(range));
    this.update();
  }

  private update(): void {
    const label = say(rangeLabel(this.range));
    this.item.text = `$(history) ${label}`;
    this.item.tooltip = vscode.l10n.t('Axiom queries run over: {0}. Click to change.', label);
    this.item.accessibilityInformation = { label: vscode.l10n.t('Axiom query time range: {0}', label) };
    // A notebook's cells run over the notebook's own range, shown on each cell.
    const document = vscode.window.activeTextEditor?.document;
    if (document?.languageId === APL_LANGUAGE_ID && document.uri.scheme !== 'vscode-notebook-cell') this.item.show();
    else this.item.hide();
  }

  dispose(): void {
    clearTimeout(this.firstUpdate);
    this.listener.dispose();
    this.item.dispose();
  }
}

/** Asks for a range: a preset, or a start and an end typed. `now` is the range in use. */
export async function pickRange(now: TimeRange, title: string): Promise<TimeRange | undefined> {
  type Item = vscode.QuickPickItem & { range?: TimeRange };
  const items: Item[] = PRESET_IDS.map((preset): Item => {
    const range: TimeRange = { kind: 'preset', preset };
    return { label: say(rangeLabel(range)), range, description: now.kind === 'preset' && now.preset === preset ? vscode.l10n.t('now') : undefined };
  });
  items.push({ label: vscode.l10n.t('Custom range…'), description: vscode.l10n.t('a start and an end, as dates or relative to now') });
  const chosen = await vscode.window.showQuickPick(items, { title, placeHolder: vscode.l10n.t('Now: {0}', say(rangeLabel(now))) });
  if (!chosen) return undefined;
  return chosen.range ?? (await askCustom());
}

/** Asks for a start and then an end, each checked as it is typed; the pair is checked together. */
async function askCustom(): Promise<TimeRange | undefined> {
  const ask = (title: string, value: string, check: (text: string) => string | undefined) =>
    vscode.window.showInputBox({
      title,
      value,
      prompt: vscode.l10n.t('A date and time (2026-11-23T08:00Z, 2026-11-23), or relative to now (now, now-2h, now-30m, now-7d)'),
      ignoreFocusOut: true,
      validateInput: check,
    });
  const alone = (text: string) => {
    const parsed = parseRangeInput(text);
    return parsed.ok ? undefined : say(parsed.problem);
  };
  const start = await ask(vscode.l10n.t('Start of the time range'), 'now-1h', alone);
  if (start === undefined) return undefined;
  const pair = (end: string) => {
    const range = customRange(start, end);
    return range.ok ? undefined : say(range.problem);
  };
  const end = await ask(vscode.l10n.t('End of the time range'), 'now', (text) => alone(text) ?? pair(text));
  if (end === undefined) return undefined;
  const range = customRange(start, end);
  return range.ok ? range.range : undefined;
}
