import InboxIcon from '@mui/icons-material/Inbox';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useRef, type ReactNode } from 'react';
import {
  CreateButton,
  DataTable,
  List,
  Pagination,
  useListContext,
  useGetResourceLabel,
  useResourceContext,
  useResourceDefinition,
  useTranslate,
  type DataTableProps,
  type ListProps,
} from 'react-admin';
import { useTabTitle } from '../ui/useTabTitle';
import { listStaleTime } from '../providers/listPrefetch';
import { KitCards } from './KitCards';
import { FoldContext, useFoldWhenShort } from './RowFold';
import { useDensity, usePhone } from './layoutPrefs';
import { ListActions } from './ListActions';
import { LiveChangesChip } from '../live/LiveParts';
import { ListAside } from './ListAside';
import { RowAccessProvider } from './rowAccess';
import { useBulkDelete } from './useBulkDelete';

/**
 * The empty state: `resources.<resource>.empty` as a level-two heading under the page's h1 (react-admin's is an h4
 * in a grey below 3:1, axe `heading-order` and `color-contrast`), and create when the user may.
 */
const ListEmpty = () => {
  const resource = useResourceContext();
  const translate = useTranslate();
  const resourceLabel = useGetResourceLabel();
  const { hasCreate } = useResourceDefinition();
  const fallback = translate('ra.page.empty', { name: resourceLabel(resource ?? '', 0) });
  return (
    <Box className="KitList-empty" sx={{ textAlign: 'center', mt: 6, mx: 'auto', color: 'text.secondary' }}>
      {/* The empty state replaces the list's children, the chip with them: a record another panel adds is told here. */}
      <LiveChangesChip />
      <InboxIcon sx={{ fontSize: 96 }} aria-hidden />
      <Typography variant="h5" component="h2">
        {translate(`resources.${resource}.empty`, { _: fallback })}
      </Typography>
      {hasCreate && (
        <>
          <Typography sx={{ mt: 1 }}>{translate('ra.page.invite')}</Typography>
          <CreateButton variant="contained" sx={{ mt: 2 }} />
        </>
      )}
    </Box>
  );
};

/**
 * A list whose data call failed (issue #34): says so, with the server's message and a retry, never the empty state's
 * "nothing found" (react-admin renders the children, and so the table's own empty state, when no `error` is given).
 */
const ListError = () => {
  const translate = useTranslate();
  const { error, refetch, isFetching } = useListContext();
  const message = error instanceof Error && error.message ? error.message : 'app.error.generic';
  return (
    <Alert
      severity="error"
      role="alert"
      icon={<ErrorOutlineIcon />}
      data-testid="list-error"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" disabled={isFetching} onClick={() => void refetch()}>
          {translate('app.error.retry')}
        </Button>
      }
    >
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate('app.error.list')}
      </Typography>
      {translate(message, { _: message })}
    </Alert>
  );
};

/** The pager, but not under a failed list: "1-10 / 10" of what was shown before the failure would be a lie. */
const KitPagination = () => {
  const { error } = useListContext();
  return error ? null : <Pagination />;
};

interface KitListExtras {
  quickFilters?: ReactNode;
  /** The page's title key when it is not `resources.<resource>.title` (a second list of the same resource). */
  titleKey?: string;
  /** Where the saved queries are kept when not under the resource's route (a second list of the same resource). */
  savedQueries?: string;
}

/**
 * A list with the operators' kit, the same on every screen: its title (page and browser tab) from
 * `resources.<resource>.title`, the toolbar (filters, columns, create, CSV export), and the aside with the saved
 * queries above the list's own `quickFilters`, and an empty state that names the resource.
 */
export const KitList = ({ quickFilters, actions, titleKey, savedQueries, queryOptions, children, ...props }: Omit<ListProps, 'aside' | 'title'> & KitListExtras) => {
  const resource = useResourceContext(props);
  const title = titleKey ?? `resources.${resource}.title`;
  useTabTitle(title);
  return (
    <List
      title={title}
      actions={actions ?? <ListActions />}
      aside={<ListAside savedQueries={savedQueries}>{quickFilters}</ListAside>}
      empty={<ListEmpty />}
      error={<ListError />}
      pagination={<KitPagination />}
      // The list's column may be narrower than its table (which then folds or scrolls in its box), never the page.
      sx={{ '& .RaList-main': { minWidth: 0 } }}
      // A first page the menu click already fetched (providers/listPrefetch) is used without asking again.
      queryOptions={{ staleTime: listStaleTime, ...queryOptions }}
      {...props}
    >
      {/* Changes of this resource since the list was loaded (issue #25): counted, shown when clicked. */}
      <LiveChangesChip />
      {children}
    </List>
  );
};

/** Cells are padded by 6 px, not MUI's 16, and headers wrap (long Uzbek words) rather than widen their column. */
const comfortableRows = {
  '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
  '& td, & th': { px: 0.75 },
  '& .MuiTableCell-paddingCheckbox': { pl: 0.75, pr: 0 },
  '& thead th': { whiteSpace: 'normal', lineHeight: 1.3 },
  // A sort button stays a 24 px target with the narrower padding (WCAG 2.5.8, axe `target-size`), and the bulk
  // toolbar's buttons, clipped to nothing while no row is selected, are hidden too (not over a header, not tabbable).
  '& thead .MuiTableSortLabel-root': { minHeight: 24 },
  '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' },
  // A cell's second line (e.g. an order's placement dates) wraps too.
  '& td .MuiTypography-root': { whiteSpace: 'normal' },
} as const;

/**
 * Compact rows: one line each (a cell's parts side by side, long texts cut with "…"; the row's buttons never), tight
 * padding, small checkboxes and buttons, thumbnails at row height, so 20 and more rows fit a 768 px screen.
 */
const compactRows = {
  ...comfortableRows,
  '& td, & th': { py: '2px', px: 0.75, fontSize: '0.8125rem', lineHeight: 1.25 },
  '& td': { whiteSpace: 'nowrap', maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis' },
  '& td:last-child': { maxWidth: 'none', overflow: 'visible' },
  '& td .MuiTypography-root, & td .MuiStack-root, & td .MuiBox-root': { display: 'inline', whiteSpace: 'nowrap' },
  '& td .MuiTypography-root + .MuiTypography-root': { ml: 0.5 },
  '& .MuiCheckbox-root, & .MuiIconButton-root': { p: '2px' },
  '& .MuiCheckbox-root .MuiSvgIcon-root, & .MuiIconButton-root .MuiSvgIcon-root': { fontSize: 20 },
  '& td img': { height: 22, width: 'auto', maxWidth: 44, verticalAlign: 'middle' },
  '& .MuiChip-root': { height: 20, mr: 0.5 },
} as const;

/**
 * The kit's table: rows are no links (their buttons are), rows can be selected for bulk delete by those who may
 * delete, and the rows' buttons learn the user's edit and delete permissions once for the whole table. Rows are
 * comfortable or compact (the user's choice); on a phone the same columns are cards.
 */
export const KitDataTable = (props: DataTableProps) => {
  const bulkActionButtons = useBulkDelete();
  const phone = usePhone();
  const [density] = useDensity();
  const compact = density === 'compact';
  const box = useRef<HTMLDivElement>(null);
  const folded = useFoldWhenShort(box);
  return (
    <RowAccessProvider>
      {phone ? (
        <KitCards {...props} />
      ) : (
        // The box never grows past the list's width (its content's width is not asked for, `contain`): a table too
        // wide for it folds its rows' buttons, then scrolls in its wrapper, never the page. (The box itself does not
        // scroll: it would clip the bulk actions' toolbar, drawn over the table's head.)
        <Box ref={box} className="KitDataTable-box" sx={{ contain: 'inline-size' }}>
          <FoldContext.Provider value={folded}>
            <DataTable
              bulkActionButtons={bulkActionButtons}
              rowClick={false}
              size="small"
              className={compact ? 'KitDataTable-compact' : 'KitDataTable-comfortable'}
              sx={compact ? compactRows : comfortableRows}
              {...props}
            />
          </FoldContext.Provider>
        </Box>
      )}
    </RowAccessProvider>
  );
};
