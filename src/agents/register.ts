import * as vscode from 'vscode';
import { loadAgentTools } from '../platform/heavy';
import type { AgentToolDeps, AgentTools } from './agentTools';

/**
 * The language model tools: registered at activation as thin objects, by the names package.json
 * declares (with their descriptions and schemas, which VS Code has read already); their
 * implementations load with dist/agents.js on the first prepare or call, and are made once.
 */
export function registerAgents(context: vscode.ExtensionContext, deps: AgentToolDeps): { tools: () => AgentTools; disposables: vscode.Disposable[] } {
  let made: AgentTools | undefined;
  const tools = () => (made ??= new (loadAgentTools().AgentTools)(deps));
  const lazy = (name: string): vscode.LanguageModelTool<unknown> => ({
    invoke: (options, token) => tools().tool(name).invoke(options, token),
    prepareInvocation: (options, token) => tools().tool(name).prepareInvocation?.(options, token),
  });
  const disposables: vscode.Disposable[] = [new vscode.Disposable(() => made?.dispose())];
  // A host without the tools API has no tools; nothing else changes.
  if (typeof vscode.lm?.registerTool === 'function') {
    for (const name of declaredTools(context)) disposables.push(vscode.lm.registerTool(name, lazy(name)));
  }
  return { tools, disposables };
}

function declaredTools(context: vscode.ExtensionContext): string[] {
  const manifest = context.extension.packageJSON as { contributes?: { languageModelTools?: { name?: unknown }[] } };
  return (manifest.contributes?.languageModelTools ?? []).map((tool) => tool.name).filter((name): name is string => typeof name === 'string');
}
