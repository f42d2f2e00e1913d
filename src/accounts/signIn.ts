// Sign in with Axiom: the browser sign-in (OAuth 2.0, authorization code with PKCE). Discovers
// the authorization server, registers the extension once per server on this machine, opens the
// browser, waits for it on a loopback listener (or for the address pasted by hand where the
// browser cannot reach this machine), trades the code for tokens, asks which org when there are
// several, and saves a deployment named after the org whose tokens live in secret storage only.
// A sign-in that ends early changes nothing.
import * as vscode from 'vscode';
import type { Deployment } from '../core/accounts/deployments';
import { checkDeploymentName } from '../core/accounts/deployments';
import type { OAuthHttp, ServerMetadata } from '../core/accounts/oauth';
import { signInUrlFor } from '../core/accounts/signInUrl';
import type { CallbackListener } from '../core/accounts/oauthCallback';
import type { Grant } from '../core/accounts/tokenRefresh';
import { DEFAULT_API_URL } from '../core/api/baseUrl';
import type { Transport } from '../core/api/transport';
import { adviceFor } from '../core/api/errorAdvice';
import { isAxiomError } from '../core/api/errors';
import { phrase } from '../core/phrase';
import type { Org } from '../core/api/schemas';
import { type Browser, withOriginalPath } from '../platform/browser';
import { OPEN_SETTINGS } from '../platform/adviceActions';
import { load } from '../platform/lazy';
import { localize, say } from '../platform/l10n';
import type { Log } from '../platform/log';
import type { MachineState } from '../platform/machineState';
import type { SettingsStore } from '../platform/settings';
import { showAdvice, type AdviceHandlers } from '../platform/showAdvice';
import type { TokenStore } from '../platform/tokenStore';
import type { Accounts } from './accounts';

/** The client registered with each authorization server (by issuer), the redirect address it
 *  was registered with and the port listened on for it: remembered on this machine (not synced;
 *  not a secret), so that the next sign-in listens there again and needs no new client. */
export type RegisteredClients = Record<string, { clientId: string; redirectUri: string; port?: number }>;

export interface SignInDeps {
  accounts: Accounts;
  tokens: TokenStore;
  settings: SettingsStore;
  clients: MachineState<RegisteredClients>;
  /** How requests go: the connection's transport. */
  transport(): Transport;
  browser: Browser;
  log: Log;
  /** What a failure's actions do (Set API Token, Show Log). */
  handlers: AdviceHandlers;
  userAgent: string;
  /** The Add Deployment flow, for a person who would rather paste a token. */
  addWithToken(): Thenable<unknown>;
  /** Rename Deployment, offered once the deployment is saved. */
  rename(name: string): Thenable<unknown>;
}

/** Arguments from tests and scripts: which org to take when the token sees several. */
export interface SignInArgs {
  orgId?: string;
}

/** How long the browser has to come back. */
const BROWSER_TIME_LIMIT_MS = 5 * 60_000;
/** In a remote window, how long before the way to finish by hand is offered. */
const OFFER_PASTE_AFTER_MS = 20_000;
const CLIENT_NAME = 'Axiom APL for VS Code';

/** Axiom: Sign in with Axiom. Resolves to the deployment saved, or undefined when nothing changed. */
export function signInCommand(deps: SignInDeps) {
  const run = async (args?: SignInArgs): Promise<Deployment | undefined> => {
    const apiUrl = deps.settings.read().url || DEFAULT_API_URL;
    const signInUrl = signInUrlFor(apiUrl, deps.settings.readSignInUrl());
    if (!signInUrl) {
      const open = localize('Open Settings');
      const token = localize('Add with a Token');
      const choice = await vscode.window.showErrorMessage(
        localize(
          'Sign in with Axiom needs to know where {0} signs in: set axiom.signInUrl, or add the deployment with a token.',
          hostOf(apiUrl),
        ),
        open,
        token,
      );
      if (choice === open) await vscode.commands.executeCommand(OPEN_SETTINGS, 'axiom.signInUrl');
      if (choice === token) await deps.addWithToken();
      return undefined;
    }
    const api = load('client');
    const transport = deps.transport();
    try {
      return await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: localize('Sign in with Axiom'),
          cancellable: true,
        },
        async (progress, cancel) => {
          const controller = new AbortController();
          cancel.onCancellationRequested(() => controller.abort());
          const http: OAuthHttp = {
            transport,
            userAgent: deps.userAgent,
            timeoutMs: deps.settings.read().timeoutMs,
            signal: controller.signal,
          };
          progress.report({ message: localize('Finding the sign-in server…') });
          const metadata = await api.discover(signInUrl, http);
          const state = api.makeState();
          const pkce = api.makePkce();
          const remembered = deps.clients.get()[metadata.issuer];
          const listener = await api.listenForCallback({
            state,
            timeoutMs: BROWSER_TIME_LIMIT_MS,
            signal: controller.signal,
            port: remembered?.port ?? rememberedPort(remembered?.redirectUri),
            pages: {
              title: localize('Axiom'),
              success: localize('You are signed in. You can close this tab and return to VS Code.'),
              failure: localize('The sign-in did not finish. Return to VS Code to see why.'),
            },
          });
          try {
            const { clientId, redirectUri } = await clientFor(deps, metadata, listener, remembered, http);
            const address = vscode.Uri.parse(
              api.authorizeUrl(metadata, { clientId, redirectUri, challenge: pkce.challenge, state }),
            );
            progress.report({ message: localize('Waiting for you to approve in the browser…') });
            deps.log.info(
              `sign-in: opened ${metadata.authorizationEndpoint.split('?')[0]} in the browser, waiting on port ${listener.port}`,
            );
            const opened = await deps.browser.open(address);
            const remote = vscode.env.remoteName !== undefined || vscode.env.uiKind === vscode.UIKind.Web;
            const offer = offerByHand(
              deps,
              listener,
              address,
              controller,
              opened ? (remote ? OFFER_PASTE_AFTER_MS : undefined) : 0,
            );
            let code: string;
            try {
              code = await listener.code;
            } finally {
              offer.dispose();
            }
            progress.report({ message: localize('Signing in…') });
            const tokens = await api.exchangeCode(
              metadata,
              { clientId, code, verifier: pkce.verifier, redirectUri },
              http,
            );
            const grant: Grant = {
              ...tokens,
              clientId,
              issuer: metadata.issuer,
              tokenEndpoint: metadata.tokenEndpoint,
              revocationEndpoint: metadata.revocationEndpoint,
            };
            // Tokens that end up unused (no org chosen, the orgs not listed) are revoked, not left valid.
            let saved: Deployment | undefined;
            try {
              saved = await saveSignIn(deps, apiUrl, grant, args, controller.signal);
            } finally {
              if (!saved) await revokeQuietly(deps, grant, http);
            }
            return saved;
          } finally {
            await listener.close();
          }
        },
      );
    } catch (error) {
      // Said without waiting for the person to answer: the command ends here either way.
      void tellFailure(deps, error, () => run(args));
      return undefined;
    }
  };
  return run;
}

/** The port of a remembered loopback redirect (one remembered before ports were), to listen on it again. */
function rememberedPort(redirectUri: string | undefined): number | undefined {
  if (!redirectUri) return undefined;
  const url = new URL(redirectUri);
  return url.hostname === 'localhost' && url.port ? Number(url.port) : undefined;
}

/**
 * The client and redirect address for this sign-in. In a remote window (or a browser-hosted
 * VS Code) the address VS Code forwards to this machine comes first, when the server accepts it;
 * else the loopback one. A client registered before for the same address is used again.
 */
async function clientFor(
  deps: SignInDeps,
  metadata: ServerMetadata,
  listener: CallbackListener,
  remembered: RegisteredClients[string] | undefined,
  http: OAuthHttp,
): Promise<{ clientId: string; redirectUri: string }> {
  const candidates: string[] = [];
  if (vscode.env.remoteName !== undefined || vscode.env.uiKind === vscode.UIKind.Web) {
    try {
      const loopback = vscode.Uri.parse(listener.redirectUri);
      // Older VS Codes (1.96's code-server) forward the port and drop the path: put it back.
      const external = withOriginalPath(loopback, await vscode.env.asExternalUri(loopback)).toString(true);
      if (external !== listener.redirectUri) candidates.push(external);
    } catch {
      // none forwarded: the loopback address, and the way by hand
    }
  }
  candidates.push(listener.redirectUri);
  let refusal: unknown;
  for (const redirectUri of candidates) {
    if (remembered?.redirectUri === redirectUri) return remembered;
    try {
      const clientId = await load('client').registerClient(metadata, redirectUri, CLIENT_NAME, http);
      await deps.clients.set({
        ...deps.clients.get(),
        [metadata.issuer]: { clientId, redirectUri, port: listener.port },
      });
      deps.log.info(`sign-in: registered with ${metadata.issuer} for ${redirectUri.split('?')[0]}`);
      return { clientId, redirectUri };
    } catch (error) {
      if (!(isAxiomError(error) && error.code === 'invalid_redirect_uri' && redirectUri !== listener.redirectUri))
        throw error;
      deps.log.info(
        `sign-in: ${metadata.issuer} does not take ${redirectUri.split('?')[0]} as a redirect; using ${listener.redirectUri}`,
      );
      refusal = error;
    }
  }
  throw refusal;
}

/**
 * The way to finish by hand, where the browser may not reach this machine (or did not open): a
 * message with Paste Address (the address the browser ended on), Copy Sign-in Address and Use a
 * Token Instead. Shown after `afterMs` (at once for 0; never for undefined).
 */
function offerByHand(
  deps: SignInDeps,
  listener: CallbackListener,
  address: vscode.Uri,
  controller: AbortController,
  afterMs: number | undefined,
): vscode.Disposable {
  if (afterMs === undefined) return new vscode.Disposable(() => undefined);
  let over = false;
  const offer = async () => {
    const paste = localize('Paste Address…');
    const copy = localize('Copy Sign-in Address');
    const token = localize('Use a Token Instead');
    for (;;) {
      const choice = await vscode.window.showInformationMessage(
        localize(
          'Approve the sign-in in your browser. If the browser cannot come back to VS Code, paste the address it ended on.',
        ),
        paste,
        copy,
        token,
      );
      if (over) return;
      if (choice === copy) {
        await vscode.env.clipboard.writeText(address.toString());
        continue;
      }
      if (choice === token) {
        controller.abort();
        await deps.addWithToken();
      }
      if (choice === paste) {
        const pasted = await vscode.window.showInputBox({
          title: localize('Sign in with Axiom'),
          prompt: localize(
            'The whole address from the browser’s address bar, after you approved (it ends in …/callback?code=…&state=…)',
          ),
          ignoreFocusOut: true,
          validateInput: (text) =>
            text.trim() && !/[?&]state=/.test(text) ? localize('That address carries no sign-in answer.') : undefined,
        });
        if (pasted && !over) {
          const problem = listener.complete(pasted);
          if (problem) {
            void vscode.window.showErrorMessage(say(problem.phrase));
            continue;
          }
        }
      }
      return;
    }
  };
  // The offer runs on its own, after the timer: a failure in it (Add Deployment's) is logged, not lost.
  const timer = setTimeout(
    () => void offer().catch((error: unknown) => deps.log.error(phrase('sign-in: {0}', String(error)))),
    afterMs,
  );
  return new vscode.Disposable(() => {
    over = true;
    clearTimeout(timer);
  });
}

/** Lists the token's orgs, asks which one when there are several, and saves the deployment. */
async function saveSignIn(
  deps: SignInDeps,
  apiUrl: string,
  grant: Grant,
  args: SignInArgs | undefined,
  signal: AbortSignal,
): Promise<Deployment | undefined> {
  const api = load('client');
  const { timeoutMs } = deps.settings.read();
  const orgs: Org[] = await new api.AxiomClient({
    url: apiUrl,
    token: grant.accessToken,
    timeoutMs,
    userAgent: deps.userAgent,
    transport: deps.transport(),
    logger: deps.log,
  }).listOrgs(signal);
  const org = await chooseOrg(orgs, args?.orgId);
  if (!org) return undefined;
  const name = nameFor(deps.accounts.listed(), apiUrl, org);
  const deployment: Deployment = { name, url: apiUrl, orgId: org.id };
  // The sign-in first (its token included), then the entry that needs it.
  await deps.tokens.setGrant(name, grant);
  await deps.accounts.add(deployment, grant.accessToken);
  await deps.accounts.switchTo(name);
  deps.log.info(
    `sign-in: saved the deployment “${name}” (org ${org.id})${grant.expiresAt ? `, token valid until ${new Date(grant.expiresAt).toISOString()}` : ''}${grant.refreshToken ? ', renewable' : ''}`,
  );
  const rename = localize('Rename…');
  void vscode.window
    .showInformationMessage(localize('Signed in to Axiom: this window now uses “{0}”.', name), rename)
    .then((choice) => (choice === rename ? deps.rename(name) : undefined));
  return deployment;
}

async function chooseOrg(orgs: Org[], wanted: string | undefined): Promise<Org | undefined> {
  if (!orgs.length) {
    void vscode.window.showErrorMessage(
      localize('This Axiom account belongs to no organization the extension can use. Nothing was changed.'),
    );
    return undefined;
  }
  if (wanted !== undefined) {
    const found = orgs.find((o) => o.id === wanted);
    if (!found)
      void vscode.window.showErrorMessage(
        localize('The account cannot act in the organization “{0}”. Nothing was changed.', wanted),
      );
    return found;
  }
  if (orgs.length === 1) return orgs[0];
  const picked = await vscode.window.showQuickPick(
    orgs.map((org) => ({ label: org.name ?? org.id, description: org.id, org })),
    {
      title: localize('Sign in with Axiom'),
      placeHolder: localize('The organization to work in'),
      ignoreFocusOut: true,
    },
  );
  if (!picked) void vscode.window.showInformationMessage(localize('Sign-in was cancelled; nothing was changed.'));
  return picked?.org;
}

/** The org's name, or the name of the deployment already saved for the same API and org (a
 *  second sign-in renews it); with the org id, then a number, when the name is taken by another. */
function nameFor(listed: Deployment[], apiUrl: string, org: Org): string {
  const same = listed.find((d) => d.url === apiUrl && d.orgId === org.id);
  if (same) return same.name;
  const taken = listed.map((d) => d.name);
  const base =
    (org.name ?? org.id)
      .replace(/[\u0000-\u001f]/g, ' ') // eslint-disable-line no-control-regex -- control characters are what it removes
      .trim()
      .slice(0, 48) || org.id;
  for (const candidate of [
    base,
    `${base} (${org.id})`.slice(0, 64),
    ...Array.from({ length: 20 }, (_, i) => `${base} ${i + 2}`),
  ]) {
    if (checkDeploymentName(candidate, taken).ok) return candidate;
  }
  return `${org.id}-${Date.now()}`;
}

async function revokeQuietly(deps: SignInDeps, grant: Grant, http: OAuthHttp): Promise<void> {
  if (!grant.revocationEndpoint) return;
  try {
    const token = grant.refreshToken ?? grant.accessToken;
    await load('client').revokeToken(
      grant.revocationEndpoint,
      { clientId: grant.clientId, token, hint: grant.refreshToken ? 'refresh_token' : 'access_token' },
      { ...http, signal: undefined },
    );
  } catch (error) {
    deps.log.warn(
      phrase('sign-in: the unused token could not be revoked: {0}', isAxiomError(error) ? error.phrase : String(error)),
    );
  }
}

/** One sentence for a sign-in that ended early; it always says that nothing changed. Declined,
 *  a wrong state, no answer in time: with Try Again. */
async function tellFailure(deps: SignInDeps, error: unknown, again: () => Promise<unknown>): Promise<void> {
  if (!isAxiomError(error)) {
    deps.log.error(phrase('sign-in failed: {0}', String(error)));
    void vscode.window.showErrorMessage(localize('Sign-in failed; nothing was changed. See the log.'));
    return;
  }
  deps.log.warn(phrase('sign-in ended: {0}', error.phrase));
  if (error.kind === 'cancelled') {
    void vscode.window.showInformationMessage(localize('Sign-in was cancelled; nothing was changed.'));
    return;
  }
  if (error.kind === 'auth' || error.kind === 'timeout') {
    const tryAgain = localize('Try Again');
    const choice = await vscode.window.showErrorMessage(
      localize('{0} Nothing was changed.', say(error.phrase)),
      tryAgain,
    );
    if (choice === tryAgain) await again();
    return;
  }
  if (
    (await showAdvice(adviceFor(error, phrase('Signing in with Axiom (nothing was changed)')), {
      ...deps.handlers,
      signIn: async () => Boolean(await again()),
    })) === 'retry'
  )
    await again();
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
