import { NotFound } from '../ui/not-found.tsx';

/** Any path outside the route table (the server answers it with HTTP 404 as well). */
export function NotFoundPage() {
  return <NotFound />;
}
