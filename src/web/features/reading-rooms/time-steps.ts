/** Pure helper of the reading-room screens, kept apart from the booking dialog so the page does not load the dialog (decision 006). */
const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
const toTime = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** Times on the booking interval between opening and closing. */
export function timeSteps(von: string, bis: string, interval: number): string[] {
  const out: string[] = [];
  const start = Math.ceil(toMinutes(von) / interval) * interval;
  for (let m = start; m <= toMinutes(bis); m += interval) out.push(toTime(m));
  return out;
}
