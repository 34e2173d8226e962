import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { useSession } from '@/lib/session-store';
import { api, sent } from './api-server';

// The web-dom project's setup: the API interceptor, and a clean page, session and storage per test.

// Two shared cores: a screen's first render (lazy chunks, toasts' module) can take more than a second.
configure({ asyncUtilTimeout: 3000 });

const unanswered: string[] = [];
beforeAll(() =>
  api.listen({
    onUnhandledRequest(request, print) {
      unanswered.push(`${request.method} ${new URL(request.url).pathname}`);
      // Fails the request there and then: nothing reaches the network.
      print.error();
    },
  }),
);
beforeEach(() => {
  sent.length = 0;
  unanswered.length = 0;
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  api.resetHandlers();
  localStorage.clear();
  useSession.setState({ token: null, user: null, isAuthenticated: false, isAdmin: false, checking: false });
  // A request the test did not answer is a call it did not expect: say which.
  if (unanswered.length > 0) throw new Error(`Requests no handler answered: ${unanswered.join(', ')}`);
});
afterAll(() => api.close());
