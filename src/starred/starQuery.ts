import * as vscode from 'vscode';
import type { AxiomClient } from '../core/api/client';
import type { StarredQueryInput } from '../core/api/schemas';
import type { StarredQuery } from '../core/api/starred';
import { datasetFromApl, suggestQueryName } from '../core/apl/aplText';
import { whoAmI } from '../core/starred/whoAmI';
import { phrase } from '../core/phrase';
import { queryLink } from '../core/links';
import { clientFor, withClient, type ClientAccess } from '../platform/clientAccess';
import type { Log } from '../platform/log';
import type { RecentDatasets } from './recentDatasets';
import type { OrgIds } from '../platform/webApp';
import { openInWebApp } from '../platform/webApp';
import { localize } from '../platform/l10n';
import { APL_LANGUAGE_ID, COMMANDS } from '../platform/constants';
import { stepDone } from '../platform/walkthroughSteps';

/** Arguments for calling the command without prompts (from other commands and tests). */
export interface StarQueryArgs {
  apl?: string;
  name?: string;
  dataset?: string;
}

interface Deps {
  connection: ClientAccess;
  /** The window's deployment's org id, for links to the web app. */
  orgIds: OrgIds;
  recent: RecentDatasets;
  log: Log;
  /** Told of each query starred, to show it at once (the Starred Queries view). */
  onStarred?: (created: StarredQuery) => void;
}

/** Axiom: Star this APL Query. Nothing is posted until name and dataset are given; a failed post
 *  keeps the query, name and dataset so that Retry sends the identical body. */
export function starQueryCommand(deps: Deps) {
  return async (args?: StarQueryArgs): Promise<StarredQuery | undefined> => {
    const source =
      args?.apl !== undefined
        ? { apl: args.apl, wholeDocument: false }
        : (queryFromEditor() ?? (await newQueryToStar()));
    if (!source || !source.apl.trim()) {
      void vscode.window.showWarningMessage(localize('Select an APL query first.'));
      return undefined;
    }
    const apl = source.apl;
    const client = await clientFor(deps.connection, {
      doing: phrase('Starring the query'),
      why: localize('Sign in to Axiom (or set an API token) to star queries.'),
      log: deps.log,
    });
    if (!client) return undefined;

    const guessed = datasetFromApl(apl);
    const name = args?.name?.trim() || (await askName(apl, guessed, source.wholeDocument));
    if (!name) return undefined;
    const dataset = args?.dataset?.trim() || (await pickDataset(client, guessed, deps.recent.list()));
    if (!dataset) return undefined;

    const body: StarredQueryInput = {
      kind: 'apl',
      name,
      dataset,
      who: await whoAmI(client),
      query: { apl },
      metadata: {},
    };
    // Taken afresh on each try (withClient): a Retry after Set API Token uses the new token.
    return withClient(deps.connection, { doing: phrase('Starring “{0}”', name), log: deps.log }, async (current) => {
      const created = await postWithProgress(current, body);
      await deps.recent.add(dataset);
      deps.log.info(`starred query ${created.id} (${dataset})`);
      deps.onStarred?.(created);
      stepDone('queryStarred');
      void confirm(created, deps.orgIds, current);
      return created;
    });
  };
}

/** The active editor's query; with no active editor (the walkthrough or a webview has the focus),
 *  that of an Axiom APL editor in sight. */
function queryFromEditor(): { apl: string; wholeDocument: boolean } | undefined {
  const editor =
    vscode.window.activeTextEditor ??
    vscode.window.visibleTextEditors.find((visible) => visible.document.languageId === APL_LANGUAGE_ID);
  if (!editor) return undefined;
  const selected = editor.document.getText(editor.selection);
  if (selected.trim()) return { apl: selected, wholeDocument: false };
  return { apl: editor.document.getText(), wholeDocument: true };
}

/** With no APL in sight (the walkthrough's button, the palette with nothing open): New APL Query's
 *  editor, in front, whose query is then starred whole once named. */
async function newQueryToStar(): Promise<{ apl: string; wholeDocument: boolean } | undefined> {
  const editor = await vscode.commands.executeCommand<vscode.TextEditor | undefined>(COMMANDS.newAplQuery);
  return editor && { apl: editor.document.getText(), wholeDocument: true };
}

async function askName(apl: string, dataset: string | undefined, wholeDocument: boolean): Promise<string | undefined> {
  const name = await vscode.window.showInputBox({
    title: wholeDocument
      ? localize('Star this APL Query (the whole document: nothing is selected)')
      : localize('Star this APL Query'),
    prompt: localize('A name for the starred query'),
    value: suggestQueryName(apl, dataset),
    ignoreFocusOut: true,
    validateInput: (text) => (text.trim() ? undefined : localize('A starred query needs a name.')),
  });
  return name?.trim() || undefined;
}

type DatasetItem = vscode.QuickPickItem & { dataset: string };

/** A quick pick that takes free text, offering the query's own dataset, recent ones, and the
 *  token's datasets once they arrive (a refusal there is silent: typing still works). */
async function pickDataset(
  client: AxiomClient,
  guessed: string | undefined,
  recent: string[],
): Promise<string | undefined> {
  const pick = vscode.window.createQuickPick<DatasetItem>();
  pick.title = localize('Star this APL Query: dataset');
  pick.placeholder = localize('Pick or type the dataset');
  pick.ignoreFocusOut = true;
  const controller = new AbortController();
  let listed: string[] = [];
  const render = () => {
    const typed = pick.value.trim();
    const items: DatasetItem[] = [];
    const seen = new Set<string>();
    const add = (dataset: string, description: string) => {
      if (seen.has(dataset)) return;
      seen.add(dataset);
      items.push({ label: dataset, description, dataset });
    };
    if (typed) add(typed, 'typed');
    if (guessed) add(guessed, 'named in the query');
    for (const d of recent) add(d, 'recent');
    for (const d of listed) add(d, '');
    pick.items = items;
  };
  render();
  pick.busy = true;
  client
    .listDatasets(controller.signal)
    .then((datasets) => {
      listed = datasets.map((d) => d.name).sort((a, b) => a.localeCompare(b));
      render();
    })
    .catch(() => undefined)
    .finally(() => (pick.busy = false));

  try {
    return await new Promise<string | undefined>((resolve) => {
      pick.onDidChangeValue(render);
      pick.onDidAccept(() => resolve(pick.selectedItems[0]?.dataset ?? (pick.value.trim() || undefined)));
      pick.onDidHide(() => resolve(undefined));
      pick.show();
    });
  } finally {
    controller.abort();
    pick.dispose();
  }
}

function postWithProgress(client: AxiomClient, body: StarredQueryInput): Promise<StarredQuery> {
  return Promise.resolve(
    vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: localize('Starring “{0}”…', body.name),
        cancellable: true,
      },
      (_progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        return client.createStarredQuery(body, controller.signal);
      },
    ),
  );
}

async function confirm(created: StarredQuery, orgIds: OrgIds, client: AxiomClient): Promise<void> {
  const [copyId, openInAxiom] = [localize('Copy ID'), localize('Open in Axiom')];
  const choice = await vscode.window.showInformationMessage(
    localize('Starred “{0}” (id {1}).', created.name, created.id),
    copyId,
    openInAxiom,
  );
  if (choice === copyId) {
    await vscode.env.clipboard.writeText(created.id);
  } else if (choice === openInAxiom) {
    await openInWebApp(orgIds, (orgId) => queryLink(client.endpoint, orgId, created.query.apl));
  }
}
