// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_DELAY_MS, LOADING_MIN_SHOWN_MS, LoadingState, loadingPhase } from './loading-state';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Orders({
  loading,
  error = null,
  onRetry = () => {},
}: {
  loading: boolean;
  error?: { message: string } | null;
  onRetry?: () => void;
}) {
  return (
    <LoadingState what="заявки" loading={loading} error={error} onRetry={onRetry}>
      <p>Список заявок</p>
    </LoadingState>
  );
}

const loadingText = () => screen.queryByText('Загружаем заявки…');

describe('LoadingState', () => {
  it('never shows «Загружаем» for an answer faster than 300 ms', () => {
    const { rerender } = render(<Orders loading />);
    act(() => vi.advanceTimersByTime(LOADING_DELAY_MS - 1));
    expect(loadingText()).toBeNull();
    rerender(<Orders loading={false} />);
    act(() => vi.advanceTimersByTime(LOADING_DELAY_MS));
    expect(loadingText()).toBeNull();
    expect(screen.getByText('Список заявок')).toBeTruthy();
  });

  it('shows «Загружаем» after 300 ms and keeps it at least 300 ms before the data', () => {
    const { rerender } = render(<Orders loading />);
    act(() => vi.advanceTimersByTime(LOADING_DELAY_MS));
    expect(loadingText()).not.toBeNull();
    act(() => vi.advanceTimersByTime(100));
    rerender(<Orders loading={false} />);
    expect(loadingText()).not.toBeNull();
    expect(screen.queryByText('Список заявок')).toBeNull();
    act(() => vi.advanceTimersByTime(LOADING_MIN_SHOWN_MS - 100 - 1));
    expect(loadingText()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(loadingText()).toBeNull();
    expect(screen.getByText('Список заявок')).toBeTruthy();
  });

  it('shows the failure with a retry once loading is over', () => {
    const onRetry = vi.fn();
    render(<Orders loading={false} error={{ message: 'Нет связи с сервером.' }} onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain(
      'Не удалось загрузить заявки. Нет связи с сервером.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(onRetry).toHaveBeenCalled();
  });
});

describe('loadingPhase', () => {
  it('puts the indicator first, then an error, then the content', () => {
    expect(loadingPhase(true, false, null)).toBe('waiting');
    expect(loadingPhase(false, true, new Error('x'))).toBe('loading');
    expect(loadingPhase(false, false, new Error('x'))).toBe('error');
    expect(loadingPhase(false, false, null)).toBe('shown');
  });
});
