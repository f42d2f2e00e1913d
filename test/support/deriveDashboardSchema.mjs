// Writes media/axiom-dashboard.schema.json, the JSON schema of a dashboard document, from the
// OpenAPI description of Axiom's v2 API (its `Dashboard` and everything it refers to): OpenAPI's
// `nullable` becomes a JSON schema type of null, an exclusive bound takes JSON schema's form, references point into `definitions`, and the
// vendor keys (`x-…`) are left out. Run it when the description changes:
//   node test/support/deriveDashboardSchema.mjs [path/to/axiom-openapi-v2.json]
// test/unit/dashboards/dashboardSchema.test.ts holds the file to this derivation.
import fs from 'node:fs';
import path from 'node:path';

const PREFIX = '#/components/schemas/';

/** The JSON schema of `Dashboard` in the OpenAPI description `spec`. */
export function deriveDashboardSchema(spec) {
  const components = spec.components.schemas;
  const definitions = {};
  const pending = ['Dashboard'];
  const convert = (value) => {
    if (Array.isArray(value)) return value.map(convert);
    if (typeof value !== 'object' || value === null) return value;
    const out = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key.startsWith('x-') || key === 'nullable') continue;
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith(PREFIX)) {
        const name = inner.slice(PREFIX.length);
        if (!(name in definitions) && !pending.includes(name)) pending.push(name);
        out.$ref = `#/definitions/${name}`;
        continue;
      }
      // Inside `properties` the keys are field names, never schema keywords.
      out[key] =
        key === 'properties'
          ? Object.fromEntries(Object.entries(inner).map(([field, schema]) => [field, convert(schema)]))
          : convert(inner);
    }
    if (value.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
    // OpenAPI 3.0's exclusive bound is a flag beside `minimum`; JSON schema's is the bound itself.
    if (out.exclusiveMinimum === true) {
      out.exclusiveMinimum = out.minimum;
      delete out.minimum;
    }
    return out;
  };
  while (pending.length) {
    const name = pending.shift();
    definitions[name] = convert(components[name]);
  }
  const { Dashboard, ...others } = definitions;
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Axiom dashboard',
    description:
      'An Axiom dashboard document (schema version 2), as the v2 API takes it. Derived from Axiom’s OpenAPI description by test/support/deriveDashboardSchema.mjs.',
    ...Dashboard,
    definitions: Object.fromEntries(
      Object.keys(others)
        .sort()
        .map((name) => [name, others[name]]),
    ),
  };
}

// Run as a script (not when a test bundles it).
const self = process.argv[1] && path.resolve(process.argv[1]);
if (
  self &&
  path.basename(self) === 'deriveDashboardSchema.mjs' &&
  fs.existsSync(path.join(path.dirname(self), 'fakeDashboards.ts'))
) {
  const root = path.resolve(path.dirname(self), '../..');
  const schemaFile = path.join(root, 'media/axiom-dashboard.schema.json');
  const spec = JSON.parse(
    fs.readFileSync(process.argv[2] ?? path.join(root, '../shared/reference/axiom-openapi-v2.json'), 'utf8'),
  );
  fs.writeFileSync(schemaFile, JSON.stringify(deriveDashboardSchema(spec), null, 2) + '\n');
  console.log(`wrote ${path.relative(root, schemaFile)}`);
}
