// Activation beside its floor in one person's window (issue 51), the bench's part `activation`: the
// extensions of each window and the rows made of what the activation probe timed in them.
//   In each window: a warm-up copy of the floor (untimed: it pays for warming VS Code's registration
// paths, as other extensions do in people's windows), the empty extension (an extension's least:
// requiring vscode, an empty activate()), then the floor and the extension, the two timed ones, in
// turns first, each after a pause (PAUSE_MS). The floor's copies have ids of their own (activationFloorManifest.ts), so the four
// coexist; each depends on the one before (extensionDependencies), so VS Code activates them in
// that order whoever starts the last: the entry in the bare and first-start windows, VS Code itself
// restoring the returning one (the copies start at the extension's own moments).
//   The figure of a window kind and an order is the median of its windows' ratios (ours beside the
// floor of the same window: the machine's load at that moment hits both; a median, not the best,
// because the best of each side may come from different windows, which breaks the pair), and of the
// milliseconds for show, with the best beside the best as a second view; the verdict of a window kind
// is the geometric mean of its two orders' medians, so that the cost of coming first (or second)
// counts once each way.
import fs from 'node:fs';
import path from 'node:path';
import { dependingOn, extensionId, FLOOR_PREFIX, type ExtensionManifest } from './activationFloorManifest';
import { PERSON_WINDOWS, type PersonWindow, type ProbedActivation } from '../harness/personWindowNames';

export type ActivationOrder = 'floor first' | 'ours first';
export const ACTIVATION_ORDERS: readonly ActivationOrder[] = ['floor first', 'ours first'];

/** The extensions of one window, by label: the warm-up floor, the empty extension, the floor, ours,
 *  and two pauses (before each timed one). */
export type WindowExtension = 'warm' | 'empty' | 'floor' | 'ours' | 'pause1' | 'pause2';

/** How long each pause's activate() takes to resolve (VS Code activates the next of the chain then):
 *  what the extension before left behind (its garbage, the code VS Code compiles in the background
 *  for the paths it ran hot) is dealt with before the next one, not inside its timed require and
 *  activate(). Without them, whichever timed extension came first was the slower more often. */
export const PAUSE_MS = 300;

/** The floor's two copies: the prefix of their ids, and how many times each registers everything
 *  (activationFloor.ts): the warm-up copy as several extensions would in a person's window, so that
 *  the two timed ones find VS Code's registration paths warm whichever comes first. */
export const FLOOR_COPIES = {
  warm: { prefix: 'warm', rounds: 8 },
  floor: { prefix: 'floor', rounds: 1 },
} as const satisfies Record<string, { prefix: string; rounds: number }>;

export function readManifest(folder: string): ExtensionManifest {
  return JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as ExtensionManifest;
}

/** A one-line extension in `folder`: the extension's publisher and version, the name
 *  `<ours>-<name>`, no contribution, `main` as its whole code. */
function smallExtension(
  folder: string,
  ours: ExtensionManifest,
  shape: { name: string; displayName: string; main: string },
): string {
  fs.mkdirSync(path.join(folder, 'dist'), { recursive: true });
  const manifest: ExtensionManifest = {
    name: `${ours.name}-${shape.name}`,
    displayName: shape.displayName,
    publisher: ours.publisher,
    version: ours.version,
    engines: ours.engines,
    main: './dist/extension.js',
    activationEvents: [],
  };
  fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify(manifest));
  fs.writeFileSync(path.join(folder, 'dist/extension.js'), `${shape.main}\n`);
  return folder;
}

/** The empty extension in `folder`: it requires vscode, and its activate() does nothing. */
export function emptyExtension(folder: string, ours: ExtensionManifest): string {
  return smallExtension(folder, ours, {
    name: 'empty',
    displayName: 'An empty extension',
    main: "require('vscode');\nexports.activate = function () {};",
  });
}

/** An extension whose activate() resolves after PAUSE_MS, doing nothing (named `<ours>-<name>`). */
export function pauseExtension(folder: string, ours: ExtensionManifest, name: string): string {
  return smallExtension(folder, ours, {
    name,
    displayName: 'A pause between extensions',
    main: `exports.activate = function () { return new Promise((resolve) => setTimeout(resolve, ${PAUSE_MS})); };`,
  });
}

/** The window's extensions for each order (copies under `work`, each manifest depending on the
 *  extension before it: warm-up, empty, pause, the first timed one, pause, the second), and the id of
 *  the last, which activates the others first. `floorCopy` builds the floor's copy with a prefix (its
 *  manifest generated). */
export function sameWindowChains(
  work: string,
  sources: { ours: string; empty: string; floorCopy: (copy: { prefix: string; rounds: number }) => string },
): Record<ActivationOrder, { folders: Record<WindowExtension, string>; last: string }> {
  for (const { prefix } of Object.values(FLOOR_COPIES))
    if (!FLOOR_PREFIX.test(prefix)) throw new Error(`the floor's prefix "${prefix}" is not letters and digits`);
  const ours = readManifest(sources.ours);
  const built: Record<WindowExtension, string> = {
    warm: sources.floorCopy(FLOOR_COPIES.warm),
    empty: sources.empty,
    floor: sources.floorCopy(FLOOR_COPIES.floor),
    ours: sources.ours,
    pause1: pauseExtension(path.join(work, 'pause1'), ours, 'pause1'),
    pause2: pauseExtension(path.join(work, 'pause2'), ours, 'pause2'),
  };
  const chain = (order: ActivationOrder) => {
    const [first, second]: WindowExtension[] = order === 'floor first' ? ['floor', 'ours'] : ['ours', 'floor'];
    const labels: WindowExtension[] = ['warm', 'empty', 'pause1', first, 'pause2', second];
    const folders = {} as Record<WindowExtension, string>;
    let before: string | undefined;
    for (const label of labels) {
      const folder = path.join(work, `window-${order.replace(' ', '-')}`, label);
      fs.rmSync(folder, { recursive: true, force: true });
      fs.cpSync(built[label], folder, { recursive: true });
      const manifest = dependingOn(readManifest(folder), before);
      fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify(manifest));
      before = extensionId(manifest);
      folders[label] = folder;
    }
    return { folders, last: before as string };
  };
  return { 'floor first': chain('floor first'), 'ours first': chain('ours first') };
}

/** What one window's entry reported (test/bench/activation.ts): ours's figures, the others' by label. */
export interface WindowFigures {
  loadMs?: number;
  activateMs?: number;
  order?: number;
  others: ProbedActivation['others'];
  activatedBy: 'window' | 'entry';
  early: ProbedActivation['early'];
  treeData?: number;
}
export interface SameWindowSample {
  window: PersonWindow;
  order: ActivationOrder;
  figure: WindowFigures;
}
interface Row {
  what: string;
  ours: string;
  baseline: string;
  ratio?: string;
  target?: string;
}

/** Load + activate(), or undefined when the probe did not see both. */
function total(timed: { loadMs?: number; activateMs?: number } | undefined): number | undefined {
  return timed?.loadMs === undefined || timed.activateMs === undefined ? undefined : timed.loadMs + timed.activateMs;
}

/** Whether the window activated the floor and ours in the order it was given. */
function inOrder(sample: SameWindowSample): boolean {
  const floor = sample.figure.others.floor?.order;
  const ours = sample.figure.order;
  if (floor === undefined || ours === undefined) return false;
  return sample.order === 'floor first' ? floor < ours : ours < floor;
}

/** The rows: for each window kind and order, ours, the floor and the empty extension (medians) and
 *  the median of the windows' ratios; for each window kind, both orders' verdict against the target. */
export function sameWindowRows(
  samples: readonly SameWindowSample[],
  tools: {
    ms: (value: number) => string;
    median: (values: number[]) => number;
    target: (words: string, met: boolean) => string;
  },
): { rows: Row[]; notes: string[] } {
  const { ms, median, target } = tools;
  const rows: Row[] = [];
  const notes: string[] = [];
  for (const window of PERSON_WINDOWS) {
    const orderRatios: number[] = [];
    for (const order of ACTIVATION_ORDERS) {
      const all = samples.filter((s) => s.window === window && s.order === order);
      // A window where the probe missed one of the two says nothing of their ratio.
      const these = all.filter((s) => total(s.figure) !== undefined && total(s.figure.others.floor) !== undefined);
      if (!these.length) {
        rows.push({
          what: `activation beside its floor, ${window} window, ${order}`,
          ours: 'no window measured both',
          baseline: '',
        });
        continue;
      }
      const ours = these.map((s) => total(s.figure) as number);
      const floor = these.map((s) => total(s.figure.others.floor) as number);
      const empty = these.flatMap((s) => total(s.figure.others.empty) ?? []);
      const ratios = these.map((_, i) => ours[i] / floor[i]);
      const ratio = median(ratios);
      orderRatios.push(ratio);
      const part = (
        key: 'loadMs' | 'activateMs',
        of: (s: SameWindowSample) => { loadMs?: number; activateMs?: number } | undefined,
      ) => ms(median(these.map((s) => of(s)?.[key] ?? Number.NaN)));
      const asked = these.filter(inOrder).length;
      rows.push({
        what: `activation beside its floor in one window, ${window}, ${order}: load + activate(), median of ${these.length} windows${asked < these.length ? ` (in the order asked in ${asked})` : ''}`,
        ours: `${ms(median(ours))} (load ${part('loadMs', (s) => s.figure)} + activate() ${part('activateMs', (s) => s.figure)})`,
        baseline: `the floor: ${ms(median(floor))} (load ${part('loadMs', (s) => s.figure.others.floor)} + activate() ${part('activateMs', (s) => s.figure.others.floor)}); the empty extension: ${empty.length ? ms(median(empty)) : 'not seen'}`,
        ratio: `${ratio.toFixed(2)}× (windows ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×; best beside best ${(Math.min(...ours) / Math.min(...floor)).toFixed(2)}×)`,
      });
    }
    if (orderRatios.length !== ACTIVATION_ORDERS.length) continue;
    const both = Math.sqrt(orderRatios[0] * orderRatios[1]);
    const measured = samples.filter((s) => s.window === window);
    const most = (key: 'treeData' | 'languageProviders' | 'requests') =>
      Math.max(0, ...measured.map((s) => s.figure.early[key]));
    const later = measured.map((s) => s.figure.early.firstItemsAfterMs).filter((v): v is number => v !== undefined);
    const byWindow = measured.filter((s) => s.figure.activatedBy === 'window').length;
    rows.push({
      what: `activation beside its floor, ${window} window, both orders (geometric mean of the two)`,
      ours:
        window === 'bare'
          ? 'the extension'
          : `the extension; before activate() returned, at most: ${most('treeData')} tree data, ${most('languageProviders')} language providers, ${most('requests')} requests${later.length ? `; first tree items ${ms(Math.min(...later))} after it` : ''}${byWindow ? `; activated by the window in ${byWindow} of ${measured.length}` : ''}`,
      baseline: 'the floor in the same windows (the same registrations, empty bodies, ids of its own)',
      ratio: `${both.toFixed(2)}×`,
      target: target('≤ 1.2× (stretch 1.1×)', both <= 1.2),
    });
  }
  notes.push(
    "Activation beside its floor: in each window a warm-up copy of the floor, the empty extension, then the floor and the extension in turns first (extensionDependencies), all installed as a person installs them; each row is the median of its windows, the ratio the median of the windows' own ratios; the verdict of a window kind is the geometric mean of its two orders.",
  );
  return { rows, notes };
}
