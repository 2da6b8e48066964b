import { baseConfigShape, loadConfig, REQUEST_ID_HEADER, CLIENT_IP_HEADER, PUBLIC_HOST_HEADER, TENANT_HEADER, sanitizeTitle as sanitizeTitle$1, sanitizeRichText, runService, createLogger, createHttpApp, AppError, publicOriginOf, listen } from "@journal/common";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { createContext, useContext, useState, useMemo, createElement, useId, useEffect, StrictMode } from "react";
import { useQuery, QueryClient, QueryClientProvider, dehydrate } from "@tanstack/react-query";
import { jsxs, jsx, Fragment } from "react/jsx-runtime";
import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { useRouteError, isRouteErrorResponse, useNavigate, Outlet, ScrollRestoration, Link, NavLink, redirect, data, useLocation, useParams, useSearchParams, createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom";
import DOMPurify from "dompurify";
function loadAssets(dist) {
  const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith("index.html"));
  if (!entryKey) throw new Error(`no entry in ${dist}/.vite/manifest.json`);
  const entry = manifest[entryKey];
  const preloads = /* @__PURE__ */ new Set();
  const css = new Set(entry.css ?? []);
  const walk = (key) => {
    for (const imp of manifest[key]?.imports ?? []) {
      const c = manifest[imp];
      if (!c || preloads.has(`/${c.file}`)) continue;
      preloads.add(`/${c.file}`);
      for (const f of c.css ?? []) css.add(f);
      walk(imp);
    }
  };
  walk(entryKey);
  return {
    entry: `/${entry.file}`,
    preloads: [...preloads],
    // The stylesheet is ours and has no closing style tag in it; guard anyway.
    css: [...css].map((f) => readFileSync(path.join(dist, f), "utf8").replace(/<\/style/gi, "<\\/style")).join("\n"),
    shell: readFileSync(path.join(dist, "index.html"), "utf8")
  };
}
const here = fileURLToPath(new URL(".", import.meta.url));
const renderConfigSchema = z.object({
  ...baseConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(4005),
  /** The content service, called directly with the tenant headers the gateway set. */
  CONTENT_URL: z.string().url(),
  /** The client build (manifest, entry script, CSS, the admin shell); next to web/dist-ssr. */
  WEB_DIST: z.string().default(`${here}../dist`),
  /** Scheme and fixed port of absolute public URLs (the same settings as the content service). */
  PUBLIC_SCHEME: z.enum(["http", "https"]).default("http"),
  PUBLIC_PORT: z.string().regex(/^\d{0,5}$/).default(""),
  /** How long reads that are the same for every page of a journal (settings, archive list) are reused. */
  LAYOUT_CACHE_MS: z.coerce.number().int().min(0).default(2e3),
  CONTENT_TIMEOUT_MS: z.coerce.number().int().positive().default(5e3)
});
const readRenderConfig = () => loadConfig(renderConfigSchema);
const RICH_TEXT_TAGS = [
  "p",
  "br",
  "b",
  "strong",
  "i",
  "em",
  "u",
  "s",
  "sub",
  "sup",
  "small",
  "span",
  "div",
  "ul",
  "ol",
  "li",
  "a",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "hr",
  "table",
  "thead",
  "tbody",
  "tr",
  "td",
  "th",
  "caption",
  "code",
  "pre"
];
const RICH_TEXT_ATTRIBUTES = {
  a: ["href", "title", "target", "rel"],
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan"]
};
const TITLE_TAGS = ["i", "em"];
z.object({
  username: z.string().trim().min(1, "Username is required").max(100),
  password: z.string().min(1, "Password is required").max(200)
});
z.object({
  name: z.string().trim().min(1, "Username is required").max(100),
  password: z.string().max(200).optional().or(z.literal(""))
});
const objectIdSchema = z.string().regex(/^[a-f0-9]{24}$/, "Invalid id");
const journalFlagsSchema = z.object({
  showSubject: z.boolean().default(false),
  hideOwnerNotice: z.boolean().default(false),
  showEditorContacts: z.boolean().default(false),
  showJournalList: z.boolean().default(false),
  banner: z.enum(["header", "naas", "sitename"]).default("sitename"),
  coverImage: z.string().max(300).default(""),
  journalListLink: z.string().max(500).default(""),
  ownerNotice: z.string().max(2e3).default(""),
  ownerLink: z.string().max(500).default("")
});
const shortText = (max = 200) => z.string().trim().max(max);
z.object({
  websitename: shortText().min(1, "Website name is required"),
  websiteemail: z.string().trim().email("Enter a valid email").max(200),
  impactfactor: shortText(),
  issn: shortText(50),
  whatsup_number: shortText(30),
  domain: shortText(253),
  flags: journalFlagsSchema.partial().optional()
});
const FULL_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December"
];
const ABBREVIATED_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];
const JOURNAL_FREQUENCIES = ["monthly", "bi-monthly", "quarterly", "triannual", "half-yearly", "yearly"];
const MONTHS_PER_PERIOD = {
  monthly: 1,
  "bi-monthly": 2,
  quarterly: 3,
  triannual: 4,
  "half-yearly": 6,
  yearly: 12
};
function normalizeFrequency(value) {
  const v = String(value ?? "").toLowerCase().replace(/[^a-z]/g, "");
  if (v.startsWith("bimonth")) return "bi-monthly";
  if (v.startsWith("month")) return "monthly";
  if (v.startsWith("quarter")) return "quarterly";
  if (v.startsWith("tri") || v.includes("fourmonth")) return "triannual";
  if (v.startsWith("half") || v.startsWith("biannual") || v.startsWith("semiannual")) return "half-yearly";
  if (v.startsWith("year") || v.startsWith("annual")) return "yearly";
  return "monthly";
}
function frequencyPeriods(frequency, abbreviated = false) {
  const months = abbreviated ? ABBREVIATED_MONTHS : FULL_MONTHS;
  const step = MONTHS_PER_PERIOD[normalizeFrequency(frequency)];
  const out = [];
  for (let i = 0; i < 12; i += step) out.push(step === 1 ? months[i] : `${months[i]}-${months[i + step - 1]}`);
  return out;
}
[
  ...new Set(JOURNAL_FREQUENCIES.flatMap((f) => [...frequencyPeriods(f), ...frequencyPeriods(f, true)]))
];
const wholeNumber = (label, max = 1e6) => z.union([
  z.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`),
  z.string().trim().regex(/^\d{1,9}$/, `${label} must be a non-negative number`).transform(Number)
], { error: `${label} is required` }).pipe(z.number().min(0, `${label} must be a non-negative number`).max(max, `${label} is too large`));
const yearField = wholeNumber("Year", 9999).pipe(z.number().min(1900, "Year is invalid"));
const periodField = z.string({ error: "Frequency is required" }).trim().min(1, "Frequency is required").max(40).regex(/^[A-Za-z]+( ?- ?[A-Za-z]+)?$/, "Frequency is invalid");
z.object({
  volume: wholeNumber("Volume"),
  issue: wholeNumber("Issue"),
  year: yearField,
  frequency: periodField
});
const AUTHOR_MAX_WORDS = 50;
const AUTHOR_WORDS_MESSAGE = "Author name should not exceed 50 words";
const AUTHOR_CHARS_MESSAGE = "Author name must contain only alphabets, spaces, commas, and periods";
const REF_NUMBER_MESSAGE = "Ref number must be a valid number";
const PAGE_FORMAT_MESSAGE = "Page number format must be like 1-6";
const INVALID_PAGE_MESSAGE = "Invalid page number";
const INVALID_TXNID_MESSAGE = "Invalid transaction id";
const PAYMENT_TYPES = ["paid", "free"];
const countWords = (s) => String(s ?? "").trim().split(/\s+/).filter(Boolean).length;
const AUTHOR_NAME_RE = /^[\p{Script=Latin}\p{Script=Devanagari} ,.]+$/u;
const AUTHOR_LETTER_RE = /[\p{Script=Latin}\p{Script=Devanagari}]/u;
const PAGE_RANGE_RE = /^\d{1,6}-\d{1,6}$/;
const REF_NUMBER_RE = /^\d{1,12}$/;
const TXNID_RE = /^[A-Za-z0-9][A-Za-z0-9_./-]{0,79}$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
function parsePageRange(s) {
  const v = String(s ?? "").trim();
  if (!PAGE_RANGE_RE.test(v)) return null;
  const [a, b] = v.split("-");
  return { first: Number(a), last: Number(b) };
}
const requiredText = (label, max) => z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} is too long`);
const optionalText = (max) => z.string({ error: "Must be text" }).trim().max(max, "Too long").optional().default("");
const oneLine$1 = (s) => !/[\r\n]/.test(s);
const authorNameSchema = z.string({ error: "Author name is required" }).trim().min(1, "Author name is required").max(5e3, AUTHOR_WORDS_MESSAGE).refine((s) => countWords(s) <= AUTHOR_MAX_WORDS, AUTHOR_WORDS_MESSAGE).refine((s) => AUTHOR_NAME_RE.test(s) && AUTHOR_LETTER_RE.test(s), AUTHOR_CHARS_MESSAGE);
const refNumberSchema = z.string({ error: REF_NUMBER_MESSAGE }).trim().min(1, "Ref number is required").regex(REF_NUMBER_RE, REF_NUMBER_MESSAGE);
const pageNumberSchema = z.string({ error: "Page number is required" }).trim().min(1, "Page number is required").regex(PAGE_RANGE_RE, PAGE_FORMAT_MESSAGE).refine((s) => {
  const r = parsePageRange(s);
  return !!r && r.first >= 1 && r.first <= r.last;
}, INVALID_PAGE_MESSAGE);
const txnIdSchema = z.string({ error: "Transaction id is required" }).trim().min(1, "Transaction id is required").regex(TXNID_RE, INVALID_TXNID_MESSAGE);
const publishDateSchema = z.string({ error: "Certificate date is required" }).trim().min(1, "Certificate date is required").regex(DATE_RE, "Certificate date is invalid").refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && (/* @__PURE__ */ new Date(`${s}T00:00:00Z`)).toISOString().startsWith(s), "Certificate date is invalid");
const articleFieldsSchema = z.object({
  year: yearField,
  volume: wholeNumber("Volume"),
  issue: wholeNumber("Issue"),
  frequency: z.union([z.literal(""), periodField]).optional().default(""),
  refnumber: refNumberSchema,
  title: requiredText("Title", 5e3),
  authorname: authorNameSchema,
  abstract: requiredText("Abstract", 2e5),
  keywords: optionalText(2e3).refine(oneLine$1, "Keywords must be one line"),
  pagenumber: pageNumberSchema,
  subject: optionalText(300).refine(oneLine$1, "Subject must be one line"),
  country: optionalText(100).refine(oneLine$1, "Country must be one line"),
  email: requiredText("Email", 300).refine(oneLine$1, "Email must be one line"),
  mobile: optionalText(50).refine(oneLine$1, "Mobile must be one line"),
  txnid: txnIdSchema,
  ptype: z.enum(PAYMENT_TYPES, { error: "Payment type is required" }),
  publishdate: publishDateSchema
});
articleFieldsSchema.extend({
  email: optionalText(300).refine(oneLine$1, "Email must be one line")
});
const EDITOR_CATEGORIES = ["chief editor", "associate editor", "assistant editor"];
const EDITOR_DESIGNATIONS = ["Professor", "Associate Professor", "Assistant Professor", "Scientist", "Head", "Lecturer"];
const EDITOR_STATUSES = ["enabled", "disabled"];
const opt = (max) => z.string({ error: "Must be text" }).trim().max(max, "Too long").optional().default("");
const oneLine = (s) => !/[\r\n]/.test(s);
const websiteSchema = opt(500).refine(
  (v) => v === "" || /^https?:\/\//i.test(v) || !/^[a-z][a-z0-9+.-]*:/i.test(v),
  "Website must be an http or https address"
);
z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(200).refine(oneLine, "Name must be one line"),
  category: z.enum(EDITOR_CATEGORIES, { error: "Category is required" }),
  post: z.enum(EDITOR_DESIGNATIONS, { error: "Designation is required" }),
  content: z.string({ error: "Affiliation is required" }).trim().min(1, "Affiliation is required").max(5e3),
  degree: opt(200).refine(oneLine, "Degree must be one line"),
  email: opt(200).refine(oneLine, "Email must be one line"),
  phone: opt(50).refine(oneLine, "Phone must be one line"),
  country: opt(100).refine(oneLine, "Country must be one line"),
  editor_website: websiteSchema,
  status: z.enum(EDITOR_STATUSES).optional()
});
z.object({ status: z.enum(EDITOR_STATUSES, { error: "Status is invalid" }) });
z.object({
  ids: z.array(objectIdSchema).min(1, "Select at least one editor").max(1e3),
  pinned: z.boolean().optional().default(true)
});
const WORK_STATUSES = ["pending", "working", "completed", "info", "last-work", "journal", "urgent", "cancelled"];
const NEW_WORK_STATUSES = ["info", "urgent"];
const WORKLOG_MAX_PAGE_SIZE = 100;
const WORK_CONTENT_MAX = 1e4;
const WORK_SEARCH_MAX = 200;
z.strictObject({
  status: z.enum(NEW_WORK_STATUSES, { message: "Status must be info or urgent" }),
  content: z.string().max(WORK_CONTENT_MAX, `Content must be at most ${WORK_CONTENT_MAX} characters`)
});
z.strictObject({
  status: z.enum(WORK_STATUSES, { message: `Status must be one of ${WORK_STATUSES.join(", ")}` })
});
const intParam = (max) => z.string().regex(/^\d{1,7}$/, "Must be a positive whole number").transform(Number).refine((n) => n >= 1 && n <= max, `Must be between 1 and ${max}`);
z.strictObject({
  status: z.enum(["all", ...WORK_STATUSES]).optional(),
  search: z.string().max(WORK_SEARCH_MAX).optional(),
  page: intParam(1e6).optional(),
  pageSize: intParam(WORKLOG_MAX_PAGE_SIZE).optional()
});
const str = z.string().catch("");
const num = z.coerce.number().catch(0);
const publicSettingsSchema = z.looseObject({
  websitename: str,
  domain: str,
  formatted_journal_name: str,
  websiteemail: str,
  whatsup_number: str,
  year_started: str,
  journal_frequency: str,
  journal_type: str,
  journal_language: str,
  journal_essn: str,
  issn: str,
  nassScore: str,
  nassScoreYear: str,
  impactfactor: str,
  fee_rupee: str,
  fee_dollar: str,
  google_review_link: str,
  home_content: str,
  flags: journalFlagsSchema.catch(journalFlagsSchema.parse({}))
});
const publicEditorSchema = z.looseObject({
  id: z.string(),
  name: str,
  category: str,
  post: str,
  content: str,
  degree: str,
  email: str.optional(),
  phone: str.optional(),
  country: str,
  editor_website: str.optional(),
  picture: str,
  picture_url: z.string().nullish()
});
const publicIndexingItemSchema = z.looseObject({
  id: z.string(),
  title: str,
  link: str,
  image: str,
  sortnumber: num,
  image_url: z.string().nullish()
});
const yearSummarySchema = z.looseObject({
  year: z.coerce.number(),
  volume: z.coerce.number(),
  total_issues: num,
  /** Issue number → month text as stored (e.g. 'january', 'july-august'). */
  issue_month: z.record(z.string(), z.string()).catch({}),
  /** The year's issues, newest first. */
  issues: z.array(z.looseObject({ volume: z.coerce.number(), issue: z.coerce.number(), month: str, articles: num })).catch([])
});
const articleSummarySchema = z.looseObject({
  id: z.string(),
  year: z.coerce.number(),
  volume: z.coerce.number(),
  issue: z.coerce.number(),
  frequency: str,
  refnumber: z.coerce.string(),
  /** Sanitised HTML, i/em only. */
  title: str,
  authorname: str,
  keywords: str,
  pagenumber: str,
  pageStart: num,
  pageEnd: num,
  subject: str,
  country: str,
  file: str,
  /** Public URL of the PDF, or null when the article has no file. */
  pdf_url: z.string().nullable().catch(null),
  publishdate: str
});
const articleDetailSchema = articleSummarySchema.extend({
  /** Sanitised HTML under the common allow-list. */
  abstract: str,
  status: str,
  modification: str
});
const publicReadSchemas = {
  settings: publicSettingsSchema,
  editors: z.array(publicEditorSchema),
  indexing: z.array(publicIndexingItemSchema),
  archives: z.array(yearSummarySchema),
  issue: z.array(articleSummarySchema),
  article: articleDetailSchema,
  search: z.array(articleSummarySchema)
};
function citationDate(publishdate, year) {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(publishdate ?? "");
  if (iso) return `${iso[1]}/${iso[2]}/${iso[3]}`;
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec((publishdate ?? "").trim());
  if (dmy) return `${dmy[3]}/${dmy[2].padStart(2, "0")}/${dmy[1].padStart(2, "0")}`;
  return String(year);
}
const SESSION_KEY = "journal_admin_jwt";
function getSession() {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const s = JSON.parse(raw);
    return typeof s?.token === "string" && typeof s?.user?.name === "string" ? s : null;
  } catch {
    return null;
  }
}
const clearSession = () => localStorage.removeItem(SESSION_KEY);
class ApiError extends Error {
  constructor(status, code, message, body) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
  }
  status;
  code;
  body;
}
let onUnauthorized = () => {
  clearSession();
  window.alert("Session expired. Please login again.");
  window.location.assign("/admin/login");
};
async function send(path2, opts) {
  const headers = { Accept: "application/json" };
  let body;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== void 0) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  if (opts.auth) {
    const s = getSession();
    if (s) headers.Authorization = `Bearer ${s.token}`;
  }
  const res = await fetch(path2, { method: opts.method ?? (body ? "POST" : "GET"), headers, body, credentials: "include", signal: opts.signal });
  if (res.status === 401 && opts.auth && opts.handle401 !== false) onUnauthorized();
  return res;
}
async function errorFrom(res) {
  const body = await res.json().catch(() => ({}));
  return new ApiError(res.status, body.error ?? (res.status === 401 ? "unauthorized" : "http_error"), body.message ?? res.statusText, body);
}
async function request(path2, opts = {}) {
  const res = await send(path2, opts);
  if (!res.ok) throw await errorFrom(res);
  if (res.status === 204) return void 0;
  return await res.json();
}
async function download(path2, opts = {}) {
  const res = await send(path2, opts);
  if (!res.ok) throw await errorFrom(res);
  const cd = res.headers.get("content-disposition") ?? "";
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(cd);
  return { blob: await res.blob(), filename: m ? decodeURIComponent(m[1]) : void 0 };
}
function saveBlob(blob, filename) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1e4);
}
const api = {
  get: (path2, opts = {}) => request(path2, { ...opts, method: "GET" }),
  post: (path2, body, opts = {}) => request(path2, { ...opts, method: "POST", body }),
  put: (path2, body, opts = {}) => request(path2, { ...opts, method: "PUT", body })
};
function publicReads(get) {
  const orNull = async (p) => {
    try {
      return await p;
    } catch (e) {
      if (e instanceof ApiError && (e.status === 404 || e.status === 400)) return null;
      throw e;
    }
  };
  return {
    settings: () => get("/api/settings/", "settings"),
    editors: () => get("/api/editors/", "editors"),
    indexing: () => get("/api/indexing/", "indexing"),
    /** Newest year first. */
    archives: async () => (await get("/api/archives/", "archives")).sort((a, b) => b.year - a.year || b.volume - a.volume),
    issue: async (year, volume, issue) => await orNull(get(`/api/archives/${year}/${volume}/${issue}`, "issue")) ?? [],
    /** One enabled article by reference number; null when missing or not public. */
    article: async (ref) => {
      if (!/^[A-Za-z0-9._-]{1,64}$/.test(ref)) return null;
      const a = await orNull(get(`/api/archives/ref/${encodeURIComponent(ref)}`, "article"));
      return a && (!a.status || a.status === "enabled") ? a : null;
    },
    search: async (keyword) => (await get(`/api/search?keyword=${encodeURIComponent(keyword)}`, "search")).filter((a) => !("status" in a) || !a.status || a.status === "enabled")
  };
}
const browserReads = publicReads((path2) => api.get(path2));
const ReadsContext = createContext(browserReads);
const useReads = () => useContext(ReadsContext);
const MAX_KEYWORD = 200;
const publicQueries = {
  settings: (r) => ({ queryKey: ["public", "settings"], queryFn: r.settings, staleTime: 5 * 6e4 }),
  editors: (r) => ({ queryKey: ["public", "editors"], queryFn: r.editors }),
  indexing: (r) => ({ queryKey: ["public", "indexing"], queryFn: r.indexing }),
  archives: (r) => ({ queryKey: ["public", "archives"], queryFn: r.archives }),
  issue: (r, year, volume, issue) => ({
    queryKey: ["public", "issue", year, volume, issue],
    queryFn: () => r.issue(year, volume, issue)
  }),
  article: (r, ref) => ({ queryKey: ["public", "article", ref], queryFn: () => r.article(ref) }),
  search: (r, keyword) => ({
    queryKey: ["public", "search", keyword.slice(0, MAX_KEYWORD)],
    queryFn: async () => {
      try {
        return await r.search(keyword.slice(0, MAX_KEYWORD));
      } catch (e) {
        console.error("search failed", e);
        return [];
      }
    }
  })
};
const articlePdfUrl = (a) => a.pdf_url || "";
const siteImage = (name) => `/assets/site/${name}`;
const editorPicture = (e) => e.picture_url || `/assets/editors/${encodeURIComponent(e.picture || "avatar.png")}`;
const indexingImage = (it) => it.image_url || (it.image ? `/assets/indexing/${encodeURIComponent(it.image)}` : "");
const useSettings = () => useQuery(publicQueries.settings(useReads()));
const useEditors = () => useQuery(publicQueries.editors(useReads()));
const useIndexing = () => useQuery(publicQueries.indexing(useReads()));
const useArchiveYears = () => useQuery(publicQueries.archives(useReads()));
const useIssue = (year, volume, issue) => {
  const reads = useReads();
  const valid = year !== null && volume !== null && issue !== null;
  return useQuery({
    ...publicQueries.issue(reads, year ?? 0, volume ?? 0, issue ?? 0),
    enabled: valid,
    select: (articles) => ({ articles, frequency: articles.find((a) => a.frequency)?.frequency || "" })
  });
};
const useArticleByRef = (ref) => useQuery({ ...publicQueries.article(useReads(), ref ?? ""), enabled: !!ref });
const useSearch = (keyword) => useQuery(publicQueries.search(useReads(), keyword));
const SHARED = /* @__PURE__ */ new Set(["settings", "indexing", "archives", "editors"]);
const MAX_ENTRIES = 2e3;
class ContentReads {
  constructor(contentUrl, ttlMs, timeoutMs) {
    this.contentUrl = contentUrl;
    this.ttlMs = ttlMs;
    this.timeoutMs = timeoutMs;
  }
  contentUrl;
  ttlMs;
  timeoutMs;
  cache = /* @__PURE__ */ new Map();
  forRequest(facts) {
    const get = (path2, name) => {
      if (!SHARED.has(name) || this.ttlMs === 0 || facts.fresh) return this.fetch(path2, name, facts);
      const key = `${facts.journalId}
${path2}`;
      const hit = this.cache.get(key);
      if (hit && hit.expires > Date.now()) return hit.value;
      const value = this.fetch(path2, name, facts);
      if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
      this.cache.set(key, { expires: Date.now() + this.ttlMs, value });
      value.catch(() => this.cache.delete(key));
      return value;
    };
    return publicReads(get);
  }
  async fetch(path2, name, facts) {
    let res;
    try {
      res = await fetch(this.contentUrl + path2, {
        headers: {
          accept: "application/json",
          [TENANT_HEADER]: facts.journalId,
          [PUBLIC_HOST_HEADER]: facts.journalHost,
          [CLIENT_IP_HEADER]: facts.clientIp,
          [REQUEST_ID_HEADER]: facts.requestId
        },
        signal: AbortSignal.timeout(this.timeoutMs)
      });
    } catch (err) {
      throw new ApiError(503, "upstream_unavailable", `The content service is unavailable (${err.name})`);
    }
    if (!res.ok) {
      const body = await res.json().catch(() => ({}));
      throw new ApiError(res.status >= 500 ? 503 : res.status, body.error ?? "http_error", body.message ?? res.statusText);
    }
    const parsed = publicReadSchemas[name].safeParse(await res.json());
    if (!parsed.success) throw new ApiError(503, "bad_upstream_answer", `Unexpected ${name} answer from the content service`);
    return parsed.data;
  }
}
function Document({ children }) {
  return /* @__PURE__ */ jsxs("html", { lang: "en", children: [
    /* @__PURE__ */ jsxs("head", { children: [
      /* @__PURE__ */ jsx("meta", { charSet: "utf-8" }),
      /* @__PURE__ */ jsx("meta", { name: "viewport", content: "width=device-width, initial-scale=1.0" }),
      /* @__PURE__ */ jsx("link", { rel: "icon", type: "image/svg+xml", href: "/favicon.svg" }),
      /* @__PURE__ */ jsx("link", { rel: "alternate", type: "application/atom+xml", href: "/feed.atom", title: "Atom feed" }),
      /* @__PURE__ */ jsx("link", { rel: "alternate", type: "application/rss+xml", href: "/feed.rss", title: "RSS feed" })
    ] }),
    /* @__PURE__ */ jsx("body", { children: /* @__PURE__ */ jsx("div", { id: "root", children }) })
  ] });
}
const RICH_ATTRS = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];
const sanitizeRich = (html) => DOMPurify.sanitize(html ?? "", { ALLOWED_TAGS: [...RICH_TEXT_TAGS], ALLOWED_ATTR: RICH_ATTRS, ALLOW_DATA_ATTR: false });
const sanitizeTitle = (html) => DOMPurify.sanitize(html ?? "", { ALLOWED_TAGS: [...TITLE_TAGS], ALLOWED_ATTR: [] }).replace(/\s+/g, " ").trim();
function decodeEntities(s) {
  const t = document.createElement("textarea");
  t.innerHTML = s ?? "";
  return t.value;
}
const browserTools = { sanitizeRich, sanitizeTitle, decodeEntities };
const HtmlToolsContext = createContext(browserTools);
const useHtmlTools = () => useContext(HtmlToolsContext);
const SiteContext = createContext(null);
function useOrigin() {
  const site = useContext(SiteContext);
  if (site?.origin) return site.origin;
  return typeof window === "undefined" ? "" : window.location.origin;
}
function Providers(props) {
  const inner = /* @__PURE__ */ jsx(SiteContext.Provider, { value: props.site, children: /* @__PURE__ */ jsx(ReadsContext.Provider, { value: props.reads, children: /* @__PURE__ */ jsx(QueryClientProvider, { client: props.queryClient, children: props.children }) }) });
  return props.htmlTools ? /* @__PURE__ */ jsx(HtmlToolsContext.Provider, { value: props.htmlTools, children: inner }) : inner;
}
const HYDRATION_ELEMENT_ID = "jp-hydration";
const newQueryClient = (server) => {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false, gcTime: Infinity } }
  });
};
function ErrorScreen({ inLayout = false }) {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? error.statusText || String(error.status) : error instanceof Error ? error.message : "";
  if (!isRouteErrorResponse(error)) console.error(error);
  const Wrap = inLayout ? "div" : "main";
  return /* @__PURE__ */ jsxs(Wrap, { id: "error-page", style: { textAlign: "center", padding: "4rem 1rem" }, children: [
    /* @__PURE__ */ jsx("title", { children: detail ? `Oops! ${detail}` : "Oops!" }),
    /* @__PURE__ */ jsx("meta", { name: "robots", content: "noindex" }),
    /* @__PURE__ */ jsx("h1", { children: "Oops!" }),
    /* @__PURE__ */ jsx("p", { children: "Sorry, an unexpected error has occurred." }),
    /* @__PURE__ */ jsx("p", { children: /* @__PURE__ */ jsx("i", { children: detail }) })
  ] });
}
const paths = {
  home: "/",
  archives: "/archives",
  issue: (year, volume, issue) => `/archives/${year}/vol${volume}/issue${issue}`,
  article: (year, volume, issue, ref) => `/archives/${year}/vol${volume}/issue${issue}/${ref}`,
  board: "/board",
  instructions: "/instructions",
  indexing: "/indexing",
  indexingAbstracting: "/indexing-and-abstracting",
  contact: "/contact",
  about: "/about",
  search: (keyword) => `/search?keyword=${encodeURIComponent(keyword)}`,
  pdf: (refno) => `/pdf?refno=${encodeURIComponent(String(refno))}`,
  privacy: "/privacy-policy",
  terms: "/terms-and-conditions",
  admin: {
    root: "/admin",
    login: "/admin/login",
    archives: "/admin/archives",
    issue: (year, volume, issue) => `/admin/archives/${year}/${volume}/${issue}`,
    addArticle: (year, volume, issue) => `/admin/archives/add/${year}/${volume}/${issue}`,
    article: (id) => `/admin/archives/${id}`,
    editors: "/admin/editors",
    addEditor: "/admin/editors/add",
    editor: (id) => `/admin/editors/${id}`,
    settings: "/admin/settings",
    account: (id) => `/admin/account/${id}`,
    search: (q) => `/admin/search?q=${encodeURIComponent(q)}`,
    notFound: "/admin/not-found"
  },
  webdata: {
    root: "/webdata",
    login: "/webdata/login",
    add: "/webdata/addentris",
    filter: (status) => `/webdata/${status}`
  }
};
function Img({ fallback = null, ...props }) {
  const [failed, setFailed] = useState(false);
  if (failed) return /* @__PURE__ */ jsx(Fragment, { children: fallback });
  return /* @__PURE__ */ jsx("img", { ...props, onError: () => setFailed(true) });
}
function SafeHtml({ html, as = "div", className, id, decode = false, variant = "rich" }) {
  const tools = useHtmlTools();
  const clean = useMemo(() => {
    const src = decode ? tools.decodeEntities(html ?? "") : html ?? "";
    return variant === "title" ? tools.sanitizeTitle(src) : tools.sanitizeRich(src);
  }, [html, decode, variant, tools]);
  return createElement(as, { className, id, dangerouslySetInnerHTML: { __html: clean } });
}
const NAMED_ENTITIES = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  deg: "°",
  micro: "µ",
  plusmn: "±",
  times: "×"
};
function decodeHtmlEntities(s) {
  return String(s ?? "").replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, body) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 1114111 ? String.fromCodePoint(code) : m;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? m;
  });
}
function cleanTitle(raw) {
  const decoded = decodeHtmlEntities(raw);
  return decoded.replace(/<!--[\s\S]*?-->/g, "").replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, "").replace(/<\/?([a-z][a-z0-9-]*)\b[^>]*>/gi, (tag, name) => {
    const n = name.toLowerCase();
    if (n !== "i" && n !== "em") return /^(br|p|div|li|tr|td|th|h[1-6]|ul|ol|table|blockquote|hr)$/.test(n) ? " " : "";
    return tag[1] === "/" ? `</${n}>` : `<${n}>`;
  }).replace(/\s+/g, " ").trim();
}
const titleText = (raw) => cleanTitle(raw).replace(/<\/?(i|em)>/g, "");
const splitAuthors = (authorname) => String(authorname ?? "").split(",").map((a) => a.replace(/\s+/g, " ").trim()).filter(Boolean);
function citeAuthor(name) {
  const words = name.replace(/^\s*Dr\.\s*/i, "").replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  if (words.length === 0) return "";
  const surname = words[words.length - 1];
  if (words.length === 1) return surname.endsWith(".") ? surname : `${surname}.`;
  const initials2 = words.slice(0, -1).map((w) => `${Array.from(w.replace(/^[^\p{L}]+/u, "") || w)[0].toUpperCase()}.`);
  return `${surname.replace(/\.$/, "")} ${initials2.join(" ")}`;
}
const citeAuthors = (authorname) => splitAuthors(authorname).map(citeAuthor).filter(Boolean).join(", ");
function firstNumber(param) {
  const m = /\d+/.exec(String(param ?? ""));
  if (!m) return null;
  const n = Number(m[0]);
  return Number.isSafeInteger(n) ? n : null;
}
const pad = (n, width) => String(n ?? "").padStart(width, "0");
const pad2 = (n) => pad(n, 2);
const pad3 = (n) => pad(n, 3);
const capitalizeFrequency = (f) => String(f ?? "").trim().split("-").map((p) => p ? p[0].toUpperCase() + p.slice(1).toLowerCase() : p).join("-");
function issueHeading(year, volume, issue, frequency) {
  const base = `VOL. ${pad2(volume)}, ISSUE ${pad2(issue)} (${year})`;
  const f = capitalizeFrequency(frequency);
  return f ? `${base} — ${f}` : base;
}
function issueLinkLabel(volume, issue, month) {
  const base = `VOL. ${pad2(volume)} : ISSUE ${pad2(issue)}`;
  const m = String(month ?? "").trim();
  return m ? `${base} : ${m.toUpperCase()}` : base;
}
const impactFactorDisplay = (raw) => String(raw ?? "").slice(15).trim();
function pageRange(pagenumber) {
  const [first = "", last = ""] = String(pagenumber ?? "").split("-").map((p) => p.trim());
  return { first, last: last || first };
}
function citationHtml(a, journalName) {
  const authors = citeAuthors(a.authorname);
  const title = cleanTitle(a.title).replace(/[.\s]+$/, "");
  const parts = [
    authors ? `${authors.replace(/\.$/, "")}.` : "",
    title ? `${title}.` : "",
    journalName ? `${escapeText(journalName)}.` : "",
    `Volume ${pad2(a.volume)}, Issue ${pad2(a.issue)}, ${a.year}${a.pagenumber ? `, Pages ${escapeText(a.pagenumber)}` : ""}.`
  ];
  return parts.filter(Boolean).join(" ");
}
const escapeText = (s) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
const whatsappNumber = (raw) => String(raw ?? "").replace(/\D+/g, "");
function whatsappLink(raw, journalName) {
  const text = `Hello, I have a query about ${journalName || "the journal"}.`;
  const n = whatsappNumber(raw);
  return `https://wa.me/${n}?text=${encodeURIComponent(text)}`;
}
const ChatIcon = () => /* @__PURE__ */ jsx("svg", { "aria-hidden": "true", viewBox: "0 0 32 32", width: "30", height: "30", children: /* @__PURE__ */ jsx(
  "path",
  {
    fill: "#fff",
    d: "M16 3C8.8 3 3 8.5 3 15.2c0 2.4.7 4.6 2 6.5L3.6 28l6.6-1.7c1.8.9 3.8 1.4 5.8 1.4 7.2 0 13-5.5 13-12.3S23.2 3 16 3Zm-5 10.5h10v2H11v-2Zm0 4h7v2h-7v-2Z"
  }
) });
function SearchBox({ className }) {
  const [value, setValue] = useState("");
  const navigate = useNavigate();
  const id = useId();
  function submit(e) {
    e.preventDefault();
    navigate(paths.search(value));
    setValue("");
  }
  return /* @__PURE__ */ jsxs("form", { role: "search", className: `search-box ${className ?? ""}`, onSubmit: submit, children: [
    /* @__PURE__ */ jsx("label", { htmlFor: id, className: "visually-hidden", children: "Search articles" }),
    /* @__PURE__ */ jsx("input", { id, type: "search", name: "keyword", placeholder: "Search articles...", value, onChange: (e) => setValue(e.target.value) }),
    /* @__PURE__ */ jsxs("button", { type: "submit", children: [
      /* @__PURE__ */ jsx("svg", { "aria-hidden": "true", viewBox: "0 0 24 24", width: "18", height: "18", children: /* @__PURE__ */ jsx(
        "path",
        {
          fill: "currentColor",
          d: "M15.5 14h-.8l-.3-.3A6.5 6.5 0 1 0 14 15.5l.3.3v.8l5 5 1.5-1.5-5-5Zm-6 0A4.5 4.5 0 1 1 14 9.5 4.5 4.5 0 0 1 9.5 14Z"
        }
      ) }),
      /* @__PURE__ */ jsx("span", { children: "Search" })
    ] })
  ] });
}
const EMPTY_FLAGS = {
  showSubject: false,
  hideOwnerNotice: false,
  showEditorContacts: false,
  showJournalList: false,
  banner: "sitename",
  coverImage: "",
  journalListLink: "",
  ownerNotice: "",
  ownerLink: ""
};
function useJournal() {
  const q = useSettings();
  return useMemo(() => {
    const s = q.data;
    const flags = { ...EMPTY_FLAGS, ...s?.flags ?? {} };
    const name = (s?.websitename ?? "").trim();
    return { settings: s, flags, name, isLoading: q.isLoading, isError: q.isError };
  }, [q.data, q.isLoading, q.isError]);
}
const NAV = [
  { to: paths.home, label: "HOME", end: true },
  { to: paths.archives, label: "ARCHIVES" },
  { to: paths.board, label: "EDITORIAL BOARD" },
  { to: paths.instructions, label: "INSTRUCTIONS" },
  { to: paths.indexing, label: "INDEXING" },
  { to: paths.contact, label: "CONTACT" }
];
const initials = (name) => name.split(/\s+/).filter((w) => /^[A-Z]/.test(w)).map((w) => w[0]).join("").slice(0, 4) || "J";
function Banner() {
  const { settings, flags, name } = useJournal();
  if (!settings) return null;
  if (flags.banner === "header") {
    return /* @__PURE__ */ jsx(
      Img,
      {
        className: "banner-image",
        src: siteImage("header.png"),
        alt: name ? `${name} banner` : "Journal banner",
        fallback: /* @__PURE__ */ jsx("p", { className: "sitename-banner", children: settings.domain || name })
      }
    );
  }
  if (flags.banner === "naas") {
    return /* @__PURE__ */ jsxs("div", { className: "naas-banner", children: [
      /* @__PURE__ */ jsx("span", { className: "naas-label", children: "NAAS Rating" }),
      /* @__PURE__ */ jsx("span", { className: "naas-score", children: settings.nassScore || "—" }),
      settings.nassScoreYear && /* @__PURE__ */ jsxs("span", { className: "naas-year", children: [
        "(",
        settings.nassScoreYear,
        ")"
      ] })
    ] });
  }
  return /* @__PURE__ */ jsx("p", { className: "sitename-banner", children: settings.domain || name });
}
function SiteHeader() {
  const { settings, name } = useJournal();
  return /* @__PURE__ */ jsxs("header", { className: "site-header", children: [
    /* @__PURE__ */ jsxs("div", { className: "container brand-row", children: [
      /* @__PURE__ */ jsx(Link, { to: paths.home, className: "brand-logo", children: /* @__PURE__ */ jsx(
        Img,
        {
          src: siteImage("logo.png"),
          alt: name ? `${name} logo` : "Journal logo",
          width: "88",
          height: "88",
          fallback: /* @__PURE__ */ jsx("span", { className: "logo-fallback", role: "img", "aria-label": name ? `${name} logo` : "Journal logo", children: initials(name) })
        }
      ) }),
      /* @__PURE__ */ jsxs("div", { className: "brand-text", children: [
        settings?.formatted_journal_name ? /* @__PURE__ */ jsx(SafeHtml, { className: "journal-name", html: settings.formatted_journal_name, decode: true }) : /* @__PURE__ */ jsx("p", { className: "journal-name", children: name || " " }),
        (settings?.issn || settings?.journal_essn) && /* @__PURE__ */ jsxs("p", { className: "brand-issn", children: [
          settings.journal_essn && /* @__PURE__ */ jsxs("span", { children: [
            "E-ISSN: ",
            settings.journal_essn
          ] }),
          settings.issn && /* @__PURE__ */ jsxs("span", { children: [
            "P-ISSN: ",
            settings.issn
          ] })
        ] })
      ] }),
      /* @__PURE__ */ jsx("div", { className: "brand-banner", children: /* @__PURE__ */ jsx(Banner, {}) }),
      /* @__PURE__ */ jsx(SearchBox, { className: "search-lg" })
    ] }),
    /* @__PURE__ */ jsx("nav", { className: "main-nav", "aria-label": "Main", children: /* @__PURE__ */ jsx("ul", { className: "container", children: NAV.map((n) => /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsx(NavLink, { to: n.to, end: "end" in n ? n.end : false, children: n.label }) }, n.to)) }) }),
    /* @__PURE__ */ jsx("div", { className: "container search-sm-row", children: /* @__PURE__ */ jsx(SearchBox, { className: "search-sm" }) })
  ] });
}
const policyLink = (to, section, label) => /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsx(Link, { to, state: { section }, children: label }) });
function SiteFooter() {
  const { settings, name } = useJournal();
  const year = (/* @__PURE__ */ new Date()).getFullYear();
  return /* @__PURE__ */ jsxs("footer", { className: "site-footer", children: [
    /* @__PURE__ */ jsxs("div", { className: "container footer-grid", children: [
      /* @__PURE__ */ jsxs("section", { "aria-labelledby": "footer-about", children: [
        /* @__PURE__ */ jsx("h2", { id: "footer-about", children: name || "The Journal" }),
        /* @__PURE__ */ jsx("p", { children: "A peer-reviewed, open access journal publishing original research articles, reviews and short communications." }),
        settings?.websiteemail && /* @__PURE__ */ jsxs("p", { children: [
          "Email: ",
          /* @__PURE__ */ jsx("a", { href: `mailto:${settings.websiteemail}`, children: settings.websiteemail })
        ] })
      ] }),
      /* @__PURE__ */ jsxs("section", { "aria-labelledby": "footer-links", children: [
        /* @__PURE__ */ jsx("h2", { id: "footer-links", children: "Quick Links" }),
        /* @__PURE__ */ jsxs("ul", { children: [
          /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsx(Link, { to: paths.archives, children: "Archives" }) }),
          /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsx(Link, { to: paths.board, children: "Editorial Board" }) }),
          /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsx(Link, { to: paths.instructions, children: "Instructions to Authors" }) }),
          /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsx(Link, { to: paths.indexingAbstracting, children: "Indexing and Abstracting" }) }),
          /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsx(Link, { to: paths.about, children: "About Us" }) }),
          /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsx(Link, { to: paths.contact, children: "Contact" }) })
        ] })
      ] }),
      /* @__PURE__ */ jsxs("section", { "aria-labelledby": "footer-policies", children: [
        /* @__PURE__ */ jsx("h2", { id: "footer-policies", children: "Policies" }),
        /* @__PURE__ */ jsxs("ul", { children: [
          policyLink(paths.privacy, "privacy-policy", "Privacy Policy"),
          policyLink(paths.privacy, "cookies", "Cookies"),
          policyLink(paths.terms, "terms-and-conditions", "Terms and Conditions"),
          policyLink(paths.terms, "acceptable-use", "Acceptable Use"),
          policyLink(paths.terms, "disclaimer", "Disclaimer")
        ] })
      ] })
    ] }),
    /* @__PURE__ */ jsxs("p", { className: "copyright", children: [
      "© ",
      year,
      " ",
      name || "The Journal",
      ". All rights reserved."
    ] }),
    /* @__PURE__ */ jsx(ChatFloat, {})
  ] });
}
function ChatFloat() {
  const { settings, name } = useJournal();
  if (!settings) return null;
  const label = "Chat with us";
  return settings.whatsup_number ? /* @__PURE__ */ jsx("a", { className: "chat-float", href: whatsappLink(settings.whatsup_number, name), target: "_blank", rel: "noopener noreferrer", "aria-label": `${label} on WhatsApp`, children: /* @__PURE__ */ jsx(Img, { src: siteImage("chat.png"), alt: "", width: "56", height: "56", fallback: /* @__PURE__ */ jsx(ChatIcon, {}) }) }) : /* @__PURE__ */ jsx(Link, { className: "chat-float", to: paths.contact, "aria-label": label, children: /* @__PURE__ */ jsx(Img, { src: siteImage("chat.png"), alt: "", width: "56", height: "56", fallback: /* @__PURE__ */ jsx(ChatIcon, {}) }) });
}
function PublicLayout() {
  return /* @__PURE__ */ jsxs("div", { className: "public-site", children: [
    /* @__PURE__ */ jsx("a", { className: "skip-link", href: "#main", children: "Skip to main content" }),
    /* @__PURE__ */ jsx(SiteHeader, {}),
    /* @__PURE__ */ jsx("main", { id: "main", className: "site-main", tabIndex: -1, children: /* @__PURE__ */ jsx(Outlet, {}) }),
    /* @__PURE__ */ jsx(SiteFooter, {}),
    /* @__PURE__ */ jsx(ScrollRestoration, {})
  ] });
}
const notFound = (statusText) => data(null, { status: 404, statusText });
const unavailable = () => data(null, { status: 503, statusText: "Service Unavailable" });
async function load(d, q) {
  try {
    return await d.queryClient.ensureQueryData({ ...q, revalidateIfStale: true });
  } catch (e) {
    if (e instanceof ApiError && e.status < 500) throw data(null, { status: e.status, statusText: e.message });
    throw unavailable();
  }
}
function yearIssues(y) {
  if (y.issues?.length) {
    return [...y.issues].map((it) => ({ volume: Number(it.volume), issue: Number(it.issue), month: it.month || y.issue_month?.[String(it.issue)] })).sort((a, b) => a.volume - b.volume || a.issue - b.issue);
  }
  return Array.from({ length: Math.max(0, y.total_issues) }, (_, i) => ({ volume: y.volume, issue: i + 1, month: y.issue_month?.[String(i + 1)] }));
}
function latestIssue(years) {
  const year = years.find((y) => y.total_issues > 0 || y.issues?.length);
  const latest = year ? yearIssues(year).at(-1) : void 0;
  return year && latest ? { year: year.year, ...latest } : null;
}
function publicLoaders(d) {
  return {
    layout: async () => {
      await load(d, publicQueries.settings(d.reads));
      return null;
    },
    home: async () => {
      await load(d, publicQueries.indexing(d.reads));
      return null;
    },
    board: async () => {
      await load(d, publicQueries.editors(d.reads));
      return null;
    },
    indexing: async () => {
      await load(d, publicQueries.indexing(d.reads));
      return null;
    },
    archives: async () => {
      await load(d, publicQueries.archives(d.reads));
      return null;
    },
    /** Exactly /archives: a real redirect to the newest issue. */
    archivesIndex: async () => {
      const latest = latestIssue(await load(d, publicQueries.archives(d.reads)));
      if (latest) throw redirect(paths.issue(latest.year, latest.volume, latest.issue));
      return null;
    },
    issue: async ({ params }) => {
      const year = firstNumber(params.year);
      const volume = firstNumber(params.vol);
      const issue = firstNumber(params.issue);
      if (year === null || volume === null || issue === null) throw notFound("Issue not found");
      const [years, articles] = await Promise.all([
        load(d, publicQueries.archives(d.reads)),
        load(d, publicQueries.issue(d.reads, year, volume, issue))
      ]);
      const listed = years.some((y) => y.year === year && yearIssues(y).some((it) => it.volume === volume && it.issue === issue));
      if (!listed && articles.length === 0) throw notFound("Issue not found");
      return null;
    },
    article: async ({ params }) => {
      const a = await load(d, publicQueries.article(d.reads, params.ref ?? ""));
      if (!a) throw notFound("Article not found!");
      return null;
    },
    search: async ({ request: request2 }) => {
      await load(d, publicQueries.search(d.reads, new URL(request2.url).searchParams.get("keyword") ?? ""));
      return null;
    },
    pdf: async ({ request: request2 }) => {
      const refno = (new URL(request2.url).searchParams.get("refno") ?? "").trim();
      if (refno) await load(d, publicQueries.article(d.reads, refno));
      return null;
    }
  };
}
function PageTitle({ children, id }) {
  return /* @__PURE__ */ jsx("div", { className: "page-title", children: /* @__PURE__ */ jsx("h1", { id, children }) });
}
function PageHead({ title, description, path: path2, noindex = false, type = "website", children }) {
  const { name } = useJournal();
  const origin = useOrigin();
  const location = useLocation();
  const full = [title, name].map((p) => (p ?? "").trim()).filter(Boolean).join(" - ") || "Journal";
  const desc = (description || (name ? `${title ? `${title}: ` : ""}${name}, a peer-reviewed open access journal.` : full)).slice(0, 300);
  const canonicalPath = path2 === void 0 ? location.pathname : path2;
  const url = canonicalPath !== null ? origin + canonicalPath : null;
  return /* @__PURE__ */ jsxs(Fragment, { children: [
    /* @__PURE__ */ jsx("title", { children: full }),
    /* @__PURE__ */ jsx("meta", { name: "description", content: desc }),
    url && /* @__PURE__ */ jsx("link", { rel: "canonical", href: url }),
    noindex && /* @__PURE__ */ jsx("meta", { name: "robots", content: "noindex" }),
    /* @__PURE__ */ jsx("meta", { property: "og:type", content: type }),
    /* @__PURE__ */ jsx("meta", { property: "og:title", content: (title || name || full).trim() }),
    /* @__PURE__ */ jsx("meta", { property: "og:description", content: desc }),
    url && /* @__PURE__ */ jsx("meta", { property: "og:url", content: url }),
    name && /* @__PURE__ */ jsx("meta", { property: "og:site_name", content: name }),
    children
  ] });
}
function AboutPage() {
  const { settings, name } = useJournal();
  const journal = name || "The journal";
  const freq = capitalizeFrequency(settings?.journal_frequency);
  return /* @__PURE__ */ jsxs("div", { className: "container narrow prose", children: [
    /* @__PURE__ */ jsx(PageHead, { title: "About Us" }),
    /* @__PURE__ */ jsx(PageTitle, { children: "About Us" }),
    /* @__PURE__ */ jsxs("p", { children: [
      journal,
      " is a peer-reviewed, open access journal",
      settings?.year_started ? `, published since ${settings.year_started}` : "",
      freq ? ` with a ${freq.toLowerCase()} frequency` : "",
      ". It publishes original research articles, review articles and short communications",
      settings?.journal_language ? ` in ${settings.journal_language}` : "",
      "."
    ] }),
    /* @__PURE__ */ jsx("p", { children: "Our aim is to give researchers, academicians and students a fast and transparent platform to share their work with the scientific community. Every manuscript is reviewed by experts of the field and published online, free to read for everyone." }),
    /* @__PURE__ */ jsx("h2", { children: "What we offer" }),
    /* @__PURE__ */ jsxs("ul", { children: [
      /* @__PURE__ */ jsx("li", { children: "Double-blind peer review by two reviewers" }),
      /* @__PURE__ */ jsx("li", { children: "Publication within a short time after acceptance" }),
      /* @__PURE__ */ jsx("li", { children: "Publication certificate, cover page and editorial board document for every author" }),
      /* @__PURE__ */ jsx("li", { children: "Open access to every published article" })
    ] }),
    /* @__PURE__ */ jsxs("p", { children: [
      "Read the ",
      /* @__PURE__ */ jsx(Link, { to: paths.instructions, children: "instructions to authors" }),
      ", meet the ",
      /* @__PURE__ */ jsx(Link, { to: paths.board, children: "editorial board" }),
      " ",
      "or ",
      /* @__PURE__ */ jsx(Link, { to: paths.contact, children: "contact us" }),
      "."
    ] })
  ] });
}
function Loading({ text = "Loading..." }) {
  return /* @__PURE__ */ jsxs("p", { className: "state state-loading", role: "status", "aria-live": "polite", children: [
    /* @__PURE__ */ jsx("span", { className: "spinner", "aria-hidden": "true" }),
    text
  ] });
}
function EmptyState({ children }) {
  return /* @__PURE__ */ jsx("p", { className: "state state-empty", children });
}
function ErrorState({ children = "Something went wrong. Please try again later." }) {
  return /* @__PURE__ */ jsx("p", { className: "state state-error", role: "alert", children });
}
const NO_ARTICLES = "No published articles yet. Please come back later.";
function YearBox({ y, defaultOpen, onChoose }) {
  const [open, setOpen] = useState(defaultOpen);
  const listId = `year-${y.year}-${y.volume}`;
  const issues = yearIssues(y);
  return /* @__PURE__ */ jsxs("div", { className: `year-box${open ? " open" : ""}`, children: [
    /* @__PURE__ */ jsx("h2", { className: "year-title", children: /* @__PURE__ */ jsxs("button", { type: "button", "aria-expanded": open, "aria-controls": listId, onClick: () => setOpen((o) => !o), children: [
      y.year,
      " ISSUES",
      /* @__PURE__ */ jsx("span", { className: "chevron", "aria-hidden": "true" })
    ] }) }),
    /* @__PURE__ */ jsx("ul", { id: listId, hidden: !open, children: issues.map((it) => /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsx(NavLink, { to: paths.issue(y.year, it.volume, it.issue), onClick: onChoose, children: issueLinkLabel(it.volume, it.issue, it.month) }) }, `${it.volume}-${it.issue}`)) })
  ] });
}
function ArchivesLayout() {
  const q = useArchiveYears();
  const [mobileOpen, setMobileOpen] = useState(false);
  return /* @__PURE__ */ jsxs("div", { className: "container", children: [
    /* @__PURE__ */ jsx(PageTitle, { children: "ARCHIVES" }),
    /* @__PURE__ */ jsxs("div", { className: "archives-layout", children: [
      /* @__PURE__ */ jsx(
        "button",
        {
          type: "button",
          className: "btn all-issues-toggle",
          "aria-expanded": mobileOpen,
          "aria-controls": "archive-sidebar",
          onClick: () => setMobileOpen((o) => !o),
          children: "All Issues"
        }
      ),
      /* @__PURE__ */ jsxs("nav", { id: "archive-sidebar", className: `archive-sidebar${mobileOpen ? " open" : ""}`, "aria-label": "Archive issues", children: [
        q.isLoading && /* @__PURE__ */ jsx(Loading, {}),
        q.isError && /* @__PURE__ */ jsx(ErrorState, { children: "The archive could not be loaded." }),
        q.data?.map((y, i) => /* @__PURE__ */ jsx(YearBox, { y, defaultOpen: i < 2, onChoose: () => setMobileOpen(false) }, `${y.year}-${y.volume}`))
      ] }),
      /* @__PURE__ */ jsx("div", { className: "archive-content", children: /* @__PURE__ */ jsx(Outlet, {}) })
    ] })
  ] });
}
function ArchivesIndex() {
  return /* @__PURE__ */ jsxs(Fragment, { children: [
    /* @__PURE__ */ jsx(PageHead, { title: "Archives" }),
    /* @__PURE__ */ jsx(EmptyState, { children: NO_ARTICLES })
  ] });
}
function useScrollToSection(ready = true) {
  const location = useLocation();
  const section = location.state?.section ?? (location.hash ? decodeURIComponent(location.hash.slice(1)) : "");
  useEffect(() => {
    if (!ready) return;
    const el = section ? document.getElementById(section) : null;
    if (el) {
      el.scrollIntoView({ block: "start" });
      if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
      el.focus({ preventScroll: true });
    } else window.scrollTo(0, 0);
  }, [ready, section, location.key]);
}
const absoluteUrl = (origin, path2) => /^https?:\/\//i.test(path2) ? path2 : origin + path2.split("/").map((s) => encodeURIComponent(decodeURIComponentSafe(s))).join("/");
function decodeURIComponentSafe(s) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
const plain = (html) => String(html ?? "").replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
const keywordList = (k) => String(k ?? "").split(/[,;]/).map((s) => s.trim()).filter(Boolean);
function pages(a) {
  const r = pageRange(a.pagenumber);
  return { first: a.pageStart ? String(a.pageStart) : r.first, last: a.pageEnd ? String(a.pageEnd) : r.last };
}
function citationMetaTags(a, j, pageUrl, origin) {
  const { first, last } = pages(a);
  const pdf = a.pdf_url ? absoluteUrl(origin, a.pdf_url) : "";
  const keywords = keywordList(a.keywords);
  const tags = [
    ["citation_title", titleText(a.title)],
    ...splitAuthors(a.authorname).map((n) => ["citation_author", n]),
    ["citation_publication_date", citationDate(a.publishdate, a.year)],
    ["citation_journal_title", j.name],
    ["citation_issn", j.issn ?? ""],
    ["citation_issn", j.essn ?? ""],
    ["citation_volume", String(a.volume)],
    ["citation_issue", String(a.issue)],
    ["citation_firstpage", first],
    ["citation_lastpage", last],
    ["citation_pdf_url", pdf],
    ["citation_abstract_html_url", pageUrl],
    ["citation_keywords", keywords.join("; ")],
    ["citation_language", j.language ?? ""]
  ];
  return tags.filter(([, v]) => v);
}
function articleJsonLd(a, j, pageUrl, origin) {
  const title = titleText(a.title);
  const { first, last } = pages(a);
  const pdf = a.pdf_url ? absoluteUrl(origin, a.pdf_url) : "";
  const keywords = keywordList(a.keywords);
  const abstract = plain(a.abstract);
  return {
    "@context": "https://schema.org",
    "@type": "ScholarlyArticle",
    headline: title.slice(0, 500),
    name: title,
    author: splitAuthors(a.authorname).map((name) => ({ "@type": "Person", name })),
    datePublished: citationDate(a.publishdate, a.year).replace(/\//g, "-"),
    ...first ? { pageStart: first } : {},
    ...last ? { pageEnd: last } : {},
    ...keywords.length ? { keywords } : {},
    ...abstract ? { abstract } : {},
    url: pageUrl,
    ...pdf ? { encoding: { "@type": "MediaObject", contentUrl: pdf, encodingFormat: "application/pdf" } } : {},
    isPartOf: {
      "@type": "PublicationIssue",
      issueNumber: String(a.issue),
      datePublished: String(a.year),
      isPartOf: {
        "@type": "PublicationVolume",
        volumeNumber: String(a.volume),
        isPartOf: { "@type": "Periodical", name: j.name, ...j.issn || j.essn ? { issn: [j.issn, j.essn].filter(Boolean) } : {} }
      }
    }
  };
}
const scriptJson = (data2) => JSON.stringify(data2).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
function ArticleHead({ a, name, settings }) {
  const origin = useOrigin();
  const path2 = paths.article(a.year, a.volume, a.issue, encodeURIComponent(a.refnumber));
  const url = origin + path2;
  const journal = { name, issn: settings?.issn, essn: settings?.journal_essn, language: settings?.journal_language };
  const abstract = String(a.abstract ?? "").replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
  return /* @__PURE__ */ jsxs(PageHead, { title: titleText(a.title), description: abstract.slice(0, 300) || titleText(a.title), path: path2, type: "article", children: [
    citationMetaTags(a, journal, url, origin).map(([n, c], i) => /* @__PURE__ */ jsx("meta", { name: n, content: c }, `${n}-${i}`)),
    /* @__PURE__ */ jsx("script", { type: "application/ld+json", dangerouslySetInnerHTML: { __html: scriptJson(articleJsonLd(a, journal, url, origin)) } })
  ] });
}
function ArticlePage() {
  const { ref } = useParams();
  const { name, settings } = useJournal();
  const q = useArticleByRef(ref);
  const a = q.data ?? null;
  useScrollToSection(!q.isLoading);
  if (q.isLoading) return /* @__PURE__ */ jsx(Loading, {});
  if (q.isError) console.error("article load failed", q.error);
  if (!a) {
    return /* @__PURE__ */ jsxs("div", { className: "not-found", children: [
      /* @__PURE__ */ jsx(PageHead, { title: "Article not found!", path: null, noindex: true }),
      /* @__PURE__ */ jsx("h2", { children: "Article not found!" })
    ] });
  }
  const pdf = articlePdfUrl(a);
  return /* @__PURE__ */ jsxs("article", { className: "article", "aria-labelledby": "article-title", children: [
    /* @__PURE__ */ jsx(ArticleHead, { a, name, settings }),
    /* @__PURE__ */ jsx("p", { className: "article-issue", children: /* @__PURE__ */ jsx(Link, { to: paths.issue(a.year, a.volume, a.issue), children: issueHeading(a.year, a.volume, a.issue, a.frequency) }) }),
    /* @__PURE__ */ jsx(SafeHtml, { as: "h2", id: "article-title", className: "article-title", html: cleanTitle(a.title), variant: "title" }),
    /* @__PURE__ */ jsxs("section", { id: "authors", "aria-labelledby": "authors-h", children: [
      /* @__PURE__ */ jsx("h3", { id: "authors-h", children: "Authors" }),
      /* @__PURE__ */ jsx("p", { className: "art-authors", children: a.authorname }),
      a.country && /* @__PURE__ */ jsxs("p", { className: "muted", children: [
        "Country: ",
        a.country
      ] })
    ] }),
    /* @__PURE__ */ jsxs("section", { id: "abstract", "aria-labelledby": "abstract-h", children: [
      /* @__PURE__ */ jsx("h3", { id: "abstract-h", children: "Abstract" }),
      /* @__PURE__ */ jsx(SafeHtml, { className: "rich-text abstract", html: a.abstract }),
      a.keywords && /* @__PURE__ */ jsxs("p", { className: "keywords", children: [
        /* @__PURE__ */ jsx("strong", { children: "Keywords:" }),
        " ",
        a.keywords
      ] })
    ] }),
    /* @__PURE__ */ jsxs("section", { id: "download", className: "article-meta", "aria-label": "Download and pages", children: [
      pdf && /* @__PURE__ */ jsx("a", { className: "btn", href: pdf, target: "_blank", rel: "noopener noreferrer", children: "Download" }),
      a.pagenumber && /* @__PURE__ */ jsxs("p", { className: "pages", children: [
        /* @__PURE__ */ jsx("strong", { children: "Pages:" }),
        " ",
        a.pagenumber
      ] })
    ] }),
    /* @__PURE__ */ jsxs("section", { id: "citation", className: "cite-box", "aria-labelledby": "cite-h", children: [
      /* @__PURE__ */ jsx("h3", { id: "cite-h", children: "How to cite this article:" }),
      /* @__PURE__ */ jsx(SafeHtml, { as: "p", html: citationHtml(a, name), variant: "title" })
    ] })
  ] });
}
const SECTIONS = [
  { category: "chief editor", title: "Editor-in-Chief" },
  { category: "associate editor", title: "Associate Editors" },
  { category: "assistant editor", title: "Assistant Editors" }
];
const websiteHref = (w) => /^https?:\/\//i.test(w) ? w : `https://${w}`;
function EditorCard({ e, contacts }) {
  return /* @__PURE__ */ jsxs("li", { className: "editor-card", children: [
    /* @__PURE__ */ jsx(
      Img,
      {
        src: editorPicture(e),
        alt: `Photo of ${e.name}`,
        width: "96",
        height: "96",
        loading: "lazy",
        fallback: /* @__PURE__ */ jsx("span", { className: "avatar-fallback", "aria-hidden": "true", children: e.name.replace(/^(Dr|Prof)\.?\s+/i, "").charAt(0) })
      }
    ),
    /* @__PURE__ */ jsxs("div", { className: "editor-body", children: [
      /* @__PURE__ */ jsxs("h3", { children: [
        e.name,
        e.degree && /* @__PURE__ */ jsxs("span", { className: "editor-degree", children: [
          ", ",
          e.degree
        ] })
      ] }),
      e.post && /* @__PURE__ */ jsx(SafeHtml, { className: "editor-post", html: e.post, decode: true }),
      e.content && /* @__PURE__ */ jsx(SafeHtml, { className: "editor-affiliation", html: e.content }),
      e.country && /* @__PURE__ */ jsx("p", { className: "editor-country", children: e.country }),
      contacts && (e.email || e.phone || e.editor_website) && /* @__PURE__ */ jsxs("ul", { className: "editor-contacts", children: [
        e.email && /* @__PURE__ */ jsxs("li", { children: [
          "Email: ",
          /* @__PURE__ */ jsx("a", { href: `mailto:${e.email}`, children: e.email })
        ] }),
        e.phone && /* @__PURE__ */ jsxs("li", { children: [
          "Phone: ",
          /* @__PURE__ */ jsx("a", { href: `tel:${e.phone.replace(/[^\d+]/g, "")}`, children: e.phone })
        ] }),
        e.editor_website && /* @__PURE__ */ jsxs("li", { children: [
          "Website:",
          " ",
          /* @__PURE__ */ jsx("a", { href: websiteHref(e.editor_website), target: "_blank", rel: "noopener noreferrer", children: e.editor_website })
        ] })
      ] })
    ] })
  ] });
}
function BoardPage() {
  const { flags } = useJournal();
  const q = useEditors();
  const editors = q.data ?? [];
  return /* @__PURE__ */ jsxs("div", { className: "container", children: [
    /* @__PURE__ */ jsx(PageHead, { title: "Editorial Board" }),
    /* @__PURE__ */ jsx(PageTitle, { children: "EDITORIAL BOARD" }),
    q.isLoading && /* @__PURE__ */ jsx(Loading, {}),
    q.isError && /* @__PURE__ */ jsx(ErrorState, { children: "The editorial board could not be loaded." }),
    q.isSuccess && editors.length === 0 && /* @__PURE__ */ jsx(EmptyState, { children: "The editorial board will be announced soon." }),
    SECTIONS.map((s) => {
      const list = editors.filter((e) => e.category === s.category);
      if (!list.length) return null;
      return /* @__PURE__ */ jsxs("section", { className: "board-section", "aria-labelledby": `board-${s.category.replace(" ", "-")}`, children: [
        /* @__PURE__ */ jsx("h2", { id: `board-${s.category.replace(" ", "-")}`, children: s.title }),
        /* @__PURE__ */ jsx("ul", { className: "editor-grid", children: list.map((e) => /* @__PURE__ */ jsx(EditorCard, { e, contacts: flags.showEditorContacts }, e.id)) })
      ] }, s.category);
    })
  ] });
}
const PUBLISHER_ADDRESS = ["Plot No. 12, Sector 3, Rohini", "Delhi, India - 110085"];
const publicationSteps = (email) => [
  `Send your article to ${email || "the journal email"}.`,
  "After your article is accepted, pay the publication fee.",
  `Send the payment receipt to ${email || "the journal email"}.`,
  "Within 5 days you will receive the abstract link, article pdf, certificate, editorial page and cover page."
];
const feeRupee = (v) => v && v.trim() || "2000";
const feeDollar = (v) => v && v.trim() || "50";
function ContactPage() {
  const { settings, flags, name } = useJournal();
  const email = settings?.websiteemail ?? "";
  const showOwner = !flags.hideOwnerNotice && (flags.ownerNotice || flags.ownerLink);
  return /* @__PURE__ */ jsxs("div", { className: "container narrow", children: [
    /* @__PURE__ */ jsx(PageHead, { title: "Contact" }),
    /* @__PURE__ */ jsx(PageTitle, { children: "CONTACT US" }),
    /* @__PURE__ */ jsxs("div", { className: "contact-grid", children: [
      /* @__PURE__ */ jsxs("section", { className: "card", "aria-labelledby": "c-address", children: [
        /* @__PURE__ */ jsx("h2", { id: "c-address", children: "Publisher Address" }),
        /* @__PURE__ */ jsxs("address", { children: [
          name && /* @__PURE__ */ jsxs(Fragment, { children: [
            name,
            /* @__PURE__ */ jsx("br", {})
          ] }),
          PUBLISHER_ADDRESS.map((l) => /* @__PURE__ */ jsxs("span", { children: [
            l,
            /* @__PURE__ */ jsx("br", {})
          ] }, l))
        ] })
      ] }),
      /* @__PURE__ */ jsxs("section", { className: "card", "aria-labelledby": "c-email", children: [
        /* @__PURE__ */ jsx("h2", { id: "c-email", children: "Submit Your Article" }),
        /* @__PURE__ */ jsx("p", { children: "Send your article to" }),
        email ? /* @__PURE__ */ jsx("a", { className: "submit-email", href: `mailto:${email}`, children: email }) : /* @__PURE__ */ jsx("p", { children: "—" })
      ] }),
      settings?.whatsup_number && /* @__PURE__ */ jsxs("section", { className: "card", "aria-labelledby": "c-whatsapp", children: [
        /* @__PURE__ */ jsx("h2", { id: "c-whatsapp", children: "WhatsApp" }),
        /* @__PURE__ */ jsx("p", { children: "Have a question? Chat with us on WhatsApp." }),
        /* @__PURE__ */ jsxs("a", { className: "btn btn-whatsapp", href: whatsappLink(settings.whatsup_number, name), target: "_blank", rel: "noopener noreferrer", children: [
          "Chat on WhatsApp: ",
          settings.whatsup_number
        ] })
      ] })
    ] }),
    showOwner && /* @__PURE__ */ jsxs("section", { className: "owner-notice", "aria-label": "Owner notice", children: [
      flags.ownerNotice && /* @__PURE__ */ jsx("p", { children: flags.ownerNotice }),
      flags.ownerLink && /* @__PURE__ */ jsx("p", { children: /* @__PURE__ */ jsx("a", { href: flags.ownerLink, target: "_blank", rel: "noopener noreferrer", children: flags.ownerLink }) })
    ] })
  ] });
}
function IndexingList() {
  const q = useIndexing();
  if (q.isLoading) return /* @__PURE__ */ jsx(Loading, {});
  if (q.isError) return /* @__PURE__ */ jsx(ErrorState, { children: "The indexing list could not be loaded." });
  if (!q.data?.length) return /* @__PURE__ */ jsx(EmptyState, { children: "No indexing partners listed yet." });
  return /* @__PURE__ */ jsx("ul", { className: "indexing-list", children: q.data.map((it) => /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsxs("a", { href: it.link || void 0, target: "_blank", rel: "noopener noreferrer", children: [
    indexingImage(it) && /* @__PURE__ */ jsx(Img, { src: indexingImage(it), alt: "", loading: "lazy", width: "120", height: "48" }),
    /* @__PURE__ */ jsx("span", { children: it.title })
  ] }) }, it.id ?? it.title)) });
}
function HomeSidebar() {
  const { settings, flags, name } = useJournal();
  const email = settings?.websiteemail ?? "";
  return /* @__PURE__ */ jsxs("aside", { className: "sidebar", "aria-label": "Journal sidebar", children: [
    flags.showJournalList && flags.journalListLink && /* @__PURE__ */ jsx("a", { className: "side-card side-link", href: flags.journalListLink, target: "_blank", rel: "noopener noreferrer", children: "Journal List" }),
    settings?.whatsup_number ? /* @__PURE__ */ jsxs("a", { className: "side-card chat-card", href: whatsappLink(settings.whatsup_number, name), target: "_blank", rel: "noopener noreferrer", children: [
      /* @__PURE__ */ jsx(Img, { src: siteImage("chat.png"), alt: "", width: "40", height: "40", fallback: /* @__PURE__ */ jsx("span", { className: "chat-dot", "aria-hidden": "true", children: /* @__PURE__ */ jsx(ChatIcon, {}) }) }),
      /* @__PURE__ */ jsx("span", { children: "Chat with us on WhatsApp" })
    ] }) : /* @__PURE__ */ jsxs(Link, { className: "side-card chat-card", to: paths.contact, children: [
      /* @__PURE__ */ jsx(Img, { src: siteImage("chat.png"), alt: "", width: "40", height: "40", fallback: /* @__PURE__ */ jsx("span", { className: "chat-dot", "aria-hidden": "true", children: /* @__PURE__ */ jsx(ChatIcon, {}) }) }),
      /* @__PURE__ */ jsx("span", { children: "Chat with us" })
    ] }),
    /* @__PURE__ */ jsxs("section", { className: "side-card submit-card", "aria-labelledby": "submit-title", children: [
      /* @__PURE__ */ jsx("h2", { id: "submit-title", children: "SUBMIT YOUR ARTICLE" }),
      /* @__PURE__ */ jsx("p", { children: "Email your manuscript (MS Word format) to" }),
      email ? /* @__PURE__ */ jsx("a", { className: "submit-email", href: `mailto:${email}`, children: email }) : /* @__PURE__ */ jsx("p", { className: "submit-email", children: "—" })
    ] }),
    /* @__PURE__ */ jsxs("section", { className: "side-card", "aria-labelledby": "side-indexing", children: [
      /* @__PURE__ */ jsx("h2", { id: "side-indexing", children: "Indexing" }),
      /* @__PURE__ */ jsx(IndexingList, {}),
      /* @__PURE__ */ jsx("p", { className: "side-more", children: /* @__PURE__ */ jsx(Link, { to: paths.indexingAbstracting, children: "Indexing and Abstracting" }) })
    ] })
  ] });
}
function CoverCard() {
  const { settings, flags, name } = useJournal();
  const cover = flags.coverImage ? flags.coverImage.includes("/") ? flags.coverImage : `/assets/site/${flags.coverImage}` : siteImage("cover.png");
  return /* @__PURE__ */ jsxs("figure", { className: "cover-card", "aria-labelledby": "cover-caption", children: [
    /* @__PURE__ */ jsx("div", { className: "cover-art", children: /* @__PURE__ */ jsx(Img, { src: cover, alt: `Cover page of ${name || "the journal"}`, fallback: /* @__PURE__ */ jsx("span", { className: "cover-fallback", "aria-hidden": "true" }) }) }),
    /* @__PURE__ */ jsxs("figcaption", { id: "cover-caption", className: "cover-text", children: [
      /* @__PURE__ */ jsx("span", { className: "cover-journal", children: name }),
      /* @__PURE__ */ jsx("strong", { className: "cover-issue", children: "Volume 1, Issue 1" }),
      /* @__PURE__ */ jsxs("span", { className: "cover-year", children: [
        "Year started: ",
        settings?.year_started
      ] }),
      /* @__PURE__ */ jsx("address", { className: "cover-address", children: PUBLISHER_ADDRESS.map((l) => /* @__PURE__ */ jsx("span", { children: l }, l)) })
    ] })
  ] });
}
function JournalInfo() {
  const { settings, name } = useJournal();
  if (!settings) return null;
  const rows = [
    ["Journal Name", name],
    ["Frequency", capitalizeFrequency(settings.journal_frequency)],
    ["Journal Type", settings.journal_type],
    ["Language", settings.journal_language],
    ["E-ISSN", settings.journal_essn],
    ["P-ISSN", settings.issn],
    ["Year Started", settings.year_started],
    ["Impact Factor", impactFactorDisplay(settings.impactfactor)],
    ["NAAS Rating", settings.nassScore ? `${settings.nassScore}${settings.nassScoreYear ? ` (${settings.nassScoreYear})` : ""}` : ""],
    ["Email", settings.websiteemail]
  ];
  return /* @__PURE__ */ jsx("dl", { className: "info-list", children: rows.filter(([, v]) => v && v.trim()).map(([k, v]) => /* @__PURE__ */ jsxs("div", { children: [
    /* @__PURE__ */ jsx("dt", { children: k }),
    /* @__PURE__ */ jsx("dd", { children: v })
  ] }, k)) });
}
function HomePage() {
  const { settings, name, isLoading, isError } = useJournal();
  const email = settings?.websiteemail ?? "";
  return /* @__PURE__ */ jsxs("div", { className: "container two-col", children: [
    /* @__PURE__ */ jsxs("div", { className: "content", children: [
      /* @__PURE__ */ jsx(PageHead, { title: null, path: "/" }),
      /* @__PURE__ */ jsx("h1", { className: "visually-hidden", children: name || "Journal home" }),
      isLoading && /* @__PURE__ */ jsx(Loading, {}),
      isError && /* @__PURE__ */ jsx(ErrorState, { children: "The journal information could not be loaded." }),
      settings && /* @__PURE__ */ jsxs(Fragment, { children: [
        /* @__PURE__ */ jsxs("section", { className: "card home-hero", "aria-labelledby": "info-title", children: [
          /* @__PURE__ */ jsx(CoverCard, {}),
          /* @__PURE__ */ jsxs("div", { className: "home-info", children: [
            /* @__PURE__ */ jsx("h2", { id: "info-title", children: "Journal Information" }),
            /* @__PURE__ */ jsx(JournalInfo, {})
          ] })
        ] }),
        /* @__PURE__ */ jsxs("section", { className: "card", "aria-labelledby": "fee-title", children: [
          /* @__PURE__ */ jsx("h2", { id: "fee-title", children: "Publication Fee" }),
          /* @__PURE__ */ jsxs("ul", { className: "fee-lines", children: [
            /* @__PURE__ */ jsxs("li", { children: [
              /* @__PURE__ */ jsx("span", { children: "India" }),
              /* @__PURE__ */ jsxs("strong", { children: [
                "INR ",
                feeRupee(settings.fee_rupee)
              ] })
            ] }),
            /* @__PURE__ */ jsxs("li", { children: [
              /* @__PURE__ */ jsx("span", { children: "Other Countries" }),
              /* @__PURE__ */ jsxs("strong", { children: [
                "USD ",
                feeDollar(settings.fee_dollar)
              ] })
            ] })
          ] })
        ] }),
        /* @__PURE__ */ jsxs("section", { className: "card", "aria-labelledby": "process-title", children: [
          /* @__PURE__ */ jsx("h2", { id: "process-title", children: "Publication Process" }),
          /* @__PURE__ */ jsx("ol", { className: "process-steps", children: publicationSteps(email).map((s) => /* @__PURE__ */ jsx("li", { children: s }, s)) }),
          /* @__PURE__ */ jsxs("p", { className: "muted", children: [
            "See the ",
            /* @__PURE__ */ jsx(Link, { to: paths.instructions, children: "instructions to authors" }),
            " before you submit."
          ] })
        ] }),
        settings.home_content && /* @__PURE__ */ jsx("section", { className: "card home-content", "aria-label": "About the journal", children: /* @__PURE__ */ jsx(SafeHtml, { html: settings.home_content, decode: true, className: "rich-text" }) })
      ] })
    ] }),
    /* @__PURE__ */ jsx(HomeSidebar, {})
  ] });
}
function IndexingPage() {
  const q = useIndexing();
  return /* @__PURE__ */ jsxs("div", { className: "container", children: [
    /* @__PURE__ */ jsx(PageHead, { title: "Indexing" }),
    /* @__PURE__ */ jsx(PageTitle, { children: "INDEXING" }),
    q.isLoading && /* @__PURE__ */ jsx(Loading, {}),
    q.isError && /* @__PURE__ */ jsx(ErrorState, { children: "The indexing list could not be loaded." }),
    q.isSuccess && q.data.length === 0 && /* @__PURE__ */ jsx(EmptyState, { children: "No indexing partners listed yet." }),
    q.isSuccess && q.data.length > 0 && /* @__PURE__ */ jsx("ul", { className: "logo-grid", children: q.data.map((it) => /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsxs("a", { href: it.link || void 0, target: "_blank", rel: "noopener noreferrer", children: [
      indexingImage(it) ? /* @__PURE__ */ jsx(Img, { src: indexingImage(it), alt: "", loading: "lazy", width: "180", height: "80" }) : null,
      /* @__PURE__ */ jsx("span", { children: it.title })
    ] }) }, it.id ?? it.title)) }),
    /* @__PURE__ */ jsx("p", { className: "center", children: /* @__PURE__ */ jsx(Link, { to: paths.indexingAbstracting, children: "Indexing and Abstracting" }) })
  ] });
}
function IndexingAbstractingPage() {
  const { name } = useJournal();
  const q = useIndexing();
  return /* @__PURE__ */ jsxs("div", { className: "container narrow", children: [
    /* @__PURE__ */ jsx(PageHead, { title: "Indexing and Abstracting" }),
    /* @__PURE__ */ jsx(PageTitle, { children: "Indexing and Abstracting" }),
    /* @__PURE__ */ jsxs("p", { children: [
      name || "The journal",
      " is indexed and abstracted in the following databases and services. Each entry links to the journal's record with the partner."
    ] }),
    q.isLoading && /* @__PURE__ */ jsx(Loading, {}),
    q.isError && /* @__PURE__ */ jsx(ErrorState, { children: "The indexing list could not be loaded." }),
    q.isSuccess && q.data.length === 0 && /* @__PURE__ */ jsx(EmptyState, { children: "No indexing partners listed yet." }),
    q.isSuccess && q.data.length > 0 && /* @__PURE__ */ jsxs("table", { className: "data-table", children: [
      /* @__PURE__ */ jsx("caption", { className: "visually-hidden", children: "Indexing and abstracting partners" }),
      /* @__PURE__ */ jsx("thead", { children: /* @__PURE__ */ jsxs("tr", { children: [
        /* @__PURE__ */ jsx("th", { scope: "col", children: "S.No." }),
        /* @__PURE__ */ jsx("th", { scope: "col", children: "Indexing Partner" }),
        /* @__PURE__ */ jsx("th", { scope: "col", children: "Link" })
      ] }) }),
      /* @__PURE__ */ jsx("tbody", { children: q.data.map((it, i) => /* @__PURE__ */ jsxs("tr", { children: [
        /* @__PURE__ */ jsx("td", { children: i + 1 }),
        /* @__PURE__ */ jsx("td", { children: it.title }),
        /* @__PURE__ */ jsx("td", { children: it.link ? /* @__PURE__ */ jsxs("a", { href: it.link, target: "_blank", rel: "noopener noreferrer", children: [
          "Visit",
          /* @__PURE__ */ jsxs("span", { className: "visually-hidden", children: [
            " ",
            it.title
          ] })
        ] }) : "—" })
      ] }, it.id ?? it.title)) })
    ] })
  ] });
}
const COPYRIGHT_FORM = "/files/copyright-form.pdf";
const ORDER = [
  "Title of the article",
  "Name(s) of the author(s) with affiliation, email and phone number",
  "Abstract (not more than 250 words)",
  "Keywords (4 to 6)",
  "Introduction",
  "Materials and Methods",
  "Results",
  "Discussion",
  "Conclusion",
  "Acknowledgement (if any)",
  "References"
];
function InstructionsPage() {
  const { settings, name } = useJournal();
  useScrollToSection();
  const email = settings?.websiteemail ?? "";
  const journal = name || "the journal";
  return /* @__PURE__ */ jsxs("div", { className: "container narrow prose", children: [
    /* @__PURE__ */ jsx(PageHead, { title: "Instructions to Authors" }),
    /* @__PURE__ */ jsx(PageTitle, { children: "INSTRUCTIONS TO AUTHORS" }),
    /* @__PURE__ */ jsxs("section", { id: "submission", "aria-labelledby": "i-submission", children: [
      /* @__PURE__ */ jsx("h2", { id: "i-submission", children: "Submission of Manuscript" }),
      /* @__PURE__ */ jsxs("p", { children: [
        "Authors should send their manuscript by email to",
        " ",
        email ? /* @__PURE__ */ jsx("a", { href: `mailto:${email}`, children: email }) : "the journal email address",
        ". Manuscripts are accepted in MS Word format only."
      ] }),
      /* @__PURE__ */ jsxs("p", { children: [
        "Every accepted manuscript must be accompanied by the signed copyright form:",
        " ",
        /* @__PURE__ */ jsx("a", { href: COPYRIGHT_FORM, download: true, children: "Download Copyright Form" }),
        "."
      ] }),
      /* @__PURE__ */ jsx("p", { children: "A manuscript may have a maximum of 5 authors and a maximum of 50 references." })
    ] }),
    /* @__PURE__ */ jsxs("section", { id: "fee", "aria-labelledby": "i-fee", children: [
      /* @__PURE__ */ jsx("h2", { id: "i-fee", children: "Publication Fee" }),
      /* @__PURE__ */ jsxs("table", { className: "data-table fee-table", children: [
        /* @__PURE__ */ jsx("caption", { className: "visually-hidden", children: "Publication fee" }),
        /* @__PURE__ */ jsx("thead", { children: /* @__PURE__ */ jsxs("tr", { children: [
          /* @__PURE__ */ jsx("th", { scope: "col", children: "Authors from" }),
          /* @__PURE__ */ jsx("th", { scope: "col", children: "Fee" })
        ] }) }),
        /* @__PURE__ */ jsxs("tbody", { children: [
          /* @__PURE__ */ jsxs("tr", { children: [
            /* @__PURE__ */ jsx("td", { children: "India" }),
            /* @__PURE__ */ jsxs("td", { children: [
              "INR ",
              feeRupee(settings?.fee_rupee)
            ] })
          ] }),
          /* @__PURE__ */ jsxs("tr", { children: [
            /* @__PURE__ */ jsx("td", { children: "Other Countries" }),
            /* @__PURE__ */ jsxs("td", { children: [
              "USD ",
              feeDollar(settings?.fee_dollar)
            ] })
          ] })
        ] })
      ] }),
      /* @__PURE__ */ jsx("p", { children: "The fee is paid only after the article has been accepted for publication." })
    ] }),
    /* @__PURE__ */ jsxs("section", { id: "manuscript", "aria-labelledby": "i-manuscript", children: [
      /* @__PURE__ */ jsx("h2", { id: "i-manuscript", children: "Preparation of Manuscript" }),
      /* @__PURE__ */ jsx("p", { children: "The manuscript should be typed in Times New Roman, 12 point, single spaced, and arranged in this order:" }),
      /* @__PURE__ */ jsx("ol", { children: ORDER.map((o) => /* @__PURE__ */ jsx("li", { children: o }, o)) }),
      /* @__PURE__ */ jsx("p", { children: "Tables and figures should be numbered, carry a title and be placed where they are cited in the text." })
    ] }),
    /* @__PURE__ */ jsxs("section", { id: "references", "aria-labelledby": "i-references", children: [
      /* @__PURE__ */ jsx("h2", { id: "i-references", children: "Reference Format" }),
      /* @__PURE__ */ jsx("p", { children: "References are numbered in the order they are cited and listed at the end of the article, for example:" }),
      /* @__PURE__ */ jsxs("ol", { className: "ref-examples", children: [
        /* @__PURE__ */ jsx("li", { children: "Sharma RK, Verma A. Effect of nitrogen on the growth of wheat. Journal of Plant Science. 2020;12(3):45-50." }),
        /* @__PURE__ */ jsx("li", { children: "Gupta S. Principles of Agronomy. 3rd ed. New Delhi: Academic Press; 2018. p. 112-118." })
      ] })
    ] }),
    /* @__PURE__ */ jsxs("section", { id: "peer-review", "aria-labelledby": "i-peer", children: [
      /* @__PURE__ */ jsx("h2", { id: "i-peer", children: "Peer Review Policy" }),
      /* @__PURE__ */ jsx("p", { children: "Every manuscript is reviewed under a double-blind peer-review process by two reviewers who are experts in the field. The identities of the authors and the reviewers are not disclosed to each other. The editor decides on the basis of the reviewers' reports." })
    ] }),
    /* @__PURE__ */ jsxs("section", { id: "submission-policy", "aria-labelledby": "i-subpolicy", children: [
      /* @__PURE__ */ jsx("h2", { id: "i-subpolicy", children: "Submission Policy" }),
      /* @__PURE__ */ jsxs("p", { children: [
        "A manuscript submitted to ",
        journal,
        " must not have been published before and must not be under consideration by any other journal. All authors must have approved the submission."
      ] })
    ] }),
    /* @__PURE__ */ jsxs("section", { id: "open-access", "aria-labelledby": "i-oa", children: [
      /* @__PURE__ */ jsx("h2", { id: "i-oa", children: "Open Access Policy" }),
      /* @__PURE__ */ jsxs("p", { children: [
        journal,
        " is an open access journal: all articles are freely available to read, download and share immediately upon publication, without any subscription."
      ] })
    ] }),
    /* @__PURE__ */ jsxs("section", { id: "copyright", "aria-labelledby": "i-copyright", children: [
      /* @__PURE__ */ jsx("h2", { id: "i-copyright", children: "Copyright Policy" }),
      /* @__PURE__ */ jsx("p", { children: "By submitting the signed copyright form, authors transfer the copyright of the published article to the journal, while keeping the right to use their work for teaching and further research with due citation." })
    ] }),
    /* @__PURE__ */ jsxs("section", { id: "plagiarism", "aria-labelledby": "i-plagiarism", children: [
      /* @__PURE__ */ jsx("h2", { id: "i-plagiarism", children: "Plagiarism Policy" }),
      /* @__PURE__ */ jsx("p", { children: "Every manuscript is checked for plagiarism before review. Manuscripts with substantial copied text, or that reuse the authors' own published work without citation, are rejected." })
    ] }),
    /* @__PURE__ */ jsxs("section", { id: "ethics", "aria-labelledby": "i-ethics", children: [
      /* @__PURE__ */ jsx("h2", { id: "i-ethics", children: "Publication Ethics" }),
      /* @__PURE__ */ jsx("p", { children: "Authors, reviewers and editors are expected to follow accepted standards of publication ethics: honest reporting of data, proper citation, disclosure of conflicts of interest, and confidentiality of the review process. Research on humans or animals must have the approval of the relevant ethics committee." })
    ] })
  ] });
}
function ArticleTable({ articles, journalName, showSubject, articleHref, caption }) {
  return /* @__PURE__ */ jsx("div", { className: "table-wrap", children: /* @__PURE__ */ jsxs("table", { className: "data-table article-table", children: [
    /* @__PURE__ */ jsx("caption", { className: "visually-hidden", children: caption }),
    /* @__PURE__ */ jsx("thead", { children: /* @__PURE__ */ jsxs("tr", { children: [
      /* @__PURE__ */ jsx("th", { scope: "col", children: "S.No." }),
      /* @__PURE__ */ jsx("th", { scope: "col", children: "Title and Authors Name" }),
      showSubject && /* @__PURE__ */ jsx("th", { scope: "col", children: "Subject" }),
      /* @__PURE__ */ jsx("th", { scope: "col", children: "Country" })
    ] }) }),
    /* @__PURE__ */ jsx("tbody", { children: articles.map((a, i) => {
      const pdf = articlePdfUrl(a);
      return /* @__PURE__ */ jsxs("tr", { children: [
        /* @__PURE__ */ jsx("td", { className: "sno", children: i + 1 }),
        /* @__PURE__ */ jsxs("td", { className: "art-cell", children: [
          /* @__PURE__ */ jsx(SafeHtml, { as: "p", className: "art-title", html: cleanTitle(a.title), variant: "title" }),
          /* @__PURE__ */ jsx("p", { className: "art-authors", children: a.authorname }),
          /* @__PURE__ */ jsxs("div", { className: "art-actions", children: [
            /* @__PURE__ */ jsx(Link, { className: "btn btn-small", to: articleHref(a), state: { section: "abstract" }, children: "Abstract" }),
            pdf && /* @__PURE__ */ jsx("a", { className: "btn btn-small btn-outline", href: pdf, target: "_blank", rel: "noopener noreferrer", children: "Download" }),
            a.pagenumber && /* @__PURE__ */ jsxs("span", { className: "pages", children: [
              "Pages: ",
              a.pagenumber
            ] })
          ] }),
          /* @__PURE__ */ jsxs("p", { className: "cite", children: [
            /* @__PURE__ */ jsx("strong", { children: "How to cite this article:" }),
            " ",
            /* @__PURE__ */ jsx(SafeHtml, { as: "span", html: citationHtml(a, journalName), variant: "title" })
          ] })
        ] }),
        showSubject && /* @__PURE__ */ jsx("td", { "data-label": "Subject", children: a.subject }),
        /* @__PURE__ */ jsx("td", { "data-label": "Country", children: a.country })
      ] }, a.id ?? a.refnumber);
    }) })
  ] }) });
}
function IssuePage() {
  const params = useParams();
  const year = firstNumber(params.year);
  const volume = firstNumber(params.vol);
  const issue = firstNumber(params.issue);
  const { name, flags } = useJournal();
  const q = useIssue(year, volume, issue);
  const valid = year !== null && volume !== null && issue !== null;
  const heading = valid ? issueHeading(year, volume, issue, q.data?.frequency) : "";
  useScrollToSection(!q.isLoading);
  if (!valid) return /* @__PURE__ */ jsx(EmptyState, { children: "Issue not found." });
  const articles = q.data?.articles ?? [];
  return /* @__PURE__ */ jsxs("section", { className: "issue", "aria-labelledby": "issue-heading", children: [
    /* @__PURE__ */ jsx(
      PageHead,
      {
        title: heading,
        path: paths.issue(year, volume, issue),
        description: `${heading}, ${name}: ${articles.length} ${articles.length === 1 ? "article" : "articles"}.`
      }
    ),
    /* @__PURE__ */ jsx("h2", { id: "issue-heading", className: "issue-heading", children: heading }),
    q.isLoading && /* @__PURE__ */ jsx(Loading, {}),
    q.isError && /* @__PURE__ */ jsx(ErrorState, { children: "This issue could not be loaded." }),
    q.isSuccess && articles.length === 0 && /* @__PURE__ */ jsx(EmptyState, { children: "No articles have been published in this issue yet." }),
    articles.length > 0 && /* @__PURE__ */ jsxs(Fragment, { children: [
      /* @__PURE__ */ jsxs("p", { className: "issue-count", children: [
        "Articles: ",
        /* @__PURE__ */ jsx("strong", { children: pad3(articles.length) })
      ] }),
      /* @__PURE__ */ jsx(
        ArticleTable,
        {
          articles,
          journalName: name,
          showSubject: flags.showSubject,
          articleHref: (a) => paths.article(year, volume, issue, a.refnumber),
          caption: `Articles of ${heading}`
        }
      )
    ] })
  ] });
}
function Section({ id, title, children }) {
  return /* @__PURE__ */ jsxs("section", { id, "aria-labelledby": `${id}-h`, className: "legal-section", children: [
    /* @__PURE__ */ jsx("h2", { id: `${id}-h`, children: title }),
    children
  ] });
}
function PrivacyPage() {
  const { name, settings, isLoading } = useJournal();
  useScrollToSection(!isLoading);
  const site = name || "this website";
  const email = settings?.websiteemail;
  return /* @__PURE__ */ jsxs("div", { className: "container narrow prose", children: [
    /* @__PURE__ */ jsx(PageHead, { title: "Privacy Policy" }),
    /* @__PURE__ */ jsx(PageTitle, { id: "privacy-policy", children: "Privacy Policy" }),
    /* @__PURE__ */ jsxs("p", { children: [
      "This privacy policy explains how ",
      site,
      " collects, uses and protects the information of visitors, authors and reviewers. By using ",
      site,
      " you agree to this policy."
    ] }),
    /* @__PURE__ */ jsx(Section, { id: "information-we-collect", title: "Information We Collect", children: /* @__PURE__ */ jsx("p", { children: "We collect the information you give us when you submit a manuscript or write to us: your name, affiliation, email address, phone number, country and the content of your manuscript. When you pay the publication fee, the transaction reference is kept with your article." }) }),
    /* @__PURE__ */ jsx(Section, { id: "use-of-information", title: "How We Use Information", children: /* @__PURE__ */ jsxs("ul", { children: [
      /* @__PURE__ */ jsx("li", { children: "to process, review and publish your manuscript;" }),
      /* @__PURE__ */ jsx("li", { children: "to prepare your publication certificate, cover page and editorial documents;" }),
      /* @__PURE__ */ jsx("li", { children: "to answer your questions and send you information about your article;" }),
      /* @__PURE__ */ jsx("li", { children: "to keep the website secure and improve it." })
    ] }) }),
    /* @__PURE__ */ jsx(Section, { id: "sharing", title: "Sharing of Information", children: /* @__PURE__ */ jsx("p", { children: "We do not sell or rent your personal information. Author names, affiliations and published articles are public by nature of publication. Reviewers' identities are kept confidential." }) }),
    /* @__PURE__ */ jsx(Section, { id: "cookies", title: "Cookies", children: /* @__PURE__ */ jsxs("p", { children: [
      site,
      " uses only the cookies and browser storage needed for the website to work, such as keeping staff signed in. We do not use advertising cookies."
    ] }) }),
    /* @__PURE__ */ jsx(Section, { id: "security", title: "Security", children: /* @__PURE__ */ jsx("p", { children: "We use reasonable technical and organisational measures to protect your information against loss and misuse." }) }),
    /* @__PURE__ */ jsx(Section, { id: "privacy-contact", title: "Contact", children: /* @__PURE__ */ jsxs("p", { children: [
      "Questions about this policy can be sent to ",
      email ? /* @__PURE__ */ jsx("a", { href: `mailto:${email}`, children: email }) : "the journal email address",
      "."
    ] }) })
  ] });
}
function TermsPage() {
  const { name, isLoading } = useJournal();
  useScrollToSection(!isLoading);
  const site = name || "this website";
  return /* @__PURE__ */ jsxs("div", { className: "container narrow prose", children: [
    /* @__PURE__ */ jsx(PageHead, { title: "Terms and Conditions" }),
    /* @__PURE__ */ jsx(PageTitle, { id: "terms-and-conditions", children: "Terms and Conditions" }),
    /* @__PURE__ */ jsxs("p", { children: [
      "These terms govern your use of ",
      site,
      ". By accessing or using ",
      site,
      " you accept these terms. If you do not agree with them, please do not use the website."
    ] }),
    /* @__PURE__ */ jsx(Section, { id: "use-of-content", title: "Use of Content", children: /* @__PURE__ */ jsxs("p", { children: [
      "Articles published on ",
      site,
      " are open access: you may read, download, print and share them for non-commercial purposes, provided the authors and ",
      site,
      " are properly cited. The design, logos and other material of the website may not be copied without permission."
    ] }) }),
    /* @__PURE__ */ jsxs(Section, { id: "acceptable-use", title: "Acceptable Use", children: [
      /* @__PURE__ */ jsx("h3", { id: "security-rules", children: "Security Rules" }),
      /* @__PURE__ */ jsxs("p", { children: [
        "You must not violate or attempt to violate the security of ",
        site,
        ", including by:"
      ] }),
      /* @__PURE__ */ jsxs("ul", { children: [
        /* @__PURE__ */ jsx("li", { children: "accessing data not meant for you or signing in to an account you are not authorised to use;" }),
        /* @__PURE__ */ jsx("li", { children: "probing, scanning or testing the vulnerability of the website or breaching its security or authentication;" }),
        /* @__PURE__ */ jsx("li", { children: "interfering with service to any user, host or network, including by overloading, flooding or spamming;" }),
        /* @__PURE__ */ jsx("li", { children: "forging any part of the header information of a message or request." })
      ] }),
      /* @__PURE__ */ jsx("h3", { id: "general-rules", children: "General Rules" }),
      /* @__PURE__ */ jsxs("p", { children: [
        "You must not use ",
        site,
        " to:"
      ] }),
      /* @__PURE__ */ jsxs("ul", { children: [
        /* @__PURE__ */ jsx("li", { children: "send or store material that is unlawful, defamatory, or infringes the rights of others;" }),
        /* @__PURE__ */ jsx("li", { children: "submit work that is plagiarised or that you have no right to publish;" }),
        /* @__PURE__ */ jsx("li", { children: "send unsolicited advertising or bulk messages;" }),
        /* @__PURE__ */ jsx("li", { children: "impersonate any person or misrepresent your affiliation with any person or organisation." })
      ] })
    ] }),
    /* @__PURE__ */ jsx(Section, { id: "indemnity", title: "Indemnity", children: /* @__PURE__ */ jsxs("p", { children: [
      "You agree to indemnify and hold harmless ",
      site,
      ", its editors, reviewers and staff from any claim, loss or expense arising from your use of the website, your submissions, or your breach of these terms."
    ] }) }),
    /* @__PURE__ */ jsx(Section, { id: "liability", title: "Limitation of Liability", children: /* @__PURE__ */ jsxs("p", { children: [
      site,
      " and its editors are not liable for any direct or indirect loss arising from the use of, or inability to use, the website or the material published on it. The views in published articles are those of their authors."
    ] }) }),
    /* @__PURE__ */ jsx(Section, { id: "disclaimer", title: "Disclaimer of Consequential Damages", children: /* @__PURE__ */ jsxs("p", { children: [
      "In no event shall ",
      site,
      " or its editors be liable for any incidental, special or consequential damages, including loss of profits, data or business, arising out of the use of the website or its content, even if advised of the possibility of such damages."
    ] }) })
  ] });
}
function PdfPage() {
  const [params] = useSearchParams();
  const refno = (params.get("refno") ?? "").trim();
  const q = useArticleByRef(refno || void 0);
  const [busy, setBusy] = useState(null);
  const [failed, setFailed] = useState(null);
  if (q.isError) console.error("record load failed", q.error);
  const a = q.data;
  if (!a)
    return /* @__PURE__ */ jsx("div", { className: "container pdf-page", children: /* @__PURE__ */ jsx(PageHead, { title: "Download", path: null, noindex: true }) });
  const ref = encodeURIComponent(String(a.refnumber));
  async function run(job) {
    setBusy(job.key);
    setFailed(null);
    try {
      const { blob } = await download(job.url);
      saveBlob(blob, job.filename);
    } catch (e) {
      console.error("download failed", e);
      setFailed(job.key);
    } finally {
      setBusy(null);
    }
  }
  const button = (job, label) => /* @__PURE__ */ jsxs(Fragment, { children: [
    /* @__PURE__ */ jsx("button", { type: "button", className: "btn", disabled: busy !== null, "aria-busy": busy === job.key, onClick: () => run(job), children: busy === job.key ? "Preparing…" : label }),
    failed === job.key && /* @__PURE__ */ jsx("span", { className: "state-error inline", role: "alert", children: "The file could not be prepared. Please try again." })
  ] });
  const pdf = articlePdfUrl(a);
  return /* @__PURE__ */ jsxs("div", { className: "container narrow pdf-page", children: [
    /* @__PURE__ */ jsx(PageHead, { title: "Download", path: null, noindex: true }),
    /* @__PURE__ */ jsx("h1", { className: "pdf-heading", children: "Download your Artcle, Certificate, Cover Page, Editorial Board" }),
    /* @__PURE__ */ jsxs("table", { className: "data-table pdf-table", children: [
      /* @__PURE__ */ jsxs("caption", { className: "visually-hidden", children: [
        "Downloads for article ",
        String(a.refnumber)
      ] }),
      /* @__PURE__ */ jsxs("tbody", { children: [
        /* @__PURE__ */ jsxs("tr", { children: [
          /* @__PURE__ */ jsx("th", { scope: "row", children: "Article" }),
          /* @__PURE__ */ jsx("td", { children: /* @__PURE__ */ jsx(Link, { className: "btn btn-outline", to: paths.article(a.year, a.volume, a.issue, a.refnumber), children: "View Article" }) })
        ] }),
        pdf && /* @__PURE__ */ jsxs("tr", { children: [
          /* @__PURE__ */ jsx("th", { scope: "row", children: "Article PDF" }),
          /* @__PURE__ */ jsx("td", { children: /* @__PURE__ */ jsx("a", { className: "btn", href: pdf, download: `article-${a.refnumber}.pdf`, children: "Download Article" }) })
        ] }),
        splitAuthors(a.authorname).map((author, i) => /* @__PURE__ */ jsxs("tr", { children: [
          /* @__PURE__ */ jsxs("th", { scope: "row", children: [
            "Certificate of ",
            author
          ] }),
          /* @__PURE__ */ jsx("td", { children: button(
            { key: `cert-${i}`, url: `/api/pdf/certificate/${ref}/${encodeURIComponent(author)}`, filename: `certificate-${a.refnumber}.pdf` },
            "Download Certificate"
          ) })
        ] }, `${author}-${i}`)),
        /* @__PURE__ */ jsxs("tr", { children: [
          /* @__PURE__ */ jsx("th", { scope: "row", children: "Cover Page" }),
          /* @__PURE__ */ jsx("td", { children: button({ key: "cover", url: `/api/pdf/coverpage/${ref}`, filename: `coverpage-${a.refnumber}.pdf` }, "Download Cover Page") })
        ] }),
        /* @__PURE__ */ jsxs("tr", { children: [
          /* @__PURE__ */ jsx("th", { scope: "row", children: "Editorial Board" }),
          /* @__PURE__ */ jsx("td", { children: button({ key: "board", url: "/api/pdf/editorialboard", filename: "Editorial-Board.pdf" }, "Download Editorial Board") })
        ] })
      ] })
    ] })
  ] });
}
const NO_MATCH = "Sorry, nothing matched your search terms. Please try again with different keywords.";
function SearchPage() {
  const [params] = useSearchParams();
  const keyword = (params.get("keyword") ?? "").slice(0, MAX_KEYWORD);
  const { name, flags } = useJournal();
  const q = useSearch(keyword);
  const results = q.data ?? [];
  return /* @__PURE__ */ jsxs("div", { className: "container", children: [
    /* @__PURE__ */ jsx(PageHead, { title: "Search", path: null, noindex: true }),
    /* @__PURE__ */ jsx(PageTitle, { children: "Search" }),
    q.isLoading && /* @__PURE__ */ jsx(Loading, {}),
    q.isSuccess && results.length === 0 && /* @__PURE__ */ jsx(EmptyState, { children: NO_MATCH }),
    results.length > 0 && /* @__PURE__ */ jsxs(Fragment, { children: [
      /* @__PURE__ */ jsxs("p", { className: "result-count", role: "status", children: [
        results.length,
        " ",
        results.length === 1 ? "result" : "results",
        " found for “",
        /* @__PURE__ */ jsx("strong", { children: keyword }),
        "”"
      ] }),
      /* @__PURE__ */ jsx(
        ArticleTable,
        {
          articles: results,
          journalName: name,
          showSubject: flags.showSubject,
          articleHref: (a) => `/archives/${a.year}/${a.volume}/${a.issue}/${encodeURIComponent(String(a.refnumber))}`,
          caption: `Search results for ${keyword}`
        }
      )
    ] })
  ] });
}
function publicRoutes(deps) {
  const l = publicLoaders(deps);
  return [
    {
      id: "public",
      element: /* @__PURE__ */ jsx(PublicLayout, {}),
      loader: l.layout,
      children: [
        {
          // Errors below the layout (404s, a failed read) show inside the site's header and footer.
          errorElement: /* @__PURE__ */ jsx(ErrorScreen, { inLayout: true }),
          children: [
            { index: true, element: /* @__PURE__ */ jsx(HomePage, {}), loader: l.home },
            { path: "board", element: /* @__PURE__ */ jsx(BoardPage, {}), loader: l.board },
            { path: "indexing", element: /* @__PURE__ */ jsx(IndexingPage, {}), loader: l.indexing },
            { path: "indexing-and-abstracting", element: /* @__PURE__ */ jsx(IndexingAbstractingPage, {}), loader: l.indexing },
            {
              path: "archives",
              element: /* @__PURE__ */ jsx(ArchivesLayout, {}),
              loader: l.archives,
              children: [
                { index: true, element: /* @__PURE__ */ jsx(ArchivesIndex, {}), loader: l.archivesIndex },
                { path: ":year/:vol/:issue", element: /* @__PURE__ */ jsx(IssuePage, {}), loader: l.issue },
                { path: ":year/:vol/:issue/:ref", element: /* @__PURE__ */ jsx(ArticlePage, {}), loader: l.article }
              ]
            },
            { path: "search", element: /* @__PURE__ */ jsx(SearchPage, {}), loader: l.search },
            { path: "pdf", element: /* @__PURE__ */ jsx(PdfPage, {}), loader: l.pdf },
            { path: "instructions", element: /* @__PURE__ */ jsx(InstructionsPage, {}) },
            { path: "about", element: /* @__PURE__ */ jsx(AboutPage, {}) },
            { path: "contact", element: /* @__PURE__ */ jsx(ContactPage, {}) },
            { path: "privacy-policy", element: /* @__PURE__ */ jsx(PrivacyPage, {}) },
            { path: "terms-and-conditions", element: /* @__PURE__ */ jsx(TermsPage, {}) },
            {
              path: "*",
              element: null,
              loader: () => {
                throw data(null, { status: 404, statusText: "Not Found" });
              }
            }
          ]
        }
      ]
    }
  ];
}
const ROOT_ROUTE_ID = "root";
function createRoutes(deps) {
  const hydrateFallbackElement = /* @__PURE__ */ jsx(Loading, {});
  return [{ id: ROOT_ROUTE_ID, errorElement: /* @__PURE__ */ jsx(ErrorScreen, {}), hydrateFallbackElement, children: publicRoutes(deps) }];
}
const serverHtmlTools = { sanitizeRich: sanitizeRichText, sanitizeTitle: sanitizeTitle$1, decodeEntities: decodeHtmlEntities };
function serializeErrors(errors) {
  if (!errors) return errors;
  return Object.fromEntries(
    Object.entries(errors).map(([id, e]) => [
      id,
      isRouteErrorResponse(e) ? { ...e, __type: "RouteErrorResponse" } : e instanceof Error ? { message: "Unexpected error", __type: "Error" } : e
    ])
  );
}
async function renderPage(opts) {
  const queryClient = newQueryClient();
  const handler = createStaticHandler(createRoutes({ queryClient, reads: opts.reads }));
  const context = await handler.query(new Request(opts.url, { signal: opts.signal }));
  if (context instanceof Response) {
    return { status: context.status, redirect: context.headers.get("location") ?? "/" };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const site = { origin: opts.origin };
  const payload = {
    site,
    queries: dehydrate(queryClient),
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) }
  };
  const html = await new Promise((resolve, reject) => {
    const chunks = [];
    const sink = new PassThrough();
    sink.on("data", (c) => chunks.push(c));
    sink.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    const stream = renderToPipeableStream(
      /* @__PURE__ */ jsx(Document, { children: /* @__PURE__ */ jsx(StrictMode, { children: /* @__PURE__ */ jsx(Providers, { queryClient, reads: opts.reads, site, htmlTools: serverHtmlTools, children: /* @__PURE__ */ jsx(StaticRouterProvider, { router, context, hydrate: false }) }) }) }),
      {
        bootstrapModules: [opts.assets.entry],
        // Every page is wanted whole (crawlers, the micro-cache): send it once everything is rendered.
        onAllReady: () => stream.pipe(sink),
        onShellError: reject,
        onError: opts.onError
      }
    );
    opts.signal.addEventListener("abort", () => stream.abort(), { once: true });
  });
  const head = [
    `<style>${opts.assets.css}</style>`,
    // Data, not a script: the pages' Content-Security-Policy allows no inline scripts.
    `<script type="application/json" id="${HYDRATION_ELEMENT_ID}">${scriptJson(payload)}<\/script>`,
    ...opts.assets.preloads.map((p) => `<link rel="modulepreload" href="${escapeText(p)}"/>`)
  ].join("");
  return { status: context.statusCode, html: html.replace("</head>", () => `${head}</head>`) };
}
const fallbackPage = (status, css) => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1.0"/><title>Oops!</title><meta name="robots" content="noindex"/><style>${css}</style></head><body><main id="error-page" style="text-align:center;padding:4rem 1rem"><h1>Oops!</h1><p>Sorry, an unexpected error has occurred.</p><p><i>${"Service Unavailable"}</i></p></main></body></html>`;
const ID_RE = /^[a-f0-9]{24}$/;
const HTML = "text/html; charset=utf-8";
const APP_SHELL_RE = /^\/(admin|webdata)(\/|$)/;
async function start(config) {
  const logger = createLogger("render", config.LOG_LEVEL);
  const assets = loadAssets(config.WEB_DIST);
  const contentReads = new ContentReads(config.CONTENT_URL, config.LAYOUT_CACHE_MS, config.CONTENT_TIMEOUT_MS);
  const http = createHttpApp({ name: "render", logger, jsonLimit: false });
  const { app } = http;
  app.get(/.*/, async (req, res) => {
    res.setHeader("Cache-Control", "no-cache");
    if (APP_SHELL_RE.test(req.path)) {
      res.type(HTML).setHeader("Cache-Control", "no-store");
      res.send(assets.shell);
      return;
    }
    const journalId = req.header(TENANT_HEADER) ?? "";
    if (!ID_RE.test(journalId)) throw new AppError(400, "unknown_journal", "No journal is known for this host");
    const origin = publicOriginOf({ host: req.header("host"), journalHost: req.header(PUBLIC_HOST_HEADER) }, config);
    const reads = contentReads.forRequest({
      journalId,
      journalHost: req.header(PUBLIC_HOST_HEADER) ?? "",
      clientIp: req.header(CLIENT_IP_HEADER) ?? "",
      requestId: req.requestId,
      fresh: /(?:^|;\s*)jp_fresh=/.test(req.header("cookie") ?? "")
    });
    const abort = new AbortController();
    res.on("close", () => abort.abort());
    try {
      const url = new URL(origin + (req.originalUrl.startsWith("/") ? req.originalUrl : `/${req.originalUrl}`));
      const page = await renderPage({
        url,
        origin,
        reads,
        assets,
        signal: abort.signal,
        onError: (err) => logger.error({ err, requestId: req.requestId }, "render error")
      });
      if ("redirect" in page) {
        res.redirect(page.status, page.redirect);
        return;
      }
      res.status(page.status).type(HTML).send(page.html);
    } catch (err) {
      if (abort.signal.aborted) return;
      logger.error({ err, requestId: req.requestId }, "page render failed");
      res.status(503).type(HTML).send(fallbackPage(503, assets.css));
    }
  });
  http.finish();
  const server = await listen(http, config.PORT, config.HOST, config.SHUTDOWN_GRACE_MS);
  logger.info({ url: server.url }, "render listening");
  return { url: server.url, port: server.port, stop: () => server.close() };
}
if (process.argv[1] && /dist-ssr[\\/]server\.js$/.test(process.argv[1])) runService("render", readRenderConfig, start);
export {
  start
};
//# sourceMappingURL=server.js.map
