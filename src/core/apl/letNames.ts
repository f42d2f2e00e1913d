// The names `let` statements (and a function's parameters) give, read from the syntax tree: where
// each is defined and where it is used, for Go to Definition, Find References and Rename.
//
// APL reads a let name from the statement after its own on (a later `let` of the same name hides
// it from there); a function's parameters and the lets in its body are its own. A use is a name
// where an expression is: a query's source (`errors | count`), an operand, a call (`twice(x)`);
// not an operator, a clause word, a member after `.`, a column an assignment makes (`x = …`), a
// named parameter (`kind=inner`) or a typed column.
import { phrase, type Phrase } from '../phrase';
import { quotedName } from './names';
import { CLAUSE_WORDS, EXPRESSION_WORDS, FUNCTIONS, KIND_VALUES, TABULAR_OPERATORS, TYPE_NAMES } from './reference';
import type { Name, ParsedApl, Span, Statement, SyntaxNode } from './syntaxNodes';
import { childrenOf, walk } from './syntaxWalk';

export interface LetBinding {
  name: string;
  kind: 'let' | 'parameter';
  /** The name where it is given. */
  definition: Name;
  /** Each use, in the order of the text. */
  references: Name[];
}

/** Every name a `let` or a function's parameter gives, with its uses. */
export function letBindings(parsed: ParsedApl): LetBinding[] {
  const bindings: LetBinding[] = [];
  const define = (name: Name, kind: LetBinding['kind'], scope: Map<string, LetBinding>) => {
    const binding: LetBinding = { name: name.text, kind, definition: name, references: [] };
    bindings.push(binding);
    scope.set(name.text, binding);
  };

  const statements = (list: readonly Statement[], outer: Map<string, LetBinding>) => {
    const scope = new Map(outer);
    for (const statement of list) {
      if (statement.kind === 'query') visit(statement.body, scope);
      else if (statement.value) visit(statement.value, scope);
      if (statement.kind === 'let' && statement.name) define(statement.name, 'let', scope);
    }
  };

  const visit = (node: SyntaxNode | undefined, scope: Map<string, LetBinding>): void => {
    if (!node) return;
    switch (node.kind) {
      case 'name':
        scope.get(node.text)?.references.push(node);
        return;
      case 'member':
        return visit(node.object, scope);
      case 'assignment':
        return visit(node.value, scope);
      case 'sorted':
        return visit(node.expression, scope);
      case 'typed':
        return visit(node.defaultValue, scope);
      case 'pattern':
        for (const item of node.items) if (item.kind === 'typed') visit(item.defaultValue, scope);
        return;
      case 'stage':
        for (const parameter of node.parameters) if (parameter.value?.kind !== 'name') visit(parameter.value, scope);
        for (const clause of node.clauses) for (const item of clause.items) visit(item, scope);
        return;
      case 'function': {
        const inner = new Map(scope);
        for (const parameter of node.parameters) {
          visit(parameter.defaultValue, scope);
          define(parameter.name, 'parameter', inner);
        }
        return statements(node.body, inner);
      }
      default:
        for (const child of childrenOf(node)) visit(child, scope);
    }
  };

  statements(parsed.statements, new Map());
  return bindings;
}

/** The binding whose definition or one of whose uses is under an offset (a cursor just after a name is on it). */
export function bindingAt(parsed: ParsedApl, offset: number): { binding: LetBinding; at: Name } | undefined {
  const within = (name: Name) => name.start <= offset && offset <= name.end;
  for (const binding of letBindings(parsed)) {
    if (within(binding.definition)) return { binding, at: binding.definition };
    const use = binding.references.find(within);
    if (use) return { binding, at: use };
  }
  return undefined;
}

/** The name Rename would change at an offset (a let's or a parameter's, where it is given or used), or why there is none. */
export function renameTarget(
  parsed: ParsedApl,
  offset: number,
): { binding: LetBinding; at: Name } | { refused: Phrase } {
  return bindingAt(parsed, offset) ?? { refused: phrase('Only a name a let statement gives can be renamed here.') };
}

/** Words a let name may not take: APL's own. */
const RESERVED = new Set<string>([
  'let',
  'set',
  'and',
  'or',
  'not',
  'true',
  'false',
  'null',
  'matches',
  'regex',
  ...EXPRESSION_WORDS.map((w) => w.name),
  ...CLAUSE_WORDS,
  ...KIND_VALUES,
  ...TYPE_NAMES,
  ...TABULAR_OPERATORS.map((o) => o.name),
  ...FUNCTIONS.map((f) => f.name),
]);

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export type RenameResult = { edits: (Span & { newText: string })[] } | { refused: Phrase };

/** What Rename would change to give a let name (or a parameter) under an offset another name, or why it will not. */
export function renameLet(parsed: ParsedApl, offset: number, newName: string): RenameResult {
  const found = renameTarget(parsed, offset);
  if ('refused' in found) return found;
  const { binding } = found;
  if (newName === binding.name) return { edits: [] };
  if (!IDENTIFIER.test(newName))
    return {
      refused: phrase('{0} is not a valid name: a letter or _ first, then letters, digits or _.', `'${newName}'`),
    };
  if (RESERVED.has(newName))
    return { refused: phrase("{0} is one of APL's own words or functions: choose another name.", `'${newName}'`) };
  // Any name already written so in the text (another let, a field, a dataset, a parameter) would
  // be taken for this one, or hide it.
  let clash = false;
  walk(parsed, (node) => {
    if (node.kind === 'name' && node.text === newName) clash = true;
    return !clash;
  });
  if (clash) return { refused: phrase('{0} is already a name in this query: choose another name.', `'${newName}'`) };
  const edits = [binding.definition, ...binding.references].map((name) => ({
    start: name.start,
    end: name.end,
    newText: name.bracketed ? quotedName(newName) : newName,
  }));
  return { edits: edits.sort((a, b) => a.start - b.start) };
}
