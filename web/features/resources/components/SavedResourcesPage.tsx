import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import type { SavedDetail } from '../../../../contract/saved';
import { PageHeading } from '../../../components/PageHeading';
import { QueryState } from '../../../components/QueryState';
import { ApiError } from '../../../lib/http';
import { useDeleteSaved, useDuplicateSaved, useRestoreSaved, savedKeys, savedListQuery, type SavedFilter } from '../api/saved';
import { strings } from '../../../lib/strings';
import { SavedFilters } from './SavedFilters';
import { SavedItemDialog } from './SavedItemDialog';
import { SavedList } from './SavedList';

const s = strings.saved;
const initialFilter: SavedFilter = { q: '', kind: null, botId: null, sort: 'updated' };

interface Notice {
  message: string;
  undo?: () => void;
}

/** Saved Docs: everything the teacher kept, searchable and filterable; `?item=` opens one. */
export default function SavedResourcesPage() {
  const duplicateSaved = useDuplicateSaved();
  const deleteSaved = useDeleteSaved();
  const restoreSaved = useRestoreSaved();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<SavedFilter>(initialFilter);
  const [params, setParams] = useSearchParams();
  const openId = params.get('item');
  const [confirm, setConfirm] = useState<SavedDetail | null>(null);
  const [notice, setNotice] = useState<(Notice & { key: number }) | null>(null);
  const list = useInfiniteQuery(savedListQuery(filter));
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Boolean(filter.q || filter.kind || filter.botId);

  const open = useCallback((id: string | null) => setParams(id ? { item: id } : {}, { replace: false }), [setParams]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: savedKeys.all });
  const say = (n: Notice) => setNotice({ ...n, key: Date.now() });
  const fail = (err: unknown) => say({ message: err instanceof ApiError ? err.message : String(err) });

  const duplicate = async (item: SavedDetail) => {
    try {
      const copy = await duplicateSaved(item.id);
      await refresh();
      open(copy.id);
      say({ message: s.duplicated });
    } catch (err) {
      fail(err);
    }
  };

  const remove = async (item: SavedDetail) => {
    setConfirm(null);
    try {
      await deleteSaved(item.id);
      open(null);
      await refresh();
      say({
        message: s.deleted,
        undo: () => {
          restoreSaved(item.id)
            .then(async () => {
              await refresh();
              say({ message: s.restored });
            })
            .catch(fail);
        },
      });
    } catch (err) {
      fail(err);
    }
  };

  return (
    <Box>
      <PageHeading>{strings.pages.savedResources.title}</PageHeading>
      <SavedFilters filter={filter} onChange={setFilter} />
      <QueryState query={list} loadingLabel={s.loading} loadingLine errorText={s.loadFailed} retryLabel={s.retry} retrySize="medium">
        {() =>
          items.length === 0 ? (
            <Typography sx={{ py: 4 }} color="text.secondary">
              {filtered ? s.noMatch : s.empty}
            </Typography>
          ) : (
            <>
              <SavedList items={items} onOpen={open} />
              {list.hasNextPage && (
                <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
                  <Button variant="outlined" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                    {s.loadMore}
                  </Button>
                </Box>
              )}
            </>
          )
        }
      </QueryState>
      {openId && <SavedItemDialog id={openId} onClose={() => open(null)} onDuplicate={(i) => void duplicate(i)} onDelete={setConfirm} />}
      <Dialog open={Boolean(confirm)} onClose={() => setConfirm(null)} aria-labelledby="saved-delete-title">
        <DialogTitle id="saved-delete-title">{s.deleteTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{confirm ? s.deleteBody(confirm.title) : ''}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>{s.cancel}</Button>
          <Button color="error" variant="contained" onClick={() => confirm && void remove(confirm)}>
            {s.delete}
          </Button>
        </DialogActions>
      </Dialog>
      <Snackbar
        key={notice?.key}
        open={Boolean(notice)}
        autoHideDuration={10_000}
        onClose={(_e, reason) => {
          if (reason !== 'clickaway') setNotice(null);
        }}
        message={notice?.message}
        action={
          notice?.undo ? (
            <Button
              color="secondary"
              size="small"
              onClick={() => {
                notice.undo?.();
                setNotice(null);
              }}
            >
              {s.undo}
            </Button>
          ) : undefined
        }
      />
    </Box>
  );
}
