import DensitySmallIcon from '@mui/icons-material/DensitySmall';
import { ColumnsButton, CreateButton, FilterButton, TopToolbar, useFilterContext, useResourceDefinition, Button } from 'react-admin';
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
      {hasCreate && <CreateButton label={createLabel} />}
      <ExportCsvButton />
      <ImportCsvButton />
    </TopToolbar>
  );
};
