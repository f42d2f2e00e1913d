// What a dashboard's row says besides its name: its owner and its last change (who, when), people
// by name where the service gives one (core/users/userNames.ts).
import type { DashboardResource } from '../api/dashboards';
import { USER_WORDS, userText, type UserNames, type UserWords } from '../users/userNames';

/** The owner that makes a dashboard everyone's in the organisation (the spec's `Owner`). */
export const EVERYONE = 'X-AXIOM-EVERYONE';

export interface DashboardRowWords {
  /** The owner's name, else `user <id>`; '' when none is said (an API token's dashboards) or everyone's. */
  owner: string;
  /** When it last changed, as the list's date format writes it; '' when unknown. */
  changed: string;
  /** Who changed it last, as `owner`; '' when unknown. */
  by: string;
}

export function dashboardRowWords(
  row: DashboardResource,
  dateText: (date: Date) => string,
  names: UserNames = new Map(),
  words: UserWords = USER_WORDS,
): DashboardRowWords {
  const at = row.updatedAt === undefined ? NaN : Date.parse(row.updatedAt);
  const owner = row.dashboard.owner;
  return {
    owner: owner === EVERYONE ? '' : userText(owner, names, words),
    changed: Number.isNaN(at) ? '' : dateText(new Date(at)),
    by: userText(row.updatedBy ?? row.createdBy, names, words),
  };
}
