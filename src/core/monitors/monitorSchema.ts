// The JSON schema of a monitor file (`*.axiom-monitor.json`) and of a monitor's settings document,
// made from the fields table: VS Code completes and checks those files with it. The file shipped
// (media/axiom-monitor.schema.json) is this, written out; a unit test holds the two together.
import { MONITOR_FIELDS, MONITOR_TYPES, OPERATORS, type MonitorField } from './monitorFields';

function fieldSchema(field: MonitorField): Record<string, unknown> {
  const description = `${field.label}: ${field.help}${field.types ? ` (${field.types.join(', ')})` : ''}`;
  const bounds = {
    ...(field.min !== undefined ? { minimum: field.min } : {}),
    ...(field.max !== undefined ? { maximum: field.max } : {}),
  };
  switch (field.kind) {
    case 'type':
      return { description, type: 'string', enum: [...MONITOR_TYPES] };
    case 'operator':
      return { description, type: 'string', enum: [...OPERATORS] };
    case 'number':
      return { description, type: 'number', ...bounds };
    case 'integer':
      return { description, type: 'integer', ...bounds };
    case 'boolean':
      return { description, type: 'boolean' };
    case 'time':
      return { description, type: ['string', 'null'], format: 'date-time' };
    case 'notifiers':
      return { description, type: 'array', items: { type: 'string' }, uniqueItems: true };
    default:
      return { description, type: 'string' };
  }
}

export function monitorJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Axiom monitor',
    description:
      'An Axiom monitor’s definition, without the fields the service sets (id, createdAt, createdBy, updatedAt). Fields not listed here are kept as they are.',
    type: 'object',
    required: ['name', 'type'],
    properties: Object.fromEntries(MONITOR_FIELDS.map((field) => [field.key, fieldSchema(field)])),
    additionalProperties: true,
  };
}
