// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moveItem } from './choose-files';
import { FileUploader, type UploaderItem } from './file-uploader';

afterEach(cleanup);

const page = (id: string, name: string): UploaderItem => ({ id, name, size: 900_000, state: 'chosen' });

function Pages({ camera = true }: { camera?: boolean }) {
  const [items, setItems] = useState([
    page('1', 'Страница 1.jpg'),
    page('2', 'Страница 2.jpg'),
    page('3', 'Страница 3.jpg'),
  ]);
  return (
    <FileUploader
      label="Файлы документов"
      rules={{ multiple: true }}
      items={items}
      camera={camera}
      onAdd={(files) => setItems((now) => [...now, ...files.map((file, i) => page(`new${i}`, file.name))])}
      onRemove={(id) => setItems((now) => now.filter((item) => item.id !== id))}
      onMove={(id, by) => setItems((now) => moveItem(now, id, by))}
      onRetry={() => undefined}
    />
  );
}

const names = () =>
  within(screen.getByRole('list', { name: 'Выбранные файлы' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.match(/Страница \d/)?.[0]);

describe('FileUploader pages', () => {
  it('moves a page up and down with labelled buttons, disabled at the ends', () => {
    render(<Pages />);
    expect((screen.getByRole('button', { name: 'Выше Страница 1.jpg' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: 'Ниже Страница 3.jpg' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Выше Страница 3.jpg' }));
    expect(names()).toEqual(['Страница 1', 'Страница 3', 'Страница 2']);
    fireEvent.click(screen.getByRole('button', { name: 'Ниже Страница 1.jpg' }));
    expect(names()).toEqual(['Страница 3', 'Страница 1', 'Страница 2']);
  });

  it('is worked from the keyboard: the move buttons are real buttons that keep focus', () => {
    render(<Pages />);
    const down = screen.getByRole('button', { name: 'Ниже Страница 2.jpg' });
    expect(down.tagName).toBe('BUTTON');
    expect(down.getAttribute('type')).toBe('button');
    down.focus();
    expect(document.activeElement).toBe(down);
    fireEvent.click(down);
    expect(names()).toEqual(['Страница 1', 'Страница 3', 'Страница 2']);
  });

  it('removes a page', () => {
    render(<Pages />);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить Страница 2.jpg' }));
    expect(names()).toEqual(['Страница 1', 'Страница 3']);
  });

  it('offers «Сфотографировать» with a camera input beside «Выбрать файлы», only when asked', () => {
    render(<Pages />);
    const camera = screen.getByLabelText('Сфотографировать') as HTMLInputElement;
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(camera.accept).toBe('image/*');
    expect(screen.getByLabelText('Выбрать файлы')).not.toBe(camera);
    cleanup();
    render(<Pages camera={false} />);
    expect(screen.queryByLabelText('Сфотографировать')).toBeNull();
  });

  it('adds a photo and then offers «Ещё страница»; an undecodable photo is added as it is', async () => {
    render(<Pages />);
    const camera = screen.getByLabelText('Сфотографировать') as HTMLInputElement;
    const taken = new File([new Uint8Array(10)], 'IMG_0004.jpg', { type: 'image/jpeg' });
    vi.stubGlobal('createImageBitmap', () => Promise.reject(new Error('cannot decode')));
    try {
      fireEvent.change(camera, { target: { files: [taken] } });
      await waitFor(() => expect(screen.getByLabelText('Ещё страница')).toBe(camera));
      expect(screen.getByRole('button', { name: 'Удалить IMG_0004.jpg' })).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
