// Which JSON files hold APL, and where in them: read at activation (the checks of such a file start
// when the first one opens), so it imports nothing (the suffixes are monitorFile.ts's
// MONITOR_FILE_SUFFIX and dashboardDocument.ts's DASHBOARD_FILE_SUFFIX, which a unit test holds it
// to). aplInJson.ts reads the strings. Axiom's dashboard documents (the axiom-dashboard scheme) have
// names with the dashboard suffix, so they are checked as the files are.

/** Where values lie in a JSON document: object keys and array indexes from the top, `'*'` for
 *  any key or index (`['charts', '*', 'query', 'apl']`). */
export type JsonPath = readonly (string | number)[];

/** JSON files that hold APL, by the end of their names, and the paths of their APL strings. */
export const APL_IN_JSON_FILES: readonly { suffix: string; paths: readonly JsonPath[] }[] = [
  { suffix: '.axiom-monitor.json', paths: [['aplQuery']] },
  // The spec's chart: its APL query is `query.apl`.
  { suffix: '.axiom-dashboard.json', paths: [['charts', '*', 'query', 'apl']] },
];

/** The paths of the APL strings of a JSON file of this name, if it is one that holds APL. */
export function aplPathsOf(fileName: string): readonly JsonPath[] | undefined {
  return APL_IN_JSON_FILES.find((file) => fileName.endsWith(file.suffix))?.paths;
}
