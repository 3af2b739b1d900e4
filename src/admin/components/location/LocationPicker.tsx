/**
 * The cottage's location (DESIGN §6): a lazily loaded Leaflet map (click or drag the marker), a place search, "use my
 * location", and latitude/longitude inputs that can be typed — which keep the form working when the map or the
 * search cannot load. The form value is `{latitude, longitude}` under `source`.
 */
import { Alert, Box, Button, List, ListItemButton, ListItemText, Stack, TextField, Typography } from '@mui/material';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { Component, lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useInput, useNotify, useTranslate } from 'react-admin';
import {
  centreOf,
  parseCoordinate,
  parseSearchResults,
  searchUrl,
  withTyped,
  type Location,
  type SearchResult,
  type Spot,
} from './locationValue';
import { usePublicConfig } from './usePublicConfig';

const LeafletMap = lazy(() => import('./LeafletMap'));

/** A map chunk that fails to load (offline) becomes one line, not a broken form. */
class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

const T = 'resources.cottage.map';
type Axis = 'latitude' | 'longitude';
const show = (n: number | null | undefined) => (typeof n === 'number' ? String(n) : '');

export const LocationPicker = ({ source = 'location' }: { source?: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { field } = useInput({ source });
  const value = (field.value ?? null) as Location | null;
  const config = usePublicConfig();
  const [tilesFailed, setTilesFailed] = useState(false);
  // The typed texts, so "41." can be typed; they follow the value when the map, search or geolocation set it.
  const [texts, setTexts] = useState({ latitude: show(value?.latitude), longitude: show(value?.longitude) });
  useEffect(() => {
    setTexts((t) => ({
      latitude: parseCoordinate(t.latitude, 'latitude') === (value?.latitude ?? null) ? t.latitude : show(value?.latitude),
      longitude: parseCoordinate(t.longitude, 'longitude') === (value?.longitude ?? null) ? t.longitude : show(value?.longitude),
    }));
  }, [value?.latitude, value?.longitude]);

  const { onChange } = field;
  const pick = useCallback((spot: Spot) => onChange(spot), [onChange]);
  const type = (axis: Axis, text: string) => {
    setTexts((t) => ({ ...t, [axis]: text }));
    onChange(withTyped(value, axis, text));
  };

  const myLocation = () => {
    if (!navigator.geolocation) return notify(`${T}.no_geolocation`, { type: 'warning' });
    navigator.geolocation.getCurrentPosition(
      (p) => pick({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => notify(`${T}.geolocation_failed`, { type: 'warning' }),
    );
  };

  const mapFailed = <Alert severity="warning">{translate(`${T}.map_failed`)}</Alert>;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, width: '100%', maxWidth: 720 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {translate(`${T}.label`)}
      </Typography>
      <PlaceSearch geocoderUrl={config.data?.geocoderUrl} onPick={pick} />
      <Button startIcon={<MyLocationIcon />} onClick={myLocation} sx={{ my: 1 }}>
        {translate(`${T}.my_location`)}
      </Button>
      {tilesFailed && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {translate(`${T}.tiles_failed`)}
        </Alert>
      )}
      {config.isError ? (
        mapFailed
      ) : config.data ? (
        <MapBoundary fallback={mapFailed}>
          <Suspense fallback={<Typography>{translate(`${T}.loading`)}</Typography>}>
            <LeafletMap
              spot={centreOf(value)}
              tileUrl={config.data.mapTileUrl}
              label={translate(`${T}.region`)}
              zoomTitles={{ in: translate(`${T}.zoom_in`), out: translate(`${T}.zoom_out`) }}
              onPick={pick}
              onTileError={() => setTilesFailed(true)}
            />
          </Suspense>
        </MapBoundary>
      ) : (
        <Typography>{translate(`${T}.loading`)}</Typography>
      )}
      <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
        {(['latitude', 'longitude'] as const).map((axis) => (
          <TextField
            key={axis}
            label={translate(`${T}.${axis}`)}
            name={`${source}.${axis}`}
            value={texts[axis]}
            onChange={(e) => type(axis, e.target.value)}
            error={parseCoordinate(texts[axis], axis) === undefined}
            inputProps={{ inputMode: 'decimal' }}
            size="small"
          />
        ))}
      </Stack>
    </Box>
  );
};

/** The Nominatim-compatible search: results as buttons; a failure says so in one line. */
const PlaceSearch = ({ geocoderUrl, onPick }: { geocoderUrl?: string; onPick(spot: Spot): void }) => {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [results, setResults] = useState<SearchResult[] | null>(null);
  const [failed, setFailed] = useState(false);
  const search = async () => {
    if (!geocoderUrl || !text.trim()) return;
    try {
      const res = await fetch(searchUrl(geocoderUrl, text), { headers: { Accept: 'application/json' } });
      if (!res.ok) throw new Error(String(res.status));
      setResults(parseSearchResults(await res.json()));
      setFailed(false);
    } catch {
      setFailed(true);
      setResults(null);
    }
  };
  return (
    <Box>
      <Stack direction="row" spacing={1}>
        <TextField
          size="small"
          value={text}
          placeholder={translate(`${T}.search`)}
          inputProps={{ 'aria-label': translate(`${T}.search`) }}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Enter searches instead of submitting the cottage form.
            if (e.key === 'Enter') {
              e.preventDefault();
              void search();
            }
          }}
          sx={{ flex: 1 }}
        />
        <Button variant="outlined" onClick={() => void search()} disabled={!geocoderUrl}>
          {translate(`${T}.search_button`)}
        </Button>
      </Stack>
      {failed && <Alert severity="warning" sx={{ mt: 1 }}>{translate(`${T}.search_failed`)}</Alert>}
      {results?.length === 0 && <Typography sx={{ mt: 1 }}>{translate(`${T}.no_results`)}</Typography>}
      {results && results.length > 0 && (
        <List dense>
          {results.map((r) => (
            <ListItemButton
              key={`${r.latitude},${r.longitude},${r.label}`}
              onClick={() => {
                onPick(r);
                setResults(null);
              }}
            >
              <ListItemText primary={r.label} />
            </ListItemButton>
          ))}
        </List>
      )}
    </Box>
  );
};
