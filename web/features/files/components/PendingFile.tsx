import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { MyFile } from '../../../../contract/my-files';
import { dateTime, relativeTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useKeepFiles } from '../api/keepFiles';

/**
 * A file uploaded in a bot editor that no save has used yet (decision 283): when it goes unless
 * kept. Nothing for any other file.
 */
export function PendingNote({ file }: { file: MyFile }) {
  const t = useT();
  if (!file.pendingUntil) return null;
  return (
    <Typography variant="body2" color="warning.main" title={dateTime(file.pendingUntil)} data-testid="file-pending">
      {t('files.pendingLine', { when: relativeTime(file.pendingUntil) })}
    </Typography>
  );
}

/** Keep: the waiting file stays as the teacher's own, whether a bot uses it or not. */
export function KeepButton({ file, onKept }: { file: MyFile; onKept: (file: MyFile) => void }) {
  const t = useT();
  const keep = useKeepFiles();
  if (!file.pendingUntil) return null;
  return (
    <>
      <Button
        size="small"
        aria-label={t('files.keepOne', { name: file.name })}
        disabled={keep.isPending}
        onClick={() => keep.mutate([file.id], { onSuccess: () => onKept(file) })}
      >
        {t('files.keep')}
      </Button>
      {keep.isError && (
        <Typography variant="body2" color="error" role="alert" sx={{ alignSelf: 'center' }}>
          {t('files.keepFailed')}
        </Typography>
      )}
    </>
  );
}
