// Axiom's newer CLI (the `axiom` package on npm) keeps its deployments as JSON, `config.json` in
// its config folder (where: cliPaths.ts). Same shape as the Go CLI's TOML: `active_deployment`
// and `deployments.NAME` with `url`, `token`, `org_id`. It names its active deployment only by
// `active_deployment` and takes urls as they are.
import { phrase } from '../phrase';
import { isTable, readDeploymentTables, type CliConfig } from './cliConfig';

/** The file's deployments, or the one problem that stops the import. */
export function readCliJsonConfig(source: string): CliConfig {
  let document: unknown;
  try {
    document = JSON.parse(source.replace(/^\uFEFF/, ''));
  } catch (error) {
    return {
      ok: false,
      problem: phrase('the file is not valid JSON ({0}).', error instanceof Error ? error.message : String(error)),
    };
  }
  if (!isTable(document)) return { ok: false, problem: phrase('the file does not hold a JSON object.') };
  return readDeploymentTables(document, { cloudToApi: false, singleIsActive: false });
}
