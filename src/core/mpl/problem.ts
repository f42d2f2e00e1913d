// A problem found in MPL text: what the parser and the checks report, what the editor underlines
// (src/language/mplDiagnostics.ts) and the command-line checker prints. The shape of APL's.
import type { Phrase } from '../phrase';

export type MplProblemCode =
  | 'unclosed-string'
  | 'unclosed-bracket'
  | 'unmatched-bracket'
  /** A string in single quotes: MPL's strings are in double quotes. */
  | 'single-quotes'
  /** `=~`: MPL compares with a regex through == and !=. */
  | 'regex-operator'
  /** A name with characters that need backquotes: `go.memory.used`. */
  | 'needs-quotes'
  | 'empty-pipe'
  | 'unknown-operation'
  | 'unknown-function'
  | 'unknown-directive'
  | 'unknown-unit'
  | 'unknown-type'
  | 'unknown-variable'
  /** A part the syntax needs and the text lacks: the metric after `dataset:`, `using` after align… */
  | 'missing-part'
  | 'argument-count'
  /** Text where the syntax allows none. */
  | 'unexpected';

export interface MplProblem {
  code: MplProblemCode;
  severity: 'error' | 'warning';
  start: number;
  end: number;
  message: Phrase;
  /** For an unknown name: the known names it may have meant, best first. */
  suggestions?: string[];
}
