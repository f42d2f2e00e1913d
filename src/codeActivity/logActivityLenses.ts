// Show Log Activity: a CodeLens above each log statement of the files shown, saying how often its
// message was logged in the range and when last. ONE query per file answers all its statements
// (core/code/logActivityQuery.ts), sent through the window's one background budget
// (platform/backgroundRequests.ts) on the one poll loop (core/polling/pollLoop.ts), and only while
// the feature is on, the window focused and the file visible: a file not shown is never asked
// about. When the budget is spent nothing is sent and the lens says so; a 429 pauses the budget.
import * as vscode from 'vscode';
import { BudgetCancelled } from '../core/api/requestBudget';
import { isAxiomError } from '../core/api/errors';
import { reasonFor } from '../core/api/errorAdvice';
import {
  activityWords,
  fileActivityQuery,
  patternKey,
  readFileActivity,
  statementQuery,
  type Activity,
  type LogSource,
} from '../core/code/logActivityQuery';
import { findLogStatements, logLanguageOf, type LogStatement } from '../core/code/logStatements';
import { patternText } from '../core/code/messagePattern';
import { PollLoop } from '../core/polling/pollLoop';
import type { TimerClock } from '../core/polling/timerClock';
import type { PresetId } from '../core/run/timeRange';
import type { BackgroundRequests } from '../platform/backgroundRequests';
import type { ClientAccess } from '../platform/clientAccess';
import { COMMANDS } from '../platform/constants';
import { localize, say } from '../platform/l10n';
import type { Log } from '../platform/log';
import {
  CODE_ACTIVITY_SETTINGS,
  isOn,
  logActivityRange,
  loggerNames,
  refreshMs,
  touches,
} from './codeActivitySettings';
import { settledSource } from './logSource';

/** A request that would wait longer than this for the budget is not sent: the lens says so. */
const BUDGET_WAIT_MS = 2000;
/** After an edit brings a new message, its count is asked this long after typing stops. */
const EDIT_DELAY_MS = 1500;

type FileStatus = 'counting' | 'ready' | 'budget' | 'failed' | 'noSource' | 'signedOut';

interface FileState {
  status: FileStatus;
  /** Counts by pattern key, of the last answer. */
  activity: Map<string, Activity>;
  /** The keys the last query asked about, and what it was asked of (source, range). */
  asked: Set<string>;
  askedOf: string;
  fetchedAt: number;
  reason?: string;
}

/** What log activity and production errors poll with: the connection, the window's one budget for
 *  background requests, the log, and the clock (a test's moves only when told). */
export interface PollingDeps {
  access: () => ClientAccess;
  background: () => BackgroundRequests;
  log: Log;
  clock?: TimerClock;
}

/** Words for the ranges the setting offers. */
const RANGE_WORDS: Record<PresetId, string> = {
  '15m': '15 min',
  '1h': '1 h',
  '6h': '6 h',
  '24h': '24 h',
  '7d': '7 days',
  '30d': '30 days',
};

export class LogActivityLenses implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly files = new Map<string, FileState>();
  private readonly scanned = new Map<string, { version: number; statements: LogStatement[] }>();
  private readonly loop: PollLoop;
  private readonly subscriptions: vscode.Disposable[];
  private readonly now: () => number;
  /** Queries sent, for tests and the bench: counted, never timed. */
  sent = 0;

  constructor(private readonly deps: PollingDeps) {
    this.now = () => (deps.clock ?? { now: Date.now }).now();
    this.loop = new PollLoop({
      round: (signal) => this.round(signal),
      intervalMs: () => refreshMs(CODE_ACTIVITY_SETTINGS.logActivityRefreshSeconds),
      wanted: () =>
        isOn(CODE_ACTIVITY_SETTINGS.logActivityEnabled) && vscode.window.state.focused && this.shown().length > 0,
      failed: (error) => deps.log.warn(`log activity: ${String(error)}`),
      clock: deps.clock,
    });
    this.subscriptions = [
      this.changed,
      vscode.languages.registerCodeLensProvider(
        [
          { language: 'typescript' },
          { language: 'typescriptreact' },
          { language: 'javascript' },
          { language: 'javascriptreact' },
          { language: 'python' },
          { language: 'go' },
        ],
        this,
      ),
      vscode.window.onDidChangeVisibleTextEditors(() => this.loop.schedule(0)),
      vscode.window.onDidChangeWindowState(() => this.loop.scheduleWhenDue()),
      vscode.workspace.onDidChangeTextDocument((e) => this.edited(e.document)),
      vscode.workspace.onDidCloseTextDocument((d) => {
        this.files.delete(d.uri.toString());
        this.scanned.delete(d.uri.toString());
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!touches(e, ...Object.values(CODE_ACTIVITY_SETTINGS).filter((n) => !n.startsWith('productionErrors'))))
          return;
        this.scanned.clear();
        this.refresh();
      }),
      deps.background().onDidReset(() => {
        this.loop.pause();
        this.files.clear();
        this.loop.forgetLastRound();
        this.refresh();
      }),
    ];
    this.loop.schedule(0);
  }

  /** Counts again now (the files shown), or stops when the feature is off. */
  refresh(): void {
    for (const state of this.files.values()) state.fetchedAt = -Infinity;
    if (!isOn(CODE_ACTIVITY_SETTINGS.logActivityEnabled)) this.loop.pause();
    else this.loop.schedule(0);
    this.changed.fire();
  }

  /** The log statements of a document, scanned once per version. */
  statementsOf(document: vscode.TextDocument): LogStatement[] {
    const language = logLanguageOf(document.languageId);
    if (!language) return [];
    const key = document.uri.toString();
    const known = this.scanned.get(key);
    if (known?.version === document.version) return known.statements;
    const statements = findLogStatements(document.getText(), language, loggerNames());
    this.scanned.set(key, { version: document.version, statements });
    return statements;
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!isOn(CODE_ACTIVITY_SETTINGS.logActivityEnabled)) return [];
    const statements = this.statementsOf(document);
    if (!statements.length) return [];
    const state = this.files.get(document.uri.toString());
    const range = RANGE_WORDS[logActivityRange()];
    const now = this.now();
    return statements.map((statement) => {
      const at = new vscode.Range(statement.line, statement.column, statement.line, statement.column);
      return new vscode.CodeLens(at, this.lensCommand(document, statement, state, range, now));
    });
  }

  private lensCommand(
    document: vscode.TextDocument,
    statement: LogStatement,
    state: FileState | undefined,
    range: string,
    now: number,
  ): vscode.Command {
    const run = {
      command: COMMANDS.showLogStatementEvents,
      arguments: [document.uri.toString(), statement.line],
      tooltip: localize('Show the events of “{0}” in Axiom', patternText(statement.pattern)),
    };
    const key = patternKey(statement.pattern);
    // Counts known stay shown while a later count waits or failed.
    if (state?.asked.has(key)) return { ...run, title: say(activityWords(state.activity.get(key), range, now)) };
    switch (state?.status) {
      case 'budget':
        return { ...run, title: localize('Axiom: the request budget is spent; counted again at the next refresh') };
      case 'failed':
        return { ...run, title: localize('Axiom: could not count ({0})', state.reason ?? '') };
      case 'noSource':
        return {
          command: COMMANDS.showLogActivity,
          title: localize('Axiom: choose the dataset of these logs'),
          tooltip: localize('Show Log Activity asks which dataset and field hold the logs'),
        };
      case 'signedOut':
        return { command: COMMANDS.signIn, title: localize('Axiom: sign in to count these log lines') };
      default:
        return { ...run, title: localize('Axiom: counting…') };
    }
  }

  /** The query that lists one statement's events (a lens's click), with the range the lens counts. */
  statementQueryAt(uri: string, line: number): { apl: string; range: PresetId } | undefined {
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
    const source = settledSource();
    if (!document || !source) return undefined;
    const statement = this.statementsOf(document).find((s) => s.line === line);
    return statement && { apl: statementQuery(source, statement.pattern), range: logActivityRange() };
  }

  /** The documents shown that hold log statements. */
  private shown(): vscode.TextDocument[] {
    const documents = new Set(vscode.window.visibleTextEditors.map((e) => e.document));
    return [...documents].filter((d) => d.uri.scheme !== 'output' && this.statementsOf(d).length > 0);
  }

  private edited(document: vscode.TextDocument): void {
    if (!isOn(CODE_ACTIVITY_SETTINGS.logActivityEnabled)) return;
    const state = this.files.get(document.uri.toString());
    if (!state || !vscode.window.visibleTextEditors.some((e) => e.document === document)) return;
    // A message the last answer did not cover: asked after typing stops.
    if (this.statementsOf(document).some((s) => !state.asked.has(patternKey(s.pattern))))
      this.loop.schedule(EDIT_DELAY_MS);
  }

  /** One round: one query per shown file whose counts are due (or lack a message). */
  private async round(signal: AbortSignal): Promise<void> {
    const source = settledSource();
    const range = logActivityRange();
    const askedOf = `${source?.dataset}\u0000${source?.messageField}\u0000${range}`;
    const interval = refreshMs(CODE_ACTIVITY_SETTINGS.logActivityRefreshSeconds);
    for (const document of this.shown()) {
      if (signal.aborted) return;
      const key = document.uri.toString();
      const statements = this.statementsOf(document);
      const state = this.files.get(key);
      const due =
        !state ||
        state.askedOf !== askedOf ||
        state.fetchedAt + interval <= this.now() ||
        statements.some((s) => !state.asked.has(patternKey(s.pattern)));
      if (due) await this.count(document, statements, source, askedOf, signal);
    }
  }

  private async count(
    document: vscode.TextDocument,
    statements: LogStatement[],
    source: LogSource | undefined,
    askedOf: string,
    signal: AbortSignal,
  ): Promise<void> {
    const key = document.uri.toString();
    const previous = this.files.get(key);
    const state: FileState = previous ?? {
      status: 'counting',
      activity: new Map(),
      asked: new Set(),
      askedOf,
      fetchedAt: -Infinity,
    };
    this.files.set(key, state);
    const settle = (status: FileStatus, reason?: string) => {
      state.status = status;
      state.reason = reason;
      this.changed.fire();
    };
    if (!source) return settle('noSource');
    const client = await this.deps
      .access()
      .client()
      .catch(() => undefined);
    if (!client) return settle('signedOut');
    const budget = this.deps.background().budget;
    if (budget.nextStartIn() > BUDGET_WAIT_MS) return settle('budget');
    const { apl, keys } = fileActivityQuery(source, statements);
    try {
      this.sent++;
      const result = await this.deps
        .background()
        .run(() => client.runApl(apl, { startTime: `now-${logActivityRange()}`, endTime: 'now' }, signal), signal);
      if (signal.aborted) return;
      state.activity = readFileActivity(result, keys);
      state.asked = new Set(keys);
      state.askedOf = askedOf;
      state.fetchedAt = this.now();
      settle('ready');
    } catch (error) {
      if (error instanceof BudgetCancelled || signal.aborted) return;
      if (isAxiomError(error) && error.kind === 'rateLimited') {
        budget.pauseUntil(error.retryAt?.getTime() ?? Date.now() + 60_000);
        return settle('budget');
      }
      this.deps.log.warn(`log activity of ${document.uri.toString()}: ${say(reasonFor(error))}`);
      state.fetchedAt = this.now();
      settle('failed', say(reasonFor(error)));
    }
  }

  dispose(): void {
    this.loop.stop();
    for (const s of this.subscriptions) s.dispose();
  }
}
