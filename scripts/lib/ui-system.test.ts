import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SourceFile } from './import-rules';
import { readProjectSources, readWebStyles } from './project-sources';
import { uiSystemViolations } from './ui-system';

const f = (file: string, source: string): SourceFile => ({ file, source });

describe('one UI system (decision 211)', () => {
  it('refuses the former copies of Mantine components and every import of them', () => {
    const tree = [
      f('src/web/components/plain.module.css', '.title { margin: 0; }'),
      f('src/web/features/vehicles/page.tsx', "import plain from '@web/components/plain.module.css';"),
      f('src/web/features/maps/toolbar.tsx', "import { PlainIconButton } from '@web/components/plain-button';"),
      f('src/web/features/maps/view.tsx', "import { SegmentChoice } from '../../components/segment-choice';"),
    ];
    expect(uiSystemViolations(tree)).toEqual([
      "src/web/components/plain.module.css: a hand-made copy of Mantine's components; use Mantine's own",
      "src/web/features/vehicles/page.tsx imports a hand-made copy of Mantine's components; use Mantine's own",
      "src/web/features/maps/toolbar.tsx imports a hand-made copy of Mantine's components; use Mantine's own",
      "src/web/features/maps/view.tsx imports a hand-made copy of Mantine's components; use Mantine's own",
    ]);
  });

  it("refuses a stylesheet that draws a Title, a Button's variant or a Badge from Mantine's variables", () => {
    const tree = [
      f('src/web/a.module.css', '.t { font-size: var(--mantine-h1-font-size); }'),
      f('src/web/b.module.css', '.b { border: 1px solid var(--mantine-color-default-border); }'),
      f('src/web/c.module.css', '.b { background: var(--mantine-primary-color-filled); }'),
      f('src/web/d.module.css', '.plate { color: var(--mantine-color-buchbar-outline); }'),
      f('src/web/e.module.css', '.b:disabled { background: var(--mantine-color-disabled); }'),
    ];
    expect(uiSystemViolations(tree)).toEqual([
      "src/web/a.module.css copies a Mantine component's look (--mantine-h1-font-size); use Mantine's Title",
      "src/web/b.module.css copies a Mantine component's look (--mantine-color-default-border); use the default variant of Mantine's Button, ActionIcon or Paper",
      "src/web/c.module.css copies a Mantine component's look (--mantine-primary-color-filled); use a variant of Mantine's Button, ActionIcon or Badge",
      "src/web/d.module.css copies a Mantine component's look (--mantine-color-buchbar-outline); use a variant of Mantine's Button, ActionIcon or Badge",
      "src/web/e.module.css copies a Mantine component's look (--mantine-color-disabled); use the disabled look of a Mantine component",
    ]);
  });

  it("refuses a plain element that carries Mantine's press effect", () => {
    expect(uiSystemViolations([f('src/web/x.tsx', 'export const b = <button className="mantine-focus-auto mantine-active" />;')])).toEqual([
      "src/web/x.tsx gives a plain element Mantine's button class mantine-active; use Button or ActionIcon",
    ]);
  });

  it("lets layout of plain elements, the theme's palette and spacing pass", () => {
    const tree = [
      f('src/web/legend.module.css', '.legend { display: flex; gap: var(--mantine-spacing-md); list-style: none; }'),
      f('src/web/bar.module.css', '.mine { background: var(--mantine-color-blue-6); border: 1px solid var(--mantine-color-gray-3); }'),
      f('src/web/page.tsx', "import { Title } from '@mantine/core';\nimport css from './legend.module.css';"),
    ];
    expect(uiSystemViolations(tree)).toEqual([]);
  });

  it('holds for the web app as it is', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const styles = readWebStyles(root);
    const files = [...readProjectSources(root), ...styles];
    expect(styles.length).toBeGreaterThan(0);
    expect(uiSystemViolations(files)).toEqual([]);
  });
});
