// Going through APL's syntax tree (syntaxNodes.ts): a node's children in the order of the text,
// every node depth first (`walk`), the nodes under an offset (`pathAt`, `nodeAt`), the text a node
// covers (`textOf`), and the `let` statements.
import type { Span, LetStatement, SyntaxNode, ParsedApl } from './syntaxNodes';

/** The text a node (or a comment) covers. */
export function textOf(source: ParsedApl | string, node: Span): string {
  return (typeof source === 'string' ? source : source.text).slice(node.start, node.end);
}

/** A node's children, in the order of the text. */
export function childrenOf(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const add = (...nodes: (SyntaxNode | undefined | readonly SyntaxNode[])[]) => {
    for (const n of nodes) {
      if (!n) continue;
      if (Array.isArray(n)) for (const m of n as readonly SyntaxNode[]) out.push(m);
      else out.push(n as SyntaxNode);
    }
  };
  switch (node.kind) {
    case 'let':
    case 'set':
      add(node.name, node.value);
      break;
    case 'query':
      add(node.body);
      break;
    case 'pipeline':
      add(node.source, node.stages);
      break;
    case 'stage':
      add(node.operator, node.parameters, node.clauses);
      break;
    case 'clause':
      add(node.keyword, node.items);
      break;
    case 'parameter':
      add(node.name, node.value);
      break;
    case 'call':
      add(node.callee, node.args);
      break;
    case 'member':
      add(node.object, node.member);
      break;
    case 'index':
      add(node.object, node.index, node.to);
      break;
    case 'unary':
      add(node.operand);
      break;
    case 'binary':
      add(node.left, node.right);
      break;
    case 'paren':
      add(node.inner);
      break;
    case 'list':
    case 'pattern':
      add(node.items);
      break;
    case 'assignment':
      add(node.target, node.value);
      break;
    case 'sorted':
      add(node.expression, node.order, node.nulls);
      break;
    case 'typed':
      add(node.name, node.type, node.defaultValue);
      break;
    case 'function':
      add(node.parameters, node.body);
      break;
    case 'literal':
      add(node.values);
      break;
    case 'name':
    case 'star':
    case 'wildcard':
      break;
  }
  return out;
}

/** Visits every node depth first, parents before children; returning false skips a node's children. */
export function walk(
  from: ParsedApl | SyntaxNode | readonly SyntaxNode[],
  visit: (node: SyntaxNode, parent: SyntaxNode | undefined) => boolean | void,
): void {
  const roots: readonly SyntaxNode[] = Array.isArray(from)
    ? from
    : 'statements' in (from as ParsedApl)
      ? (from as ParsedApl).statements
      : [from as SyntaxNode];
  // A stack, not recursion: a chain of a + b + … thousands long is as deep as it is long. Nodes and
  // their parents side by side, not a pair for each node.
  const nodes: SyntaxNode[] = [];
  const parents: (SyntaxNode | undefined)[] = [];
  for (let i = roots.length - 1; i >= 0; i--) {
    nodes.push(roots[i]);
    parents.push(undefined);
  }
  while (nodes.length) {
    const node = nodes.pop()!;
    if (visit(node, parents.pop()) === false) continue;
    const children = childrenOf(node);
    for (let i = children.length - 1; i >= 0; i--) {
      nodes.push(children[i]);
      parents.push(node);
    }
  }
}

/** The nodes that hold an offset, outermost first (a statement, a pipeline, a stage, a clause, …).
 *  An offset at a node's end counts as inside it, as a cursor just after a word is on that word. */
export function pathAt(parsed: ParsedApl, offset: number): SyntaxNode[] {
  const path: SyntaxNode[] = [];
  let level: readonly SyntaxNode[] = parsed.statements;
  for (;;) {
    let found: SyntaxNode | undefined;
    for (const node of level) if (node.start <= offset && offset <= node.end) found = node;
    if (!found) return path;
    path.push(found);
    level = childrenOf(found);
  }
}

/** The innermost node that holds an offset. */
export function nodeAt(parsed: ParsedApl, offset: number): SyntaxNode | undefined {
  return pathAt(parsed, offset).at(-1);
}

/** Every `let` statement, nested ones (in a function's body) included, in the order of the text. */
export function letStatements(parsed: ParsedApl): LetStatement[] {
  const found: LetStatement[] = [];
  walk(parsed, (node) => {
    if (node.kind === 'let') found.push(node);
  });
  return found;
}
