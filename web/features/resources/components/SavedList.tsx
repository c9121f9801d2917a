import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Chat from '@mui/icons-material/Chat';
import Description from '@mui/icons-material/Description';
import Image from '@mui/icons-material/Image';
import type { SavedSummary } from '../../../../contract/saved';
import { useT } from '../../../lib/i18n';
import { savedMeta } from './savedMeta';
const icons = { document: <Description />, conversation: <Chat />, image: <Image /> };

/** The saved items as one list; each opens its editor. */
export function SavedList({ items, onOpen }: { items: SavedSummary[]; onOpen: (id: string) => void }) {
  const t = useT();
  return (
    <List aria-label={t('saved.pageTitle')} sx={{ bgcolor: 'background.paper', borderRadius: 1 }}>
      {items.map((item) => (
        <ListItem key={item.id} disablePadding divider>
          <ListItemButton onClick={() => onOpen(item.id)} sx={{ alignItems: 'flex-start' }}>
            <ListItemIcon sx={{ mt: 0.5 }} aria-hidden>
              {icons[item.kind]}
            </ListItemIcon>
            <ListItemText
              primary={item.title}
              secondary={
                <>
                  <span>{savedMeta(t, item, true)}</span>
                  {item.excerpt && (
                    <span
                      style={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', marginTop: 4 }}
                    >
                      {item.excerpt}
                    </span>
                  )}
                </>
              }
              slotProps={{
                primary: { sx: { fontWeight: 500, overflowWrap: 'anywhere' } },
                secondary: { component: 'div', sx: { overflowWrap: 'anywhere' } },
              }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
