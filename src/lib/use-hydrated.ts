import {
  createContext,
  createElement,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';

/** True unless a `HydrationBoundary` above says the first screen is still being adopted. */
const HydratedContext = createContext(true);

/**
 * False while the first screen is prerendered (at build time) and while the browser hydrates it;
 * true in every other render. What only the browser knows (its time zone, its colour scheme, the
 * server's extensions) waits for it, so the prerendered HTML and the render that adopts it agree
 * (decision 005).
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

interface HydrationBoundaryProps {
  /** The first render adopts prerendered HTML (the prerender itself, or the browser hydrating). */
  adopting: boolean;
  children: ReactNode;
}

/**
 * Where `useHydrated` turns true: once the adopting render has committed, in a transition, so
 * that everything it changes renders in slices that yield to input rather than in one long
 * synchronous task (a `useSyncExternalStore` whose server snapshot differs from the client's
 * forces that task).
 */
export function HydrationBoundary({ adopting, children }: HydrationBoundaryProps) {
  const [hydrated, setHydrated] = useState(!adopting);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return createElement(HydratedContext, { value: hydrated }, children);
}
