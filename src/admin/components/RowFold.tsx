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
    let observed: Element | null = null;
    let frame = 0;
    const check = () => {
      frame = 0;
      const table = el.querySelector('table');
      if (!table) return;
      // The table comes and goes with the data (loading, a new page): watch the one shown.
      if (table !== observed) {
        if (observed) resize.unobserve(observed);
        resize.observe(table);
        observed = table;
      }
      const available = el.clientWidth;
      setUnfoldedWidth((folded) => {
        if (folded === null) return table.scrollWidth > available + 1 ? table.scrollWidth : null;
        return available >= folded ? null : folded;
      });
    };
    const later = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    const resize = new ResizeObserver(later);
    resize.observe(el);
    const mutations = new MutationObserver(later);
    mutations.observe(el, { childList: true, subtree: true });
    check();
    return () => {
      resize.disconnect();
      mutations.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [box]);
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
