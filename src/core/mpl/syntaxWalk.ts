// Going through MPL's syntax tree (syntaxNodes.ts): a node's children in the order of the text,
// every node depth first (`walkMpl`), and the nodes under an offset (`mplPathAt`).
import type { MplNode, ParsedMpl } from './syntaxNodes';

/** A node's children, in the order of the text. */
export function mplChildren(node: MplNode): MplNode[] {
  const out: MplNode[] = [];
  const add = (...nodes: (MplNode | undefined | readonly MplNode[])[]) => {
    for (const n of nodes) {
      if (!n) continue;
      if (Array.isArray(n)) out.push(...(n as readonly MplNode[]));
      else out.push(n as MplNode);
    }
  };
  switch (node.kind) {
    case 'query':
      add(node.directives, node.body);
      break;
    case 'directive':
      add(node.name, node.value);
      break;
    case 'pipeline':
      add(node.source, node.stages);
      break;
    case 'source':
      add(node.dataset, node.metric, node.range, node.alias);
      break;
    case 'group':
      add(node.queries);
      break;
    case 'timeRange':
      add(node.from, node.to);
      break;
    case 'stage':
      add(node.operation, node.by, node.name, node.window, node.filter, node.function, node.assignments);
      break;
    case 'function':
      add(node.name, node.args, node.operand);
      break;
    case 'comparison':
      add(node.tag, node.operator, node.value);
      break;
    case 'typeTest':
      add(node.tag, node.type);
      break;
    case 'logical':
      add(node.left, node.operator, node.right);
      break;
    case 'not':
      add(node.operand);
      break;
    case 'parenFilter':
      add(node.inner);
      break;
    case 'assignment':
      add(node.tag, node.value);
      break;
    case 'name':
    case 'word':
    case 'literal':
      break;
  }
  // A stage's parts are kept by role, so put them back in the order of the text.
  return node.kind === 'stage' ? out.sort((a, b) => a.start - b.start) : out;
}

/** Every node, depth first, in the order of the text. */
export function walkMpl(parsed: ParsedMpl, visit: (node: MplNode, parents: readonly MplNode[]) => void): void {
  const parents: MplNode[] = [];
  const go = (node: MplNode) => {
    visit(node, parents);
    parents.push(node);
    for (const child of mplChildren(node)) go(child);
    parents.pop();
  };
  for (const query of parsed.queries) go(query);
}

/** The nodes whose range holds the offset (its end counts), outermost first. */
export function mplPathAt(parsed: ParsedMpl, offset: number): MplNode[] {
  const path: MplNode[] = [];
  let level: readonly MplNode[] = parsed.queries;
  for (;;) {
    const found = level.find((n) => offset >= n.start && offset <= n.end);
    if (!found) return path;
    path.push(found);
    level = mplChildren(found);
  }
}

/** The datasets an MPL text reads (its sources'), each once, in the order of the text: where its
 *  query goes is their edge's (core/api/edges.ts). */
export function mplDatasets(parsed: ParsedMpl): string[] {
  const names = new Set<string>();
  walkMpl(parsed, (node) => {
    if (node.kind === 'source' && node.dataset.text) names.add(node.dataset.text);
  });
  return [...names];
}
