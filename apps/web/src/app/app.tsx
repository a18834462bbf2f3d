import { RouterProvider } from 'react-router';
import { Providers } from './providers';
import { createRouter } from './router';

const router = createRouter();

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
