import type * as vscode from 'vscode';

const KEY = 'axiom.recentDatasets';
const KEEP = 8;

/** Datasets the person starred queries into lately, newest first, kept across sessions. */
export class RecentDatasets {
  constructor(private readonly state: vscode.Memento) {}

  list(): string[] {
    const value = this.state.get<unknown>(KEY);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  }

  async add(dataset: string): Promise<void> {
    await this.state.update(KEY, [dataset, ...this.list().filter((d) => d !== dataset)].slice(0, KEEP));
  }
}
