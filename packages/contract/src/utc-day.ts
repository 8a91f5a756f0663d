/**
 * The platform's day is the UTC day, for everyone wherever they are: one daily bonus and one
 * wheel spin per UTC day, the withdrawal limit per UTC day, countdowns to UTC midnight. UTC has
 * no daylight-saving shifts, so every day is exactly 24 hours; the month and year lengths (leap
 * days) come from `Date.UTC`, which rolls day 32 over into the next month.
 */

/** The UTC day of an instant as its key, `YYYY-MM-DD` (what a "once per day" row stores). */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The UTC midnight that started the day of `at`. */
export function utcDayStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/** The end of the UTC day of `at`: the next UTC midnight, when the next day's bonus opens. */
export function utcDayEnd(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
}

/** Whether two instants fall on the same UTC day (whatever the viewer's time zone). */
export function isSameUtcDay(left: Date, right: Date): boolean {
  return utcDay(left) === utcDay(right);
}
