import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Marked } from 'marked';

/**
 * The German user handbook (docs/handbuch) served as plain HTML pages, so the
 * help dialogs can link to the page of a person's role. Pages are the Markdown
 * files of that folder and nothing else: a slug is a file name, never a path.
 */
export interface Handbook {
  /** The page's HTML document, or null when there is no such page. */
  page(slug: string): string | null;
  /** A screenshot of the handbook, or null. */
  image(file: string): Buffer | null;
}

const SLUG = /^[a-z0-9-]+$/;
const IMAGE = /^[a-z0-9-]+\.png$/;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1b1e;line-height:1.6;margin:0}
header{background:#1c4e80;color:#fff;padding:.75rem 1rem}header a{color:#fff;text-decoration:none;font-weight:600}
main{max-width:48rem;margin:0 auto;padding:1rem 1rem 4rem}h1{font-size:1.75rem;line-height:1.25}h2{margin-top:2rem;font-size:1.3rem}
img{max-width:100%;height:auto;border:1px solid #dee2e6;border-radius:6px}a{color:#1c4e80}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #dee2e6;padding:.35rem .5rem;text-align:left;vertical-align:top}
code{background:#f1f3f5;padding:0 .25rem;border-radius:4px}`;

/** Links between pages are written as `buchende.md` (readable on a code host too) and served without the extension. */
function renderMarkdown(markdown: string): string {
  const marked = new Marked({
    renderer: {
      link({ href, text }) {
        const target = href
          .replace(/^\.\//, '')
          .replace(/^([a-z0-9-]+)\.md(#.*)?$/, (_m, slug: string, anchor = '') =>
            slug === 'README' ? `/handbuch${anchor}` : `/handbuch/${slug}${anchor}`,
          );
        return `<a href="${escapeHtml(target)}">${text}</a>`;
      },
      image({ href, text }) {
        const src = href.replace(/^\.?\/?bilder\//, '/handbuch/bilder/');
        return `<img src="${escapeHtml(src)}" alt="${escapeHtml(text)}" loading="lazy">`;
      },
    },
  });
  return marked.parse(markdown, { async: false });
}

export function createHandbook(dir: string): Handbook {
  const pages = new Map<string, string>();
  return {
    page(slug) {
      if (!SLUG.test(slug)) return null;
      const cached = pages.get(slug);
      if (cached) return cached;
      const file = path.join(dir, slug === 'index' ? 'README.md' : `${slug}.md`);
      if (!existsSync(file)) return null;
      const markdown = readFileSync(file, 'utf8');
      const title = /^#\s+(.+)$/m.exec(markdown)?.[1] ?? 'Handbuch';
      const html = `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} – Buchbar-Handbuch</title><style>${STYLE}</style></head>
<body><header><a href="/handbuch">Buchbar-Handbuch</a></header><main>${renderMarkdown(markdown)}</main></body></html>`;
      pages.set(slug, html);
      return html;
    },
    image(file) {
      if (!IMAGE.test(file)) return null;
      const full = path.join(dir, 'bilder', file);
      return existsSync(full) ? readFileSync(full) : null;
    },
  };
}

/** The slugs of all pages, for the index and tests. */
export function handbookSlugs(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .map((f) => f.slice(0, -3))
    .sort();
}
