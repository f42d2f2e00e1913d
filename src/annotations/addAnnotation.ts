// Annotations: Add Annotation. Asks for the type (the recent ones and those the organisation's
// annotations use offered), the title, the datasets (those the open query reads preselected), the
// time and a URL, then sends one POST. In a git repository it proposes a deploy: the type `deploy`,
// the current commit's subject and its web page (read through VS Code's Git extension, gitCommit.ts).
// A chart hands the datasets of its query and the point or range clicked; nothing else is taken
// from the arguments, and nothing is sent before the person has seen and confirmed every field.
import * as vscode from 'vscode';
import {
  annotationFieldProblem,
  annotationProblems,
  NEW_ANNOTATION_REQUIRED,
  type Annotation,
  type NewAnnotation,
} from '../core/api/annotations';
import { rememberedTypes, typesOffered } from '../core/annotations/proposals';
import type { AxiomClient } from '../core/api/client';
import { APL_LANGUAGE_ID } from '../core/apl/languageId';
import { phrase } from '../core/phrase';
import { withClient, type ClientAccess } from '../platform/clientAccess';
import { localize, say } from '../platform/l10n';
import { load } from '../platform/lazy';
import type { Log } from '../platform/log';
import { currentCommit, type CommitFacts } from './gitCommit';

/** What a chart (or a toolbar) may hand the command: the query's datasets, the point or range. */
export interface AddAnnotationArgs {
  datasets?: string[];
  time?: string;
  endTime?: string;
}

export interface AddAnnotationDeps {
  access: ClientAccess;
  /** Where the recent types are remembered (the person's, across workspaces). */
  memory: vscode.Memento;
  log: Log;
  /** Told of each annotation made, so that charts and views read them again. */
  changed: () => void;
}

const RECENT_TYPES = 'axiom.annotations.recentTypes';
const DEPLOY = 'deploy';

/** The strings of `value`, when it is a list of them; nothing else is taken from outside. */
function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
}

/** A time given by a caller, when it is one the rules take. */
function givenTime(value: unknown): string | undefined {
  return typeof value === 'string' && !annotationFieldProblem('time', value) ? value : undefined;
}

/** The field's reason at the input box, as the rules say it. */
const validator = (field: 'type' | 'title' | 'url') => (value: string) => {
  const problem = annotationFieldProblem(field, field === 'type' ? value.trim() : value);
  return problem && say(problem);
};

export function addAnnotationCommand(deps: AddAnnotationDeps) {
  return async (args?: unknown): Promise<Annotation | undefined> => {
    const given = typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
    return withClient(deps.access, { doing: phrase('Adding the annotation'), log: deps.log }, async (client) => {
      const [commit, used] = await Promise.all([currentCommit(), usedTypes(client, deps.log)]);
      const type = await askType(typesOffered(deps.memory.get<string[]>(RECENT_TYPES, []), used), commit);
      if (!type) return undefined;
      const title = await vscode.window.showInputBox({
        title: localize('Add Annotation: title'),
        prompt: localize('A short summary, shown on the charts.'),
        value: type === DEPLOY && commit ? commit.subject : '',
        validateInput: validator('title'),
        ignoreFocusOut: true,
      });
      if (title === undefined) return undefined;
      const handed = strings(given.datasets);
      const datasets = await askDatasets(handed.length ? handed : openQueryDatasets(), async () =>
        (await client.listDatasets()).map((d) => d.name),
      );
      if (!datasets) return undefined;
      const times = await askTime(givenTime(given.time), givenTime(given.endTime));
      if (!times) return undefined;
      const url = await vscode.window.showInputBox({
        title: localize('Add Annotation: URL'),
        prompt: localize('A link for the event, such as the pull request or the deploy (optional).'),
        value: type === DEPLOY && commit?.url ? commit.url : '',
        validateInput: validator('url'),
        ignoreFocusOut: true,
      });
      if (url === undefined) return undefined;
      const annotation: NewAnnotation = {
        type,
        datasets,
        ...times,
        ...(title.trim() ? { title: title.trim() } : {}),
        ...(url.trim() ? { url: url.trim() } : {}),
      };
      const problems = annotationProblems({ ...annotation }, NEW_ANNOTATION_REQUIRED);
      if (problems.length) {
        void vscode.window.showWarningMessage(
          localize(
            'The annotation cannot be added: {0}',
            problems.map((p) => `${p.field}: ${say(p.reason)}`).join('; '),
          ),
        );
        return undefined;
      }
      const { annotation: made } = await client.createAnnotation(annotation);
      await deps.memory.update(RECENT_TYPES, rememberedTypes(deps.memory.get<string[]>(RECENT_TYPES, []), type));
      deps.changed();
      void vscode.window.showInformationMessage(
        localize('Annotation added: {0} on {1}.', made.title ?? type, datasets.join(', ')),
      );
      return made;
    });
  };
}

/** How far back the organisation's annotations are read for the types they use. */
const USED_TYPES_DAYS = 90;

/** The annotations the service holds of the last days, for their types; none when they cannot be read. */
async function usedTypes(client: AxiomClient, log: Log): Promise<{ type?: string }[]> {
  try {
    const start = new Date(Date.now() - USED_TYPES_DAYS * 86_400_000);
    return (await client.listAnnotations({ start })).annotations;
  } catch (error) {
    log.warn(`Add Annotation: the annotations' types could not be read: ${String(error)}`);
    return [];
  }
}

/** The datasets the query in the active editor reads (through its syntax tree), or the first
 *  visible Axiom APL editor's; none when no APL is in sight. */
function openQueryDatasets(): string[] {
  const editors = [vscode.window.activeTextEditor, ...vscode.window.visibleTextEditors];
  const document = editors.find((editor) => editor?.document.languageId === APL_LANGUAGE_ID)?.document;
  if (!document) return [];
  const apl = load('apl');
  return apl.datasetsRead(apl.parseApl(document.getText()));
}

/** The type: a pick of those offered (and `deploy` in a repository), or one typed. */
async function askType(offeredTypes: readonly string[], commit: CommitFacts | undefined): Promise<string | undefined> {
  const offered = commit ? [DEPLOY, ...offeredTypes.filter((t) => t !== DEPLOY)] : [...offeredTypes];
  const typeIt = async (value: string) =>
    (
      await vscode.window.showInputBox({
        title: localize('Add Annotation: type'),
        prompt: localize('Lowercase letters, digits and hyphens, such as production-deployment.'),
        value,
        validateInput: validator('type'),
        ignoreFocusOut: true,
      })
    )?.trim();
  if (!offered.length) return typeIt('');
  const another = { label: localize('Another type…'), alwaysShow: true };
  const items: vscode.QuickPickItem[] = [
    ...offered.map((type) => ({
      label: type,
      description: type === DEPLOY && commit ? localize('the current commit {0}', commit.hash.slice(0, 7)) : undefined,
    })),
    another,
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: localize('Add Annotation: type'),
    placeHolder: localize('The kind of event, such as a deploy or an incident'),
    ignoreFocusOut: true,
  });
  if (!picked) return undefined;
  return picked === another ? typeIt('') : picked.label;
}

/** The datasets: those given, preselected, then the others the service lists. */
async function askDatasets(given: string[], listed: () => Promise<string[]>): Promise<string[] | undefined> {
  const names = [...new Set([...given, ...(await listed())])];
  const picked = await vscode.window.showQuickPick(
    names.map((name) => ({ label: name, picked: given.includes(name) })),
    {
      title: localize('Add Annotation: datasets'),
      placeHolder: localize('The datasets on whose charts it shows (at least one)'),
      canPickMany: true,
      ignoreFocusOut: true,
    },
  );
  if (!picked) return undefined;
  if (!picked.length) {
    void vscode.window.showWarningMessage(say(phrase('Choose at least one dataset.')));
    return undefined;
  }
  return picked.map((item) => item.label);
}

/** The time: now, the point or range given, or one typed (a time, or a range as start/end). */
async function askTime(
  time: string | undefined,
  endTime: string | undefined,
): Promise<{ time: string; endTime?: string } | undefined> {
  const now = { label: localize('Now') };
  const atGiven = time && {
    label: endTime ? localize('The range chosen') : localize('The point chosen'),
    description: endTime ? `${time} – ${endTime}` : time,
  };
  const typed = { label: localize('Another time or range…') };
  const picked = await vscode.window.showQuickPick([...(atGiven ? [atGiven] : []), now, typed], {
    title: localize('Add Annotation: time'),
    ignoreFocusOut: true,
  });
  if (!picked) return undefined;
  if (picked === now) return { time: new Date().toISOString() };
  if (picked === atGiven && time) return endTime ? { time, endTime } : { time };
  const text = await vscode.window.showInputBox({
    title: localize('Add Annotation: time'),
    prompt: localize('A time such as 2026-03-01T14:03:00Z, or a range as start/end.'),
    value: new Date().toISOString(),
    validateInput: (value) => {
      const [start, end] = value.split('/').map((part) => part.trim());
      const problems = annotationProblems(end === undefined ? { time: start } : { time: start, endTime: end }, [
        'time',
      ]);
      return problems.length ? say(problems[0].reason) : undefined;
    },
    ignoreFocusOut: true,
  });
  if (text === undefined) return undefined;
  const [start, end] = text.split('/').map((part) => part.trim());
  return end === undefined ? { time: start } : { time: start, endTime: end };
}
