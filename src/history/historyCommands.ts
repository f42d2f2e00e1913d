// The Query History's commands: on a run, open it in a new editor, run it again (over its own
// range or the current one), star it, copy it, remove it; on the view, search, clear; and Show
// Query History, a quick pick of the same runs for the keyboard.
import * as vscode from 'vscode';
import { queryHeadline } from '../core/history/historyList';
import { entryRange, readEntry, type HistoryEntry } from '../core/history/historyStore';
import type { TimeRange } from '../core/run/timeRange';
import { MPL_RUN_SOURCE } from '../core/run/mplTable';
import { confirm } from '../platform/confirm';
import { COMMANDS } from '../platform/constants';
import { copyQueryText, openQueryInNewTab } from '../platform/openQuery';
import { runDescription, type HistoryView } from './historyView';
import type { QueryHistory } from './queryHistory';
import { localize } from '../platform/l10n';

/** A run of a query from the history: its text, the editor it opened in, and the range to run over. */
export interface HistoryRun {
  apl: string;
  documentUri: vscode.Uri;
  version: number;
  startOffset: number;
  /** The range to run over; absent: the status bar's. */
  range?: TimeRange;
  /** APL unless said: an MPL run's entry runs as MPL again. */
  language?: 'apl' | 'mpl';
}

export interface HistoryCommandDeps {
  view: HistoryView;
  history: QueryHistory;
  /** Runs a query through the one runner (src/run). */
  run(request: HistoryRun): Promise<unknown>;
  /** Stars a query (the starred feature's Star this APL Query). */
  star(args: { apl: string; dataset?: string }): Promise<unknown>;
}

/** The entry a command was given: a run row of the view, or an entry itself. Only a shape is
 *  trusted, never a file name or a skipped confirmation. */
function entryFrom(arg: unknown): HistoryEntry | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const row = arg as { kind?: unknown; entry?: unknown };
  return readEntry(row.kind === 'run' ? row.entry : arg);
}

/** The history's commands, by command id. */
export function historyCommands(deps: HistoryCommandDeps) {
  const { view, history } = deps;

  /** The entry's query language: MPL for a run of MPL (core/run/mplTable.ts), else APL. */
  const languageOf = (entry: HistoryEntry) => (entry.source === MPL_RUN_SOURCE ? 'mpl' : 'apl');

  async function open(entry: HistoryEntry): Promise<vscode.TextEditor> {
    return openQueryInNewTab(entry.apl, languageOf(entry));
  }

  async function rerun(entry: HistoryEntry, sameRange: boolean): Promise<unknown> {
    const editor = await open(entry);
    const document = editor.document;
    return deps.run({
      apl: entry.apl,
      documentUri: document.uri,
      version: document.version,
      startOffset: 0,
      range: sameRange ? entryRange(entry) : undefined,
      language: languageOf(entry),
    });
  }

  async function pickEntry(): Promise<HistoryEntry | undefined> {
    const picked = await showHistoryPick(await history.entries(), view);
    return picked?.entry;
  }

  return {
    async [COMMANDS.openHistoryQuery](arg?: unknown): Promise<vscode.TextEditor | undefined> {
      const entry = entryFrom(arg) ?? (await pickEntry());
      return entry && open(entry);
    },
    /** Runs the query again over the range it ran over. */
    async [COMMANDS.rerunHistoryQuery](arg?: unknown): Promise<unknown> {
      const entry = entryFrom(arg) ?? (await pickEntry());
      return entry && rerun(entry, true);
    },
    /** Runs the query again over the status bar's range. */
    async [COMMANDS.rerunHistoryQueryNow](arg?: unknown): Promise<unknown> {
      const entry = entryFrom(arg) ?? (await pickEntry());
      return entry && rerun(entry, false);
    },
    async [COMMANDS.starHistoryQuery](arg?: unknown): Promise<unknown> {
      const entry = entryFrom(arg) ?? (await pickEntry());
      return entry && deps.star({ apl: entry.apl, dataset: entry.datasets[0] });
    },
    async [COMMANDS.copyHistoryQuery](arg?: unknown): Promise<void> {
      const entry = entryFrom(arg) ?? (await pickEntry());
      if (entry) await copyQueryText(entry.apl, queryHeadline(entry.apl, 40));
    },
    async [COMMANDS.removeHistoryEntry](arg?: unknown): Promise<void> {
      const entry = entryFrom(arg);
      if (entry) await history.remove(entry);
    },
    /** Removes the deployment's history from this machine, after a confirmation. */
    async [COMMANDS.clearQueryHistory](): Promise<boolean> {
      const cleared = await confirm(
        localize('Clear the query history of this deployment from this machine?'),
        localize('Every query recorded here is deleted from the disk. This cannot be undone.'),
        localize('Clear History'),
      );
      if (!cleared) return false;
      await history.clear();
      return true;
    },
    [COMMANDS.filterQueryHistory]: (arg?: unknown) => view.filter(arg),
    [COMMANDS.clearQueryHistoryFilter]: () => view.clearFilter(),

    /** Show Query History: the runs in a quick pick, searched as typed; Enter opens, the buttons run again, star or copy. */
    async [COMMANDS.showQueryHistory](): Promise<unknown> {
      const picked = await showHistoryPick(await history.entries(), view);
      if (!picked) return undefined;
      if (picked.action === 'rerun') return rerun(picked.entry, true);
      if (picked.action === 'star') return deps.star({ apl: picked.entry.apl, dataset: picked.entry.datasets[0] });
      if (picked.action === 'copy') return copyQueryText(picked.entry.apl, queryHeadline(picked.entry.apl, 40));
      return open(picked.entry);
    },
  };
}

type PickAction = 'open' | 'rerun' | 'star' | 'copy';

/** How many items of Show Query History are shown before the rest: more than a screen holds. */
const FIRST_ITEMS = 40;

interface EntryItem extends vscode.QuickPickItem {
  entry: HistoryEntry;
}

type PickButtons = Record<Exclude<PickAction, 'open'>, vscode.QuickInputButton>;

/** The pick's items of a list of runs, made on a day: kept while the list is the same (the history
 *  hands out the same list while its file is unchanged) and the day too (its labels say Today). */
const madeItems = new WeakMap<
  readonly HistoryEntry[],
  { today: number; items: vscode.QuickPickItem[]; buttons: PickButtons }
>();

/** The pick's items: a separator per day, an item per run with its buttons. */
function pickItems(
  entries: readonly HistoryEntry[],
  view: HistoryView,
): { items: vscode.QuickPickItem[]; buttons: PickButtons } {
  const today = new Date().setHours(0, 0, 0, 0);
  const made = madeItems.get(entries);
  if (made?.today === today) return made;
  const buttons: PickButtons = {
    rerun: { iconPath: new vscode.ThemeIcon('play'), tooltip: localize('Run Again (Same Range)') },
    star: { iconPath: new vscode.ThemeIcon('star-empty'), tooltip: localize('Star this APL Query') },
    copy: { iconPath: new vscode.ThemeIcon('copy'), tooltip: localize('Copy Query') },
  };
  const time = new Intl.DateTimeFormat(vscode.env.language, { hour: '2-digit', minute: '2-digit' });
  const items: vscode.QuickPickItem[] = [];
  // Newest first: a day's runs come together, and its label is made once, at its first run.
  let dayStart = NaN;
  for (const entry of entries) {
    const start = new Date(entry.at).setHours(0, 0, 0, 0);
    if (start !== dayStart) {
      items.push({ label: view.dayLabel({ day: '', start, entries: [] }), kind: vscode.QuickPickItemKind.Separator });
      dayStart = start;
    }
    const item: EntryItem = {
      label: queryHeadline(entry.apl),
      description: runDescription(entry, time),
      detail: entry.apl.length > 200 ? `${entry.apl.slice(0, 199)}…` : entry.apl,
      buttons: [buttons.rerun, buttons.star, buttons.copy],
      entry,
    };
    items.push(item);
  }
  madeItems.set(entries, { today, items, buttons });
  return { items, buttons };
}

/** The quick pick of runs, newest first, with a separator per day. Built with no request and no file
 *  read but the one given; shown again with the items made before while the runs and the day are
 *  the same. */
export async function showHistoryPick(
  entries: readonly HistoryEntry[],
  view: HistoryView,
  shown?: (pick: vscode.QuickPick<vscode.QuickPickItem>) => void,
): Promise<{ entry: HistoryEntry; action: PickAction } | undefined> {
  const { items, buttons } = pickItems(entries, view);
  const pick = vscode.window.createQuickPick<vscode.QuickPickItem>();
  pick.title = localize('Query History');
  pick.placeholder = entries.length
    ? localize('Search the queries run on this deployment')
    : localize('No query has been run on this deployment yet');
  pick.matchOnDescription = true;
  pick.matchOnDetail = true;
  // The first screen of runs first: VS Code copies every item with its buttons to the window when
  // the pick is shown (1,000 runs: three times a plain list's time); the rest follow a moment later,
  // in the same order, so that what is on screen and what is active stay as they were.
  const first = items.length > FIRST_ITEMS ? items.slice(0, FIRST_ITEMS) : items;
  pick.items = first;
  let hidden = false;
  try {
    return await new Promise((resolve) => {
      pick.onDidAccept(() => {
        const item = pick.selectedItems[0] as EntryItem | undefined;
        resolve(item?.entry ? { entry: item.entry, action: 'open' } : undefined);
      });
      pick.onDidTriggerItemButton((e) => {
        const action = (Object.keys(buttons) as (keyof typeof buttons)[]).find((key) => buttons[key] === e.button);
        const entry = (e.item as EntryItem).entry;
        if (action && entry) resolve({ entry, action });
      });
      pick.onDidHide(() => {
        hidden = true;
        resolve(undefined);
      });
      pick.show();
      if (first !== items)
        setTimeout(() => {
          if (hidden) return;
          pick.keepScrollPosition = true;
          pick.items = items;
        }, 0);
      shown?.(pick);
    });
  } finally {
    hidden = true;
    pick.dispose();
  }
}
