import * as vscode from 'vscode';
import { FEATURES } from '../platform/declarations';
import { registerFeature } from '../platform/lazyEntries';
import type { AgentsFeature } from './bundle';

/**
 * The language model tools and the @axiom chat participant, registered at activation as thin
 * objects, as the agents' declaration names them (package.json declares the same, with the tools'
 * descriptions and schemas, which VS Code has read already). Their bodies load with the agents
 * bundle (`make`) on the first prepare, call or chat request.
 */
export function registerAgents(extensionUri: vscode.Uri, make: () => AgentsFeature) {
  // Its command (Open in Editor, the participant's button) with the others: registerFeature.
  const { feature, disposables } = registerFeature('agents', make);
  const lazy = (name: string): vscode.LanguageModelTool<unknown> => ({
    invoke: (options, token) => feature().tools.tool(name).invoke(options, token),
    prepareInvocation: (options, token) => feature().tools.tool(name).prepareInvocation?.(options, token),
  });
  const { tools, chatParticipants } = FEATURES.agents;
  // A host without the tools or chat API has no tools or participant; nothing else changes.
  if (typeof vscode.lm?.registerTool === 'function') {
    for (const name of tools) disposables.push(vscode.lm.registerTool(name, lazy(name)));
  }
  if (typeof vscode.chat?.createChatParticipant === 'function') {
    for (const id of chatParticipants) {
      const participant = vscode.chat.createChatParticipant(id, (request, chatContext, stream, token) =>
        feature().tools.chat(request, chatContext, stream, token),
      );
      participant.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'axiom.svg');
      disposables.push(participant);
    }
  }
  return { feature, disposables };
}
