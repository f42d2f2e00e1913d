// The @axiom chat participant's VS Code side (loaded with dist/agents.js on its first request):
// the person's chosen model through request.model, the tools called in this process, the
// conversation so far, and for APL it wrote, buttons that open it in an editor or run it. Which
// facts each command gathers and what the model is sent is src/core/agents/prompts.ts.
import * as vscode from 'vscode';
import {
  answer,
  type ChatModelPort,
  type ParticipantCommand,
  type PastTurn,
  type ToolsPort,
} from '../core/agents/prompts';
import { COMMANDS } from '../platform/constants';
import { localize } from '../platform/l10n';

const COMMANDS_KNOWN: readonly string[] = ['query', 'explain', 'monitor'];

/** APL the participant wrote, kept for its buttons: a button names an entry, never the text, so
 *  that a caller from outside cannot have any text run through the command. */
export class ChatQueries {
  private readonly entries = new Map<string, string>();

  put(apl: string): string {
    const id = `q${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
    this.entries.set(id, apl);
    // The latest few are enough: older buttons stay in old turns.
    if (this.entries.size > 50) this.entries.delete(this.entries.keys().next().value as string);
    return id;
  }

  get(id: unknown): string | undefined {
    return typeof id === 'string' ? this.entries.get(id) : undefined;
  }
}

/** What a request's tools are: a call by name with input, answering with the tool's text. */
export type InvokeTool = (
  name: string,
  input: Record<string, unknown>,
  token: vscode.CancellationToken,
) => Promise<string>;

export async function handleChat(
  request: vscode.ChatRequest,
  context: vscode.ChatContext,
  stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken,
  invokeTool: InvokeTool,
  queries: ChatQueries,
): Promise<vscode.ChatResult> {
  const controller = new AbortController();
  const cancel = token.onCancellationRequested(() => controller.abort());
  const command = (COMMANDS_KNOWN.includes(request.command ?? '') ? request.command : undefined) as ParticipantCommand;
  const tools: ToolsPort = { call: (name, input) => invokeTool(name, input, token) };
  const model: ChatModelPort = {
    async *send(messages) {
      const response = await request.model.sendRequest(
        messages.map((m) =>
          m.role === 'user'
            ? vscode.LanguageModelChatMessage.User(m.text)
            : vscode.LanguageModelChatMessage.Assistant(m.text),
        ),
        { justification: localize('To answer your question from your Axiom data.') },
        token,
      );
      for await (const piece of response.text) yield piece;
    },
  };
  try {
    const result = await answer(
      { command, prompt: request.prompt, history: pastTurns(context) },
      tools,
      model,
      { progress: (text) => stream.progress(text), markdown: (text) => stream.markdown(text) },
      controller.signal,
    );
    if (result.apl) {
      const id = queries.put(result.apl);
      stream.button({ command: COMMANDS.openChatQuery, title: localize('Open in Editor'), arguments: [{ id }] });
      stream.button({
        command: COMMANDS.openChatQuery,
        title: localize('Run Query'),
        arguments: [{ id, run: true }],
      });
    }
    return { metadata: { command: command ?? '' } };
  } catch (error) {
    if (token.isCancellationRequested) return {};
    const message =
      error instanceof vscode.LanguageModelError
        ? localize('The chat model could not answer: {0}', error.message)
        : localize('Something went wrong: {0}', error instanceof Error ? error.message : String(error));
    return { errorDetails: { message } };
  } finally {
    cancel.dispose();
  }
}

/** The conversation with @axiom so far, as text. */
function pastTurns(context: vscode.ChatContext): PastTurn[] {
  const turns: PastTurn[] = [];
  for (const turn of context.history) {
    if (turn instanceof vscode.ChatRequestTurn) turns.push({ role: 'user', text: turn.prompt });
    else if (turn instanceof vscode.ChatResponseTurn) {
      const text = turn.response
        .map((part) => (part instanceof vscode.ChatResponseMarkdownPart ? part.value.value : ''))
        .join('');
      if (text) turns.push({ role: 'assistant', text });
    }
  }
  return turns;
}
