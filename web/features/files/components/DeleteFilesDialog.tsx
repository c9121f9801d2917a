import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { DeleteFilesResult, FileUses, MyFile } from '../../../../contract/my-files';
import { DialogFooter } from '../../../components/DialogFooter';
import { formatBytes } from '../../../lib/bytes';
import { useDeleteFiles } from '../api/deleteFiles';
import { useT } from '../../../lib/i18n';

/** Every file's uses as one, each bot, item and ticket once. */
function allUses(files: MyFile[]): FileUses {
  const once = <T extends { id: string }>(lists: T[][]) => [...new Map(lists.flat().map((x) => [x.id, x])).values()];
  return {
    knowledgeOf: once(files.map((f) => f.uses.knowledgeOf)),
    iconOf: once(files.map((f) => f.uses.iconOf)),
    otherBots: files.reduce((n, f) => n + f.uses.otherBots, 0),
    savedImages: once(files.map((f) => f.uses.savedImages)),
    savedDocs: once(files.map((f) => f.uses.savedDocs)),
    conversations: once(files.map((f) => f.uses.conversations)),
    tickets: once(files.map((f) => f.uses.tickets)),
  };
}

function Affected({ heading, names }: { heading: string; names: string[] }) {
  const t = useT();
  if (!names.length) return null;
  return (
    <Box sx={{ mt: 1.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {heading}
      </Typography>
      <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
        {names.map((n, i) => (
          <Typography component="li" variant="body2" key={i} sx={{ overflowWrap: 'anywhere' }}>
            {n.trim() || t('files.untitled')}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** Asks before deleting, naming the files and everything deleting them changes. */
export function DeleteFilesDialog({
  files,
  onClose,
  onDone,
}: {
  files: MyFile[];
  onClose: () => void;
  onDone: (result: DeleteFilesResult) => void;
}) {
  const t = useT();
  const remove = useDeleteFiles();
  const close = () => !remove.isPending && onClose();
  const uses = allUses(files);
  const bytes = files.reduce((n, f) => n + f.size, 0);
  const affectsAnything =
    uses.knowledgeOf.length +
      uses.iconOf.length +
      uses.otherBots +
      uses.savedImages.length +
      uses.savedDocs.length +
      uses.conversations.length +
      uses.tickets.length >
    0;
  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="delete-files-title">
      <DialogTitle id="delete-files-title">{t('files.confirmTitle', { count: files.length })}</DialogTitle>
      <DialogContent>
        <Box component="ul" sx={{ mt: 0, mb: 1, pl: 3 }} aria-label={t('files.columns.name')}>
          {files.map((f) => (
            <Typography component="li" key={f.id} sx={{ overflowWrap: 'anywhere' }}>
              {t('files.fileAndSize', { name: f.name, size: formatBytes(f.size) })}
            </Typography>
          ))}
        </Box>
        <DialogContentText>{t('files.confirmFrees', { bytes: formatBytes(bytes) })}</DialogContentText>
        {affectsAnything ? (
          <Box data-testid="delete-affects">
            <Typography variant="body2" sx={{ mt: 2 }}>
              {t('files.affects')}
            </Typography>
            <Affected heading={t('files.losesKnowledge')} names={uses.knowledgeOf.map((b) => b.name)} />
            <Affected heading={t('files.losesIcon')} names={uses.iconOf.map((b) => b.name)} />
            {uses.otherBots > 0 && (
              <Typography variant="body2" sx={{ mt: 1.5 }}>
                {t('files.otherCopies', { count: uses.otherBots })}
              </Typography>
            )}
            <Affected heading={t('files.savedImagesGo')} names={uses.savedImages.map((d) => d.title)} />
            <Affected heading={t('files.docsLoseImage')} names={uses.savedDocs.map((d) => d.title)} />
            <Affected heading={t('files.conversationsLoseImage')} names={uses.conversations.map((c) => c.title)} />
            <Affected heading={t('files.ticketsLoseAttachment')} names={uses.tickets.map((x) => x.subject)} />
          </Box>
        ) : (
          <DialogContentText sx={{ mt: 1 }}>
            {files.length === 1 ? t('files.confirmNothingElse') : t('files.confirmNothingElseMany')}
          </DialogContentText>
        )}
        {remove.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {remove.error.message || t('files.deleteFailed')}
          </Alert>
        )}
      </DialogContent>
      <DialogFooter
        cancelLabel={t('files.cancel')}
        onCancel={close}
        confirmLabel={remove.isPending ? t('files.deleting') : t('files.confirm')}
        busy={remove.isPending}
        danger
        onConfirm={() =>
          remove.mutate(
            files.map((f) => f.id),
            { onSuccess: onDone },
          )
        }
      />
    </Dialog>
  );
}
