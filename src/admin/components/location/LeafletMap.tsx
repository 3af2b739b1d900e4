/**
 * The Leaflet part of the location picker, loaded lazily (React.lazy) so neither Leaflet nor its CSS are in the
 * login page or the lists. It only shows `spot` and reports picks; the value lives in `LocationPicker`.
 */
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
// Under Vite, Leaflet cannot find its default marker images by itself: import them so they are bundled.
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useMemo } from 'react';
import { Circle, CircleMarker, MapContainer, Marker, TileLayer, Tooltip, useMap, useMapEvents, ZoomControl } from 'react-leaflet';
import { fromLatLng, MAP_ZOOM, SPOT_RADIUS_M, type Spot } from './locationValue';

const ICON = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
});

export interface LeafletMapProps {
  spot: Spot;
  tileUrl: string;
  label: string;
  /** The zoom buttons' titles in the UI language (Leaflet's own are English). */
  zoomTitles: { in: string; out: string };
  onPick(spot: Spot): void;
  onTileError(): void;
  /** Only shows the spot (the review desk): no dragging, no picking by click. */
  readOnly?: boolean;
  /** Other spots shown beside it (a twin location's other cottage), each with its label; the map fits them all. */
  others?: { spot: Spot; label: string }[];
}

/** Fits the spot and the others in view once. */
const FitAll = ({ spots }: { spots: Spot[] }) => {
  const map = useMap();
  const key = spots.map((s) => `${s.latitude},${s.longitude}`).join(';');
  useEffect(() => {
    const points = key.split(';').map((p) => L.latLng(Number(p.split(',')[0]), Number(p.split(',')[1])));
    map.fitBounds(L.latLngBounds(points).pad(0.6), { maxZoom: 18 });
  }, [map, key]);
  return null;
};

/** A click anywhere on the map moves the spot there. */
const ClickToPick = ({ onPick }: { onPick(spot: Spot): void }) => {
  useMapEvents({ click: (e) => onPick(fromLatLng(e.latlng)) });
  return null;
};

/** Keeps the spot in view when it changes from outside the map (typed, searched, "my location"). */
const FollowSpot = ({ spot }: { spot: Spot }) => {
  const map = useMap();
  useEffect(() => {
    const target = L.latLng(spot.latitude, spot.longitude);
    if (!map.getBounds().pad(-0.1).contains(target)) map.panTo(target);
  }, [map, spot.latitude, spot.longitude]);
  return null;
};

const LeafletMap = ({ spot, tileUrl, label, zoomTitles, onPick, onTileError, readOnly = false, others = [] }: LeafletMapProps) => {
  const position = L.latLng(spot.latitude, spot.longitude);
  const markerEvents = useMemo(
    () => ({ dragend: (e: L.LeafletEvent) => onPick(fromLatLng((e.target as L.Marker).getLatLng())) }),
    [onPick],
  );
  return (
    <div role="region" aria-label={label} data-testid="location-map">
    <MapContainer center={position} zoom={MAP_ZOOM} zoomControl={false} style={{ height: 300, width: '100%' }}>
      <ZoomControl zoomInTitle={zoomTitles.in} zoomOutTitle={zoomTitles.out} />
      <TileLayer url={tileUrl} attribution="&copy; OpenStreetMap" eventHandlers={{ tileerror: onTileError }} />
      <Marker position={position} draggable={!readOnly} icon={ICON} eventHandlers={markerEvents} />
      <Circle center={position} radius={SPOT_RADIUS_M} pathOptions={{ color: 'red' }} />
      {others.map((o) => (
        <CircleMarker key={`${o.spot.latitude},${o.spot.longitude}`} center={[o.spot.latitude, o.spot.longitude]} radius={9} className="other-pin" pathOptions={{ color: '#e65100', fillOpacity: 0.7 }}>
          <Tooltip permanent direction="top">
            {o.label}
          </Tooltip>
        </CircleMarker>
      ))}
      {!readOnly && <ClickToPick onPick={onPick} />}
      {others.length ? <FitAll spots={[spot, ...others.map((o) => o.spot)]} /> : <FollowSpot spot={spot} />}
    </MapContainer>
    </div>
  );
};

export default LeafletMap;
