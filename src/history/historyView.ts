import * as vscode from 'vscode';
import type { AxiomClient } from '../core/api/client';
import { groupByDay, queryHeadline, searchHistory, shownOutcome, type HistoryDay } from '../core/history/historyList';
import { entryRange, type HistoryEntry, type RunOutcome } from '../core/history/historyStore';
import { escapeMarkdown, fencedCode } from '../core/markdown';
import { phrase } from '../core/phrase';
import type { ResultFlag } from '../core/run/resultFlags';
import { rangeLabel } from '../core/run/timeRange';
import { COMMANDS, VIEWS } from '../platform/constants';
import { localize, say } from '../platform/l10n';
import { countText, ListView, type ListFeatureDeps, type Loaded } from '../platform/listView';
import type { QueryHistory } from './queryHistory';

export interface DayRow {
  kind: 'day';
  day: HistoryDay;
}

export interface RunRow {
  kind: 'run';
  entry: HistoryEntry;
  parent: DayRow;
}

export type HistoryNode = DayRow | RunRow;

const OUTCOME_ICONS: Record<RunOutcome, vscode.ThemeIcon> = {
  ok: new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
  limited: new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground')),
  compileError: new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground')),
  failed: new vscode.ThemeIcon('close', new vscode.ThemeColor('list.errorForeground')),
};

/** How a run ended, in words. */
export function outcomeWords(entry: HistoryEntry): string {
  const rows =
    entry.rows === undefined ? '' : entry.rows === 1 ? localize('1 row') : localize('{0} rows', countText(entry.rows));
  const shown = shownOutcome(entry);
  switch (shown.outcome) {
    case 'ok':
      return withFlags(
        shown.ownLimit
          ? localize('{0}, the limit the query sets ({1} {2})', rows, shown.ownLimit.name, shown.ownLimit.count)
          : rows,
        entry,
      );
    case 'limited':
      return withFlags(localize('{0}, cut at a limit', rows), entry);
    case 'compileError':
      return localize('does not compile');
    case 'failed':
      return localize('failed');
  }
}

/** The outcome's words and what the answer said of itself: partial, estimated, more held back. */
function withFlags(words: string, entry: HistoryEntry): string {
  const flagWords: Record<ResultFlag, string> = {
    partial: localize('partial'),
    estimate: localize('estimated'),
    continued: localize('more not sent'),
  };
  return [words, ...(entry.flags ?? []).map((flag) => flagWords[flag])].filter(Boolean).join(', ');
}

let sources: Record<string, string> | undefined;

/** What ran it, when not Run Query: a notebook cell, an agent's query tool, a dry run; a source
 *  this version does not know, as it was written. */
export function sourceWords(entry: HistoryEntry): string {
  sources ??= {
    query: '',
    notebook: localize('notebook'),
    agent: localize('agent'),
    dryRun: localize('dry run'),
  };
  return Object.hasOwn(sources, entry.source) ? sources[entry.source] : entry.source;
}

/** A run in one line, as the view's rows and the quick pick's items describe it: when (by `time`),
 *  what ran it, the range, how it ended, how long it took. */
export function runDescription(entry: HistoryEntry, time: Intl.DateTimeFormat): string {
  return [
    time.format(entry.at),
    sourceWords(entry),
    rangeWords(entry),
    outcomeWords(entry),
    durationWords(entry.durationMs),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The range labels said so far, by range: the runs of a history share a few (a list of 1,000 says
 *  each once, not 1,000 times). Kept to a bound: custom ranges may all differ. */
const saidRanges = new Map<string, string>();

/** A run's time range in words ("Last hour"). */
export function rangeWords(entry: HistoryEntry): string {
  const key = JSON.stringify(entry.range);
  let words = saidRanges.get(key);
  if (words === undefined) {
    if (saidRanges.size >= 200) saidRanges.clear();
    words = say(rangeLabel(entryRange(entry)));
    saidRanges.set(key, words);
  }
  return words;
}

let seconds: Intl.NumberFormat | undefined;

/** A duration as a person reads it: 850 ms, 2.4 s, 3 min 5 s. */
export function durationWords(ms: number): string {
  if (ms < 1000) return localize('{0} ms', Math.round(ms));
  seconds ??= new Intl.NumberFormat(vscode.env.language, { maximumFractionDigits: 1 });
  if (ms < 60_000) return localize('{0} s', seconds.format(ms / 1000));
  return localize('{0} min {1} s', Math.floor(ms / 60_000), Math.round((ms % 60_000) / 1000));
}

/**
 * The Query History tree: the runs of the window's deployment, newest first, in days (Today,
 * Yesterday, then dated with the weekday); searched by text from the title bar. Read from this
 * machine's history file; drawn again when this window or another records, removes or clears.
 */
export class HistoryView extends ListView<HistoryNode> {
  protected readonly doing = phrase('Reading the query history');
  private readonly times = new Intl.DateTimeFormat(vscode.env.language, { hour: '2-digit', minute: '2-digit' });
  private readonly days = new Intl.DateTimeFormat(vscode.env.language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  private readonly full = new Intl.DateTimeFormat(vscode.env.language, { dateStyle: 'full', timeStyle: 'medium' });
  private readonly openTitle = localize('Open in New Editor');
  private total = 0;

  protected readonly filterWords = {
    title: localize('Filter the query history'),
    prompt: localize('Shows the runs whose query or datasets hold every word. Empty: all.'),
  };

  constructor(
    deps: ListFeatureDeps<HistoryNode>,
    private readonly history: QueryHistory,
  ) {
    super(
      {
        viewId: VIEWS.history,
        refreshCommand: COMMANDS.refreshQueryHistory,
      },
      deps,
    );
    this.subscriptions.push(
      history.onDidChange(() => {
        if (this.listInHand || this.currentState !== 'loading') void this.refresh({ restart: true });
      }),
    );
  }

  /** The runs in hand, newest first. */
  get currentEntries(): HistoryEntry[] {
    return this.rows.flatMap((row) => (row.kind === 'day' ? row.day.entries : []));
  }

  /** The runs shown, the search applied, newest first. */
  get shownEntries(): HistoryEntry[] {
    return searchHistory(this.currentEntries, this.currentFilterText);
  }

  /** Nothing to ask the service: the history is on this machine, with or without a token. */
  protected override async loadList(signal: AbortSignal): Promise<Loaded<HistoryNode> | undefined> {
    const entries = await this.history.entries();
    if (signal.aborted) return undefined;
    return this.listOf(entries);
  }

  protected async fetch(_client: AxiomClient, _signal: AbortSignal): Promise<Loaded<HistoryNode>> {
    return this.listOf(await this.history.entries());
  }

  private listOf(entries: readonly HistoryEntry[]): Loaded<HistoryNode> {
    this.total = entries.length;
    return { rows: groupByDay(entries).map((day) => ({ kind: 'day', day })), unreadable: 0, count: entries.length };
  }

  protected describeCount(count: number): string {
    return this.describeFiltered(
      count === 1 ? localize('1 run') : localize('{0} runs', countText(count)),
      () => this.shownEntries.length,
    );
  }

  protected matchesFilter(row: HistoryNode, text: string): boolean {
    return row.kind === 'run' || searchHistory(row.day.entries, text).length > 0;
  }

  protected override childrenOf(row: HistoryNode): HistoryNode[] {
    if (row.kind !== 'day') return [];
    return searchHistory(row.day.entries, this.currentFilterText).map((entry) => ({ kind: 'run', entry, parent: row }));
  }

  protected override parentOf(row: HistoryNode): HistoryNode | undefined {
    return row.kind === 'run' ? row.parent : undefined;
  }

  /** Today, Yesterday, or the date with its weekday. */
  dayLabel(day: HistoryDay, now = new Date()): string {
    const today = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
    const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1).getTime();
    return day.start === today
      ? localize('Today')
      : day.start === yesterday
        ? localize('Yesterday')
        : this.days.format(day.start);
  }

  protected rowItem(row: HistoryNode): vscode.TreeItem {
    if (row.kind === 'day') {
      const item = new vscode.TreeItem(this.dayLabel(row.day), vscode.TreeItemCollapsibleState.Expanded);
      item.id = `day/${row.day.day}`;
      const shown = this.currentFilterText
        ? searchHistory(row.day.entries, this.currentFilterText).length
        : row.day.entries.length;
      item.description = countText(shown);
      item.iconPath = new vscode.ThemeIcon('calendar');
      item.contextValue = 'historyDay';
      return item;
    }
    const { entry } = row;
    const item = new vscode.TreeItem(queryHeadline(entry.apl), vscode.TreeItemCollapsibleState.None);
    item.id = `run/${entry.id}`;
    item.description = runDescription(entry, this.times);
    item.iconPath = OUTCOME_ICONS[shownOutcome(entry).outcome];
    item.contextValue = 'historyEntry';
    item.command = { command: COMMANDS.openHistoryQuery, title: this.openTitle, arguments: [row] };
    return item;
  }

  protected hoverMarkdown(row: HistoryNode): string | undefined {
    if (row.kind !== 'run') return undefined;
    const { entry } = row;
    const facts = [
      [localize('Ran'), this.full.format(entry.at)],
      [localize('Run by'), sourceWords(entry)],
      [localize('Time range'), rangeWords(entry)],
      [localize('Took'), durationWords(entry.durationMs)],
      [localize('Outcome'), outcomeWords(entry) || localize('no rows')],
      [localize('Datasets'), entry.datasets.join(', ')],
      [localize('Deployment'), entry.deployment],
    ].filter(([, value]) => value);
    const lines = [
      fencedCode(entry.apl, 'axiom-apl'),
      facts.map(([label, value]) => `${escapeMarkdown(label)}: ${escapeMarkdown(value)}`).join('  \n'),
    ];
    if (entry.message) lines.push(escapeMarkdown(entry.message));
    return lines.join('\n\n');
  }

  /** How many runs the history holds (the search aside). */
  get totalRuns(): number {
    return this.total;
  }
}
