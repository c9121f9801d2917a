import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';

export interface Notice {
  message: string;
  action?: { label: string; onClick: () => void };
}

const NoticeContext = createContext<((notice: Notice) => void) | null>(null);

/**
 * One snackbar for a page's confirmations ("Copied", "Deleted" with Undo). It stays 10 s, pauses
 * while hovered or focused, and is announced politely by screen readers.
 */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(Notice & { key: number }) | null>(null);
  const [open, setOpen] = useState(false);
  const notify = useCallback((notice: Notice) => {
    setCurrent({ ...notice, key: Date.now() });
    setOpen(true);
  }, []);
  const value = useMemo(() => notify, [notify]);
  return (
    <NoticeContext value={value}>
      {children}
      <Snackbar
        key={current?.key}
        open={open}
        autoHideDuration={10_000}
        onClose={(_e, reason) => {
          if (reason !== 'clickaway') setOpen(false);
        }}
        message={current?.message}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        action={
          current?.action ? (
            <Button
              color="secondary"
              size="small"
              onClick={() => {
                setOpen(false);
                current.action?.onClick();
              }}
            >
              {current.action.label}
            </Button>
          ) : undefined
        }
      />
    </NoticeContext>
  );
}

/** Shows a confirmation in the page's snackbar. */
export function useNotify(): (notice: Notice) => void {
  const notify = use(NoticeContext);
  if (!notify) throw new Error('useNotify is used outside NoticeProvider');
  return notify;
}
