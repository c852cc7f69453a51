import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { RouteErrorBoundary } from '../src/app/App';

function FailingOn({ path }: { path: string }) {
  if (path === '/broken') throw new Error('URI malformed');
  return <p>Route {path}</p>;
}

/** A route that throws, inside the app's error boundary keyed by the route path. */
function Harness({ start }: { start: string }) {
  const [path, setPath] = useState(start);
  return (
    <div>
      <button type="button" onClick={() => setPath('/')}>
        Change route
      </button>
      <RouteErrorBoundary resetKey={path} onError={(error) => <p role="alert">{error.message}</p>}>
        <FailingOn path={path} />
      </RouteErrorBoundary>
    </div>
  );
}

const meta = {
  title: 'App/RouteErrorBoundary',
  component: Harness,
} satisfies Meta<typeof Harness>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An error screen goes away as soon as the route changes. */
export const ClearsOnRouteChange: Story = {
  args: { start: '/broken' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('URI malformed');
    await userEvent.click(canvas.getByRole('button', { name: 'Change route' }));
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.getByText('Route /')).toBeVisible();
  },
};
