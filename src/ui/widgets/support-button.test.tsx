// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SupportButton } from './support-button';

afterEach(cleanup);

const links = [
  { label: 'Telegram', href: 'https://t.me/perevod_bureau' },
  { label: 'WhatsApp', href: 'https://wa.me/79990000000' },
] as const;

function renderWithPage() {
  render(
    <>
      <p>Страница</p>
      <SupportButton links={links} />
    </>,
  );
  return screen.getByRole('button', { name: 'Поддержка' });
}

describe('SupportButton', () => {
  it('opens the two messenger links in new tabs, the first one focused', () => {
    const button = renderWithPage();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link')).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const shown = screen.getAllByRole('link');
    expect(shown.map((link) => link.getAttribute('href'))).toEqual([links[0].href, links[1].href]);
    expect(shown.every((link) => link.getAttribute('target') === '_blank')).toBe(true);
    expect(shown[0]?.getAttribute('rel')).toContain('noopener');
    expect(document.activeElement).toBe(shown[0]);
    expect(screen.getByRole('region', { name: 'Напишите нам' })).toBeTruthy();
  });

  it('closes on Escape and gives the focus back to the button', () => {
    const button = renderWithPage();
    fireEvent.click(button);
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByRole('link')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes on a click outside, not on a click inside', () => {
    const button = renderWithPage();
    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByRole('heading', { name: 'Напишите нам' }));
    expect(screen.getAllByRole('link')).toHaveLength(2);
    fireEvent.pointerDown(screen.getByText('Страница'));
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('closes when pressed again', () => {
    const button = renderWithPage();
    fireEvent.click(button);
    fireEvent.click(button);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
