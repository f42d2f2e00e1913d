// The agents' tool specs (src/core/agents/toolSpecs.ts) as package.json declares them: every tool,
// with exactly the schema the code checks, a reference name and a description for the model.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { TOOL_SPECS } from '../../../src/core/agents/toolSpecs';
import { projectRoot } from '../../support/projectRoot';

describe('agents: input validation', () => {
  it('package.json declares every tool, with exactly the schema the code checks, a reference name and a model description', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
      contributes: {
        languageModelTools: {
          name: string;
          toolReferenceName: string;
          modelDescription: string;
          canBeReferencedInPrompt: boolean;
          inputSchema: unknown;
        }[];
      };
    };
    const declared = manifest.contributes.languageModelTools;
    assert.deepEqual(
      declared.map((t) => t.name),
      TOOL_SPECS.map((s) => s.name),
    );
    for (const spec of TOOL_SPECS) {
      const tool = declared.find((t) => t.name === spec.name)!;
      assert.deepEqual(tool.inputSchema, spec.inputSchema, spec.name);
      assert.equal(tool.toolReferenceName, spec.referenceName);
      assert.equal(tool.canBeReferencedInPrompt, true);
      assert.ok(tool.modelDescription.length > 150, `${spec.name}: a description that says what it returns`);
      if (spec.name !== 'axiom_getAplReference' && spec.name !== 'axiom_getActiveQuery')
        assert.match(tool.modelDescription, /deployment/, `${spec.name} names where its data comes from`);
      if (spec.writes) assert.match(tool.modelDescription, /asks the person first/);
    }
  });
});
