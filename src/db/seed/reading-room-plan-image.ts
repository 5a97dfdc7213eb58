import { deflateSync } from 'node:zlib';

/**
 * Demo floor plans drawn in code (no downloads): a layout of walls, tables and
 * group rooms, rasterised into a PNG by a tiny encoder on node:zlib. The same
 * layout yields the seat positions the seed stores, so seats sit on the tables.
 */

export interface DemoLayout {
  key: string;
  width: number;
  height: number;
  /** Seats/desks in percent of width/height. */
  seats: { x: number; y: number }[];
  /** Group rooms: the room rectangle (percent) and the marker position. */
  rooms: { x: number; y: number; rect: [number, number, number, number] }[];
  tables: [number, number, number, number][];
}

/** A reading-room hall: `rows` table rows of `perRow` seats (two sides), plus group rooms on the right. */
export function hallLayout(key: string, rows: number, perRow: number, groupRooms: number): DemoLayout {
  const width = 1600;
  const height = 1000;
  const seats: DemoLayout['seats'] = [];
  const tables: DemoLayout['tables'] = [];
  const hallLeft = 6;
  const hallRight = groupRooms > 0 ? 72 : 94;
  const top = 12;
  const bottom = 90;
  const rowGap = (bottom - top) / rows;
  const perSide = perRow / 2;
  const colGap = (hallRight - hallLeft) / perSide;
  for (let r = 0; r < rows; r++) {
    const cy = top + rowGap * (r + 0.5);
    tables.push([hallLeft + colGap * 0.15, cy - 1.6, hallRight - colGap * 0.15, cy + 1.6]);
    for (let c = 0; c < perSide; c++) {
      const cx = hallLeft + colGap * (c + 0.5);
      seats.push({ x: round(cx), y: round(cy - rowGap * 0.26) });
      seats.push({ x: round(cx), y: round(cy + rowGap * 0.26) });
    }
  }
  const rooms: DemoLayout['rooms'] = [];
  const roomH = (bottom - top) / Math.max(groupRooms, 1);
  for (let i = 0; i < groupRooms; i++) {
    const y0 = top + roomH * i;
    const rect: [number, number, number, number] = [77, y0 + 1, 95, y0 + roomH - 1];
    rooms.push({ x: 86, y: round(y0 + roomH / 2), rect });
    tables.push([81, y0 + roomH / 2 - 6, 91, y0 + roomH / 2 + 6]);
  }
  return { key, width, height, seats, rooms, tables };
}

/** An office floor: desk islands of four. */
export function officeLayout(key: string, islands: number): DemoLayout {
  const width = 1600;
  const height = 1000;
  const seats: DemoLayout['seats'] = [];
  const tables: DemoLayout['tables'] = [];
  const cols = 5;
  const rows = Math.ceil(islands / cols);
  for (let i = 0; i < islands; i++) {
    const cx = 10 + (80 / cols) * ((i % cols) + 0.5);
    const cy = 14 + (74 / rows) * (Math.floor(i / cols) + 0.5);
    tables.push([cx - 6, cy - 4, cx + 6, cy + 4]);
    for (const [dx, dy] of [
      [-3, -7],
      [3, -7],
      [-3, 7],
      [3, 7],
    ] as const)
      seats.push({ x: round(cx + dx), y: round(cy + dy) });
  }
  return { key, width, height, seats, rooms: [], tables };
}

const round = (n: number) => Math.round(n * 100) / 100;

export const DEMO_LAYOUTS: Record<string, DemoLayout> = {
  'bibliothek-eg': hallLayout('bibliothek-eg', 6, 12, 2),
  'bibliothek-og1': hallLayout('bibliothek-og1', 5, 12, 2),
  'stadtwerke-og2': officeLayout('stadtwerke-og2', 10),
};

type Rgb = [number, number, number];

function raster(width: number, height: number, background: Rgb) {
  const px = new Uint8Array(width * height * 3);
  for (let i = 0; i < px.length; i += 3) px.set(background, i);
  const fill = (x0: number, y0: number, x1: number, y1: number, c: Rgb) => {
    const xa = Math.max(0, Math.round(x0));
    const xb = Math.min(width, Math.round(x1));
    const ya = Math.max(0, Math.round(y0));
    const yb = Math.min(height, Math.round(y1));
    for (let y = ya; y < yb; y++) for (let x = xa; x < xb; x++) px.set(c, (y * width + x) * 3);
  };
  const stroke = (x0: number, y0: number, x1: number, y1: number, t: number, c: Rgb) => {
    fill(x0, y0, x1, y0 + t, c);
    fill(x0, y1 - t, x1, y1, c);
    fill(x0, y0, x0 + t, y1, c);
    fill(x1 - t, y0, x1, y1, c);
  };
  return { px, fill, stroke };
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Minimal PNG encoder: 8-bit RGB, filter 0 on every row. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    raw.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The plan image of a demo layout as PNG bytes. */
export function renderDemoPlan(layout: DemoLayout): Buffer {
  const { width: W, height: H } = layout;
  const X = (p: number) => (p / 100) * W;
  const Y = (p: number) => (p / 100) * H;
  const r = raster(W, H, [250, 249, 246]);
  const wall: Rgb = [70, 74, 82];
  const table: Rgb = [214, 200, 178];
  const room: Rgb = [236, 241, 247];
  // floor and outer walls
  r.fill(X(3), Y(6), X(97), Y(95), [255, 255, 255]);
  r.stroke(X(3), Y(6), X(97), Y(95), 10, wall);
  // entrance gap at the bottom
  r.fill(X(44), Y(95) - 10, X(54), Y(95), [250, 249, 246]);
  for (const g of layout.rooms) {
    r.fill(X(g.rect[0]), Y(g.rect[1]), X(g.rect[2]), Y(g.rect[3]), room);
    r.stroke(X(g.rect[0]), Y(g.rect[1]), X(g.rect[2]), Y(g.rect[3]), 6, wall);
    // door
    r.fill(X(g.rect[0]), Y((g.rect[1] + g.rect[3]) / 2 - 3), X(g.rect[0]) + 6, Y((g.rect[1] + g.rect[3]) / 2 + 3), room);
  }
  for (const t of layout.tables) {
    r.fill(X(t[0]), Y(t[1]), X(t[2]), Y(t[3]), table);
    r.stroke(X(t[0]), Y(t[1]), X(t[2]), Y(t[3]), 2, [176, 156, 128]);
  }
  // shelves along the top wall
  for (let x = 6; x < 70; x += 8) r.fill(X(x), Y(7.2), X(x + 6), Y(9), [160, 170, 186]);
  return encodePng(W, H, r.px);
}

/** Storage path of a demo plan; the image service draws it when the file is missing (default files, docs/product.md#files). */
export const demoPlanPath = (key: string) => `demo/${key}.png`;

export function demoLayoutForPath(path: string): DemoLayout | null {
  const m = /^demo\/([a-z0-9-]+)\.png$/.exec(path);
  return m ? (DEMO_LAYOUTS[m[1]!] ?? null) : null;
}
