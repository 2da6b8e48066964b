import DOMPurify from "dompurify";
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
const RICH_ATTRS = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];
const sanitizeRich = (html) => DOMPurify.sanitize(html ?? "", { ALLOWED_TAGS: [...RICH_TEXT_TAGS], ALLOWED_ATTR: RICH_ATTRS, ALLOW_DATA_ATTR: false });
const sanitizeTitle = (html) => DOMPurify.sanitize(html ?? "", { ALLOWED_TAGS: [...TITLE_TAGS], ALLOWED_ATTR: [] }).replace(/\s+/g, " ").trim();
function decodeEntities(s) {
  const t = document.createElement("textarea");
  t.innerHTML = s ?? "";
  return t.value;
}
export {
  decodeEntities,
  sanitizeRich,
  sanitizeTitle
};
//# sourceMappingURL=sanitize-sNooKQt9.js.map
