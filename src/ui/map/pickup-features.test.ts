import { describe, expect, it } from 'vitest';
import { clusterSize, isPlaceable, pickupFeatures, russianTextField } from './pickup-features';

describe('pickup points as map data', () => {
  it('places each point at [lon, lat] with its id, so a click on it finds the point', () => {
    const collection = pickupFeatures([
      { id: 7, name: 'Тверская', lat: 55.7652, lon: 37.6041 },
      { id: 9, name: 'Арбат', lat: 55.7494, lon: 37.5917 },
    ]);
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features).toEqual([
      {
        type: 'Feature',
        id: 7,
        geometry: { type: 'Point', coordinates: [37.6041, 55.7652] },
        properties: { id: 7, name: 'Тверская' },
      },
      {
        type: 'Feature',
        id: 9,
        geometry: { type: 'Point', coordinates: [37.5917, 55.7494] },
        properties: { id: 9, name: 'Арбат' },
      },
    ]);
  });

  it('leaves out points the map cannot place instead of drawing them off the coast of Africa', () => {
    expect(isPlaceable({ lat: 0, lon: 0 })).toBe(false);
    expect(isPlaceable({ lat: Number.NaN, lon: 37 })).toBe(false);
    expect(isPlaceable({ lat: 91, lon: 37 })).toBe(false);
    expect(isPlaceable({ lat: 55.75, lon: 37.61 })).toBe(true);
    const collection = pickupFeatures([
      { id: 1, name: 'Без координат', lat: 0, lon: 0 },
      { id: 2, name: 'Тверская', lat: 55.7652, lon: 37.6041 },
    ]);
    expect(collection.features.map((f) => f.id)).toEqual([2]);
  });

  it('shows place names in Russian where the style shows a name, and leaves house numbers alone', () => {
    const russian = ['coalesce', ['get', 'name:ru'], ['get', 'name']];
    expect(russianTextField(['get', 'name'])).toEqual(russian);
    expect(russianTextField('{name:latin}')).toEqual(russian);
    expect(russianTextField(['coalesce', ['get', 'name:en'], ['get', 'name']])).toEqual(russian);
    expect(russianTextField(['get', 'housenumber'])).toBeUndefined();
    expect(russianTextField('{ref}')).toBeUndefined();
    expect(russianTextField(undefined)).toBeUndefined();
  });

  it('draws bigger clusters for bigger groups', () => {
    expect(clusterSize(2)).toBeLessThan(clusterSize(12));
    expect(clusterSize(12)).toBeLessThan(clusterSize(120));
  });
});
