// Show Production Errors: the last hour's error events (the setting's query, or one made from the
// logs dataset's fields: core/code/productionErrors.ts), each placed on the workspace line its top
// in-workspace stack frame names (platform/codeLocations.ts maps the paths, never outside the
// folders), as an information diagnostic of source "Axiom": "Thrown 42× in the last hour: …", with
// a quick action that shows that place's events. Read on demand and on the one poll loop while on
// (window focused), through the window's one background budget; turned off, every diagnostic goes.
import * as vscode from 'vscode';
import { BudgetCancelled } from '../core/api/requestBudget';
import { isAxiomError } from '../core/api/errors';
import { reasonFor } from '../core/api/errorAdvice';
import type { CodePlace } from '../core/code/codePlaces';
import { defaultErrorQuery, errorEvents, errorSpots, spotQuery, type ErrorSpot } from '../core/code/productionErrors';
import { PollLoop } from '../core/polling/pollLoop';
import { placeText, spotHoverMarkdown } from '../core/code/codeLinks';
import { resolvePlace } from '../platform/codeLocations';
import { linkedMarkdown } from '../platform/linkMarkdown';
import { COMMANDS } from '../platform/constants';
import { localize, say } from '../platform/l10n';
import type { PollingDeps } from './logActivityLenses';
import { CODE_ACTIVITY_SETTINGS, isOn, refreshMs, textSetting, touches } from './codeActivitySettings';

/** The source of every diagnostic this feature places. */
export const DIAGNOSTIC_SOURCE = 'Axiom';
/** At most this many distinct paths are looked up in the workspace per read. */
const MAX_PATHS = 200;

export class ErrorDiagnostics implements vscode.CodeActionProvider, vscode.HoverProvider, vscode.Disposable {
  readonly diagnostics = vscode.languages.createDiagnosticCollection('axiom-production-errors');
  /** The spots shown, by file and 0-based line: what a quick action runs. */
  private readonly spots = new Map<string, { spot: ErrorSpot; query: string }>();
  private readonly loop: PollLoop;
  private readonly subscriptions: vscode.Disposable[];
  /** Reads sent, for tests: counted, never timed. */
  sent = 0;

  constructor(private readonly deps: PollingDeps) {
    this.loop = new PollLoop({
      round: (signal) => this.read(signal),
      intervalMs: () => refreshMs(CODE_ACTIVITY_SETTINGS.productionErrorsRefreshSeconds),
      wanted: () => isOn(CODE_ACTIVITY_SETTINGS.productionErrorsEnabled) && vscode.window.state.focused,
      failed: (error) => deps.log.warn(`production errors: ${String(error)}`),
      clock: deps.clock,
    });
    this.subscriptions = [
      this.diagnostics,
      vscode.languages.registerCodeActionsProvider({ scheme: 'file' }, this, {
        providedCodeActionKinds: [vscode.CodeActionKind.QuickFix],
      }),
      vscode.languages.registerHoverProvider({ scheme: 'file' }, this),
      vscode.window.onDidChangeWindowState(() => this.loop.scheduleWhenDue()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (
          touches(
            e,
            CODE_ACTIVITY_SETTINGS.productionErrorsEnabled,
            CODE_ACTIVITY_SETTINGS.productionErrorsQuery,
            CODE_ACTIVITY_SETTINGS.logsDataset,
            CODE_ACTIVITY_SETTINGS.logsMessageField,
          )
        )
          this.refresh();
      }),
      deps.background().onDidReset(() => {
        this.clear();
        this.loop.forgetLastRound();
        this.refresh();
      }),
    ];
    this.refresh();
  }

  /** Reads again now when on; when off, stops and takes every diagnostic away. */
  refresh(): void {
    if (!isOn(CODE_ACTIVITY_SETTINGS.productionErrorsEnabled)) {
      this.clear();
      return;
    }
    this.loop.forgetLastRound();
    this.loop.schedule(0);
  }

  private clear(): void {
    this.loop.pause();
    this.diagnostics.clear();
    this.spots.clear();
  }

  /** The query of the spot at a file's line (a quick action's), the last hour. */
  queryAt(uri: string, line: number): string | undefined {
    return this.spots.get(`${uri}\u0000${line}`)?.query;
  }

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection): vscode.CodeAction[] {
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of this.diagnostics.get(document.uri) ?? []) {
      if (!diagnostic.range.intersection(range) && !diagnostic.range.contains(range.start)) continue;
      const action = new vscode.CodeAction(localize('Show these errors in Axiom'), vscode.CodeActionKind.QuickFix);
      action.diagnostics = [diagnostic];
      action.command = {
        command: COMMANDS.showErrorEvents,
        title: action.title,
        arguments: [document.uri.toString(), diagnostic.range.start.line],
      };
      actions.push(action);
    }
    return actions;
  }

  /** Beside a spot's diagnostic: the stack of an error thrown there, each frame a link to its line,
   *  and Open Trace when the events name their trace (the links run those two commands only). */
  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const spot = this.spots.get(`${document.uri.toString()}\u0000${position.line}`)?.spot;
    if (!spot) return undefined;
    const markdown = spotHoverMarkdown(spot, {
      stack: localize('Axiom: where it was thrown, top frame first'),
      openTrace: localize('Open Trace'),
    });
    if (!markdown) return undefined;
    const range = this.diagnostics.get(document.uri)?.find((d) => d.range.start.line === position.line)?.range;
    return new vscode.Hover(linkedMarkdown(markdown), range);
  }

  /** The query of the last hour's errors: the setting's, else one made from the dataset's fields. */
  private async baseQuery(signal: AbortSignal): Promise<string | undefined> {
    const own = textSetting(CODE_ACTIVITY_SETTINGS.productionErrorsQuery);
    if (own) return own;
    const dataset = textSetting(CODE_ACTIVITY_SETTINGS.logsDataset);
    if (!dataset) return undefined;
    const client = await this.deps.access().client();
    if (!client) return undefined;
    const fields = await this.deps.background().run(() => client.listFields(dataset, signal), signal);
    return defaultErrorQuery(
      dataset,
      fields.map((f) => f.name),
      textSetting(CODE_ACTIVITY_SETTINGS.logsMessageField) || undefined,
    );
  }

  private async read(signal: AbortSignal): Promise<void> {
    const client = await this.deps
      .access()
      .client()
      .catch(() => undefined);
    if (!client || signal.aborted) return;
    const budget = this.deps.background().budget;
    try {
      const query = await this.baseQuery(signal);
      if (!query) {
        this.deps.log.info('production errors: no query (set axiom.logs.dataset or axiom.productionErrors.query)');
        return;
      }
      this.sent++;
      const result = await this.deps
        .background()
        .run(() => client.runApl(query, { startTime: 'now-1h', endTime: 'now' }, signal), signal);
      if (signal.aborted) return;
      const events = errorEvents(result);
      const fileOf = await this.workspaceFiles(events, signal);
      await this.place(query, errorSpots(events, fileOf), fileOf);
    } catch (error) {
      if (error instanceof BudgetCancelled || signal.aborted) return;
      if (isAxiomError(error) && error.kind === 'rateLimited')
        budget.pauseUntil(error.retryAt?.getTime() ?? Date.now() + 60_000);
      this.deps.log.warn(`production errors: ${say(reasonFor(error))}`);
    }
  }

  /** Each distinct path of the events mapped onto the workspace once (none asked about: no question). */
  private async workspaceFiles(
    events: ReturnType<typeof errorEvents>,
    signal: AbortSignal,
  ): Promise<(place: CodePlace) => string | undefined> {
    const files = new Map<string, string | undefined>();
    for (const event of events)
      for (const { place } of event.candidates) {
        if (files.has(place.path) || files.size >= MAX_PATHS || signal.aborted) continue;
        const resolution = await resolvePlace(place);
        files.set(place.path, 'uri' in resolution ? resolution.uri.toString() : undefined);
      }
    return (place) => files.get(place.path);
  }

  private async place(
    query: string,
    spots: ErrorSpot[],
    fileOf: (place: CodePlace) => string | undefined,
  ): Promise<void> {
    if (!isOn(CODE_ACTIVITY_SETTINGS.productionErrorsEnabled)) return;
    this.spots.clear();
    const byFile = new Map<string, vscode.Diagnostic[]>();
    for (const spot of spots) {
      const uri = vscode.Uri.parse(spot.file);
      const line = spot.line - 1;
      const text = await lineText(uri, line);
      const start = Math.max(0, text.length - text.trimStart().length);
      const diagnostic = new vscode.Diagnostic(
        new vscode.Range(line, start, line, Math.max(start, text.length)),
        localize(
          'Thrown {0}× in the last hour: {1}',
          spot.count.toLocaleString(),
          spot.headline || localize('an error'),
        ),
        vscode.DiagnosticSeverity.Information,
      );
      diagnostic.source = DIAGNOSTIC_SOURCE;
      diagnostic.relatedInformation = stackLocations(spot, fileOf);
      const list = byFile.get(spot.file) ?? [];
      list.push(diagnostic);
      byFile.set(spot.file, list);
      this.spots.set(`${spot.file}\u0000${line}`, { spot, query: spotQuery(query, spot) });
    }
    this.diagnostics.clear();
    for (const [file, list] of byFile) this.diagnostics.set(vscode.Uri.parse(file), list);
  }

  dispose(): void {
    this.loop.stop();
    for (const s of this.subscriptions) s.dispose();
  }
}

/** The text of a line of a file ('' when it has no such line or cannot be read). */
async function lineText(uri: vscode.Uri, line: number): Promise<string> {
  try {
    const document = await vscode.workspace.openTextDocument(uri);
    return line < document.lineCount ? document.lineAt(line).text : '';
  } catch {
    return '';
  }
}

/** The other frames of a spot's stack that are in the workspace, as places the Problems view and
 *  the hover link to ("Called from /app/src/checkout.ts:30:5"). */
function stackLocations(
  spot: ErrorSpot,
  fileOf: (place: CodePlace) => string | undefined,
): vscode.DiagnosticRelatedInformation[] {
  return spot.frames.flatMap((frame, index) => {
    const file = index === spot.thrownAt || frame.line === undefined ? undefined : fileOf(frame);
    if (file === undefined) return [];
    const at = new vscode.Position(frame.line! - 1, Math.max(0, (frame.column ?? 1) - 1));
    return [
      new vscode.DiagnosticRelatedInformation(
        new vscode.Location(vscode.Uri.parse(file), at),
        localize('Called from {0}', placeText(frame)),
      ),
    ];
  });
}
