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
import { myFilesStrings as s } from '../strings';

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
  if (!names.length) return null;
  return (
    <Box sx={{ mt: 1.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {heading}
      </Typography>
      <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
        {names.map((n, i) => (
          <Typography component="li" variant="body2" key={i} sx={{ overflowWrap: 'anywhere' }}>
            {n.trim() || s.untitled}
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
      <DialogTitle id="delete-files-title">{s.confirmTitle(files.length)}</DialogTitle>
      <DialogContent>
        <Box component="ul" sx={{ mt: 0, mb: 1, pl: 3 }} aria-label={s.columns.name}>
          {files.map((f) => (
            <Typography component="li" key={f.id} sx={{ overflowWrap: 'anywhere' }}>
              {`${f.name} (${formatBytes(f.size)})`}
            </Typography>
          ))}
        </Box>
        <DialogContentText>{s.confirmFrees(formatBytes(bytes))}</DialogContentText>
        {affectsAnything ? (
          <Box data-testid="delete-affects">
            <Typography variant="body2" sx={{ mt: 2 }}>
              {s.affects}
            </Typography>
            <Affected heading={s.losesKnowledge} names={uses.knowledgeOf.map((b) => b.name)} />
            <Affected heading={s.losesIcon} names={uses.iconOf.map((b) => b.name)} />
            {uses.otherBots > 0 && (
              <Typography variant="body2" sx={{ mt: 1.5 }}>
                {s.otherCopies(uses.otherBots)}
              </Typography>
            )}
            <Affected heading={s.savedImagesGo} names={uses.savedImages.map((d) => d.title)} />
            <Affected heading={s.docsLoseImage} names={uses.savedDocs.map((d) => d.title)} />
            <Affected heading={s.conversationsLoseImage} names={uses.conversations.map((c) => c.title)} />
            <Affected heading={s.ticketsLoseAttachment} names={uses.tickets.map((t) => t.subject)} />
          </Box>
        ) : (
          <DialogContentText sx={{ mt: 1 }}>{files.length === 1 ? s.confirmNothingElse : s.confirmNothingElseMany}</DialogContentText>
        )}
        {remove.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {remove.error.message || s.deleteFailed}
          </Alert>
        )}
      </DialogContent>
      <DialogFooter
        cancelLabel={s.cancel}
        onCancel={close}
        confirmLabel={remove.isPending ? s.deleting : s.confirm}
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
