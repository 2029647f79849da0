import { AppProvider } from './provider';
import { AppRouter, AppRoutes } from './router';

export { preloadPage } from './router';

export function App() {
  return (
    <AppRouter>
      <AppProvider>
        <AppRoutes />
      </AppProvider>
    </AppRouter>
  );
}
