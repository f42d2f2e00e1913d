// What hover and signature help show at an offset of MPL text, read from its tree: the operation
// after a pipe, the function of a stage (with what it takes where it stands), a directive, a
// built-in variable; and, inside a function's parentheses, the function and the argument under
// the cursor.
import {
  DIRECTIVES,
  MAP_ARGUMENT_OF,
  VARIABLES,
  findFunction,
  findOperation,
  type MplDirective,
  type MplFunction,
  type MplOperation,
} from './reference';
import type { MplFunctionRef, MplNode } from './syntaxNodes';
import { parseMpl } from './syntaxParser';
import { mplPathAt } from './syntaxWalk';

export type MplHoverTarget = { start: number; end: number } & (
  | { kind: 'operation'; operation: MplOperation }
  | { kind: 'function'; fn: MplFunction }
  | { kind: 'directive'; directive: MplDirective }
  | { kind: 'variable'; name: string; description: string }
);

/** What hover tells about the word at an offset, if it is one of MPL's. */
export function mplHoverTarget(text: string, offset: number): MplHoverTarget | undefined {
  const path = mplPathAt(parseMpl(text), offset);
  const node = path.at(-1);
  const parent = path.at(-2);
  if (!node) return undefined;
  const span = { start: node.start, end: node.end };
  if (node.kind === 'word' && parent?.kind === 'stage' && parent.operation === node) {
    const operation = findOperation(node.text);
    return operation && { kind: 'operation', operation, ...span };
  }
  if (node.kind === 'word' && parent?.kind === 'function') {
    const fn = functionOf(parent, path);
    return fn && { kind: 'function', fn, ...span };
  }
  if (node.kind === 'word' && parent?.kind === 'directive') {
    const directive = DIRECTIVES.find((d) => d.name === node.text);
    return directive && { kind: 'directive', directive, ...span };
  }
  if (node.kind === 'literal' && node.type === 'variable') {
    const variable = VARIABLES.find((v) => v.name === node.text);
    return variable && { kind: 'variable', name: variable.name, description: variable.description, ...span };
  }
  return undefined;
}

/** A stage's function as the reference knows it where it stands (`map min(0)` is not the aggregation). */
function functionOf(ref: MplFunctionRef, path: readonly MplNode[]): MplFunction | undefined {
  const known = findFunction(ref.name.text);
  if (!known) return undefined;
  const stage = path.find((n) => n.kind === 'stage');
  const inMap = stage?.kind === 'stage' && stage.operation?.text === 'map';
  const mapArgument = inMap ? MAP_ARGUMENT_OF[known.name] : undefined;
  return mapArgument
    ? { ...known, parameters: mapArgument.parameters, arity: { min: 1, max: 1 }, description: mapArgument.description }
    : known;
}

/** The function whose parentheses hold the offset, with its signature and the argument under the cursor. */
export function mplSignatureAt(
  text: string,
  offset: number,
): { fn: MplFunction; signature: string; parameters: string[]; activeParameter: number } | undefined {
  const path = mplPathAt(parseMpl(text), offset);
  for (let k = path.length - 1; k >= 0; k--) {
    const node = path[k];
    if (node.kind !== 'function' || !node.args || offset <= node.name.end) continue;
    if (node.closed && offset >= node.end) continue;
    const fn = functionOf(node, path.slice(0, k + 1));
    if (!fn?.parameters) return undefined;
    const open = text.indexOf('(', node.name.end);
    let commas = 0;
    for (let i = open + 1; i < offset && i < text.length; i++) if (text[i] === ',') commas++;
    const parameters = [...fn.parameters];
    return {
      fn,
      parameters,
      signature: `${fn.name}(${parameters.join(', ')})`,
      activeParameter: Math.min(commas, parameters.length - 1),
    };
  }
  return undefined;
}
