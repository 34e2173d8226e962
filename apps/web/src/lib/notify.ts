// react-toastify is loaded on the first message or once the page is idle (app/providers.tsx), never
// with the page's first bytes: a shop page that shows no toast does not wait for it.
type Toastify = typeof import('react-toastify');
let toastify: Promise<Toastify> | undefined;

export const loadToastify = (): Promise<Toastify> => {
  toastify ??= import('react-toastify');
  return toastify;
};

function show(kind: 'success' | 'error' | 'info', message: string) {
  void loadToastify().then(({ toast }) => {
    // One at a time: the new message replaces the one on screen at once.
    toast.dismiss();
    toast[kind](message);
  });
}

/** Toasts as the spec configures them (top-right, 1500 ms, one at a time): a new toast replaces the one on screen. */
export const notify = {
  success(message: string) {
    show('success', message);
  },
  error(message: string) {
    show('error', message);
  },
  info(message: string) {
    show('info', message);
  },
};
