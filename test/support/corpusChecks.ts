// A check that must raise no false alarm on a valid query, run over each corpus of valid queries
// (aplCorpus.ts) as a test of its own: the project's, its tests' and fixtures', and the queries of
// Axiom's documentation where a local copy was made (skipped, and said, where none was).
import { it } from 'node:test';
import { docsQueries, PROJECT_QUERIES, VALID_QUERIES } from './aplCorpus';

/** One test per corpus, each running `check` on every query of it; `aboutCorpus` follows the project corpus's count. */
export function itOverEachCorpus(check: (apl: string) => void, aboutCorpus = ''): void {
  const docs = docsQueries();
  it(`the corpus written for the project (${VALID_QUERIES.length} queries)${aboutCorpus}`, () =>
    VALID_QUERIES.forEach(check));
  it(`the queries of the project's tests and fixtures (${PROJECT_QUERIES.length})`, () =>
    PROJECT_QUERIES.forEach(check));
  it(
    `every query of Axiom's APL documentation (${docs.length})`,
    { skip: docs.length ? false : "no local copy of the documentation's queries" },
    () => docs.forEach(check),
  );
}
