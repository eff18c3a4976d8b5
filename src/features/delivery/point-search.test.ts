import { describe, expect, it } from 'vitest';
import { searchPoints } from './point-search';
import { pickupPoint } from './test-points';

const point = (id: number, name: string, address: string, metro: string | null) =>
  pickupPoint({ id, name, address, metro });

const points = [
  point(1, 'Пункт выдачи «Тверская»', 'Москва, ул. Тверская, 18к1', 'Пушкинская'),
  point(2, 'Пункт выдачи «Павелецкая»', 'Москва, Павелецкая пл., 1', 'Павелецкая'),
  point(3, 'ПВЗ на Щёлковской', 'Москва, Щёлковское ш., 75', 'Щёлковская'),
];

describe('searchPoints', () => {
  it('finds by name, address or metro, every word, whatever the case and ё', () => {
    expect(searchPoints(points, 'пушкинская').map((p) => p.id)).toEqual([1]);
    expect(searchPoints(points, 'ЩЕЛКОВСКАЯ').map((p) => p.id)).toEqual([3]);
    expect(searchPoints(points, 'москва 75').map((p) => p.id)).toEqual([3]);
    expect(searchPoints(points, '  ').map((p) => p.id)).toEqual([1, 2, 3]);
    expect(searchPoints(points, 'Арбат')).toEqual([]);
  });
});
