import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SETTING_CATALOGUE } from '@domain/settings';
import { describe, expect, it } from 'vitest';
import { brokenProductLinks, headingAnchor, productAnchors } from './product-links';

const root = path.resolve(import.meta.dirname, '../..');

/** Every file that may cite the product page: sources, migrations, the app page and the docs. */
function citingFiles(): { file: string; source: string }[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? walk(`${dir}/${e.name}`)
        : /\.(tsx?|sql|html|md)$/.test(e.name) && !e.name.endsWith('.gen.ts')
          ? [`${dir}/${e.name}`]
          : [],
    );
  // The page and this check speak of citations in general (`#anchor`) rather than citing a section.
  const general = new Set(['docs/product.md', 'scripts/lib/product-links.ts', 'scripts/lib/product-links.test.ts']);
  return [...['src', 'test', 'e2e', 'bench', 'scripts', 'docs'].flatMap(walk), 'README.md']
    .filter((file) => !general.has(file))
    .map((file) => ({ file, source: readFileSync(path.join(root, file), 'utf8') }));
}

describe('citations of docs/product.md', () => {
  it('turns a heading into the anchor a reader follows', () => {
    expect(headingAnchor('Vehicle availability')).toBe('vehicle-availability');
    expect(headingAnchor('People, groups and roles')).toBe('people-groups-and-roles');
    expect(headingAnchor('Sign-in and session')).toBe('sign-in-and-session');
  });

  it('names a citation whose section does not exist', () => {
    const page = '# Product rules\n\n## Vehicle availability\n\ntext\n';
    expect(productAnchors(page)).toEqual(new Set(['vehicle-availability']));
    const files = [
      { file: 'src/a.ts', source: '// docs/product.md#vehicle-availability and docs/product.md#vehicle-avail' },
      { file: 'docs/decisions/x.md', source: 'see [the rule](../product.md#booking-window)' },
    ];
    expect(brokenProductLinks(page, files)).toEqual(['src/a.ts: #vehicle-avail', 'docs/decisions/x.md: #booking-window']);
  });

  it('finds every cited section in the page', () => {
    const page = readFileSync(path.join(root, 'docs/product.md'), 'utf8');
    expect(brokenProductLinks(page, citingFiles())).toEqual([]);
  });

  it('finds every section the page links to itself', () => {
    const page = readFileSync(path.join(root, 'docs/product.md'), 'utf8');
    const own = [...page.matchAll(/\]\(#([\p{L}\p{N}-]+)\)/gu)].map((m) => ({ file: 'docs/product.md', source: `product.md#${m[1]}` }));
    expect(own.length).toBeGreaterThan(0);
    expect(brokenProductLinks(page, own)).toEqual([]);
  });

  it('lists every setting of the catalogue with its default and layers, and no other', () => {
    const page = readFileSync(path.join(root, 'docs/product.md'), 'utf8');
    const section = page.slice(page.indexOf('## Settings catalogue'), page.indexOf('## Booking statuses'));
    const rows = [...section.matchAll(/^\| `(\w+)` +\| \w+ +\| [^|]+\| `([^`]*)` +\| ([A-Z, ]+?) +\|/gm)].map((m) => [m[1], m[2], m[3]]);
    expect(rows).toEqual(SETTING_CATALOGUE.map((o) => [o.name, o.defaultValue === '' ? '""' : o.defaultValue, o.layers.join(', ')]));
  });
});
