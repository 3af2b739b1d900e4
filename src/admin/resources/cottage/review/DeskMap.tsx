import { Alert, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslate } from 'react-admin';
import { usePublicConfig } from '../../../components/location/usePublicConfig';

const LeafletMap = lazy(() => import('../../../components/location/LeafletMap'));
const M = 'resources.cottage.map';
const noop = () => undefined;

interface Props {
  latitude?: number | null;
  longitude?: number | null;
  /** Other spots beside it (a twin location's other cottage), labelled. */
  others?: { spot: { latitude: number; longitude: number }; label: string }[];
}

/** The cottage's spot on the map, read only (the location picker's lazy Leaflet chunk). */
export const DeskMap = ({ latitude, longitude, others }: Props) => {
  const translate = useTranslate();
  const config = usePublicConfig();
  if (typeof latitude !== 'number' || typeof longitude !== 'number') {
    return <Typography color="text.secondary">{translate('resources.cottage.review.facts.no_location')}</Typography>;
  }
  if (config.isError) return <Alert severity="warning">{translate(`${M}.map_failed`)}</Alert>;
  if (!config.data) return <Typography>{translate(`${M}.loading`)}</Typography>;
  return (
    <Suspense fallback={<Typography>{translate(`${M}.loading`)}</Typography>}>
      <LeafletMap
        spot={{ latitude, longitude }}
        tileUrl={config.data.mapTileUrl}
        label={translate(`${M}.region`)}
        zoomTitles={{ in: translate(`${M}.zoom_in`), out: translate(`${M}.zoom_out`) }}
        onPick={noop}
        onTileError={noop}
        readOnly
        others={others}
      />
    </Suspense>
  );
};
