// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  centreOf,
  fromLatLng,
  parseCoordinate,
  parseSearchResults,
  searchUrl,
  spotOf,
  TASHKENT,
  withTyped,
} from './locationValue';

describe('the picker\'s value', () => {
  it('a click or a drag gives rounded latitude/longitude (a wrapped longitude comes back in range)', () => {
    expect(fromLatLng({ lat: 41.31234567, lng: 69.27987654 })).toEqual({ latitude: 41.312346, longitude: 69.279877 });
    expect(fromLatLng({ lat: 41.3, lng: 69.2 + 360 })).toEqual({ latitude: 41.3, longitude: 69.2 });
  });

  it('typed text: numbers in range, a comma as the decimal mark, empty as unset, the rest refused', () => {
    expect(parseCoordinate(' 41.5 ', 'latitude')).toBe(41.5);
    expect(parseCoordinate('69,25', 'longitude')).toBe(69.25);
    expect(parseCoordinate('', 'latitude')).toBeNull();
    expect(parseCoordinate('91', 'latitude')).toBeUndefined();
    expect(parseCoordinate('181', 'longitude')).toBeUndefined();
    expect(parseCoordinate('12abc', 'latitude')).toBeUndefined();
    expect(parseCoordinate('-', 'latitude')).toBeUndefined();
  });

  it('typing one input changes only that coordinate, and a half-typed value leaves the spot', () => {
    const start = { latitude: 41.2995, longitude: 69.2401 };
    expect(withTyped(start, 'latitude', '40.1')).toEqual({ latitude: 40.1, longitude: 69.2401 });
    expect(withTyped(start, 'longitude', 'x')).toEqual(start);
    expect(withTyped(undefined, 'longitude', '70')).toEqual({ latitude: null, longitude: 70 });
    expect(withTyped(start, 'latitude', '')).toEqual({ latitude: null, longitude: 69.2401 });
  });

  it('the map opens on the saved spot, else on Tashkent', () => {
    expect(centreOf({ latitude: 40.5, longitude: 70.1 })).toEqual({ latitude: 40.5, longitude: 70.1 });
    expect(centreOf({ latitude: 40.5, longitude: null })).toEqual(TASHKENT);
    expect(centreOf(null)).toEqual({ latitude: 41.2995, longitude: 69.2401 });
    expect(spotOf({ latitude: Number.NaN, longitude: 1 })).toBeUndefined();
  });

  it('search: a Nominatim URL and its answers as spots, dropping malformed ones', () => {
    const url = new URL(searchUrl('http://geo.test/search', ' Chimgan '));
    expect(url.origin + url.pathname).toBe('http://geo.test/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({ format: 'json', limit: '5', q: 'Chimgan' });
    expect(
      parseSearchResults([
        { display_name: 'Chimgan', lat: '41.5512', lon: '70.0167' },
        { display_name: 'bad', lat: 'x', lon: '1' },
        { display_name: 'far', lat: '95', lon: '1' },
      ]),
    ).toEqual([{ label: 'Chimgan', latitude: 41.5512, longitude: 70.0167 }]);
    expect(parseSearchResults({ error: 'down' })).toEqual([]);
  });
});
