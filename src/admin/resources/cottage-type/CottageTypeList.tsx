import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Chip } from '@mui/material';
import { BooleanInput, DataTable, SearchInput, useRecordContext, useTranslate } from 'react-admin';
import { KitDataTable, KitList } from '../../components/KitList';
import { ImageColumn } from '../../components/ImageColumn';
import { EnumFilterList } from '../../components/QuickFilters';
import { RowActions } from '../../components/RowActions';
import { RowNumber } from '../../components/RowNumber';

const filters = [<SearchInput key="q" source="q" alwaysOn />, <BooleanInput key="hidePrice" source="hidePrice" />];

const priceLabel = (hides: unknown) => `resources.cottage-type.${hides ? 'hides_price' : 'shows_price'}`;

/** "Hides the price (Masjid)": cottages of such a type show no price. */
const HidePriceCell = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return record.hidePrice ? (
    <Chip size="small" color="warning" label={translate(priceLabel(true))} />
  ) : (
    <Chip size="small" variant="outlined" label={translate(priceLabel(false))} />
  );
};

/** Columns: #, name, image (with its own edit dialog), the hides-the-price flag, edit, delete. */
export const CottageTypeList = () => (
  <KitList
    filters={filters}
    sort={{ field: 'name', order: 'ASC' }}
    quickFilters={
      <EnumFilterList
        source="hidePrice"
        values={[true, false]}
        label="resources.cottage-type.fields.hidePrice"
        icon={<VisibilityOffIcon />}
        valueLabel={priceLabel}
      />
    }
  >
    <KitDataTable>
      <DataTable.Col source="id" disableSort render={() => <RowNumber />} />
      <DataTable.Col source="name" />
      <ImageColumn source="image" />
      <DataTable.Col source="hidePrice" disableSort render={() => <HidePriceCell />} />
      <RowActions deleteContent="resources.cottage-type.delete_warning" />
    </KitDataTable>
  </KitList>
);
