/**
 * `npm run lint:imports`: exits 1 and names each import that breaks the layer directions (docs/contributing.md), a feature's or an
 * area's boundary, or closes a circle, and each place of the web app that re-creates a Mantine component's look (decision 211);
 * area imports still counted as warnings are listed with their number.
 */
import path from 'node:path';
import { importFindings } from './lib/import-rules';
import { readProjectSources, readWebStyles } from './lib/project-sources';
import { uiSystemViolations } from './lib/ui-system';

const root = path.resolve(import.meta.dirname, '..');
const files = readProjectSources(root);
const { problems, warnings } = importFindings(files);
problems.push(...uiSystemViolations([...files, ...readWebStyles(root)]));
for (const w of warnings) console.warn(`warning: ${w}`);
if (warnings.length) console.warn(`${warnings.length} import(s) between server areas bypass the other area's public.ts (warnings for now)`);
for (const p of problems) console.error(p);
console.log(problems.length ? `${problems.length} import rule(s) broken` : `imports keep the layer rules (${files.length} files)`);
process.exit(problems.length ? 1 : 0);
