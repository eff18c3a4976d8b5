import { describe, expect, it } from 'vitest';
import { chooseMapProvider, detectWebGl, preferredMapProvider, rememberMapProvider } from './map-provider';

const canvas = (context: unknown) => () => ({ getContext: () => context }) as unknown as HTMLCanvasElement;

describe('map provider choice', () => {
  it('draws with MapLibre by default and with Leaflet when the customer switched', () => {
    expect(chooseMapProvider(null, true)).toBe('maplibre');
    expect(chooseMapProvider('leaflet', true)).toBe('leaflet');
    expect(chooseMapProvider('something-old', true)).toBe('maplibre');
  });

  it('falls back to Leaflet whatever was chosen when there is no WebGL', () => {
    expect(chooseMapProvider('maplibre', false)).toBe('leaflet');
    expect(chooseMapProvider(null, false)).toBe('leaflet');
  });

  it('detects WebGL from a canvas, and its absence or a throwing canvas', () => {
    expect(detectWebGl(canvas({}))).toBe(true);
    expect(detectWebGl(canvas(null))).toBe(false);
    expect(
      detectWebGl(() => {
        throw new Error('no canvas');
      }),
    ).toBe(false);
  });

  it('remembers the switch, and survives a storage that refuses', () => {
    const values = new Map<string, string>();
    const storage = {
      getItem: (k: string) => values.get(k) ?? null,
      setItem: (k: string, v: string) => void values.set(k, v),
    };
    rememberMapProvider(storage, 'leaflet');
    expect(chooseMapProvider(preferredMapProvider(storage), true)).toBe('leaflet');
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => rememberMapProvider(refusing, 'leaflet')).not.toThrow();
    expect(preferredMapProvider(refusing)).toBeNull();
  });
});
