// The folder of this project's package.json, for the tests that read the manifest and the files
// beside it: found upward from the test (which runs bundled, from out/test/unit), else from the
// working folder.
import fs from 'node:fs';
import path from 'node:path';

export const projectRoot = (() => {
  for (const start of [__dirname, process.cwd()]) {
    for (let dir = start; dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const file = path.join(dir, 'package.json');
      if (fs.existsSync(file) && (JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string }).name === 'axiom-apl')
        return dir;
    }
  }
  throw new Error('cannot find the axiom-apl project folder');
})();
