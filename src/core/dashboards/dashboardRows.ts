// What a dashboard's row says besides its name: its owner and its last change (who, when).
import type { DashboardResource } from '../api/dashboards';

/** The owner that makes a dashboard everyone's in the organisation (the spec's `Owner`). */
export const EVERYONE = 'X-AXIOM-EVERYONE';

export interface DashboardRowWords {
  /** The owner's user id; '' when none is said (an API token's dashboards). */
  owner: string;
  /** When it last changed, as the list's date format writes it; '' when unknown. */
  changed: string;
  /** Who changed it last; '' when unknown. */
  by: string;
}

export function dashboardRowWords(row: DashboardResource, dateText: (date: Date) => string): DashboardRowWords {
  const at = row.updatedAt === undefined ? NaN : Date.parse(row.updatedAt);
  return {
    owner: row.dashboard.owner ?? '',
    changed: Number.isNaN(at) ? '' : dateText(new Date(at)),
    by: row.updatedBy ?? row.createdBy ?? '',
  };
}
