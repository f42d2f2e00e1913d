// The panel's words and numbers in the page's language: the (checked) table of words the page was
// given, its templates filled, and counts written the way the language writes them. Pure: the
// unit tests run it in plain Node.
import { PANEL_WORDS, type PanelWordKey, type PanelWords } from '../../core/run/panelWords';
import { sayFrom } from './pageWords';
import { otherZone, timeText, type TimeZoneChoice } from './timeText';

export interface PanelText {
  readonly words: PanelWords;
  /** The locale numbers are written in (a tag Intl knows). */
  readonly locale: string;
  /** A word, its holes filled. */
  readonly say: (key: PanelWordKey, ...args: string[]) => string;
  /** A count as a person reads it: 100000 → "100,000" (en), "100.000" (de). */
  readonly count: (n: number) => string;
  /** A number with a fixed count of decimals: 1.5, 2 → "1.50" (en), "1,50" (de). */
  readonly decimal: (n: number, digits: number) => string;
  /** The zone times show in, in the table and the chart alike (the setting axiom.timeZone). */
  readonly timeZone: TimeZoneChoice;
  /** A time (milliseconds since the epoch) as a cell shows it, in the chosen zone. */
  readonly time: (ms: number) => string;
  /** The same time in the other zone, saying which: a cell's hover. */
  readonly otherTime: (ms: number) => string;
}

export function panelText(
  words: PanelWords = PANEL_WORDS,
  locale = 'en-US',
  timeZone: TimeZoneChoice = 'local',
): PanelText {
  const other = otherZone(timeZone);
  const say = sayFrom(words);
  const counts = new Intl.NumberFormat(locale);
  const decimals = new Map<number, Intl.NumberFormat>();
  return {
    words,
    locale,
    say,
    timeZone,
    time: (ms) => timeText(ms, timeZone),
    otherTime: (ms) => say(other === 'utc' ? 'timeUtc' : 'timeLocal', timeText(ms, other)),
    count: (n) => counts.format(n),
    decimal(n, digits) {
      let format = decimals.get(digits);
      if (!format)
        decimals.set(
          digits,
          (format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits })),
        );
      return format.format(n);
    },
  };
}

/** English, for tests and for a page that was given nothing. */
export const ENGLISH = panelText();
