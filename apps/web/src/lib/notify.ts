// react-toastify is loaded on the first message or once the page has hydrated (app/providers.tsx),
// never with the page's first bytes: a shop page that shows no toast does not wait for it.
type Toastify = typeof import('react-toastify');
let toastify: Promise<Toastify> | undefined;

export const loadToastify = (): Promise<Toastify> => {
  toastify ??= import('react-toastify');
  return toastify;
};

/** Per toast: how long it stays (the spec's 1500 ms unless a longer text needs time to be read). */
export interface NotifyOptions {
  autoCloseMs?: number;
}

function show(kind: 'success' | 'error' | 'info' | 'warning', message: string, o: NotifyOptions = {}) {
  void loadToastify().then(({ toast }) => {
    // One at a time: the new message replaces the one on screen at once.
    toast.dismiss();
    toast[kind](message, o.autoCloseMs ? { autoClose: o.autoCloseMs } : {});
  });
}

/** Toasts as the spec configures them (top-right, 1500 ms, one at a time): a new toast replaces the one on screen. */
export const notify = {
  success(message: string, o?: NotifyOptions) {
    show('success', message, o);
  },
  error(message: string, o?: NotifyOptions) {
    show('error', message, o);
  },
  info(message: string, o?: NotifyOptions) {
    show('info', message, o);
  },
  warning(message: string, o?: NotifyOptions) {
    show('warning', message, o);
  },
};
