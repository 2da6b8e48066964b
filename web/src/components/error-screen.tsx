import { useRouteError } from '@/lib/router';

/** The generic error screen (docs/product.md#public-layout): unknown pages (404), unavailable services (503), unexpected errors. */
export function ErrorScreen({ inLayout = false }: { inLayout?: boolean }) {
  return <ErrorView error={useRouteError()} inLayout={inLayout} />;
}

/** The error screen for an error from any router (the admin's routes have their own). */
export function ErrorView({ error, inLayout = false }: { error: unknown; inLayout?: boolean }) {
  // An error response of either router (a 404, a 503): its status text; an unexpected error: its message.
  const response = error as { status?: unknown; statusText?: string } | null;
  const detail = typeof response?.status === 'number' ? response.statusText || String(response.status) : error instanceof Error ? error.message : '';
  if (error instanceof Error) console.error(error);
  // Inside the public layout the page already has its <main>.
  const Wrap = inLayout ? 'div' : 'main';
  return (
    <Wrap id="error-page" style={{ textAlign: 'center', padding: '4rem 1rem' }}>
      <title>{detail ? `Oops! ${detail}` : 'Oops!'}</title>
      <meta name="robots" content="noindex" />
      <h1>Oops!</h1>
      <p>Sorry, an unexpected error has occurred.</p>
      <p>
        <i>{detail}</i>
      </p>
    </Wrap>
  );
}
