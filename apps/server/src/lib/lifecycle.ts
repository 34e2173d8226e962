/** starting: start-up work not finished; running: serving; stopping: shutting down. */
export type LifecycleState = 'starting' | 'running' | 'stopping';

/**
 * Where the process is in its life, for readiness (only `running` is ready) and for what must change
 * the moment a shutdown begins (jobs stop starting rounds, replies close their connections).
 */
export class Lifecycle {
  private current: LifecycleState = 'starting';
  private readonly onStopping: (() => void)[] = [];
  private markRunning: () => void = () => {};
  /** Resolves once start-up work is done (never, if a shutdown comes first). */
  readonly running = new Promise<void>((resolve) => {
    this.markRunning = resolve;
  });

  get state(): LifecycleState {
    return this.current;
  }

  get stopping(): boolean {
    return this.current === 'stopping';
  }

  /** Start-up work is done (the catalogue's listing has loaded): ready, unless already stopping. */
  started(): void {
    if (this.current !== 'starting') return;
    this.current = 'running';
    this.markRunning();
  }

  /** A shutdown has begun: not ready from now on. Runs each `whenStopping` step once. */
  stop(): void {
    if (this.current === 'stopping') return;
    this.current = 'stopping';
    for (const step of this.onStopping.splice(0)) step();
  }

  /** A step to run the moment a shutdown begins (synchronous; what it starts is awaited elsewhere). */
  whenStopping(step: () => void): void {
    if (this.current === 'stopping') step();
    else this.onStopping.push(step);
  }
}
