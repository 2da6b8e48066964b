/**
 * A robots.txt reader that applies the first rule whose path is a prefix of the URL's path, as
 * Python's urllib.robotparser (and other older crawlers) do, unlike Google's longest match. Only
 * what those readers know: groups of `User-agent` lines, `Allow` and `Disallow` by plain prefix
 * (no `*` or `$`), an empty Disallow allowing everything.
 */
export function firstMatchAllowed(robotsTxt: string, userAgent: string, path: string): boolean {
  const groups: { agents: string[]; rules: { allow: boolean; path: string }[] }[] = [];
  let open = false;
  for (const raw of robotsTxt.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) continue;
    const field = m[1]!.toLowerCase();
    const value = m[2]!.trim();
    if (field === 'user-agent') {
      if (!open) groups.push({ agents: [], rules: [] });
      groups[groups.length - 1]!.agents.push(value.toLowerCase());
      open = true;
    } else if ((field === 'allow' || field === 'disallow') && groups.length) {
      open = false;
      groups[groups.length - 1]!.rules.push({ allow: field === 'allow' || value === '', path: value });
    }
  }
  const name = userAgent.split('/')[0]!.toLowerCase();
  const group = groups.find((g) => g.agents.some((a) => a !== '*' && name.includes(a))) ?? groups.find((g) => g.agents.includes('*'));
  for (const rule of group?.rules ?? []) if (rule.path === '' || path.startsWith(rule.path)) return rule.allow;
  return true;
}
