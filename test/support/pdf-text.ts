import { constants, inflateSync } from 'node:zlib';

/**
 * Reads the text of a PDF written by pdfkit (pdfmake) back: inflates the
 * streams, maps each embedded font's glyph codes through its ToUnicode CMap
 * and decodes the Tj/TJ operators of the page contents. Enough to assert
 * what a reader of the file sees, without a PDF library.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; stream: string | null }>();
  for (const m of raw.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g)) {
    const body = m[2]!;
    const s = body.indexOf('stream');
    if (s < 0) {
      objects.set(m[1]!, { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, s);
    let data = body.slice(s + 6, body.lastIndexOf('endstream'));
    data = data.replace(/^\r?\n/, '');
    const bytes = Buffer.from(data, 'latin1');
    const stream = dict.includes('/FlateDecode')
      ? inflateSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }).toString('latin1')
      : bytes.toString('latin1');
    objects.set(m[1]!, { dict, stream });
  }
  const cmapOf = (objNum: string): Map<string, string> => {
    const map = new Map<string, string>();
    const text = objects.get(objNum)?.stream ?? '';
    const hexToStr = (h: string) => {
      let out = '';
      for (let i = 0; i < h.length; i += 4) out += String.fromCharCode(Number.parseInt(h.slice(i, i + 4), 16));
      return out;
    };
    for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const p of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(p[1]!.toLowerCase(), hexToStr(p[2]!));
    }
    for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const p of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
        const lo = Number.parseInt(p[1]!, 16);
        const hi = Number.parseInt(p[2]!, 16);
        const width = p[1]!.length;
        // a ligature (fi, fl) maps one glyph to several characters: <0066 0069>
        const targets = p[3]!.startsWith('[')
          ? [...p[3]!.matchAll(/<([0-9a-fA-F\s]+)>/g)].map((x) => hexToStr(x[1]!.replace(/\s/g, '')))
          : null;
        for (let c = lo; c <= hi; c++) {
          const key = c.toString(16).padStart(width, '0');
          if (targets) map.set(key, targets[c - lo] ?? '');
          else {
            const base = hexToStr(p[3]!.slice(1, -1));
            map.set(key, String.fromCharCode(base.charCodeAt(0) + (c - lo)));
          }
        }
      }
    }
    return map;
  };
  const fonts = new Map<string, Map<string, string>>();
  for (const o of objects.values()) {
    for (const fontDict of o.dict.matchAll(/\/Font\s*<<([\s\S]*?)>>/g)) {
      for (const f of fontDict[1]!.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
        const font = objects.get(f[2]!);
        const tu = font?.dict.match(/\/ToUnicode\s+(\d+) 0 R/);
        if (tu && !fonts.has(f[1]!)) fonts.set(f[1]!, cmapOf(tu[1]!));
      }
    }
  }
  const parts: string[] = [];
  for (const o of objects.values()) {
    if (!o.stream?.includes('Tf')) continue;
    let cmap: Map<string, string> | undefined;
    for (const tok of o.stream.matchAll(/\/(\w+)\s+[\d.]+\s+Tf|\[((?:[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (tok[1]) {
        cmap = fonts.get(tok[1]);
        continue;
      }
      const hexes = tok[2] !== undefined ? [...tok[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((x) => x[1]!) : [tok[3]!];
      let s = '';
      for (const h of hexes) {
        for (let i = 0; i < h.length; i += 4) s += cmap?.get(h.slice(i, i + 4).toLowerCase()) ?? '';
      }
      parts.push(s);
    }
  }
  return parts.join(' ').replace(/\s+/g, ' ');
}
