import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shanghaiMonth } from '@/lib/dates';
import { MonthPicker } from './month-picker';

afterEach(cleanup);

describe('MonthPicker', () => {
  it('opens the month wheel at a tap and reports the month confirmed', async () => {
    const onChange = vi.fn();
    const [y] = shanghaiMonth().split('-').map(Number) as [number];
    render(<MonthPicker value={`${y - 1}-05`} allowAll onChange={onChange} />);
    expect(screen.getByTestId('month-picker').textContent).toBe(`${y - 1}年5月`);
    expect(screen.queryByText('选择月份')).toBeNull();
    fireEvent.click(screen.getByTestId('month-picker'));
    expect(await screen.findByText('选择月份')).toBeTruthy();
    // The wheel opens at the month shown.
    fireEvent.click(screen.getByText('确定'));
    expect(onChange).toHaveBeenCalledWith(`${y - 1}-05`);
  });

  it('reports this month as no month, the default', async () => {
    const onChange = vi.fn();
    render(<MonthPicker value={undefined} onChange={onChange} />);
    expect(screen.getByTestId('month-picker').textContent).toBe('本月');
    fireEvent.click(screen.getByTestId('month-picker'));
    fireEvent.click(await screen.findByText('确定'));
    expect(onChange).toHaveBeenCalledWith(undefined);
  });
});
