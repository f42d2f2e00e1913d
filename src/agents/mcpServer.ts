import * as vscode from 'vscode';
import { FEATURES } from '../platform/declarations';

// Axiom's hosted MCP server (https://mcp.axiom.co/mcp) offered to agent mode, only while the person
// turns it on (`axiom.hostedMcpServer.enabled`, off by default): the provider is registered then and
// disposed when the setting goes off, so that VS Code neither lists nor reaches the server otherwise.
// Its sign-in is VS Code's MCP support's (OAuth in the browser), never the extension's token. VS Code
// has the API from 1.101; the oldest this extension supports (1.96) has neither it nor its types, so
// both are looked up and typed here. The setting's watch is the composition's (made just after
// activation); with the setting on, the provider is registered then, and VS Code lists a provider
// from when it is registered. Small, and it loads nothing.

export const HOSTED_MCP_SETTING = 'axiom.hostedMcpServer.enabled';
/** Where Axiom's docs say the hosted server is (Console › Intelligence › MCP Server). */
export const HOSTED_MCP_URL = 'https://mcp.axiom.co/mcp';

interface McpProvider {
  onDidChangeMcpServerDefinitions?: vscode.Event<void>;
  provideMcpServerDefinitions(token: vscode.CancellationToken): vscode.ProviderResult<unknown[]>;
}
type McpHttpServerDefinition = new (label: string, uri: vscode.Uri) => unknown;
interface McpHost {
  register(id: string, provider: McpProvider): vscode.Disposable;
  Definition: McpHttpServerDefinition;
}

/** The hosted server's registration: whether this VS Code offers MCP, and whether it is registered now. */
export interface HostedMcpServer extends vscode.Disposable {
  readonly available: boolean;
  readonly registered: boolean;
}

function mcpHost(): McpHost | undefined {
  // VS Code 1.96's API has neither (esbuild.mjs's NEWER_VSCODE_NAMES lets the bundle look the class up).
  const lm = vscode.lm as { registerMcpServerDefinitionProvider?: unknown } | undefined;
  const register = lm?.registerMcpServerDefinitionProvider;
  const Definition: unknown = (vscode as { McpHttpServerDefinition?: unknown }).McpHttpServerDefinition;
  if (typeof register !== 'function' || typeof Definition !== 'function') return undefined;
  return {
    register: (id, provider) => (register as McpHost['register']).call(lm, id, provider),
    Definition: Definition as McpHttpServerDefinition,
  };
}

export function registerHostedMcpServer(): HostedMcpServer {
  const host = mcpHost();
  let provider: vscode.Disposable | undefined;
  const update = () => {
    const wanted = vscode.workspace.getConfiguration().get<boolean>(HOSTED_MCP_SETTING, false) === true;
    if (wanted && host && !provider) {
      provider = host.register(FEATURES.agents.mcpServers[0], {
        provideMcpServerDefinitions: () => [new host.Definition('Axiom', vscode.Uri.parse(HOSTED_MCP_URL))],
      });
    } else if (!wanted && provider) {
      provider.dispose();
      provider = undefined;
    }
  };
  update();
  const watching = vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration(HOSTED_MCP_SETTING)) update();
  });
  return {
    available: host !== undefined,
    get registered() {
      return provider !== undefined;
    },
    dispose() {
      watching.dispose();
      provider?.dispose();
      provider = undefined;
    },
  };
}
