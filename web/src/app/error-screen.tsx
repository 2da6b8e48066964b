import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** The root error screen of docs/product.md#public-layout. */
export function ErrorScreen() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? error.statusText || String(error.status)
    : error instanceof Error
      ? error.message
      : '';
  return (
    <main id="error-page" style={{ textAlign: 'center', padding: '4rem 1rem' }}>
      <h1>Oops!</h1>
      <p>Sorry, an unexpected error has occurred.</p>
      <p>
        <i>{detail}</i>
      </p>
    </main>
  );
}
