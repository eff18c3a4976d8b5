// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createApi } from '../../api/client';
import { DataLayerContext } from '../../api/data-layer';
import { localStore } from '../../api/local-store';
import { testDb } from '../../db/test-db';
import { AddressField } from './address-field';

afterEach(cleanup);

function renderField(answer: () => Response) {
  const asked: unknown[] = [];
  const api = createApi({
    baseUrl: 'http://app.test',
    store: localStore(),
    location: () => ({ pathname: '/order/step-4', search: '' }),
    navigate: () => undefined,
    fetch: async (input: Request | string | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      asked.push(await request.clone().json());
      return answer();
    },
  });
  function Field() {
    const [value, setValue] = useState('');
    return <AddressField value={value} error={undefined} onChange={setValue} />;
  }
  render(
    <DataLayerContext.Provider value={{ api, db: testDb() }}>
      <Field />
    </DataLayerContext.Provider>,
  );
  return { asked, input: screen.getByLabelText('Адрес доставки') as HTMLInputElement };
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('AddressField', () => {
  it('offers the server’s suggestions and takes one from the keyboard', async () => {
    const { asked, input } = renderField(() =>
      json({
        available: true,
        suggestions: [
          { value: 'г Москва, ул Тверская, д 18', postalCode: null, lat: null, lon: null },
          { value: 'г Москва, ул Тверская, д 18 к 1', postalCode: '127006', lat: 55.76, lon: 37.6 },
        ],
      }),
    );
    fireEvent.change(input, { target: { value: 'Тверская 18' } });
    await screen.findByRole('listbox', { name: 'Подсказки адресов' });
    expect(asked).toEqual([{ query: 'Тверская 18', count: 7 }]);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe('address-suggestions-1');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('г Москва, ул Тверская, д 18 к 1');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('becomes a plain field saying so when no provider is configured', async () => {
    const { input } = renderField(() => json({ available: false, suggestions: [] }));
    expect(screen.queryByText(/Подсказки адресов недоступны/)).toBeNull();
    fireEvent.change(input, { target: { value: 'Москва, Арбат 1' } });
    await waitFor(() => expect(screen.getByText(/Подсказки адресов недоступны/)).toBeTruthy());
    expect(input.getAttribute('role')).toBeNull();
    expect(input.value).toBe('Москва, Арбат 1');
  });

  it('does the same when the network is down', async () => {
    const { input } = renderField(() => {
      throw new TypeError('Failed to fetch');
    });
    fireEvent.change(input, { target: { value: 'Москва, Арбат 1' } });
    await waitFor(() => expect(screen.getByText(/Подсказки адресов недоступны/)).toBeTruthy());
  });
});
