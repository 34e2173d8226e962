import type { Clock } from '../src/lib/clock';

/** A clock that moves only when a test moves it. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date | string = '2025-06-01T10:00:00.000Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }
}
