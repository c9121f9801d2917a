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
import { useT } from '../../../lib/i18n';
import { SavedFilters } from './SavedFilters';
import { SavedItemDialog } from './SavedItemDialog';
import { SavedList } from './SavedList';

const initialFilter: SavedFilter = { q: '', kind: null, botId: null, sort: 'updated' };

interface Notice {
  message: string;
  undo?: () => void;
}

/** Saved Docs: everything the teacher kept, searchable and filterable; `?item=` opens one. */
export default function SavedResourcesPage() {
  const t = useT();
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
      say({ message: t('saved.duplicated') });
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
        message: t('saved.deleted'),
        undo: () => {
          restoreSaved(item.id)
            .then(async () => {
              await refresh();
              say({ message: t('saved.restored') });
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
      <PageHeading>{t('saved.pageTitle')}</PageHeading>
      <SavedFilters filter={filter} onChange={setFilter} />
      <QueryState
        query={list}
        loadingLabel={t('saved.loading')}
        loadingLine
        errorText={t('saved.loadFailed')}
        retryLabel={t('common.tryAgain')}
        retrySize="medium"
      >
        {() =>
          items.length === 0 ? (
            <Typography sx={{ py: 4 }} color="text.secondary">
              {filtered ? t('saved.noMatch') : t('saved.empty')}
            </Typography>
          ) : (
            <>
              <SavedList items={items} onOpen={open} />
              {list.hasNextPage && (
                <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
                  <Button variant="outlined" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                    {t('saved.loadMore')}
                  </Button>
                </Box>
              )}
            </>
          )
        }
      </QueryState>
      {openId && <SavedItemDialog id={openId} onClose={() => open(null)} onDuplicate={(i) => void duplicate(i)} onDelete={setConfirm} />}
      <Dialog open={Boolean(confirm)} onClose={() => setConfirm(null)} aria-labelledby="saved-delete-title">
        <DialogTitle id="saved-delete-title">{t('saved.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{confirm ? t('saved.deleteBody', { title: confirm.title }) : ''}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>{t('common.cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => confirm && void remove(confirm)}>
            {t('common.delete')}
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
              {t('saved.undo')}
            </Button>
          ) : undefined
        }
      />
    </Box>
  );
}
