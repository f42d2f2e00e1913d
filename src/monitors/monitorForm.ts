import * as vscode from 'vscode';
import type { Notifier } from '../core/api/monitorRecord';
import { adviceFor } from '../core/api/errorAdvice';
import type { JsonObject } from '../core/json';
import { checkMonitor } from '../core/monitors/monitorChecks';
import { queryField, readSettingsText } from '../core/monitors/monitorDocuments';
import {
  fieldNamedIn,
  formWords,
  notifierChoices,
  readFormPageMessage,
  withField,
  type FieldProblem,
  type FormState,
} from '../core/monitors/monitorForm';
import { phrase } from '../core/phrase';
import type { ClientAccess } from '../platform/clientAccess';
import { localize, say } from '../platform/l10n';
import type { Log } from '../platform/log';
import { pageOptions, setPage } from '../platform/webviewPage';
import type { MonitorFiles, SaveFailure } from './monitorFiles';

interface Deps {
  access: ClientAccess;
  log: Log;
  files: MonitorFiles;
  extensionUri: vscode.Uri;
  /** The dry run of the monitor a document belongs to (its query and settings as edited). */
  dryRun(uri: vscode.Uri): Promise<unknown>;
  /** Opens the monitor's query document beside the form. */
  openQuery(uri: vscode.Uri): Promise<unknown>;
}

/** One open form: its document, its page, and what it shows. */
interface OpenForm {
  document: vscode.TextDocument;
  page: vscode.Webview;
  /** Whether the page said it is ready: what it is told before is lost. */
  ready: boolean;
  failure?: { message: string; field?: string };
  notifiers?: Notifier[];
  notifiersFailed?: string;
}

/** What a form's page is told: the state of the form of a document, in words. */
export interface FormTold {
  uri: vscode.Uri;
  page: vscode.Webview;
  state: FormState;
}

/**
 * The settings form: a custom editor over a monitor's settings document
 * (`*.monitor-settings.json`), so that unsaved changes, undo, Ctrl+S and hot exit are VS Code's
 * own and "Open as JSON" shows the same document as text. Its page shows every field by name with
 * the checks' reasons beside the fields as they are typed, the notifiers by name, and, after a
 * save that failed, the service's reason at the field it names. Each change the page sends is
 * one edit of the document.
 */
export class MonitorForms implements vscode.CustomTextEditorProvider, vscode.Disposable {
  private readonly open = new Set<OpenForm>();
  private readonly subscriptions: vscode.Disposable[];
  private readonly told = new vscode.EventEmitter<FormTold>();
  /** Each time a ready page is told its form's state. Each page hears its own here, and posts it;
   *  anyone may listen as a page does (the tests inside VS Code, which say ready as a page does). */
  readonly onDidTell = this.told.event;
  /** Edits of a document are applied one after the other, each to the text the one before left. */
  private editing: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: Deps) {
    this.subscriptions = [
      vscode.workspace.onDidChangeTextDocument(({ document }) => {
        const location = deps.files.locate(document.uri);
        if (location) for (const form of this.formsOf(location)) this.update(form);
      }),
      deps.files.onDidFailSave((failure) => this.failed(failure)),
      deps.files.onDidSave((location) => {
        for (const form of this.formsOf(location)) {
          form.failure = undefined;
          this.update(form);
        }
      }),
    ];
  }

  private formsOf(location: { id: string; deployment: string }): OpenForm[] {
    return [...this.open].filter((form) => {
      const other = this.deps.files.locate(form.document.uri);
      return other?.id === location.id && other.deployment === location.deployment;
    });
  }

  async resolveCustomTextEditor(document: vscode.TextDocument, panel: vscode.WebviewPanel): Promise<void> {
    const webview = panel.webview;
    webview.options = pageOptions(this.deps.extensionUri);
    setPage(webview, this.deps.extensionUri, {
      bundle: 'monitorForm',
      title: localize('Monitor settings'),
      words: formWords(),
    });
    const form: OpenForm = { document, page: webview, ready: false };
    this.open.add(form);
    const hearing = this.onDidTell((told) => {
      if (told.page === webview) void webview.postMessage(told.state);
    });
    panel.onDidDispose(() => {
      this.open.delete(form);
      hearing.dispose();
    });
    webview.onDidReceiveMessage((raw: unknown) => void this.heard(form, raw));
    this.update(form);
    void this.loadNotifiers(form);
  }

  /** What a page of the document sends, handled as its messages are (the tests inside VS Code send them here). */
  async receive(uri: vscode.Uri, raw: unknown): Promise<void> {
    const form = [...this.open].find((f) => f.document.uri.toString() === uri.toString());
    if (form) await this.heard(form, raw);
  }

  private async heard(form: OpenForm, raw: unknown): Promise<void> {
    const message = readFormPageMessage(raw);
    if (!message) return;
    switch (message.type) {
      case 'ready':
        form.ready = true;
        this.update(form);
        return;
      case 'edit':
        await this.edit(form.document, message.key, message.value);
        return;
      case 'dryRun':
        await this.deps.dryRun(form.document.uri);
        return;
      case 'openJson':
        await vscode.commands.executeCommand('vscode.openWith', form.document.uri, 'default');
        return;
      case 'openQuery':
        await this.deps.openQuery(form.document.uri);
        return;
      case 'save':
        // After the edits sent before it: the person's send (as Ctrl+S is), of the whole monitor.
        await this.editing.catch(() => undefined);
        await this.deps.files.sendDocument(form.document.uri);
        return;
    }
  }

  /** Sets a field of a settings document as the form's page does (the dry run's threshold), after the edits before it. */
  editField(uri: vscode.Uri, key: string, value: unknown): Promise<unknown> {
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    return document ? this.edit(document, key, value) : Promise.resolve();
  }

  private edit(document: vscode.TextDocument, key: string, value: unknown): Promise<unknown> {
    // One failed edit does not stop the ones after it.
    this.editing = this.editing
      .catch(() => undefined)
      .then(async () => {
        const text = withField(document.getText(), key, value);
        if (text === undefined || text === document.getText()) return;
        const edit = new vscode.WorkspaceEdit();
        edit.replace(
          document.uri,
          new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)),
          text,
        );
        await vscode.workspace.applyEdit(edit);
      });
    return this.editing;
  }

  private async loadNotifiers(form: OpenForm): Promise<void> {
    try {
      const session = await this.deps.access.session();
      if (!session.client) throw new Error(localize('Set an Axiom API token first.'));
      form.notifiers = await session.client.listNotifiers();
    } catch (error) {
      const advice = adviceFor(error, phrase('Listing the notifiers'));
      this.deps.log.warn(say(advice.message));
      form.notifiersFailed = say(advice.message);
    }
    this.update(form);
  }

  private failed(failure: SaveFailure): void {
    // A failure names its monitor's id (the checks run before the deployment is known to them).
    for (const form of [...this.open].filter((f) => this.deps.files.locate(f.document.uri)?.id === failure.id)) {
      if (failure.serviceMessage)
        form.failure = { message: failure.serviceMessage, field: fieldNamedIn(failure.serviceMessage) };
      else if (failure.problems.length)
        form.failure = {
          message: failure.problems.map((p) => say(p.reason)).join(' '),
          field: failure.problems.length === 1 ? failure.problems[0].field : undefined,
        };
      this.update(form);
    }
  }

  private tell(form: OpenForm, state: FormState): void {
    if (form.ready) this.told.fire({ uri: form.document.uri, page: form.page, state });
  }

  /** The form's state from its document's text, the monitor's query and what is known of its notifiers. */
  private update(form: OpenForm): void {
    const { document, notifiers } = form;
    const draft = this.deps.files.isDraft(document.uri);
    const base: FormState = {
      type: 'state',
      problems: [],
      draft,
      ...(form.failure ? { saveFailed: form.failure } : {}),
      ...(form.notifiersFailed ? { notifiersFailed: form.notifiersFailed } : {}),
    };
    const read = readSettingsText(document.getText());
    if (!read.ok) {
      this.tell(form, { ...base, invalid: say(read.problem) });
      return;
    }
    const definition = read.definition;
    const location = this.deps.files.locate(document.uri);
    const whole: JsonObject = (location && this.deps.files.edited(location.deployment, location.id)) ?? {
      ...definition,
    };
    const problems: FieldProblem[] = checkMonitor({ ...definition, [queryField(whole)]: whole[queryField(whole)] }).map(
      (p) => ({ field: p.field, reason: say(p.reason), level: p.level }),
    );
    this.tell(form, {
      ...base,
      definition,
      problems,
      ...(notifiers ? { notifiers: notifierChoices(definition, notifiers) } : {}),
    });
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.told.dispose();
    this.open.clear();
  }
}
