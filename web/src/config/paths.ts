import { publicPaths } from './public-paths';

/** Every route of the app in one place (docs/product.md#public-routes). */
export const paths = {
  ...publicPaths,
  admin: {
    root: '/admin',
    login: '/admin/login',
    archives: '/admin/archives',
    issue: (year: number | string, volume: number | string, issue: number | string) => `/admin/archives/${year}/${volume}/${issue}`,
    addArticle: (year: number | string, volume: number | string, issue: number | string) => `/admin/archives/add/${year}/${volume}/${issue}`,
    article: (id: string) => `/admin/archives/${id}`,
    editors: '/admin/editors',
    addEditor: '/admin/editors/add',
    editor: (id: string) => `/admin/editors/${id}`,
    settings: '/admin/settings',
    indexing: '/admin/indexing',
    users: '/admin/users',
    activity: '/admin/activity',
    /** docs/product.md#counter: COUNTER reports and the SUSHI customers. */
    usage: '/admin/usage',
    account: (id: string) => `/admin/account/${id}`,
    /** docs/product.md#submissions */
    submissions: '/admin/submissions',
    submission: (id: string) => `/admin/submissions/${id}`,
    /** docs/product.md#peer-review: the journal's reviewers, and one reviewer's entry. */
    reviewers: '/admin/reviewers',
    reviewer: (id: string) => `/admin/reviewers/${id}`,
    search: (q: string) => `/admin/search?q=${encodeURIComponent(q)}`,
    notFound: '/admin/not-found',
  },
  /** docs/product.md#counter-platform: the operators' usage screen, on the platform's own host. */
  platform: {
    root: '/platform',
    login: '/platform/login',
  },
  webdata: {
    root: '/webdata',
    login: '/webdata/login',
    add: '/webdata/addentris',
    filter: (status: string) => `/webdata/${status}`,
  },
} as const;
