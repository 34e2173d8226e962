const RELOADED_KEY = 'bazaar:chunk-reload';

/**
 * A module being loaded, for showing: after a new deploy the old hashed chunk is gone; instead of
 * breaking the page, load the new version of the app once (a second failure in a row is a real
 * error and is thrown).
 */
export function reloadOnFailure<T>(loading: Promise<T>): Promise<T> {
  return loading.then(
    (module) => {
      sessionStorage.removeItem(RELOADED_KEY);
      return module;
    },
    (error: unknown) => {
      if (sessionStorage.getItem(RELOADED_KEY)) throw error;
      sessionStorage.setItem(RELOADED_KEY, '1');
      window.location.reload();
      return new Promise<never>(() => {});
    },
  );
}
