import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LTI_KEY_RETIRED_DAYS, type LtiPlatform, type LtiToolSettings } from '../../../../contract/lti';
import { DialogFooter } from '../../../components/DialogFooter';
import { dateTime } from '../../../lib/format';
import { useDeleteLtiPlatform } from './api/deleteLtiPlatform';
import { ltiPlatformsQuery } from './api/listLtiPlatforms';
import { useRotateLtiKey } from './api/rotateLtiKey';
import { Fact, LoadError, Loading } from './common';
import { PlatformDialog } from './PlatformDialog';
import { useT } from '../../../lib/i18n';

/**
 * Course platforms (LTI 1.3, docs/decisions/261-lti-1-3.md): the addresses an LMS administrator
 * pastes, the registered platforms with Delete (confirmed: it cannot be undone), Register a
 * platform, and Rotate signing key.
 */
export function PlatformsTab() {
  const t = useT();
  const list = useQuery(ltiPlatformsQuery());
  const [registering, setRegistering] = useState(false);
  const [deleting, setDeleting] = useState<LtiPlatform | null>(null);
  const [rotating, setRotating] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  return (
    <Box data-testid="superdash-lti">
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        {t('dashboards.super.lti.intro')}
      </Typography>
      {done && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      {list.isPending ? (
        <Loading label={t('dashboards.super.lti.loading')} />
      ) : list.isError ? (
        <LoadError what={t('dashboards.super.lti.what')} onRetry={() => void list.refetch()} />
      ) : (
        <Stack spacing={3}>
          <ToolAddresses tool={list.data.tool} />
          <Box component="section" aria-labelledby="lti-platforms-title">
            <Stack direction="row" sx={{ mb: 1.5, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Typography id="lti-platforms-title" component="h2" variant="h6" sx={{ flex: '1 1 auto' }}>
                {t('dashboards.super.lti.listTitle')}
              </Typography>
              <Button variant="outlined" onClick={() => setRotating(true)}>
                {t('dashboards.super.lti.rotate')}
              </Button>
              <Button variant="contained" onClick={() => setRegistering(true)}>
                {t('dashboards.super.lti.register')}
              </Button>
            </Stack>
            {list.data.platforms.length === 0 ? (
              <Typography color="text.secondary">{t('dashboards.super.lti.empty')}</Typography>
            ) : (
              <Stack spacing={1.5} component="ul" aria-label={t('dashboards.super.lti.listLabel')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {list.data.platforms.map((p) => (
                  <PlatformCard key={p.id} platform={p} onDelete={() => setDeleting(p)} />
                ))}
              </Stack>
            )}
          </Box>
        </Stack>
      )}
      {registering && (
        <PlatformDialog
          onClose={() => setRegistering(false)}
          onRegistered={(platform) => {
            setRegistering(false);
            setDone(t('dashboards.super.lti.registered', { name: platform.name }));
          }}
        />
      )}
      {deleting && (
        <DeleteDialog
          platform={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDone(t('dashboards.super.lti.deleted', { name: deleting.name }));
            setDeleting(null);
          }}
        />
      )}
      {rotating && (
        <RotateDialog
          onClose={() => setRotating(false)}
          onRotated={() => {
            setRotating(false);
            setDone(t('dashboards.super.lti.rotated', { days: LTI_KEY_RETIRED_DAYS }));
          }}
        />
      )}
    </Box>
  );
}

const toolKeys = ['loginUrl', 'launchUrl', 'deepLinkUrl', 'jwksUrl'] as const;

/** The four addresses of ClassBots an LMS asks for, each with Copy; what was copied is said in a live region. */
function ToolAddresses({ tool }: { tool: LtiToolSettings }) {
  const t = useT();
  const [copied, setCopied] = useState('');
  const copy = (key: (typeof toolKeys)[number]) => {
    setCopied('');
    // Without a secure context the browser has no clipboard: the address stays selectable on the page.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(tool[key]))
      .then(
        () => setCopied(t(`dashboards.super.lti.tool.${key}.copied`)),
        () => setCopied(t('dashboards.super.lti.copyFailed')),
      );
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="lti-tool-title" sx={{ p: 2 }}>
      <Typography id="lti-tool-title" component="h2" variant="h6">
        {t('dashboards.super.lti.toolTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('dashboards.super.lti.toolBody')}
      </Typography>
      <List disablePadding aria-label={t('dashboards.super.lti.toolLabel')}>
        {toolKeys.map((key, i) => (
          <ListItem
            key={key}
            disableGutters
            divider={i < toolKeys.length - 1}
            sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', py: 1 }}
          >
            <Box sx={{ flex: '1 1 18rem', minWidth: 0 }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {t(`dashboards.super.lti.tool.${key}.label`)}
              </Typography>
              <Typography variant="body2" component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', display: 'block' }}>
                {tool[key]}
              </Typography>
            </Box>
            <Button size="small" variant="outlined" onClick={() => copy(key)} aria-label={t(`dashboards.super.lti.tool.${key}.copy`)}>
              {t('dashboards.super.lti.copy')}
            </Button>
          </ListItem>
        ))}
      </List>
      <Typography variant="body2" role="status" color={copied === t('dashboards.super.lti.copyFailed') ? 'error' : 'text.secondary'}>
        {copied}
      </Typography>
    </Paper>
  );
}

function PlatformCard({ platform: p, onDelete }: { platform: LtiPlatform; onDelete: () => void }) {
  const t = useT();
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2 }} aria-label={p.name} data-platform={p.id}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', justifyContent: 'space-between', mb: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {p.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {p.schoolName}
          </Typography>
        </Box>
        <Button
          size="small"
          variant="outlined"
          color="error"
          onClick={onDelete}
          aria-label={t('dashboards.super.lti.deleteLabel', { name: p.name })}
        >
          {t('dashboards.super.lti.delete')}
        </Button>
      </Stack>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 1.5, m: 0 }}>
        <Fact label={t('dashboards.super.lti.issuer')}>{p.issuer}</Fact>
        <Fact label={t('dashboards.super.lti.clientId')}>{p.clientId}</Fact>
        <Fact label={t('dashboards.super.lti.deploymentIds')}>{p.deploymentIds.join(', ')}</Fact>
        <Fact label={t('dashboards.super.lti.addresses')}>
          {p.managedAddresses ? t('dashboards.super.lti.addressesManaged') : t('dashboards.super.lti.addressesVerified')}
        </Fact>
        <Fact label={t('dashboards.super.lti.created')}>{dateTime(p.createdAt)}</Fact>
      </Box>
    </Paper>
  );
}

/** Deleting a registration cannot be undone (decision 018: confirmation, not Undo). */
function DeleteDialog({ platform, onClose, onDeleted }: { platform: LtiPlatform; onClose: () => void; onDeleted: () => void }) {
  const t = useT();
  const remove = useDeleteLtiPlatform();
  const busy = remove.isPending;
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="lti-delete-title">
      <DialogTitle id="lti-delete-title" sx={{ overflowWrap: 'anywhere' }}>
        {t('dashboards.super.lti.deleteTitle', { name: platform.name })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{t('dashboards.super.lti.deleteBody')}</DialogContentText>
        {remove.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {remove.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogFooter
        cancelLabel={t('common.cancel')}
        onCancel={onClose}
        confirmLabel={busy ? t('dashboards.super.lti.working') : t('dashboards.super.lti.delete')}
        busy={busy}
        danger
        onConfirm={() => remove.mutate(platform.id, { onSuccess: onDeleted })}
      />
    </Dialog>
  );
}

function RotateDialog({ onClose, onRotated }: { onClose: () => void; onRotated: () => void }) {
  const t = useT();
  const rotate = useRotateLtiKey();
  const busy = rotate.isPending;
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="lti-rotate-title">
      <DialogTitle id="lti-rotate-title">{t('dashboards.super.lti.rotateTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('dashboards.super.lti.rotateBody', { days: LTI_KEY_RETIRED_DAYS })}</DialogContentText>
        {rotate.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {rotate.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogFooter
        cancelLabel={t('common.cancel')}
        onCancel={onClose}
        confirmLabel={busy ? t('dashboards.super.lti.working') : t('dashboards.super.lti.rotateConfirm')}
        busy={busy}
        onConfirm={() => rotate.mutate(undefined, { onSuccess: onRotated })}
      />
    </Dialog>
  );
}
