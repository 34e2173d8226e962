/**
 * One load per key at a time: identical requests that arrive while a load is
 * running share its answer instead of asking the database again (useful with
 * the reply cache off, or on its misses). A change drops every running load
 * from sharing (`invalidate`), so a request made after a change never gets an
 * answer read before it; the loads themselves finish for the requests that
 * started them.
 */
export class InFlight<V> {
  private readonly running = new Map<string, Promise<V>>();

  run(key: string, load: () => Promise<V>): Promise<V> {
    const shared = this.running.get(key);
    if (shared) return shared;
    const loading = load();
    this.running.set(key, loading);
    const done = () => {
      if (this.running.get(key) === loading) this.running.delete(key);
    };
    loading.then(done, done);
    return loading;
  }

  invalidate(): void {
    this.running.clear();
  }

  get size(): number {
    return this.running.size;
  }
}
