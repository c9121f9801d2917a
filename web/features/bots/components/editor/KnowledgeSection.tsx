import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BOT_LIMITS } from '../../../../../contract/bots';
import { FileUpload } from '../../../../components/upload/FileUpload';
import { useT } from '../../../../lib/i18n';
import { useKnowledgeFiles } from '../../api/listKnowledgeFiles';
import { useEditor } from './editorContext';
import { Section } from './Section';

/**
 * Knowledge files: uploaded through the Files upload client, their text given to the model. An
 * upload here waits for the bot's save and goes if the editor is left unsaved (decision 283).
 */
export function KnowledgeSection() {
  const t = useT();
  const { draft, change, errorOf, readOnly, uploaded } = useEditor();
  const files = draft.knowledgeFiles;
  const error = errorOf('knowledgeFileIds');
  return (
    <Section title={t('bots.editor.sections.knowledge')} intro={readOnly ? undefined : t('bots.editor.knowledgeIntro')}>
      {files.length === 0 ? (
        <Typography color="text.secondary">{t('bots.editor.noKnowledge')}</Typography>
      ) : (
        <List dense disablePadding>
          {files.map((f) => (
            <ListItem
              key={f.id}
              disableGutters
              secondaryAction={
                readOnly ? undefined : (
                  <IconButton
                    edge="end"
                    aria-label={t('bots.editor.knowledgeRemove', { name: f.name })}
                    onClick={() =>
                      change('knowledgeFileIds', (d) => ({ ...d, knowledgeFiles: d.knowledgeFiles.filter((k) => k.id !== f.id) }))
                    }
                  >
                    <DeleteOutlined />
                  </IconButton>
                )
              }
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <InsertDriveFileOutlined fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={f.name} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }} />
              {f.status !== 'ready' && <Chip size="small" label={t('bots.editor.knowledgeProcessing')} sx={{ mr: 5 }} />}
            </ListItem>
          ))}
        </List>
      )}
      {error && <FormHelperText error>{error}</FormHelperText>}
      {!readOnly && files.length < BOT_LIMITS.knowledgeFiles && <FromMyFiles />}
      {!readOnly && files.length < BOT_LIMITS.knowledgeFiles && (
        <FileUpload
          purpose="knowledge"
          pending
          label={t('bots.editor.knowledgeUpload')}
          onUploaded={(file) => {
            uploaded(file.id);
            change('knowledgeFileIds', (d) =>
              d.knowledgeFiles.some((k) => k.id === file.id)
                ? d
                : { ...d, knowledgeFiles: [...d.knowledgeFiles, { id: file.id, name: file.name, status: file.status }] },
            );
          }}
        />
      )}
    </Section>
  );
}

/**
 * A knowledge file the teacher already has (uploaded on My Files or for another bot), added without
 * uploading it again: one file serves several bots (issue 39, item 13). The newest 100 are offered.
 */
function FromMyFiles() {
  const t = useT();
  const { draft, change } = useEditor();
  const mine = useKnowledgeFiles();
  const offered = (mine.data?.files ?? []).filter((f) => !draft.knowledgeFiles.some((k) => k.id === f.id));
  if (!offered.length) return null;
  return (
    <TextField
      select
      size="small"
      label={t('bots.editor.knowledgeFromMyFiles')}
      value=""
      onChange={(e) => {
        const file = offered.find((f) => f.id === e.target.value);
        if (!file) return;
        change('knowledgeFileIds', (d) =>
          d.knowledgeFiles.some((k) => k.id === file.id)
            ? d
            : { ...d, knowledgeFiles: [...d.knowledgeFiles, { id: file.id, name: file.name, status: file.status }] },
        );
      }}
      sx={{ minWidth: 260, maxWidth: '100%', mt: 1, mb: 1 }}
    >
      {offered.map((f) => (
        <MenuItem key={f.id} value={f.id} sx={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
          {f.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
