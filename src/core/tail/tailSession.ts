// One live tail: a poll every interval for the events after the newest seen (with the overlap
// window of tailRows.ts), on the one loop of every polling feature (PollLoop: only while wanted,
// the clock passed in) and through the window's one budget for background requests, which it
// shares with the status checks: a round the budget would hold back is skipped and said, and a 429
// pauses the whole budget until its reset, as a status check's does. Nothing runs before `start`
// nor after `stop`.
import type { AplRange, TabularResult } from '../api/client';
import { adviceFor } from '../api/errorAdvice';
import { isAxiomError } from '../api/errors';
import type { RequestBudget } from '../api/requestBudget';
import { phrase, type Phrase } from '../phrase';
import { PollLoop } from '../polling/pollLoop';
import { systemClock, type TimerClock } from '../polling/timerClock';
import { conditionProblem, tailApl, type TailTarget } from './tailQuery';
import { TailRows, type Accepted } from './tailRows';

/** How far back the first poll reads (and one after a filter is changed). */
export const FIRST_WINDOW_MS = 5 * 60_000;
/** How far before the newest event seen each poll asks again, for events that arrive late. */
export const OVERLAP_MS = 20_000;
/** The most events one poll asks for (the newest of them). */
export const PER_POLL = 500;
/** The fewest seconds between polls. */
export const MIN_INTERVAL_SECONDS = 1;

/** Runs one APL query over a range (the client's runApl). */
export type TailQuery = (apl: string, range: AplRange, signal: AbortSignal) => Promise<TabularResult>;

/** What a tail tells whoever shows it. */
export type TailNews =
  | { kind: 'rows'; accepted: Accepted }
  /** The budget holds requests back (a 429, or the share of the rate limit used): until `until` (ms). */
  | { kind: 'waiting'; until: number }
  /** A poll failed: the tail goes on at its interval. */
  | { kind: 'problem'; message: Phrase }
  /** A poll answered after a wait or a problem: following again. */
  | { kind: 'following' }
  /** The filter changed: the rows shown are of the old one. */
  | { kind: 'reset' };

export interface TailSessionOptions {
  target: TailTarget;
  query: TailQuery;
  /** The window's one budget for background requests (replaced at a switch of deployment). */
  budget: () => RequestBudget;
  /** The pause between polls (axiom.tail.intervalSeconds), read before each. */
  intervalMs: () => number;
  maxRows: number;
  /** Whether polls should run now (the panel shown). */
  wanted: () => boolean;
  told: (news: TailNews) => void;
  clock?: TimerClock;
}

export class TailSession {
  readonly rows: TailRows;
  private readonly loop: PollLoop;
  private readonly clock: TimerClock;
  private filterText = '';
  /** Whether the last poll ended in a wait or a problem (the next good one says "following"). */
  private troubled = false;

  constructor(private readonly options: TailSessionOptions) {
    this.clock = options.clock ?? systemClock;
    this.rows = new TailRows({ overlapMs: OVERLAP_MS, maxRows: options.maxRows });
    this.loop = new PollLoop({
      round: (signal) => this.poll(signal),
      intervalMs: () => Math.max(MIN_INTERVAL_SECONDS * 1000, options.intervalMs()),
      wanted: options.wanted,
      failed: (error) =>
        this.trouble({ kind: 'problem', message: adviceFor(error, phrase('Reading new events')).message }),
      clock: this.clock,
    });
  }

  get target(): TailTarget {
    return this.options.target;
  }

  get filter(): string {
    return this.filterText;
  }

  /** Polls started (counted, never timed: tests and the bench). */
  get polls(): number {
    return this.loop.rounds;
  }

  /** Starts following (the person's act): a poll at once if wanted. */
  start(): void {
    this.loop.schedule(0);
  }

  /** The panel was shown again: a poll when the next is due. */
  wake(): void {
    this.loop.scheduleWhenDue();
  }

  /** The panel was hidden: the poll in flight is cut short, nothing waits. */
  pause(): void {
    this.loop.pause();
  }

  /** For good: the panel closed. */
  stop(): void {
    this.loop.stop();
  }

  /**
   * A new filter from the box (APL conditions): checked by the parser first; a bad one is said
   * and changes nothing (the tail goes on with the old). A good one starts the tail again with it.
   */
  setFilter(text: string): Phrase | undefined {
    const problem = conditionProblem(text);
    if (problem) return problem;
    if (text.trim() === this.filterText) return undefined;
    this.filterText = text.trim();
    this.rows.clear();
    this.options.told({ kind: 'reset' });
    this.loop.pause();
    this.loop.forgetLastRound();
    this.loop.schedule(0);
    return undefined;
  }

  private trouble(news: TailNews): void {
    this.troubled = true;
    this.options.told(news);
  }

  private async poll(signal: AbortSignal): Promise<void> {
    const budget = this.options.budget();
    const wait = budget.nextStartIn();
    // Held back (a 429's reset, or the share of the rate limit used up): this round is skipped, the
    // next comes at the interval; nothing waits in the budget meanwhile.
    if (wait > 0 && Number.isFinite(wait)) {
      this.trouble({ kind: 'waiting', until: this.clock.now() + wait });
      return;
    }
    const now = this.clock.now();
    const range = {
      startTime: new Date(this.rows.nextStart(now, FIRST_WINDOW_MS)).toISOString(),
      endTime: new Date(now).toISOString(),
    };
    const filter = this.filterText;
    const apl = tailApl(this.options.target, filter, PER_POLL);
    let result: TabularResult;
    try {
      result = await budget.run(() => this.options.query(apl, range, signal), signal);
    } catch (error) {
      if (signal.aborted) return;
      if (isAxiomError(error) && error.kind === 'rateLimited') {
        const until = error.retryAt?.getTime() ?? this.clock.now() + 60_000;
        budget.pauseUntil(until);
        this.trouble({ kind: 'waiting', until });
        return;
      }
      // The service refused the filter (a field it does not know, say): said, and the tail goes
      // on without it.
      if (filter && isAxiomError(error) && error.kind === 'badRequest' && filter === this.filterText) {
        this.filterText = '';
        this.trouble({
          kind: 'problem',
          message: phrase(
            'Axiom refused the filter, so the tail goes on without it: {0}',
            error.compile?.message ?? error.message,
          ),
        });
        return;
      }
      throw error;
    }
    // A filter changed while this poll was out: its answer is of the old one.
    if (signal.aborted || filter !== this.filterText) return;
    if (this.troubled) {
      this.troubled = false;
      this.options.told({ kind: 'following' });
    }
    const whole = !result.status.isPartial && !result.status.isEstimate;
    this.options.told({ kind: 'rows', accepted: this.rows.accept(result.tables[0], PER_POLL, whole) });
  }
}
