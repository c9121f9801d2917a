import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FileUses as Uses } from '../../../../contract/my-files';
import { useT, type Translate } from '../../../lib/i18n';

const SHOWN = 3;

/** Names as one line: the first few, then "and N more". Titles are users' text, rendered as text. */
export function namesLine(names: string[], t: Translate): string {
  const cleaned = names.map((n) => n.trim() || t('files.untitled'));
  if (cleaned.length <= SHOWN) return cleaned.join(', ');
  return `${cleaned.slice(0, SHOWN).join(', ')} ${t('files.usedIn.more', { count: cleaned.length - SHOWN })}`;
}

/** The lines of where a file is used, each a label and names; empty when it is used nowhere. */
export function useLines(uses: Uses, t: Translate): { label: string; names: string }[] {
  const lines: { label: string; names: string }[] = [];
  if (uses.knowledgeOf.length)
    lines.push({
      label: t('files.usedIn.knowledge'),
      names: namesLine(
        uses.knowledgeOf.map((b) => b.name),
        t,
      ),
    });
  if (uses.iconOf.length)
    lines.push({
      label: t('files.usedIn.icon'),
      names: namesLine(
        uses.iconOf.map((b) => b.name),
        t,
      ),
    });
  const saved = [...uses.savedImages, ...uses.savedDocs];
  if (saved.length)
    lines.push({
      label: t('files.usedIn.saved'),
      names: namesLine(
        saved.map((d) => d.title),
        t,
      ),
    });
  if (uses.conversations.length)
    lines.push({
      label: t('files.usedIn.conversations'),
      names: namesLine(
        uses.conversations.map((c) => c.title),
        t,
      ),
    });
  if (uses.tickets.length)
    lines.push({
      label: t('files.usedIn.tickets'),
      names: namesLine(
        uses.tickets.map((x) => x.subject),
        t,
      ),
    });
  if (uses.otherBots) lines.push({ label: t('files.usedIn.otherBots', { count: uses.otherBots }), names: '' });
  return lines;
}

/** Where a file is used, compactly: "Knowledge of: Leaf quiz". */
export function FileUses({ uses }: { uses: Uses }) {
  const t = useT();
  const lines = useLines(uses, t);
  if (!lines.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('files.notUsed')}
      </Typography>
    );
  return (
    <Box>
      {lines.map((l) => (
        <Typography key={l.label} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {l.names ? t('files.usedIn.line', { label: l.label }) : l.label}
          </Box>
          {l.names}
        </Typography>
      ))}
    </Box>
  );
}
