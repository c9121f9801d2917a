import { useId, useState, type RefObject } from 'react';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Snackbar from '@mui/material/Snackbar';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Description from '@mui/icons-material/Description';
import Download from '@mui/icons-material/Download';
import IosShare from '@mui/icons-material/IosShare';
import Print from '@mui/icons-material/Print';
import { useDownloadDocx } from '../api/exportDocx';
import { savedDocxUrl } from '../api/saved';
import { useT } from '../../../lib/i18n';
import { copyFormatted } from '../../../components/export/copyFormatted';
import { printElement } from '../../../components/export/printDocument';

export interface ExportMenuProps {
  /** The document's title: the DOCX's own title and the PDF's name. */
  title: string;
  /** The Word file's name (no extension), when it is not the title: a runner's bot and today's date. */
  fileName?: string;
  /** The document's Markdown: DOCX of unsaved text and the plain-text part of Copy. */
  markdown?: string;
  /** A saved item: its DOCX comes from the server (what was last saved). */
  savedId?: string;
  /** The rendered document: what Print and Copy take. */
  target?: RefObject<HTMLElement | null>;
  /** An image to download instead of a document. */
  image?: { url: string; name: string };
  disabled?: boolean;
  size?: 'small' | 'medium';
}

/**
 * Export for the runners and Saved Docs: Word (.docx), Print / Save as PDF (the document alone,
 * through the print stylesheet), Copy as formatted text, and Download for images.
 */
export function ExportMenu({ title, fileName, markdown, savedId, target, image, disabled, size = 'medium' }: ExportMenuProps) {
  const t = useT();
  const downloadDocx = useDownloadDocx();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  const hasDocument = markdown !== undefined || Boolean(savedId);

  const onDocx = async () => {
    close();
    try {
      if (markdown !== undefined) await downloadDocx(title, markdown, fileName);
      else if (savedId) window.location.assign(savedDocxUrl(savedId));
    } catch {
      setNotice(t('saved.export.failed'));
    }
  };
  const onPrint = () => {
    close();
    if (target?.current) printElement(target.current, title);
  };
  const onCopy = async () => {
    close();
    try {
      await copyFormatted(target?.current ?? null, markdown ?? target?.current?.innerText ?? '');
      setNotice(t('saved.export.copied'));
    } catch {
      setNotice(t('saved.export.copyFailed'));
    }
  };

  return (
    <>
      <Button
        size={size}
        variant="outlined"
        startIcon={<IosShare />}
        disabled={disabled}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {t('saved.export.menu')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {hasDocument && (
          <MenuItem onClick={() => void onDocx()}>
            <ListItemIcon>
              <Description fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('saved.export.docx')}</ListItemText>
          </MenuItem>
        )}
        {target && (
          <MenuItem onClick={onPrint}>
            <ListItemIcon>
              <Print fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('saved.export.print')}</ListItemText>
          </MenuItem>
        )}
        {target && (
          <MenuItem onClick={() => void onCopy()}>
            <ListItemIcon>
              <ContentCopy fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('saved.export.copy')}</ListItemText>
          </MenuItem>
        )}
        {image && (
          <MenuItem component="a" href={image.url} download={image.name} onClick={close}>
            <ListItemIcon>
              <Download fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('saved.export.downloadImage')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
      <Snackbar open={Boolean(notice)} autoHideDuration={5000} onClose={() => setNotice(null)} message={notice ?? ''} />
    </>
  );
}
