import { isRouteErrorResponse, useRouteError } from '@/lib/router';

/** The generic error screen (docs/product.md#public-layout): unknown pages (404), unavailable services (503), unexpected errors. */
export function ErrorScreen({ inLayout = false }: { inLayout?: boolean }) {
  return <ErrorView error={useRouteError()} inLayout={inLayout} />;
}

/** The error screen for an error from any router (the admin's routes have their own). */
export function ErrorView({ error, inLayout = false }: { error: unknown; inLayout?: boolean }) {
  const status = error as { status?: unknown; statusText?: unknown } | null;
  const detail = isRouteErrorResponse(error)
    ? error.statusText || String(error.status)
    : typeof status?.status === 'number' && typeof status.statusText === 'string'
      ? status.statusText || String(status.status)
      : error instanceof Error
        ? error.message
        : '';
  if (!isRouteErrorResponse(error) && error instanceof Error) console.error(error);
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
