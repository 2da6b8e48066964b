/**
 * docs/product.md#roles: the staff roles, highest first. A manager does everything; an editor
 * the journal's content (issues, articles, editors, indexing, documents, DOIs); a work-log user
 * only the work-log. No zod here: the public pages import this file alone (the session's role).
 */
export const staffRoles = ['manager', 'editor', 'worklog'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** Users and tokens stored before roles existed have none: they are managers. */
export const roleOrManager = (role: unknown): StaffRole =>
  typeof role === 'string' && (staffRoles as readonly string[]).includes(role) ? (role as StaffRole) : 'manager';

/** Higher is more: nobody acts on a user whose role ranks above their own. */
export const roleRank = (role: StaffRole): number => staffRoles.length - staffRoles.indexOf(role);

export const roleLabels: Record<StaffRole, string> = { manager: 'Manager', editor: 'Editor', worklog: 'Work-log' };

/** The admin areas a role opens, for the admin's menus and tiles (the server enforces the same through staffRoutes). */
export type StaffArea = 'content' | 'staff' | 'settings' | 'worklog' | 'account' | 'activity';
const areas: Record<StaffRole, readonly StaffArea[]> = {
  manager: ['content', 'staff', 'settings', 'worklog', 'account', 'activity'],
  editor: ['content', 'account'],
  worklog: ['worklog', 'account'],
};
export const roleOpens = (role: StaffRole, area: StaffArea): boolean => areas[role].includes(area);

export type StaffService = 'content' | 'auth' | 'worklog' | 'pdf';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface StaffRoute {
  service: StaffService;
  method: HttpMethod;
  /** An express path pattern; the first path the route answers. */
  path: string;
  roles: readonly StaffRole[];
  /** Needs the actor's password within the last RECENT_AUTH_SECONDS (docs/security.md#recent-authentication). */
  recentAuth?: boolean;
}

/** The window within which a sensitive act accepts the actor's last password check. */
export const RECENT_AUTH_SECONDS = 10 * 60;

const ALL = staffRoles;
const CONTENT = ['manager', 'editor'] as const;
const MANAGER = ['manager'] as const;
const WORKLOG = ['manager', 'worklog'] as const;

const route = (service: StaffService, method: HttpMethod, path: string, roles: readonly StaffRole[], recentAuth = false): StaffRoute =>
  recentAuth ? { service, method, path, roles, recentAuth } : { service, method, path, roles };

/**
 * Every staff route of every service with the roles it admits: the services take their guards
 * from here (`staffAccess` in the server kit) and the role-matrix test is generated from it.
 */
export const staffRoutes = {
  // content: the admin
  dashboard: route('content', 'GET', '/api/admin', CONTENT),
  createIssue: route('content', 'POST', '/api/admin/create-issue', CONTENT),
  issues: route('content', 'GET', '/api/admin/archives', CONTENT),
  createArticle: route('content', 'POST', '/api/admin/archives', CONTENT),
  issueArticles: route('content', 'GET', '/api/admin/archives/:year/:vol/:issue', CONTENT),
  article: route('content', 'GET', '/api/admin/articles/:id', CONTENT),
  updateArticle: route('content', 'POST', '/api/archives/:id', CONTENT),
  withdrawArticle: route('content', 'POST', '/api/admin/articles/:id/withdraw', CONTENT),
  restoreArticle: route('content', 'POST', '/api/admin/articles/:id/restore', CONTENT),
  search: route('content', 'GET', '/api/admin/search', CONTENT),
  editors: route('content', 'GET', '/api/admin/editors', CONTENT),
  editor: route('content', 'GET', '/api/admin/editors/:id', CONTENT),
  createEditor: route('content', 'POST', '/api/editors', CONTENT),
  pinEditors: route('content', 'POST', '/api/editors/pin', CONTENT),
  updateEditor: route('content', 'POST', '/api/editors/:id', CONTENT),
  doiSettings: route('content', 'POST', '/api/admin/doi-settings', MANAGER, true),
  settings: route('content', 'POST', '/api/settings', MANAGER),
  siteImage: route('content', 'POST', '/api/settings/images/:kind', MANAGER),
  indexing: route('content', 'GET', '/api/admin/indexing', CONTENT),
  createIndexing: route('content', 'POST', '/api/admin/indexing', CONTENT),
  reorderIndexing: route('content', 'POST', '/api/admin/indexing/reorder', CONTENT),
  updateIndexing: route('content', 'POST', '/api/admin/indexing/:id', CONTENT),
  removeIndexing: route('content', 'DELETE', '/api/admin/indexing/:id', CONTENT),
  issueStats: route('content', 'GET', '/api/admin/stats/:year/:vol/:issue', CONTENT),
  // content: whether the journal's saved changes are live on the public site (docs/product.md#publishing-status)
  edgeStatus: route('content', 'GET', '/api/admin/edge-status', CONTENT),
  // content: COUNTER reports and the SUSHI customers who harvest them (docs/product.md#counter)
  counterReport: route('content', 'GET', '/api/admin/counter/reports/:id', CONTENT),
  sushiCustomers: route('content', 'GET', '/api/admin/counter/customers', MANAGER),
  createSushiCustomer: route('content', 'POST', '/api/admin/counter/customers', MANAGER, true),
  updateSushiCustomer: route('content', 'PUT', '/api/admin/counter/customers/:id', MANAGER, true),
  removeSushiCustomer: route('content', 'DELETE', '/api/admin/counter/customers/:id', MANAGER, true),
  crossrefExport: route('content', 'POST', '/api/admin/archives/:year/:vol/:issue/crossref', CONTENT),
  doajExport: route('content', 'GET', '/api/admin/archives/:year/:vol/:issue/doaj.xml', CONTENT),
  crossrefCredentials: route('content', 'GET', '/api/admin/crossref/credentials', MANAGER),
  setCrossrefCredentials: route('content', 'PUT', '/api/admin/crossref/credentials', MANAGER, true),
  removeCrossrefCredentials: route('content', 'DELETE', '/api/admin/crossref/credentials', MANAGER, true),
  crossrefDeposit: route('content', 'POST', '/api/admin/crossref/deposits', CONTENT),
  crossrefDepositStates: route('content', 'GET', '/api/admin/crossref/deposits/:year/:vol/:issue', CONTENT),
  // content: peer review (docs/product.md#peer-review)
  reviewers: route('content', 'GET', '/api/admin/reviewers', CONTENT),
  createReviewer: route('content', 'POST', '/api/admin/reviewers', CONTENT),
  importReviewers: route('content', 'POST', '/api/admin/reviewers/import-board', CONTENT),
  reviewer: route('content', 'GET', '/api/admin/reviewers/:id', CONTENT),
  updateReviewer: route('content', 'PUT', '/api/admin/reviewers/:id', CONTENT),
  removeReviewer: route('content', 'DELETE', '/api/admin/reviewers/:id', CONTENT),
  reviewSettings: route('content', 'GET', '/api/admin/review-settings', CONTENT),
  updateReviewSettings: route('content', 'PUT', '/api/admin/review-settings', MANAGER),
  submissionReviews: route('content', 'GET', '/api/admin/submissions/:id/reviews', CONTENT),
  reviewerSuggestions: route('content', 'GET', '/api/admin/submissions/:id/reviewer-suggestions', CONTENT),
  inviteReviewers: route('content', 'POST', '/api/admin/submissions/:id/reviews', CONTENT),
  reviewManuscript: route('content', 'POST', '/api/admin/submissions/:id/review-manuscript', CONTENT),
  reviewConflict: route('content', 'POST', '/api/admin/submissions/:id/review-conflicts', MANAGER),
  cancelReview: route('content', 'POST', '/api/admin/submissions/:id/reviews/:reviewId/cancel', CONTENT),
  reassignReview: route('content', 'POST', '/api/admin/submissions/:id/reviews/:reviewId/reassign', CONTENT),
  reviewDueDate: route('content', 'POST', '/api/admin/submissions/:id/reviews/:reviewId/due', CONTENT),
  reviewFile: route('content', 'GET', '/api/admin/submissions/:id/reviews/:reviewId/file', CONTENT),
  reviewDecision: route('content', 'POST', '/api/admin/submissions/:id/review-decision', CONTENT),
  reviewCertificates: route('content', 'GET', '/api/admin/reviews/certificates', CONTENT),
  crossrefSubmission: route('content', 'GET', '/api/admin/crossref/submissions/:id', CONTENT),
  // content: the journal's emails (settings: managers; a submission's messages: editors too)
  mailSettings: route('content', 'GET', '/api/admin/mail-settings', MANAGER),
  updateMailSettings: route('content', 'PUT', '/api/admin/mail-settings', MANAGER),
  submissionEmails: route('content', 'GET', '/api/admin/submissions/:id/emails', CONTENT),
  // content: the submissions (docs/product.md#submissions)
  submissions: route('content', 'GET', '/api/admin/submissions', CONTENT),
  submission: route('content', 'GET', '/api/admin/submissions/:id', CONTENT),
  submissionFile: route('content', 'GET', '/api/admin/submissions/:id/files/:fileId', CONTENT),
  submissionDecision: route('content', 'POST', '/api/admin/submissions/:id/decision', CONTENT),
  submissionPayment: route('content', 'POST', '/api/admin/submissions/:id/payment', CONTENT),
  submissionSettings: route('content', 'GET', '/api/admin/submission-settings', CONTENT),
  updateSubmissionSettings: route('content', 'PUT', '/api/admin/submission-settings', MANAGER),
  submissionPublish: route('content', 'POST', '/api/admin/submissions/:id/publish', CONTENT),
  // pdf-worker: the staff documents (and their jobs)
  indexPage: route('pdf', 'POST', '/api/pdf/indexpage', CONTENT),
  bulkCertificates: route('pdf', 'POST', '/api/pdf/bulkcertificates', CONTENT),
  editorsCertificate: route('pdf', 'POST', '/api/pdf/editorscertificate', CONTENT),
  reviewerCertificates: route('pdf', 'POST', '/api/pdf/reviewercertificates', CONTENT),
  // worklog
  workList: route('worklog', 'GET', '/api/webdata', WORKLOG),
  workCreate: route('worklog', 'POST', '/api/webdata', WORKLOG),
  workStatus: route('worklog', 'PUT', '/api/webdata/:id', WORKLOG),
  // auth: sessions and one's own account
  verifyToken: route('auth', 'GET', '/auth/verify-token', ALL),
  logout: route('auth', 'POST', '/auth/logout', ALL),
  reauth: route('auth', 'POST', '/auth/reauth', ALL),
  ownAccount: route('auth', 'GET', '/api/users/:id', ALL),
  updateOwnAccount: route('auth', 'POST', '/api/users/:id', ALL),
  // auth: staff management
  users: route('auth', 'GET', '/api/users', MANAGER),
  createUser: route('auth', 'POST', '/api/users', MANAGER),
  userStatus: route('auth', 'POST', '/api/users/:id/status', MANAGER, true),
  userPassword: route('auth', 'POST', '/api/users/:id/password', MANAGER, true),
  userRole: route('auth', 'POST', '/api/users/:id/role', MANAGER, true),
  // auth: the journal's activity log
  activity: route('auth', 'GET', '/api/activity', MANAGER),
} as const satisfies Record<string, StaffRoute>;

export type StaffRouteName = keyof typeof staffRoutes;

/** The error code of a refusal for the caller's role (403), distinct from other 403s. */
export const ROLE_FORBIDDEN = 'role_forbidden';
/** The error code asking for the password again before a sensitive act (403). */
export const REAUTH_REQUIRED = 'reauth_required';
