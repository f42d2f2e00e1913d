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
  eachChild(node, out);
  return out;
}

/** Pushes a node's children onto `out`, in the order of the text: no array made per node. */
function eachChild(node: SyntaxNode, out: SyntaxNode[]): void {
  switch (node.kind) {
    case 'let':
    case 'set':
      pushOne(out, node.name);
      pushOne(out, node.value);
      break;
    case 'query':
      pushOne(out, node.body);
      break;
    case 'pipeline':
      pushOne(out, node.source);
      pushAll(out, node.stages);
      break;
    case 'stage':
      pushOne(out, node.operator);
      pushAll(out, node.parameters);
      pushAll(out, node.clauses);
      break;
    case 'clause':
      pushOne(out, node.keyword);
      pushAll(out, node.items);
      break;
    case 'parameter':
      pushOne(out, node.name);
      pushOne(out, node.value);
      break;
    case 'call':
      pushOne(out, node.callee);
      pushAll(out, node.args);
      break;
    case 'member':
      pushOne(out, node.object);
      pushOne(out, node.member);
      break;
    case 'index':
      pushOne(out, node.object);
      pushOne(out, node.index);
      pushOne(out, node.to);
      break;
    case 'unary':
      pushOne(out, node.operand);
      break;
    case 'binary':
      pushOne(out, node.left);
      pushOne(out, node.right);
      break;
    case 'paren':
      pushOne(out, node.inner);
      break;
    case 'list':
    case 'pattern':
      pushAll(out, node.items);
      break;
    case 'assignment':
      pushOne(out, node.target);
      pushOne(out, node.value);
      break;
    case 'sorted':
      pushOne(out, node.expression);
      pushOne(out, node.order);
      pushOne(out, node.nulls);
      break;
    case 'typed':
      pushOne(out, node.name);
      pushOne(out, node.type);
      pushOne(out, node.defaultValue);
      break;
    case 'function':
      pushAll(out, node.parameters);
      pushAll(out, node.body);
      break;
    case 'literal':
      pushAll(out, node.values);
      break;
    case 'name':
    case 'star':
    case 'wildcard':
      break;
  }
}

function pushOne(out: SyntaxNode[], node: SyntaxNode | undefined): void {
  if (node) out.push(node);
}

function pushAll(out: SyntaxNode[], nodes: readonly SyntaxNode[] | undefined): void {
  if (nodes) for (const node of nodes) out.push(node);
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
  // their parents side by side, not a pair for each node; a node's children are pushed in the order
  // of the text and their run turned around, so that the first is taken first.
  const nodes: SyntaxNode[] = [];
  const parents: (SyntaxNode | undefined)[] = [];
  for (let i = roots.length - 1; i >= 0; i--) {
    nodes.push(roots[i]);
    parents.push(undefined);
  }
  while (nodes.length) {
    const node = nodes.pop()!;
    if (visit(node, parents.pop()) === false) continue;
    const first = nodes.length;
    eachChild(node, nodes);
    for (let low = first, high = nodes.length - 1; low < high; low++, high--) {
      const swap = nodes[low];
      nodes[low] = nodes[high];
      nodes[high] = swap;
    }
    for (let i = first; i < nodes.length; i++) parents.push(node);
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
