import { useEffect, type ReactNode } from 'react';

/**
 * The whole HTML document, rendered by the render process and hydrated by the browser. Pages add
 * their own <title>, description, canonical link and citation tags; React puts them in <head>.
 */
export function Document({ children }: { children: ReactNode }) {
  // Marks the page as interactive once hydration has committed: before that a click on a link is a
  // plain page load. Browser tests and monitoring wait on it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <link rel="alternate" type="application/atom+xml" href="/feed.atom" title="Atom feed" />
        <link rel="alternate" type="application/rss+xml" href="/feed.rss" title="RSS feed" />
      </head>
      <body>
        <div id="root">{children}</div>
      </body>
    </html>
  );
}
