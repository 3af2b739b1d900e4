import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, Popover, Stack, Tooltip } from '@mui/material';
import { createContext, useContext, useLayoutEffect, useState, type ReactNode, type RefObject } from 'react';
import { useTranslate } from 'react-admin';

/** Whether the rows' buttons are folded into one menu button (the table did not fit its box). */
export const FoldContext = createContext(false);
export const useFolded = () => useContext(FoldContext);

/**
 * Folds the rows' buttons when the table is wider than its box, and unfolds them once the box is as wide as the
 * unfolded table was (so a width in between does not flip back and forth).
 */
export function useFoldWhenShort(box: RefObject<HTMLElement | null>) {
  const [unfoldedWidth, setUnfoldedWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => {
      const table = el.querySelector('table');
      if (!table) return;
      const available = el.clientWidth;
      setUnfoldedWidth((folded) => {
        if (folded === null) return table.scrollWidth > available + 1 ? table.scrollWidth : null;
        return available >= folded ? null : folded;
      });
    };
    const observer = new ResizeObserver(check);
    observer.observe(el);
    const table = el.querySelector('table');
    if (table) observer.observe(table);
    check();
    return () => observer.disconnect();
  });
  return unfoldedWidth !== null;
}

/**
 * The row's buttons behind one "Actions" button. The menu stays mounted when closed, so a button's question (delete,
 * confirm…) outlives the menu that a click on the button closes.
 */
export const FoldedActions = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = translate('app.row_actions');
  return (
    <>
      <Tooltip title={name}>
        <IconButton aria-label={name} aria-haspopup="true" aria-expanded={Boolean(anchor)} size="small" onClick={(e) => setAnchor(e.currentTarget)}>
          <MoreVertIcon />
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        keepMounted
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Stack direction="row" sx={{ p: 0.5 }} onClick={() => setAnchor(null)}>
          {children}
        </Stack>
      </Popover>
    </>
  );
};
