import { formatDate, formatTime } from '../../../../domain/time';
import type { ObjectAttribute } from '../api/use-vehicle-attributes';

/** "23.11.2026 10:00–12:00" or "23.11.2026 10:00 – 24.11.2026 09:00" (Europe/Berlin). */
export function formatPeriod(von: string | Date, bis: string | Date): string {
  const sameDay = formatDate(von) === formatDate(bis) || (formatTime(bis) === '00:00' && new Date(bis).getTime() - new Date(von).getTime() <= 86_400_000);
  return sameDay
    ? `${formatDate(von)} ${formatTime(von)}–${formatTime(bis) === '00:00' ? '24:00' : formatTime(bis)}`
    : `${formatDate(von)} ${formatTime(von)} – ${formatDate(bis)} ${formatTime(bis)}`;
}

export const vehicleName = (v: { brand: string; model: string }) => `${v.brand} ${v.model}`;

/** Display text of a stored attribute value (choice text, Ja/Nein); kept apart from the input components so cards do not load them. */
export function attributeText(a: Pick<ObjectAttribute, 'type' | 'choices'>, value: string | undefined, yes: string, no: string): string {
  if (value === undefined || value === '') return '';
  if (a.type === 'CHECKBOX') return value === 'true' ? yes : no;
  if (a.type === 'RADIOS' || a.type === 'DROPDOWN') return a.choices.find((c) => c.key === value)?.text ?? value;
  return value;
}
