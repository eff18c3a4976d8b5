// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageSelect } from './image-select';
import { detectImageKind } from './image-signature';

afterEach(cleanup);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const GIF = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10];

const file = (bytes: number[], name: string, type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });

function Logo({ onChange = () => {} }: { onChange?: (file: File | null) => void }) {
  const [logo, setLogo] = useState<File | null>(null);
  return (
    <ImageSelect
      label="Логотип"
      value={logo}
      onValueChange={(chosen) => {
        setLogo(chosen);
        onChange(chosen);
      }}
    />
  );
}

const input = () => screen.getByLabelText('Логотип') as HTMLInputElement;
const choose = (chosen: File) => fireEvent.change(input(), { target: { files: [chosen] } });

describe('ImageSelect', () => {
  it('offers images in the file picker', () => {
    render(<Logo />);
    expect(input().accept).toBe('image/*');
  });

  it('keeps a real PNG and shows it with a remove button', async () => {
    const onChange = vi.fn();
    render(<Logo onChange={onChange} />);
    const logo = file(PNG, 'logo.png');
    choose(logo);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(logo));
    await screen.findByRole('img', { name: 'Выбранное изображение logo.png' });
    fireEvent.click(screen.getByRole('button', { name: 'Удалить изображение logo.png' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('refuses a file that only claims to be an image, with a Russian message tied to the field', async () => {
    const onChange = vi.fn();
    render(<Logo onChange={onChange} />);
    choose(file([0x3c, 0x68, 0x74, 0x6d, 0x6c, 0x3e, 0, 0], 'photo.png'));
    await screen.findByText('Файл photo.png — не изображение. Подходят PNG, GIF и JPEG');
    expect(onChange).not.toHaveBeenCalled();
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(input().getAttribute('aria-describedby') as string)?.textContent,
    ).toContain('не изображение');
    // The message goes as soon as a proper image is chosen.
    choose(file(JPEG, 'photo.jpg', 'image/jpeg'));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(screen.queryByText(/не изображение/)).toBeNull();
  });
});

describe('detectImageKind', () => {
  it('knows PNG, both GIFs and JPEG by their first bytes and nothing else', () => {
    expect(detectImageKind(new Uint8Array(PNG))).toBe('png');
    expect(detectImageKind(new Uint8Array(GIF))).toBe('gif');
    expect(detectImageKind(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x37, 0x61]))).toBe('gif');
    expect(detectImageKind(new Uint8Array(JPEG))).toBe('jpeg');
    // WebP and a cut-off PNG are not accepted.
    expect(
      detectImageKind(new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50])),
    ).toBeNull();
    expect(detectImageKind(new Uint8Array(PNG.slice(0, 4)))).toBeNull();
    expect(detectImageKind(new Uint8Array())).toBeNull();
  });
});
