import { lazy, Suspense } from 'react';
import { useToastRequested } from './toast';

const AppToaster = lazy(() =>
  import('./app-toaster').then((module) => ({ default: module.AppToaster })),
);

/** The toaster, mounted (and its code loaded) once the first toast is asked for (toast.ts). */
export function ToasterHost() {
  const requested = useToastRequested();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
