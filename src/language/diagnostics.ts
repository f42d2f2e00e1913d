import * as vscode from 'vscode';
import type { Problem } from '../core/apl/checks';
import { aplPathsOf } from '../core/apl/aplInJsonFiles';
import type { DatasetFields } from '../core/datasets/datasets';
import { APL_LANGUAGE_ID } from '../platform/constants';
import { load } from '../platform/lazy';
import { say } from '../platform/l10n';
import { DocumentDiagnostics } from './documentDiagnostics';

/** What the diagnostics say they come from, in the Problems view and on hover. */
export const DIAGNOSTIC_SOURCE = 'Axiom APL';
/** The source of the service's compile errors (run/queryRunner.ts): where one is, the local error on its lines is not listed again. */
const SERVICE_SOURCE = 'Axiom';

/** Where the checks learn a dataset's fields: the language's schema (schema.ts), made when first needed. */
export interface FieldSource {
  fieldsInHand(dataset: string): DatasetFields | undefined;
  datasetFields(dataset: string): Promise<DatasetFields>;
}

/**
 * The local checks of every open Axiom APL document, as diagnostics, with the life cycle MPL's share
 * (documentDiagnostics.ts): run when a document opens, and a moment after typing stops; dropped when
 * it closes or becomes another language. Documents of any other language id are never checked, except
 * the JSON files that hold APL (a monitor file's aplQuery, core/apl/aplInJsonFiles.ts): their APL
 * strings' problems are placed inside the strings. The fields a query names are checked against its
 * dataset's fields once they are in hand: the first check asks for them, and the document is
 * checked again when they come (a failure or no token: no field is checked).
 */
export class AplDiagnostics extends DocumentDiagnostics {
  /** The last problems of each document, by URI: the quick fixes read their suggestions. */
  private readonly problems = new Map<string, Problem[]>();
  /** Datasets whose fields are on their way, so that a burst of checks asks and re-checks once. */
  private readonly awaited = new Set<string>();
  /** Per document, where the service's compile errors were when it was last checked. */
  private readonly serviceErrorsSeen = new Map<string, string>();

  constructor(private readonly fields?: () => FieldSource) {
    super(APL_LANGUAGE_ID);
    this.subscriptions.push(
      // The service's compile error came or went: the local errors on its lines are listed, or not.
      vscode.languages.onDidChangeDiagnostics(({ uris }) => {
        for (const uri of uris) {
          const key = uri.toString();
          if (!this.problems.has(key)) continue;
          if (this.serviceErrorsSeen.get(key) === serviceErrorLines(uri).join()) continue;
          const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
          if (document) this.schedule(document);
        }
      }),
    );
  }

  protected checks(document: vscode.TextDocument): boolean {
    return document.languageId === APL_LANGUAGE_ID || aplPathsOf(document.fileName) !== undefined;
  }

  /** A JSON file's APL (a dashboard of 200 charts: 200 queries) is checked a moment after it opens,
   *  not while VS Code waits to show it; an APL document's one query at once. */
  protected override checksOnOpen(document: vscode.TextDocument): boolean {
    return document.languageId === APL_LANGUAGE_ID;
  }

  protected diagnosticsOf(document: vscode.TextDocument): vscode.Diagnostic[] {
    const text = document.getText();
    // A JSON file with APL inside (a monitor's aplQuery): each APL string's problems, placed in it.
    const inJson = document.languageId === APL_LANGUAGE_ID ? undefined : aplPathsOf(document.fileName);
    const problems = inJson
      ? load('apl').aplProblemsInJson(text, inJson, (apl) => this.problemsOf(apl, document))
      : this.problemsOf(text, document);
    this.problems.set(document.uri.toString(), problems);
    // One problem is listed once: where the service said the query does not compile, its words stand
    // for the local error on the same lines (the warnings stay).
    const serviceLines = serviceErrorLines(document.uri);
    this.serviceErrorsSeen.set(document.uri.toString(), serviceLines.join());
    const said = new Set(serviceLines);
    return problems
      .map((p) => toDiagnostic(document, p))
      .filter((d) => d.severity !== vscode.DiagnosticSeverity.Error || !linesOf(d.range).some((l) => said.has(l)));
  }

  /** The problems of APL text of a document: the local checks, and its fields once they are known. */
  private problemsOf(text: string, document: vscode.TextDocument): Problem[] {
    const apl = load('apl');
    const parsed = apl.parseApl(text);
    const problems = apl.checkParsed(parsed);
    const datasets = this.fields ? apl.datasetsRead(parsed) : [];
    if (datasets.length && this.fields) {
      const source = this.fields();
      const fieldsOf = (dataset: string) => {
        const known = source.fieldsInHand(dataset);
        if (!known) this.await(source, dataset, document);
        return known && [...known.fields, ...known.hidden].map((f) => f.name);
      };
      problems.push(...apl.checkFieldsOfText(text, parsed, fieldsOf));
      problems.sort((a, b) => a.start - b.start || a.end - b.end);
    }
    return problems;
  }

  /** Asks for a dataset's fields and checks the document again when they come. */
  private await(source: FieldSource, dataset: string, document: vscode.TextDocument): void {
    const key = `${document.uri.toString()}\n${dataset}`;
    if (this.awaited.has(key)) return;
    this.awaited.add(key);
    source.datasetFields(dataset).then(
      () => {
        this.awaited.delete(key);
        if (!document.isClosed) this.check(document);
      },
      () => this.awaited.delete(key),
    );
  }

  /** The problem of a document at a range, as last checked. */
  problemAt(uri: vscode.Uri, start: number, end: number, code: string): Problem | undefined {
    return this.problems.get(uri.toString())?.find((p) => p.start === start && p.end === end && p.code === code);
  }

  protected override forgetKept(key: string): void {
    this.problems.delete(key);
    this.serviceErrorsSeen.delete(key);
  }
}

/** A problem of the checks (APL's or MPL's) as a diagnostic of a document, said to come from `source`. */
export function toDiagnostic(
  document: vscode.TextDocument,
  problem: Pick<Problem, 'start' | 'end' | 'message' | 'severity'> & { code: string },
  source = DIAGNOSTIC_SOURCE,
): vscode.Diagnostic {
  const range = new vscode.Range(document.positionAt(problem.start), document.positionAt(problem.end));
  const diagnostic = new vscode.Diagnostic(
    range,
    say(problem.message),
    problem.severity === 'warning' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Error,
  );
  diagnostic.source = source;
  diagnostic.code = problem.code;
  return diagnostic;
}

/** The lines a range covers. */
function linesOf(range: vscode.Range): number[] {
  const lines: number[] = [];
  for (let line = range.start.line; line <= range.end.line; line++) lines.push(line);
  return lines;
}

/** The lines the service's compile errors of a document are on. */
function serviceErrorLines(uri: vscode.Uri): number[] {
  return vscode.languages
    .getDiagnostics(uri)
    .filter((d) => d.source === SERVICE_SOURCE && d.severity === vscode.DiagnosticSeverity.Error)
    .flatMap((d) => linesOf(d.range));
}
