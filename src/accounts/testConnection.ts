import * as vscode from 'vscode';
import type { Connection } from './connection';
import { STEP_NAMES, type StepOutcome } from '../core/accounts/connectionSteps';
import { phrase, render } from '../core/phrase';
import { load } from '../platform/lazy';
import { localize, say } from '../platform/l10n';
import type { Log } from '../platform/log';
import type { SettingsStore } from '../platform/settings';
import { adviceFor } from '../core/api/errorAdvice';
import { deploymentLabel, type ActiveDeployment } from './accounts';
import { showAdvice } from '../platform/showAdvice';

/** Axiom: Test Connection. Each step's result goes to the log; the person gets one message:
 *  that it works, or which step failed and what to do. Returns the outcomes (for tests). */
export function testConnectionCommand(connection: Connection, settings: SettingsStore, log: Log) {
  const { handlers } = connection;
  return async function testConnection(): Promise<StepOutcome[]> {
    let deployment: ActiveDeployment;
    try {
      deployment = await connection.deployment();
    } catch (error) {
      void showAdvice(adviceFor(error, phrase('Test Connection')), handlers);
      return [];
    }
    const { url } = deployment;
    const { timeoutMs } = settings.read();
    const network = settings.readNetwork();
    const transport = connection.transport();
    const controller = new AbortController();
    const outcomes = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: localize('Axiom: testing the connection'),
        cancellable: true,
      },
      (progress, cancel) => {
        cancel.onCancellationRequested(() => controller.abort());
        log.info(`Test Connection: ${deploymentLabel(deployment)} (${url})`);
        return load('client').checkConnection(
          {
            url,
            transport,
            proxySettings: { proxy: network.proxy, noProxy: network.noProxy, off: network.proxyOff },
            strictSSL: network.strictSSL,
            timeoutMs,
            client: () => connection.client(),
            signal: controller.signal,
          },
          (outcome) => {
            log[outcome.status === 'failed' ? 'warn' : 'info'](
              `  ${render(STEP_NAMES[outcome.step])}: ${outcome.status}: ${render(outcome.detail)} (${outcome.ms} ms)`,
            );
            progress.report({
              message: say(
                outcome.status === 'failed'
                  ? phrase('{0} failed', STEP_NAMES[outcome.step])
                  : phrase('{0} done', STEP_NAMES[outcome.step]),
              ),
            });
          },
        );
      },
    );
    const last = outcomes[outcomes.length - 1];
    if (last.status === 'failed') {
      if (controller.signal.aborted) return outcomes;
      const again = await showAdvice(
        {
          message: phrase('Test Connection: {0} failed: {1}', STEP_NAMES[last.step], last.detail),
          actions: last.actions,
        },
        handlers,
      );
      return again === 'retry' ? testConnection() : outcomes;
    }
    const found = (step: StepOutcome['step']) => outcomes.find((o) => o.step === step)?.detail;
    const showLog = localize('Show Log');
    void vscode.window
      .showInformationMessage(
        say(
          phrase(
            'Axiom connection works: {0}; {1}. Proxy: {2}. Certificate: {3}.',
            found('auth') ?? '',
            found('monitors') ?? '',
            found('proxy') ?? '',
            found('tls') ?? '',
          ),
        ),
        showLog,
      )
      .then((chosen) => chosen && log.show());
    return outcomes;
  };
}
