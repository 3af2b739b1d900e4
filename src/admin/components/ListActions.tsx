import AddIcon from '@mui/icons-material/Add';
import DensitySmallIcon from '@mui/icons-material/DensitySmall';
import {
  Button,
  ColumnsButton,
  CreateButton,
  FilterButton,
  TopToolbar,
  useCanAccess,
  useCreatePath,
  useFilterContext,
  useResourceContext,
  useResourceDefinition,
} from 'react-admin';
import { ExportCsvButton } from './ExportCsvButton';
import { ImportCsvButton } from './ImportCsvButton';
import { useDensity, usePhone } from './layoutPrefs';

/** Compact or comfortable rows, for the user, on every list (the cards of a phone have none). */
const DensityButton = () => {
  const [density, setDensity] = useDensity();
  const compact = density === 'compact';
  return (
    <Button
      label="app.layout.density"
      aria-pressed={compact}
      color={compact ? 'primary' : 'inherit'}
      onClick={() => setDensity(compact ? 'comfortable' : 'compact')}
    >
      <DensitySmallIcon />
    </Button>
  );
};

/**
 * Create on a phone: a button in the toolbar, not react-admin's floating one, which sat over the cards' row actions
 * at the screen's bottom right (#34). The same permission check as react-admin's.
 */
const PhoneCreateButton = ({ label }: { label?: string }) => {
  const resource = useResourceContext();
  const createPath = useCreatePath();
  const { canAccess } = useCanAccess({ action: 'create', resource });
  if (!canAccess || !resource) return null;
  return (
    <Button to={createPath({ resource, type: 'create' })} label={label ?? 'ra.action.create'}>
      <AddIcon />
    </Button>
  );
};

/**
 * Every list's toolbar: the filters that are not always shown (saved queries live on the server, in the aside, so
 * react-admin's browser-store ones are off), the column chooser (hide and reorder, kept in the store), the row
 * density, create when the resource has it (react-admin's button checks `<resource>.create`; `createLabel` renames
 * it), the server's CSV of every matching row, and its import back (for who may create and edit). A phone's cards
 * have no columns or density to choose.
 */
export const ListActions = ({ createLabel }: { createLabel?: string }) => {
  const { hasCreate } = useResourceDefinition();
  const filters = useFilterContext();
  const phone = usePhone();
  return (
    <TopToolbar>
      {filters && <FilterButton disableSaveQuery />}
      {!phone && <ColumnsButton />}
      {!phone && <DensityButton />}
      {hasCreate && (phone ? <PhoneCreateButton label={createLabel} /> : <CreateButton label={createLabel} />)}
      <ExportCsvButton />
      <ImportCsvButton />
    </TopToolbar>
  );
};
