import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { MY_FILES_PAGE_SIZES, type DeleteFilesResult, type MyFile, type StorageTotals } from '../../../../contract/my-files';
import { PageHeading } from '../../../components/PageHeading';
import { QueryState } from '../../../components/QueryState';
import { ResponsiveList, type ResponsiveColumn } from '../../../components/ResponsiveList';
import { dateTime, relativeTime } from '../../../lib/format';
import { formatBytes } from '../../../lib/bytes';
import { myFilesKey, useMyFiles, type MyFilesParams } from '../api/listMyFiles';
import { useQueryClient } from '@tanstack/react-query';
import { FileUpload } from '../../../components/upload/FileUpload';
import { useT, type MessageId, type Translate } from '../../../lib/i18n';
import { DeleteFilesDialog } from './DeleteFilesDialog';
import { FileUses } from './FileUses';
import { KeepButton, PendingNote } from './PendingFile';

const orders = [
  { value: 'created-desc', label: 'files.sortNewest' },
  { value: 'created-asc', label: 'files.sortOldest' },
  { value: 'size-desc', label: 'files.sortLargest' },
  { value: 'size-asc', label: 'files.sortSmallest' },
] as const satisfies readonly { value: string; label: MessageId }[];
type Order = (typeof orders)[number]['value'];

/** /myFiles: the teacher's files and generated images, their sizes and uses, and deleting them to free up space. */
/** The pager's buttons, by MUI's names for them. */
const pagerLabel = {
  first: 'files.pageFirst',
  previous: 'files.pagePrevious',
  next: 'files.pageNext',
  last: 'files.pageLast',
} as const;

export default function MyFilesPage() {
  const queryClient = useQueryClient();
  const t = useT();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const [order, setOrder] = useState<Order>('created-desc');
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState<number>(25);
  const [sort, dir] = order.split('-') as [MyFilesParams['sort'], MyFilesParams['dir']];
  const files = useMyFiles({ sort, dir, page, limit });
  const [selected, setSelected] = useState<Map<string, MyFile>>(new Map());
  const [confirming, setConfirming] = useState<MyFile[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const toggle = (file: MyFile) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(file.id)) next.delete(file.id);
      else next.set(file.id, file);
      return next;
    });
  const done = (result: DeleteFilesResult) => {
    setConfirming(null);
    setSelected(new Map());
    setNotice(t('files.deleted', { count: result.deleted.length, bytes: formatBytes(result.freedBytes) }));
    // The last file of a later page gone: show the page before.
    if (page > 0 && files.data && files.data.files.length <= result.deleted.length) setPage(page - 1);
  };

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', minWidth: 0 }}>
      <PageHeading>{t('files.title')}</PageHeading>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('files.intro')}
      </Typography>
      {/* A knowledge file uploaded here can be added to several bots from their editors (issue 39, item 13). */}
      <Box sx={{ mb: 2 }}>
        <FileUpload
          purpose="knowledge"
          label={t('files.upload')}
          sayDone={false}
          onUploaded={(file) => {
            void queryClient.invalidateQueries({ queryKey: myFilesKey });
            setNotice(t('files.uploaded', { name: file.name }));
          }}
        />
      </Box>
      {notice && (
        <Alert severity="success" role="status" onClose={() => setNotice(null)} closeText={t('common.close')} sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      <QueryState query={files} loadingLabel={t('files.loading')} errorText={t('files.loadFailed')} retryLabel={t('files.retry')}>
        {(data) => (
          <>
            <StorageMeter totals={data.totals} />
            {data.totals.fileCount === 0 ? (
              <Paper variant="outlined" sx={{ p: 3 }} data-testid="my-files-empty">
                <Typography color="text.secondary">{t('files.empty')}</Typography>
              </Paper>
            ) : (
              <>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'center' }}>
                  <FormControl size="small" sx={{ minWidth: 180 }}>
                    <InputLabel id="my-files-sort">{t('files.sortBy')}</InputLabel>
                    <Select
                      labelId="my-files-sort"
                      label={t('files.sortBy')}
                      value={order}
                      onChange={(e) => {
                        setOrder(e.target.value);
                        setPage(0);
                      }}
                    >
                      {orders.map((o) => (
                        <MenuItem key={o.value} value={o.value}>
                          {t(o.label)}
                        </MenuItem>
                      ))}
                    </Select>
                  </FormControl>
                  <Button
                    variant="outlined"
                    color="error"
                    startIcon={<DeleteOutlined />}
                    disabled={selected.size === 0}
                    onClick={() => setConfirming([...selected.values()])}
                    sx={{ ml: { sm: 'auto' } }}
                  >
                    {selected.size ? t('files.deleteSelected', { count: selected.size }) : t('files.deleteSelectedNone')}
                  </Button>
                </Stack>
                <Files
                  files={data.files}
                  selected={selected}
                  onToggle={toggle}
                  onDelete={(f) => setConfirming([f])}
                  onKept={(f) => setNotice(t('files.kept', { name: f.name }))}
                />
                <TablePagination
                  component="div"
                  count={data.totals.fileCount}
                  page={page}
                  rowsPerPage={limit}
                  // On a phone the page size is left out, so the pager fits without scrolling sideways.
                  rowsPerPageOptions={narrow ? [] : [...MY_FILES_PAGE_SIZES]}
                  labelRowsPerPage={t('files.rowsPerPage')}
                  labelDisplayedRows={({ from, to, count }) => t('files.displayedRows', { from, to, count })}
                  getItemAriaLabel={(type) => t(pagerLabel[type])}
                  onPageChange={(_, p) => setPage(p)}
                  sx={{ '& .MuiTablePagination-toolbar': { px: { xs: 0, sm: 2 } } }}
                  onRowsPerPageChange={(e) => {
                    setLimit(Number(e.target.value));
                    setPage(0);
                  }}
                />
              </>
            )}
          </>
        )}
      </QueryState>
      {confirming && <DeleteFilesDialog files={confirming} onClose={() => setConfirming(null)} onDone={done} />}
    </Box>
  );
}

/** The storage in use against the quota, the page's own usage meter. */
function StorageMeter({ totals }: { totals: StorageTotals }) {
  const t = useT();
  // Rounded: a tiny share would reach aria-valuenow in exponent notation (9.5e-7), which is no valid value.
  const share = Math.min(100, Math.round((totals.usedBytes / totals.quotaBytes) * 1000) / 10);
  const full = totals.usedBytes >= totals.quotaBytes;
  const figures = t('files.storage', { used: formatBytes(totals.usedBytes), quota: formatBytes(totals.quotaBytes) });
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="my-files-storage">
      <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography id="my-files-storage-label" sx={{ fontWeight: 500 }}>
          {t('files.storageLabel')}
        </Typography>
        <Typography color="text.secondary" data-testid="my-files-used">
          {t('files.usedLine', { figures, files: t('files.fileCount', { count: totals.fileCount }) })}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={share}
        color={full ? 'warning' : 'primary'}
        aria-labelledby="my-files-storage-label"
        aria-valuetext={figures}
        sx={{ mt: 1, height: 8, borderRadius: 4 }}
      />
      {full && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {t('files.full')}
        </Alert>
      )}
    </Paper>
  );
}

interface FilesProps {
  files: MyFile[];
  selected: Map<string, MyFile>;
  onToggle: (file: MyFile) => void;
  onDelete: (file: MyFile) => void;
  onKept: (file: MyFile) => void;
}

function Added({ at }: { at: string }) {
  return (
    <Box component="time" dateTime={at} title={dateTime(at)}>
      {relativeTime(at)}
    </Box>
  );
}

const kindIds = {
  knowledge: 'files.kinds.knowledge',
  image: 'files.kinds.image',
  icon: 'files.kinds.icon',
  attachment: 'files.kinds.attachment',
} as const satisfies Record<MyFile['kind'], MessageId>;

function kindLine(file: MyFile, t: Translate) {
  const kind = t(kindIds[file.kind]);
  return file.status === 'ready' ? kind : t('files.kindProcessing', { kind });
}

/** A row's buttons; on a phone's card Keep sits under the waiting line instead (`onKept` left out), so the name keeps its width. */
function RowActions({ file, onDelete, onKept }: { file: MyFile; onDelete: (f: MyFile) => void; onKept?: (f: MyFile) => void }) {
  const t = useT();
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0, justifyContent: 'flex-end' }}>
      {onKept && <KeepButton file={file} onKept={onKept} />}
      {file.status === 'ready' && (
        <IconButton
          aria-label={t('files.download', { name: file.name })}
          component="a"
          href={`/api/files/${encodeURIComponent(file.id)}`}
          download
        >
          <DownloadOutlined />
        </IconButton>
      )}
      <IconButton aria-label={t('files.deleteOne', { name: file.name })} onClick={() => onDelete(file)}>
        <DeleteOutlined />
      </IconButton>
    </Stack>
  );
}

/** A table from tablet width up; a list on a phone, so nothing scrolls sideways. */
function Files({ files, selected, onToggle, onDelete, onKept }: FilesProps) {
  const t = useT();
  const columns: ResponsiveColumn<MyFile>[] = [
    {
      key: 'select',
      padding: 'checkbox',
      header: (
        <Box component="span" sx={visuallyHidden}>
          {t('files.columns.select')}
        </Box>
      ),
      cell: (f) => (
        <Checkbox
          checked={selected.has(f.id)}
          onChange={() => onToggle(f)}
          slotProps={{ input: { 'aria-label': t('files.selectFile', { name: f.name }) } }}
        />
      ),
    },
    { key: 'name', header: t('files.columns.name'), sx: { overflowWrap: 'anywhere', maxWidth: 280 }, cell: (f) => f.name },
    { key: 'kind', header: t('files.columns.kind'), cell: (f) => kindLine(f, t) },
    { key: 'size', header: t('files.columns.size'), align: 'right', sx: { whiteSpace: 'nowrap' }, cell: (f) => formatBytes(f.size) },
    { key: 'created', header: t('files.columns.created'), sx: { whiteSpace: 'nowrap' }, cell: (f) => <Added at={f.createdAt} /> },
    {
      key: 'usedIn',
      header: t('files.columns.usedIn'),
      sx: { maxWidth: 320 },
      cell: (f) => (
        <>
          <FileUses uses={f.uses} />
          <PendingNote file={f} />
        </>
      ),
    },
    {
      key: 'actions',
      header: t('files.columns.actions'),
      align: 'right',
      cell: (f) => <RowActions file={f} onDelete={onDelete} onKept={onKept} />,
    },
  ];
  return (
    <ResponsiveList
      label={t('files.title')}
      rows={files}
      rowKey={(f) => f.id}
      rowAttributes={(f) => ({ 'data-file': f.name })}
      isSelected={(f) => selected.has(f.id)}
      columns={columns}
      cardSx={{ gap: 0.5, px: 1 }}
      card={(f) => (
        <>
          <Checkbox
            checked={selected.has(f.id)}
            onChange={() => onToggle(f)}
            slotProps={{ input: { 'aria-label': t('files.selectFile', { name: f.name }) } }}
            sx={{ mt: -0.5 }}
          />
          <Stack sx={{ minWidth: 0, flex: 1 }} spacing={0.25}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{f.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('files.cardLine', { size: formatBytes(f.size), kind: kindLine(f, t) })}
              <Added at={f.createdAt} />
            </Typography>
            <FileUses uses={f.uses} />
            <PendingNote file={f} />
            {f.pendingUntil && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, ml: -0.5 }}>
                <KeepButton file={f} onKept={onKept} />
              </Box>
            )}
          </Stack>
          <RowActions file={f} onDelete={onDelete} />
        </>
      )}
    />
  );
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
