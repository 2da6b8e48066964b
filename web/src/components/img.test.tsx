/**
 * @jest-environment jsdom
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { Img } from './img';

// An image gives way to its fallback when there is no URL or the file is missing.
describe('image with a fallback', () => {
  test('shows the image at its URL', () => {
    render(<Img src="/assets/site/logo.png?v=1" alt="Logo" fallback={<span>IJARS</span>} />);
    expect(screen.getByRole('img', { name: 'Logo' }).getAttribute('src')).toBe('/assets/site/logo.png?v=1');
    expect(screen.queryByText('IJARS')).toBeNull();
  });

  test('shows the fallback without a URL, or nothing without one', () => {
    const { unmount } = render(<Img src={null} alt="Logo" fallback={<span>IJARS</span>} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('IJARS')).toBeTruthy();
    unmount();
    const { container } = render(<Img src="" alt="Logo" />);
    expect(container.innerHTML).toBe('');
  });

  test('gives way to the fallback when the file fails to load', () => {
    render(<Img src="/assets/site/missing.png" alt="Logo" fallback={<span>IJARS</span>} />);
    fireEvent.error(screen.getByRole('img', { name: 'Logo' }));
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('IJARS')).toBeTruthy();
  });
});
