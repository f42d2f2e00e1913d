import * as vscode from 'vscode';
import { COMMANDS } from '../platform/constants';
import { load, once, type Once } from '../platform/lazy';
import { disposeIfMade } from '../platform/lazyEntries';
import type { AgentToolDeps, AgentsFeature } from './bundle';

/** The chat participant's id, as package.json declares it. */
const PARTICIPANT_ID = 'axiom-apl-community.axiom';

/**
 * The language model tools and the @axiom chat participant, registered at activation as thin
 * objects: the tools by the names package.json declares (with their descriptions and schemas,
 * which VS Code has read already). Their bodies load with the agents bundle on the first prepare,
 * call or chat request.
 */
export function registerAgents(
  context: vscode.ExtensionContext,
  deps: () => AgentToolDeps,
): { feature: Once<AgentsFeature>; disposables: vscode.Disposable[] } {
  const feature = once(() => load('agents').createAgents(deps()));
  const lazy = (name: string): vscode.LanguageModelTool<unknown> => ({
    invoke: (options, token) => feature().tool(name).invoke(options, token),
    prepareInvocation: (options, token) => feature().tool(name).prepareInvocation?.(options, token),
  });
  const disposables: vscode.Disposable[] = [
    disposeIfMade(feature),
    vscode.commands.registerCommand(COMMANDS.openChatQuery, (arg: unknown) => feature().openChatQuery(arg)),
  ];
  const contributed = declared(context);
  // A host without the tools or chat API has no tools or participant; nothing else changes.
  if (typeof vscode.lm?.registerTool === 'function') {
    for (const name of contributed.tools) disposables.push(vscode.lm.registerTool(name, lazy(name)));
  }
  if (typeof vscode.chat?.createChatParticipant === 'function' && contributed.participants.includes(PARTICIPANT_ID)) {
    const participant = vscode.chat.createChatParticipant(PARTICIPANT_ID, (request, chatContext, stream, token) =>
      feature().chat(request, chatContext, stream, token),
    );
    participant.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'axiom.svg');
    disposables.push(participant);
  }
  return { feature, disposables };
}

/** What package.json declares: the tools' names and the chat participants' ids. */
function declared(context: vscode.ExtensionContext): { tools: string[]; participants: string[] } {
  const manifest = context.extension.packageJSON as {
    contributes?: { languageModelTools?: { name?: unknown }[]; chatParticipants?: { id?: unknown }[] };
  };
  const strings = (values: unknown[]) => values.filter((value): value is string => typeof value === 'string');
  return {
    tools: strings((manifest.contributes?.languageModelTools ?? []).map((tool) => tool.name)),
    participants: strings((manifest.contributes?.chatParticipants ?? []).map((participant) => participant.id)),
  };
}
