// The "agents" bundle (src/platform/lazy.ts): the language model tools' implementations and the
// @axiom chat participant. Loaded on the first prepare or call of a tool, or the first chat request.
import { AgentTools, type AgentToolDeps } from './agentTools';

export type { AgentToolDeps };

/** The agents feature, made once: the tools (and the participant, which calls them). */
export function createAgents(deps: AgentToolDeps): AgentTools {
  return new AgentTools(deps);
}

export type AgentsFeature = AgentTools;
