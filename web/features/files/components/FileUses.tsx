import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FileUses as Uses } from '../../../../contract/my-files';
import { myFilesStrings as s } from '../strings';

const SHOWN = 3;

/** Names as one line: the first few, then "and N more". Titles are users' text, rendered as text. */
export function namesLine(names: string[]): string {
  const cleaned = names.map((n) => n.trim() || s.untitled);
  if (cleaned.length <= SHOWN) return cleaned.join(', ');
  return `${cleaned.slice(0, SHOWN).join(', ')} ${s.usedIn.more(cleaned.length - SHOWN)}`;
}

/** The lines of where a file is used, each a label and names; empty when it is used nowhere. */
export function useLines(uses: Uses): { label: string; names: string }[] {
  const lines: { label: string; names: string }[] = [];
  if (uses.knowledgeOf.length) lines.push({ label: s.usedIn.knowledge, names: namesLine(uses.knowledgeOf.map((b) => b.name)) });
  if (uses.iconOf.length) lines.push({ label: s.usedIn.icon, names: namesLine(uses.iconOf.map((b) => b.name)) });
  const saved = [...uses.savedImages, ...uses.savedDocs];
  if (saved.length) lines.push({ label: s.usedIn.saved, names: namesLine(saved.map((d) => d.title)) });
  if (uses.conversations.length) lines.push({ label: s.usedIn.conversations, names: namesLine(uses.conversations.map((c) => c.title)) });
  if (uses.tickets.length) lines.push({ label: s.usedIn.tickets, names: namesLine(uses.tickets.map((t) => t.subject)) });
  if (uses.otherBots) lines.push({ label: s.usedIn.otherBots(uses.otherBots), names: '' });
  return lines;
}

/** Where a file is used, compactly: "Knowledge of: Leaf quiz". */
export function FileUses({ uses }: { uses: Uses }) {
  const lines = useLines(uses);
  if (!lines.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {s.notUsed}
      </Typography>
    );
  return (
    <Box>
      {lines.map((l) => (
        <Typography key={l.label} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {l.names ? `${l.label}: ` : l.label}
          </Box>
          {l.names}
        </Typography>
      ))}
    </Box>
  );
}
