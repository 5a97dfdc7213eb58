import { notifications } from '@mantine/notifications';
import { isApiError } from '@web/lib/api-client';

export const errorText = (e: unknown) => (isApiError(e) ? e.message : String(e));
export const fail = (title: string) => (e: unknown) => notifications.show({ color: 'red', title, message: errorText(e), autoClose: 8000 });
/** DD.MM.YYYY as typed by a German office worker → YYYY-MM-DD (null when it is no real date). */
export function parseGerman(value: string): string | null {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1])));
  if (d.getUTCDate() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1) return null;
  return d.toISOString().slice(0, 10);
}
export const TIMES = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`).concat(
  '23:59',
);
