import { RouterProvider } from '@/lib/router';
import { OfflineBar } from '@/components/ui/offline-bar';
import { Providers } from './providers';
import { createRouter } from './router';

const router = createRouter();

export function App() {
  return (
    <Providers>
      <OfflineBar />
      <RouterProvider router={router} />
    </Providers>
  );
}
