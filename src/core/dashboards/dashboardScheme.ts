// The schemes of dashboards' documents: plain data, which the declarations (read by the build in plain Node) import.
export const DASHBOARD_SCHEME = 'axiom-dashboard';
/** The scheme of Axiom's version of a dashboard, shown beside the person's in a comparison. */
export const DASHBOARD_REMOTE_SCHEME = 'axiom-dashboard-remote';
