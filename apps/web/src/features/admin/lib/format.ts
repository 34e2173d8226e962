const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** "22 Nov 2026, 4:45 pm" in the admin's own time zone. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** The spec's Username column: the first word of the name. */
export function firstWord(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}
