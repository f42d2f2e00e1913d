// Language model tools as a chat agent calls them, for the integration tests of every feature with
// tools: through vscode.lm.invokeTool, the answer read as the text the model would read.
import * as vscode from 'vscode';

/** The text of a tool's answer: its text parts, joined. */
export function toolResultText(result: vscode.LanguageModelToolResult | null | undefined): string {
  return (result?.content ?? [])
    .map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : ''))
    .join('');
}

/** Calls the tool through vscode.lm.invokeTool, outside a chat (no invocation token), and returns its text. */
export async function invokeToolText(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(
    name,
    { input, toolInvocationToken: undefined },
    new vscode.CancellationTokenSource().token,
  );
  return toolResultText(result);
}

/** As invokeToolText, but a tool that sent nothing because the tools' share of the rate limit was
 *  used (the whole suite's requests count in the fake's minute) is called again once, after the
 *  wait it names: what a person would do. */
export async function invokeToolTextWhenAllowed(name: string, input: object): Promise<string> {
  const first = await invokeToolText(name, input);
  const wait = /Nothing was sent: the tools' share .* Try again in about (\d+) seconds?\./.exec(first);
  if (!wait) return first;
  await new Promise((resolve) => setTimeout(resolve, (Number(wait[1]) + 2) * 1000));
  return invokeToolText(name, input);
}

/** Calls the tool's own invoke, as VS Code does once the person chose Continue in its confirmation, and returns its text. */
export async function continuedToolText(tool: vscode.LanguageModelTool<unknown>, input: object): Promise<string> {
  return toolResultText(
    await tool.invoke({ input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token),
  );
}
