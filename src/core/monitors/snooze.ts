// Snoozing a monitor: it does not run until a time (disabledUntil), chosen from 15 minutes to 7
// days ahead, or typed as a date and time in the person's time zone.
import { phrase, type Phrase } from '../phrase';

export const SNOOZE_CHOICES: readonly { minutes: number; label: Phrase }[] = [
  { minutes: 15, label: phrase('15 minutes') },
  { minutes: 60, label: phrase('1 hour') },
  { minutes: 4 * 60, label: phrase('4 hours') },
  { minutes: 24 * 60, label: phrase('1 day') },
  { minutes: 3 * 24 * 60, label: phrase('3 days') },
  { minutes: 7 * 24 * 60, label: phrase('7 days') },
];

/**
 * When a snooze ends: the local date and time typed (`2026-05-01 09:00`,
 * `2026-05-01T09:00`, or a date alone for its midnight), which must be in the future. A problem
 * in words when the text is not such a time.
 */
export function snoozeEnd(text: string, now: number): Date | Phrase {
  const match = /^\s*(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2}))?\s*$/.exec(text);
  if (!match) return phrase('Enter a date and time such as 2026-05-01 09:00.');
  const [, y, mo, d, h = '0', mi = '0'] = match;
  const end = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi));
  if (
    end.getFullYear() !== Number(y) ||
    end.getMonth() !== Number(mo) - 1 ||
    end.getDate() !== Number(d) ||
    Number(h) > 23
  )
    return phrase('Enter a date and time such as 2026-05-01 09:00.');
  if (end.getTime() <= now) return phrase('Enter a time in the future.');
  return end;
}
