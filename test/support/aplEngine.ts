// Axiom's own APL engine (@axiomhq/language-service-next: Kusto.Language compiled to JavaScript),
// loaded for the bench and the tests that compare our checks with it. Never shipped: a devDependency.
// Its two scripts define the globals `Bridge` and `Kusto` when run in the global scope.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

export interface EngineDiagnostic {
  severity: string;
  code: string;
  message: string;
  start: number;
  length: number;
}

interface KustoGlobal {
  Language: {
    KustoCode: {
      Parse(text: string): {
        GetDiagnostics(): {
          Count: number;
          getItem(i: number): { Severity: string; Code: string; Message: string; Start: number; Length: number };
        };
      };
    };
  };
}

let loaded: KustoGlobal | undefined;

/** The engine, loaded once (about a second). */
export function loadEngine(): KustoGlobal {
  if (loaded) return loaded;
  // From the working folder (the project's, as tests and the bench run): this loads in ES modules and CommonJS alike.
  const dir = path.resolve('node_modules/@axiomhq/language-service-next');
  for (const file of ['bridge.min.js', 'Kusto.Language.Bridge.min.js'])
    vm.runInThisContext(fs.readFileSync(path.join(dir, file), 'utf8'), { filename: file });
  loaded = (globalThis as unknown as { Kusto: KustoGlobal }).Kusto;
  return loaded;
}

/** The engine's parse and diagnostics of a query (its syntax: no schema is given). */
export function engineDiagnostics(text: string): EngineDiagnostic[] {
  const list = loadEngine().Language.KustoCode.Parse(text).GetDiagnostics();
  const out: EngineDiagnostic[] = [];
  for (let i = 0; i < list.Count; i++) {
    const d = list.getItem(i);
    out.push({ severity: d.Severity, code: d.Code, message: d.Message, start: d.Start, length: d.Length });
  }
  return out;
}

/** Whether the engine reports an error on a query. */
export function engineRejects(text: string): boolean {
  return engineDiagnostics(text).some((d) => d.severity === 'Error');
}
