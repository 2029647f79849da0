import { AppProvider } from './provider';
import { AppRoutes } from './router';

export { preloadPage } from './router';

export function App() {
  return (
    <AppProvider>
      <AppRoutes />
    </AppProvider>
  );
}
