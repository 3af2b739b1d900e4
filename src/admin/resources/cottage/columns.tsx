import CategoryIcon from '@mui/icons-material/Category';
import ChairIcon from '@mui/icons-material/Chair';
import PaymentsIcon from '@mui/icons-material/Payments';
import PlaceIcon from '@mui/icons-material/Place';
import PublicIcon from '@mui/icons-material/Public';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import {
  DataTable,
  FilterList,
  ReferenceInput,
  SearchInput,
  useCreatePath,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ACTIVE_STATUSES } from '../../../shared/enums';
import { ImageThumb } from '../../components/ImageThumb';
import { IfRowAccess } from '../../components/rowAccess';
import { EnumFilterList, QuickFilterItem, ReferenceFilterList } from '../../components/QuickFilters';
import { RowButton } from '../../components/RowButton';
import { RowNumber } from '../../components/RowNumber';
import { StatusChip } from '../../components/StatusChip';
import { useFormat } from '../../components/formats';
import { useDensity } from '../../components/layoutPrefs';

/** The cottage lists' column labels: `resources.cottage.list.<name>`. */
export const label = (name: string) => `resources.cottage.list.${name}`;

interface Named {
  id: string;
  name: string;
  hidePrice?: boolean;
}

const ImagesLink = () => {
  const record = useRecordContext();
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <RowButton component={Link} to={`${createPath({ resource: 'cottage', type: 'edit', id: record.id })}#images`} label={label('images')} color="primary" icon={<PhotoLibraryIcon />} />
  );
};

/** Opens the cottage's edit page at its images; shown only with `cottage.edit`. */
const ImagesButton = () => (
  <IfRowAccess action="edit">
    <ImagesLink />
  </IfRowAccess>
);

/** The cottage's types as read (the dataProvider keeps the objects beside the id list `cottageType`). */
const typesOf = (record: Record<string, unknown> | undefined) => (record?.cottageTypeRecords ?? []) as Named[];

const TypeChips = () => {
  const types = typesOf(useRecordContext());
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {types.map((type) => (
        <Chip key={type.id} size="small" label={type.name} />
      ))}
    </Stack>
  );
};

const RegionPlace = () => {
  const record = useRecordContext();
  return (
    <>
      <Typography variant="body2">{record?.region?.name}</Typography>
      <Typography variant="body2" color="text.secondary">
        {record?.place?.name}
      </Typography>
    </>
  );
};

/** "price sum / weekend sum (weekend)", or "Masjid" when any of the cottage's types hides its price (a type's flag). */
const CottagePrice = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const format = useFormat();
  const [density] = useDensity();
  if (!record) return null;
  const hidden = typesOf(record).some((type) => type.hidePrice);
  if (hidden) return <span data-testid="price-hidden">{translate(label('masjid'))}</span>;
  const full = translate(label('price_value'), { price: format.number(record.price), weekend: format.number(record.priceWeekend) });
  // Compact rows are one line: the two numbers, whole (the sentence, in the tooltip, would be cut with "…").
  if (density === 'compact') return <span title={full} style={{ whiteSpace: 'nowrap' }}>{`${format.number(record.price)} / ${format.number(record.priceWeekend)}`}</span>;
  // Each price stays whole on its line; the line breaks only between them and before the weekend's note.
  const [weekday, weekend = ''] = full.split(' / ');
  const note = weekend.indexOf(' (');
  return (
    <span>
      <span style={{ whiteSpace: 'nowrap' }}>{weekday}</span> / <span style={{ whiteSpace: 'nowrap' }}>{note < 0 ? weekend : weekend.slice(0, note)}</span>
      {note < 0 ? '' : weekend.slice(note)}
    </span>
  );
};

/** The columns both cottage lists show, between the row number and the row's actions. */
export const cottageColumns = [
  <DataTable.Col key="id" source="id" label="app.columns.id" disableSort render={() => <RowNumber />} />,
  <DataTable.Col key="name" source="name" label={label('name')} />,
  <DataTable.Col
    key="mainImage"
    source="mainImage"
    label={label('mainImage')}
    disableSort
    render={() => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <ImageThumb source="mainImage" alt="" width={120} height={100} />
        <ImagesButton />
      </Box>
    )}
  />,
  <DataTable.Col key="cottageType" source="cottageType" label={label('types')} disableSort render={() => <TypeChips />} />,
  <DataTable.Col key="region" source="region" label={label('regionPlace')} render={() => <RegionPlace />} />,
  <DataTable.Col key="cottageStatus" source="cottageStatus" label={label('cottageStatus')} disableSort render={() => <StatusChip source="cottageStatus" />} />,
  <DataTable.Col key="status" source="status" label={label('status')} disableSort render={() => <StatusChip source="status" />} />,
  <DataTable.Col key="price" source="price" label={label('price')} render={() => <CottagePrice />} />,
];

export const cottageFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="regionId" source="regionId" reference="region" sort={{ field: 'name', order: 'ASC' }} label={label('region')} />,
  <ReferenceInput key="placeId" source="placeId" reference="place" sort={{ field: 'name', order: 'ASC' }} label={label('place')} />,
];

/** Price bands of the quick filter, in sum. */
const PRICE_BANDS: [number | undefined, number | undefined][] = [
  [undefined, 500_000],
  [500_000, 1_000_000],
  [1_000_000, 2_000_000],
  [2_000_000, undefined],
];

const PriceFilterList = () => {
  const translate = useTranslate();
  const { number } = useFormat();
  const text = ([min, max]: (number | undefined)[]) => {
    if (min === undefined) return translate(label('price_below'), { max: number(max ?? 0) });
    if (max === undefined) return translate(label('price_above'), { min: number(min) });
    return translate(label('price_between'), { min: number(min), max: number(max) });
  };
  return (
    <FilterList label={label('price_range')} icon={<PaymentsIcon />}>
      {PRICE_BANDS.map((band) => {
        const value: Record<string, number> = {};
        if (band[0] !== undefined) value.price_gte = band[0];
        if (band[1] !== undefined) value.price_lte = band[1];
        return <QuickFilterItem key={band.join('-')} label={text(band)} value={value} />;
      })}
    </FilterList>
  );
};

/** Quick filters: region, place, type, comfort, status and a price band. */
export const CottageQuickFilters = () => (
  <>
    <ReferenceFilterList source="regionId" reference="region" label={label('region')} icon={<PublicIcon />} />
    <ReferenceFilterList source="placeId" reference="place" label={label('place')} icon={<PlaceIcon />} />
    <ReferenceFilterList source="cottageType" reference="cottage-type" label={label('type')} icon={<CategoryIcon />} />
    <ReferenceFilterList source="comfort" reference="comfort" label={label('comfort')} icon={<ChairIcon />} />
    <EnumFilterList source="status" values={ACTIVE_STATUSES} label={label('status')} icon={<ToggleOnIcon />} valueLabel={(v) => `app.status.${String(v)}`} />
    <PriceFilterList />
  </>
);
