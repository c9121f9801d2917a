import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * A React.lazy page whose chunk can also be fetched ahead of rendering: main.tsx preloads the
 * first page's chunk while the sign-in state and subscription load, instead of after them.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let pending: Promise<{ default: ComponentType }> | undefined;
  const get = () => (pending ??= load());
  return Object.assign(lazy(get), { preload: get });
}
