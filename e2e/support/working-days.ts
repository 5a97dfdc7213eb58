import { addDays, berlinDay, isoWeekday } from '@domain/opening-hours';

/**
 * The n-th working day (Monday to Friday) after today in Berlin. Journeys that
 * book or open a map use it, so that they find the demo offices and reading
 * rooms open on whatever weekday the suite runs.
 */
export function workingDay(n = 1, from = berlinDay(new Date())): string {
  let day = from;
  for (let left = n; left > 0; ) {
    day = addDays(day, 1);
    if (isoWeekday(day) <= 5) left--;
  }
  return day;
}
