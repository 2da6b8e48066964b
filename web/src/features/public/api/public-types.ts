import type { ArticleDetail, ArticleSummary, PublicEditorRead, PublicIndexingItem, PublicSettingsRead, YearSummary } from '@journal/contracts';

/**
 * The public reads' shapes as the pages use them, apart from the reads themselves (public.api.ts),
 * so that code the reads load on demand (lib/article-head.ts) can name them without importing back.
 */
export type Settings = PublicSettingsRead;
export type Editor = PublicEditorRead;
export type IndexingItem = PublicIndexingItem;
export type { YearSummary };
/** An article as lists and the article page show it (the detail adds the abstract). */
export type Article = ArticleSummary & Partial<Pick<ArticleDetail, 'abstract' | 'status' | 'modification' | 'authors' | 'license' | 'references'>>;
