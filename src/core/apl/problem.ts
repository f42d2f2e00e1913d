// A problem found in APL text: what the parser and the checks report, and what the editor
// underlines (src/language/diagnostics.ts) and the command-line checker prints.
import type { Phrase } from '../phrase';

export type ProblemCode =
  | 'unclosed-string'
  | 'unclosed-bracket'
  | 'unmatched-bracket'
  | 'empty-pipe'
  | 'operator-expected'
  | 'unknown-operator'
  /** An operator or a `=` with nothing after it: `| where status ==`, `| extend x =`. */
  | 'missing-operand'
  /** Two commas in a row, or a comma that ends a list: `| project a,, b`. */
  | 'missing-item'
  /** A clause word with nothing after it: `| summarize count() by`. */
  | 'empty-clause'
  /** Text where the grammar allows none: a second expression after a complete one, say. */
  | 'unexpected'
  | 'unknown-function'
  /** A function called with fewer or more arguments than it takes. */
  | 'argument-count'
  /** A field the query's dataset does not have (a warning, only when the dataset's fields are known). */
  | 'unknown-field';

export interface Problem {
  code: ProblemCode;
  severity: 'error' | 'warning';
  start: number;
  end: number;
  message: Phrase;
  /** For an unknown operator, function or field: the known names it may have meant, best first. */
  suggestions?: string[];
}
