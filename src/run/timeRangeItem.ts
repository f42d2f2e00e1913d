import * as vscode from 'vscode';
import { DEFAULT_RANGE, rangeLabel, readStoredRange, storeRange, type TimeRange } from '../core/run/timeRange';
import { APL_LANGUAGE_ID, COMMANDS } from '../platform/constants';
import { MPL_LANGUAGE_ID } from '../core/mpl/languageId';
import { localize, say } from '../platform/l10n';
import { pickRange } from '../platform/pickRange';

const STATE_KEY = 'axiom.run.timeRange';

/** The time range queries run over: shown in the status bar while an Axiom APL editor is active,
 *  chosen from presets or typed, and remembered per workspace. */
export class TimeRangeItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('axiom.timeRange', vscode.StatusBarAlignment.Right, 100);
  private readonly listener: vscode.Disposable;
  private chosen?: TimeRange;

  constructor(private readonly state: vscode.Memento) {
    this.item.name = localize('Axiom Query Time Range');
    this.item.command = COMMANDS.chooseTimeRange;
    this.listener = vscode.window.onDidChangeActiveTextEditor(() => this.update());
    // Made after activation, with the first Axiom APL editor or the first run (src/run/register.ts).
    this.update();
  }

  /** The range chosen in this workspace (read when first needed), else the last hour. */
  get range(): TimeRange {
    this.chosen ??= readStoredRange(this.state.get<unknown>(STATE_KEY)) ?? DEFAULT_RANGE;
    return this.chosen;
  }

  /** Asks for a range: a preset, or a start and an end typed. Returns the range chosen, if any. */
  async choose(): Promise<TimeRange | undefined> {
    const range = await pickRange(this.range, localize('Time range of Axiom queries'));
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
    this.item.tooltip = localize('Axiom queries run over: {0}. Click to change.', label);
    this.item.accessibilityInformation = { label: localize('Axiom query time range: {0}', label) };
    // A notebook's cells run over the notebook's own range, shown on each cell.
    const document = vscode.window.activeTextEditor?.document;
    if (
      (document?.languageId === APL_LANGUAGE_ID || document?.languageId === MPL_LANGUAGE_ID) &&
      document.uri.scheme !== 'vscode-notebook-cell'
    )
      this.item.show();
    else this.item.hide();
  }

  dispose(): void {
    this.listener.dispose();
    this.item.dispose();
  }
}
