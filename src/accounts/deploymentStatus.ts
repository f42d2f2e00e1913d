import * as vscode from 'vscode';
import { SETTINGS_DEPLOYMENT } from '../core/accounts/deployments';
import { isAxiomError } from '../core/api/errors';
import { COMMANDS } from '../platform/constants';
import { localize, say } from '../platform/l10n';
import { deploymentLabel, type Accounts } from './accounts';

/** The status bar item naming the window's deployment and org; a click opens the switch. Hidden
 *  for a person with nothing set up yet (the views' welcome says what to do then). */
export class DeploymentStatus implements vscode.Disposable {
  readonly item = vscode.window.createStatusBarItem('axiom.deployment', vscode.StatusBarAlignment.Left, 0);
  private readonly listener: vscode.Disposable;
  /** Updates may overlap (a change arrives while secrets are read): only the newest is shown. */
  private generation = 0;

  constructor(private readonly accounts: Accounts) {
    this.item.name = localize('Axiom Deployment');
    this.item.command = COMMANDS.switchDeployment;
    this.listener = accounts.onDidChange(() => void this.update());
    // Made after activation (src/accounts/register.ts): the first look reads this machine's record
    // of the last switch (a file, and a watcher on its folder), 3–6 ms that activation need not spend.
    void this.update();
  }

  async update(): Promise<void> {
    const generation = ++this.generation;
    const listed = this.accounts.listed();
    let text: string;
    let tooltip: string;
    try {
      const active = await this.accounts.active();
      const hasToken = (await this.accounts.token(active.name)) !== undefined;
      if (generation !== this.generation) return;
      if (active.name === SETTINGS_DEPLOYMENT && !listed.length && !hasToken) {
        this.item.hide();
        return;
      }
      const label = deploymentLabel(active);
      text = `$(cloud) ${label}${active.orgId ? ` · ${active.orgId}` : ''}${hasToken ? '' : ` $(warning)`}`;
      tooltip = [
        localize('Axiom deployment: {0}', label),
        active.url,
        active.orgId ? localize('Org: {0}', active.orgId) : undefined,
        hasToken ? undefined : localize('No token on this machine: run Axiom: Set API Token.'),
        active.by === 'workspace'
          ? localize('Chosen by this workspace (axiom.deployment).')
          : active.by === 'environment'
            ? localize('Chosen by AXIOM_DEPLOYMENT.')
            : undefined,
        localize('Click to switch, add or import deployments.'),
      ]
        .filter(Boolean)
        .join('\n');
    } catch (error) {
      if (generation !== this.generation) return;
      text = `$(warning) ${localize('Axiom')}`;
      tooltip = isAxiomError(error) ? say(error.phrase) : String(error);
    }
    this.item.text = text;
    this.item.tooltip = tooltip;
    this.item.accessibilityInformation = { label: tooltip.split('\n')[0] };
    this.item.show();
  }

  dispose(): void {
    this.generation++; // an update under way leaves the item alone
    this.listener.dispose();
    this.item.dispose();
  }
}
