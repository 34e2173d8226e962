// Apart from the countdown's hook: the home page needs the deadline at once, the clock's code later.
/** The end of the local day `days` from today: the flash sale's deadline. */
export function endOfDayIn(days: number, from = new Date()): Date {
  return new Date(from.getFullYear(), from.getMonth(), from.getDate() + days + 1, 0, 0, 0, 0);
}
