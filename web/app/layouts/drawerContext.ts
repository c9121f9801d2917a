import { createContext, use } from 'react';

/** Whether the drawer shows labels (true) or is a rail of icons (false). */
export const DrawerExpandedContext = createContext(true);

export function useDrawerExpanded(): boolean {
  return use(DrawerExpandedContext);
}
