/**
 * A site image ('logo.png', 'header.png', a cover file…) by the versioned URL the settings answer
 * gives; null when the journal has not stored it (the page shows its fallback, no request). The
 * public pages and the admin's previews both take their image URLs from here.
 */
export const siteImage = (settings: { asset_urls?: Record<string, string> } | null | undefined, name: string): string | null => settings?.asset_urls?.[name] ?? null;
