// The settings of log activity and production errors, read in one place: whether each is on (kept
// per workspace), where the logs are, and how often each asks. Plain reads of `axiom.*`.
import * as vscode from 'vscode';
import type { PresetId } from '../core/run/timeRange';

export const CODE_ACTIVITY_SETTINGS = {
  logsDataset: 'logs.dataset',
  logsMessageField: 'logs.messageField',
  logActivityEnabled: 'logActivity.enabled',
  logActivityRange: 'logActivity.timeRange',
  logActivityRefreshSeconds: 'logActivity.refreshSeconds',
  loggerNames: 'logActivity.loggerNames',
  productionErrorsEnabled: 'productionErrors.enabled',
  productionErrorsQuery: 'productionErrors.query',
  productionErrorsRefreshSeconds: 'productionErrors.refreshSeconds',
} as const;

type SettingName = (typeof CODE_ACTIVITY_SETTINGS)[keyof typeof CODE_ACTIVITY_SETTINGS];

const LOG_ACTIVITY_RANGES = ['15m', '1h', '6h', '24h', '7d'] as const satisfies readonly PresetId[];
const MIN_REFRESH_SECONDS = 30;

function read<T>(name: SettingName, valid: (value: unknown) => value is T, fallback: T): T {
  const value = vscode.workspace.getConfiguration('axiom').get<unknown>(name);
  return valid(value) ? value : fallback;
}

const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isText = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export function isOn(name: 'logActivity.enabled' | 'productionErrors.enabled'): boolean {
  return read(name, isBoolean, false);
}

/** Turns a feature on or off for this workspace (the folder's settings when no workspace is open). */
export async function turn(name: 'logActivity.enabled' | 'productionErrors.enabled', on: boolean): Promise<void> {
  const target = vscode.workspace.workspaceFolders?.length
    ? vscode.ConfigurationTarget.Workspace
    : vscode.ConfigurationTarget.Global;
  await vscode.workspace.getConfiguration('axiom').update(name, on, target);
}

/** A setting's text, trimmed ('' when unset). */
export function textSetting(name: SettingName): string {
  return read(name, isText, '').trim();
}

/** Keeps a text setting for this workspace. */
export async function keepText(name: SettingName, value: string): Promise<void> {
  const target = vscode.workspace.workspaceFolders?.length
    ? vscode.ConfigurationTarget.Workspace
    : vscode.ConfigurationTarget.Global;
  await vscode.workspace.getConfiguration('axiom').update(name, value, target);
}

export function logActivityRange(): PresetId {
  const value = read(CODE_ACTIVITY_SETTINGS.logActivityRange, isText, '24h');
  return (LOG_ACTIVITY_RANGES as readonly string[]).includes(value) ? (value as PresetId) : '24h';
}

export function loggerNames(): string[] {
  const names = vscode.workspace.getConfiguration('axiom').get<unknown>(CODE_ACTIVITY_SETTINGS.loggerNames);
  return Array.isArray(names) ? names.filter(isText).slice(0, 50) : [];
}

/** A refresh interval in ms (at least MIN_REFRESH_SECONDS). */
export function refreshMs(name: 'logActivity.refreshSeconds' | 'productionErrors.refreshSeconds'): number {
  return Math.max(MIN_REFRESH_SECONDS, read(name, isNumber, 300)) * 1000;
}

/** Whether a configuration change touches any of these settings. */
export function touches(event: vscode.ConfigurationChangeEvent, ...names: SettingName[]): boolean {
  return names.some((name) => event.affectsConfiguration(`axiom.${name}`));
}
