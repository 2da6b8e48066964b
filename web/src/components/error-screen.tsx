import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** The generic error screen (docs/product.md#public-layout): unknown pages (404), unavailable services (503), unexpected errors. */
export function ErrorScreen({ inLayout = false }: { inLayout?: boolean }) {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? error.statusText || String(error.status)
    : error instanceof Error
      ? error.message
      : '';
  if (!isRouteErrorResponse(error)) console.error(error);
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
