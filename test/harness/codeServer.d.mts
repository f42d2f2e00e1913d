// The types of codeServer.mjs, a plain JavaScript module that the TypeScript tests import (the
// journeys, the benchmarks, the webview pages): what they call is checked, not taken as `any`.
import type { ChildProcess } from 'node:child_process';
import type { BrowserContext, Page } from 'playwright-core';

export interface Vscode {
  name: string;
  dir: string;
  node: string;
  nodeMajor?: number;
  devArgs: string[];
}

export interface Sandbox {
  dir: string;
  workspace: string;
  extensionsDir: string;
  userDataDir: string;
  env: Record<string, string>;
}

export interface CodeServer {
  port: number;
  url: string;
  server: ChildProcess;
  stop(): void;
}

export interface Browser {
  context: BrowserContext;
  page: Page;
}

export const projectRoot: string;
export const VSCODES: { newest: Vscode; oldest: Vscode };
export const vscodeUnderTest: Vscode & { entry: string };
export const DEV_EXTENSION_ARGS: string[];
export function freePort(): Promise<number>;
export function makeSandbox(
  prefix: string,
  options?: { settings?: Record<string, unknown>; files?: Record<string, string> },
): Sandbox;
export function assertInstalled(): void;
export function describeVscode(): string;
export function installVsix(sandbox: Sandbox, vsix: string): Promise<string>;
export function installExtensionFolder(sandbox: Sandbox, folder: string): Promise<string>;
export function startCodeServer(
  sandbox: Sandbox,
  options?: {
    port?: number;
    extraArgs?: string[];
    env?: Record<string, string>;
    logFile?: string;
    nodeArgs?: string[];
  },
): Promise<CodeServer>;
export function openBrowser(sandbox: Sandbox, url?: string): Promise<Browser>;
export function workbenchUrl(
  codeServer: Pick<CodeServer, 'url' | 'port'>,
  sandbox: Sandbox,
  options?: { extensionPath?: string; testsEntry?: string },
): string;
export function runInExtensionHost(options: {
  sandbox: Sandbox;
  extensionPath?: string;
  /** Folders of extensions installed beside it (installExtensionFolder). */
  installedBeside?: string[];
  entry: string;
  timeoutSeconds?: number;
  onLog?: (type: string, args: unknown[]) => void;
  stamp?: (line: string) => void;
  port?: number;
  nodeArgs?: string[];
}): Promise<number>;
