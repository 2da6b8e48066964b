import type { Request, Response } from 'express';
import { articlePagePath, escapeHtml, withdrawalHeading } from '@journal/contracts';
import type { ArticleDetail } from '../views/article-shapes';

/**
 * The answer to a withdrawn article's PDF (docs/product.md#withdrawals): 410 Gone, as its page
 * answers. A reader following an old link (a citation, a search engine) gets a short page saying
 * why and linking the article's tombstone; any other client the JSON error. Never stored by a
 * cache: restoring the article must bring the file back at once.
 */
export function sendWithdrawnFile(req: Request, res: Response, article: ArticleDetail): void {
  const heading = withdrawalHeading('withdrawn');
  res.status(410);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (req.accepts(['json', 'html']) !== 'html') {
    res.json({ error: 'article_withdrawn', message: heading });
    return;
  }
  const w = article.withdrawal;
  const on = w?.at ? ` on ${escapeHtml(w.at.slice(0, 10))}` : '';
  // The title is stored sanitised to the title tags (docs/product.md#display-rules): kept as HTML.
  res.type('html').send(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escapeHtml(heading)}</title></head>` +
      `<body><h1>${escapeHtml(heading)}</h1><p>${article.title}</p><p>Withdrawn${on}: ${escapeHtml(w?.reason ?? '')}</p>` +
      `<p><a href="${escapeHtml(articlePagePath(article))}">The article's page</a></p></body></html>`,
  );
}
