import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { confirmAction } from './confirm';

/** The spec's words around one admin write: the question asked first (if any), the two toasts. */
export interface AdminWriteTexts {
  confirm?: string;
  success: string;
  /** Shown when the server gives no message of its own. */
  failure: string;
}

interface Mutation<TVars> {
  mutate(vars: TVars, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }): void;
}

/**
 * Runs an admin screen's write the way every screen does: ask, send, toast the outcome, then let the
 * screen tidy up (close the edited row; put a dropdown back after a refusal).
 */
export function adminWrite<TVars>(
  mutation: Mutation<TVars>,
  vars: TVars,
  texts: AdminWriteTexts,
  after: { onSuccess?: () => void; onError?: () => void } = {},
): void {
  if (texts.confirm && !confirmAction(texts.confirm)) return;
  mutation.mutate(vars, {
    onSuccess: () => {
      notify.success(texts.success);
      after.onSuccess?.();
    },
    onError: (error) => {
      after.onError?.();
      notify.error(errorMessage(error, texts.failure));
    },
  });
}
