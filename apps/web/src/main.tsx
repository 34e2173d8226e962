import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers, queryClient } from './app/providers';
import { createRouter } from './app/router';
import { followSessionChanges } from './app/session-effects';
import { restoreTheme } from './app/shop-settings-effects';
import { setApiNavigator } from './lib/api-client';
import './styles.css';

restoreTheme();
followSessionChanges(queryClient);
const router = createRouter();
setApiNavigator((to) => {
  void router.navigate(to);
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
