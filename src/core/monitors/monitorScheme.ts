// The schemes of a monitor's documents and of Axiom's version beside one (see monitorDocuments.ts):
// alone in a file, as activation registers them and needs nothing else.
export const MONITOR_SCHEME = 'axiom-monitor';
export const MONITOR_REMOTE_SCHEME = 'axiom-monitor-remote';
