// The "agents" bundle (src/features.ts): the language model tools' implementations and the
// @axiom chat participant. Loaded on the first prepare or call of a tool, or the first chat request.
import { COMMANDS } from '../platform/constants';
import { AgentTools, type AgentToolDeps } from './agentTools';

export type { AgentToolDeps };

/** The agents feature, made once: the tools (and the participant, which calls them), and the
 *  command the participant's buttons run. */
export function createAgents(deps: AgentToolDeps) {
  const tools = new AgentTools(deps);
  return {
    tools,
    commands: { [COMMANDS.openChatQuery]: (arg?: unknown) => tools.openChatQuery(arg) },
    dispose: () => tools.dispose(),
  };
}

export type AgentsFeature = ReturnType<typeof createAgents>;
