/**
 * One UI system (decision 211): the app's screens use Mantine's components,
 * or plain HTML where no component is needed, never a hand-made copy of a
 * Mantine component's look. Pure, like the import rules: it takes file names
 * and sources, so its test can feed it a tree that breaks it.
 */
import type { SourceFile } from './import-rules';

/**
 * Mantine's variables that only a component's own look needs: a stylesheet
 * of the app that reads them is drawing that component by hand.
 */
const COMPONENT_LOOK: { pattern: RegExp; use: string }[] = [
  { pattern: /--mantine-h[1-6]-(?:font-size|line-height|font-weight)/, use: "Mantine's Title" },
  { pattern: /--mantine-color-default(?:-border|-hover|-color)?\b/, use: "the default variant of Mantine's Button, ActionIcon or Paper" },
  {
    pattern: /--mantine-(?:primary-color|color-[a-z0-9]+)-(?:filled|light|outline)(?:-hover|-color)?\b/,
    use: "a variant of Mantine's Button, ActionIcon or Badge",
  },
  { pattern: /--mantine-color-disabled\b/, use: 'the disabled look of a Mantine component' },
];

/** A stylesheet or module of the first screens' former copies (decisions 184, 186), by name. */
const COPY_MODULE = /(?:^|\/)(?:plain(?:-button)?(?:\.module)?\.css|plain-button\.tsx?|segment-choice\.tsx?)$/;
const COPY_IMPORT = /(?:import|from)\s*['"][^'"]*\/(?:plain(?:-button)?(?:\.module\.css)?|segment-choice)['"]/;

/** Every place in src/web that re-creates a Mantine component's look, as readable lines; empty when there is none. */
export function uiSystemViolations(files: SourceFile[]): string[] {
  const problems: string[] = [];
  for (const f of files.filter((x) => x.file.startsWith('src/web/'))) {
    if (COPY_MODULE.test(f.file)) problems.push(`${f.file}: a hand-made copy of Mantine's components; use Mantine's own`);
    if (/\.tsx?$/.test(f.file)) {
      if (COPY_IMPORT.test(f.source)) problems.push(`${f.file} imports a hand-made copy of Mantine's components; use Mantine's own`);
      // Mantine's press effect belongs to its buttons: a plain element that carries it is posing as one.
      if (/['"`][^'"`]*\bmantine-active\b/.test(f.source))
        problems.push(`${f.file} gives a plain element Mantine's button class mantine-active; use Button or ActionIcon`);
    }
    if (f.file.endsWith('.css')) {
      for (const { pattern, use } of COMPONENT_LOOK) {
        const hit = pattern.exec(f.source);
        if (hit) problems.push(`${f.file} copies a Mantine component's look (${hit[0]}); use ${use}`);
      }
    }
  }
  return problems;
}
