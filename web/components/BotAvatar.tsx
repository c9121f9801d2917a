import Avatar from '@mui/material/Avatar';
// Only @font-face rules with unicode-range subsets (a few KB of CSS, in the chunk of whatever page
// shows a bot); a browser fetches just the subsets of the emoji on screen, and only where no
// system emoji font has them (a Linux desktop, a kiosk, a headless browser).
import './emojiFont.css';
import type { BotIcon, BotKind } from '../../contract/bots';

const fallback: Record<BotKind, string> = { DocBot: '📄', ChatBot: '💬', TutorBot: '🎓' };

/** The system's colour emoji first, the shipped Noto Color Emoji where there is none. */
export const emojiFontFamily = '"Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol", "Noto Color Emoji", sans-serif';

/**
 * Where a saved bot's uploaded icon is served to everyone who may see the bot. The file id in the
 * query changes the address when the icon changes, so a cached picture is never shown for a new one.
 */
const botIconUrl = (botId: string, fileId: string) => `/api/bots/${encodeURIComponent(botId)}/icon?v=${encodeURIComponent(fileId)}`;

/** Where a student's assignment serves its tutor's uploaded icon (the student cannot see the bot itself). */
const assignmentIconUrl = (asid: string, fileId: string) =>
  `/api/my-assignments/${encodeURIComponent(asid)}/icon?v=${encodeURIComponent(fileId)}`;

/**
 * A bot's icon: its emoji, or its picture. `botId` names the saved bot whose icon this is, served
 * to whoever may see that bot; null means a picture the caller has just uploaded and not saved
 * yet, served from their own files. `assignmentId` (a student's record) serves the picture through
 * the assignment instead. A picture that fails to load shows the kind's emoji instead.
 * Decorative: the bot's name is always next to it.
 */
export function BotAvatar({
  icon,
  kind,
  botId,
  assignmentId,
  size = 48,
}: {
  icon: BotIcon | null;
  kind: BotKind;
  botId: string | null;
  assignmentId?: string;
  size?: number;
}) {
  const emoji = icon?.type === 'emoji' ? icon.emoji : fallback[kind];
  const src =
    icon?.type !== 'image'
      ? undefined
      : assignmentId
        ? assignmentIconUrl(assignmentId, icon.fileId)
        : botId
          ? botIconUrl(botId, icon.fileId)
          : `/api/files/${encodeURIComponent(icon.fileId)}`;
  return (
    <Avatar
      src={src}
      alt=""
      aria-hidden
      variant="rounded"
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.55,
        fontFamily: emojiFontFamily,
        bgcolor: 'collectionBackground',
        color: 'text.primary',
      }}
    >
      {emoji}
    </Avatar>
  );
}
