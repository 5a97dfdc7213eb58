/** `npm run lint:imports`: exits 1 and names each import that breaks the layer directions (docs/contributing.md) or closes a circle. */
import path from 'node:path';
import { importViolations } from './lib/import-rules';
import { readProjectSources } from './lib/project-sources';

const files = readProjectSources(path.resolve(import.meta.dirname, '..'));
const problems = importViolations(files);
for (const p of problems) console.error(p);
console.log(problems.length ? `${problems.length} import rule(s) broken` : `imports keep the layer rules (${files.length} files)`);
process.exit(problems.length ? 1 : 0);
