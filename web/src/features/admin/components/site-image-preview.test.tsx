/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import { SiteImagePreview } from './settings-page';

describe('admin site image preview', () => {
  test('shows the versioned URL the settings answer gives, as the public pages do', () => {
    const settings = { asset_urls: { 'logo.png': '/assets/site/logo.png?v=3f2a9c', 'header.png': '/assets/site/header.png?v=77aa01' } };
    render(<SiteImagePreview kind="header" settings={settings} />);
    expect(screen.getByRole('img', { name: 'Current header image' }).getAttribute('src')).toBe('/assets/site/header.png?v=77aa01');
  });

  test('no image is shown for a kind that has none, and none while the settings load', () => {
    const { container, rerender } = render(<SiteImagePreview kind="cover" settings={{ asset_urls: { 'logo.png': '/assets/site/logo.png?v=1' } }} />);
    expect(container.querySelector('img')).toBeNull();
    rerender(<SiteImagePreview kind="logo" settings={undefined} />);
    expect(container.querySelector('img')).toBeNull();
  });
});
