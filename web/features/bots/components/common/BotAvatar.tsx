import Avatar from '@mui/material/Avatar';
import type { BotIcon, BotKind } from '../../../../../contract/bots';

const fallback: Record<BotKind, string> = { DocBot: '📄', ChatBot: '💬', TutorBot: '🎓' };

/**
 * A bot's icon: its emoji, or its picture. Pictures are served to their uploader only, so anyone
 * else (and a picture that fails to load) sees the kind's emoji instead. Decorative: the bot's
 * name is always next to it.
 */
export function BotAvatar({ icon, kind, showPicture, size = 48 }: { icon: BotIcon | null; kind: BotKind; showPicture: boolean; size?: number }) {
  const emoji = icon?.type === 'emoji' ? icon.emoji : fallback[kind];
  const src = icon?.type === 'image' && showPicture ? `/api/files/${encodeURIComponent(icon.fileId)}` : undefined;
  return (
    <Avatar
      src={src}
      alt=""
      aria-hidden
      variant="rounded"
      sx={{ width: size, height: size, fontSize: size * 0.55, bgcolor: 'collectionBackground', color: 'text.primary' }}
    >
      {emoji}
    </Avatar>
  );
}
