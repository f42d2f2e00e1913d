// The commands of the Starred Queries view's title bar of its own: whose queries, the dataset filter
// (the text filter and Clear Filter are every list view's: platform/listView.ts).
import * as vscode from 'vscode';
import type { ClientAccess } from '../platform/clientAccess';
import type { StarredOwner } from '../core/starred/starredPages';
import { ownerLabel, type StarredView } from './starredView';
import { localize } from '../platform/l10n';

export function starredViewCommands(view: StarredView, connection: ClientAccess) {
  return {
    /** Asks whose starred queries to show (or takes `{ owner }`). */
    chooseOwner: async (args?: { owner?: StarredOwner }): Promise<void> => {
      let owner = args?.owner;
      if (!owner) {
        const descriptions: Record<StarredOwner, string> = {
          mine: localize('the queries you starred'),
          team: localize('those your team starred, without yours'),
          all: localize('everyone’s, yours too'),
        };
        const items = (['mine', 'team', 'all'] as const).map((o) => ({
          label: ownerLabel(o),
          description: descriptions[o],
          detail: o === view.currentOwner ? localize('Shown now') : undefined,
          owner: o,
        }));
        owner = (await vscode.window.showQuickPick(items, { title: localize('Whose starred queries') }))?.owner;
      }
      if (owner) await view.setOwner(owner);
    },

    /** Shows only the queries of one dataset (or takes `{ dataset }`; empty: every dataset). */
    filterByDataset: async (args?: { dataset?: string }): Promise<void> => {
      let dataset = args?.dataset;
      if (dataset === undefined) {
        const every = { label: localize('Every dataset'), dataset: '' };
        const pick = vscode.window.createQuickPick<vscode.QuickPickItem & { dataset: string }>();
        pick.title = localize('Starred queries of one dataset');
        const show = (names: string[]) =>
          (pick.items = [every, ...names.map((name) => ({ label: name, dataset: name }))]);
        show(view.datasetsInHand());
        pick.busy = true;
        const controller = new AbortController();
        // The token's datasets join those in hand when they arrive; a refusal there is silent.
        void connection
          .client()
          .then((client) => client?.listDatasets(controller.signal))
          .then(
            (datasets) =>
              datasets &&
              show(
                [...new Set([...view.datasetsInHand(), ...datasets.map((d) => d.name)])].sort((a, b) =>
                  a.localeCompare(b),
                ),
              ),
          )
          .catch(() => undefined)
          .finally(() => (pick.busy = false));
        dataset = await new Promise<string | undefined>((resolve) => {
          pick.onDidAccept(() => resolve(pick.selectedItems[0]?.dataset));
          pick.onDidHide(() => resolve(undefined));
          pick.show();
        });
        controller.abort();
        pick.dispose();
      }
      if (dataset !== undefined) await view.filterByDataset(dataset);
    },
  };
}
