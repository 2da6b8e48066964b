/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import { QueryStates } from './query-states';

const states = (query: { isLoading: boolean; isError: boolean; data?: unknown }, isEmpty = false) =>
  render(<QueryStates query={query} failed="Could not load the issues." empty="No issues yet." isEmpty={isEmpty} />);

describe('QueryStates', () => {
  it('says loading, then the failure, then empty, each alone', () => {
    const { unmount } = states({ isLoading: true, isError: false });
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    unmount();
    const failed = states({ isLoading: false, isError: true });
    expect(screen.getByRole('alert').textContent).toBe('Could not load the issues.');
    expect(screen.queryByText('No issues yet.')).toBeNull();
    failed.unmount();
    const empty = states({ isLoading: false, isError: false, data: [] }, true);
    expect(screen.getByText('No issues yet.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    empty.unmount();
  });
  it('shows nothing once there are rows', () => {
    const { container } = states({ isLoading: false, isError: false, data: [1] }, false);
    expect(container.textContent).toBe('');
  });
});
