import { AppError, escapeHtml } from '@journal/server-kit';
import { checkHost, DEFAULT_JOURNAL_FLAGS, emptySettingsText, hasHiddenChar, HIDDEN_CHAR_MESSAGE, slugProblem } from '@journal/contracts';
import type { Journal, JournalRepo } from './journal.repo';

/** A journal as the operator sees it in lists. */
export interface JournalSummary {
  id: string;
  slug: string;
  name: string;
  hosts: string[];
  status: 'enabled' | 'disabled';
}

export interface Changed<T> {
  journal: T;
  /** False when the command found everything already as asked (idempotent re-runs). */
  changed: boolean;
  notes: string[];
}

export const summary = (j: Journal): JournalSummary => ({ id: j.id, slug: j.slug, name: j.websitename, hosts: j.hosts, status: j.status ?? 'enabled' });

/** The settings a new journal starts with; everything is editable in the admin afterwards. */
export function newJournalDefaults(slug: string, name: string, hosts: string[], year = new Date().getUTCFullYear()): Omit<Journal, 'id'> {
  return {
    slug,
    hosts,
    status: 'enabled',
    ...emptySettingsText(),
    websitename: name,
    domain: hosts[0]!,
    formatted_journal_name: escapeHtml(name),
    year_started: String(year),
    journal_frequency: 'Quarterly',
    journal_type: 'Online',
    journal_language: 'English',
    fee_rupee: '2000',
    fee_dollar: '50',
    home_content: `<p>Welcome to ${escapeHtml(name)}.</p>`,
    address: '',
    flags: { ...DEFAULT_JOURNAL_FLAGS },
  };
}

/**
 * What an operator does to journals (the `jp journal` commands): create with defaults, list,
 * show, hosts, disable/enable. Each refusal is an AppError with its own code.
 */
export class JournalAdminService {
  constructor(
    private readonly journals: JournalRepo,
    /** Called after every change a public page shows; the content service's cache invalidation. */
    private readonly invalidate: (journalId: string) => Promise<void> = async () => undefined,
  ) {}

  private hosts(raw: string[]): { hosts: string[]; notes: string[] } {
    const hosts: string[] = [];
    const notes: string[] = [];
    for (const r of raw) {
      const c = checkHost(r);
      if (!c.ok) throw new AppError(400, 'invalid_host', c.problem);
      if (c.note) notes.push(c.note);
      if (!hosts.includes(c.host)) hosts.push(c.host);
    }
    return { hosts, notes };
  }

  private async assertHostsFree(hosts: string[], ownId?: string) {
    for (const h of hosts) {
      const owner = await this.journals.findByHost(h);
      if (owner && owner.id !== ownId) throw new AppError(409, 'host_taken', `Host ${h} is already served by journal ${owner.slug}`);
    }
  }

  async get(slug: string): Promise<Journal> {
    const problem = slugProblem(slug);
    if (problem) throw new AppError(400, 'invalid_slug', problem);
    const j = await this.journals.findBySlug(slug);
    if (!j) throw new AppError(404, 'unknown_journal', `No journal with slug ${slug} (see \`jp journal list\`)`);
    return j;
  }

  async list(): Promise<JournalSummary[]> {
    return (await this.journals.list()).map(summary);
  }

  /**
   * Creates a journal with default settings. Re-running the same command is harmless: a journal
   * with this slug and name gets the hosts it lacks; another name under the slug is refused.
   */
  async create(input: { slug: string; name: string; hosts: string[] }): Promise<Changed<Journal>> {
    const problem = slugProblem(input.slug);
    if (problem) throw new AppError(400, 'invalid_slug', problem);
    const name = input.name.trim();
    if (!name || name.length > 200) throw new AppError(400, 'invalid_name', 'Name must be 1-200 characters');
    if (hasHiddenChar(name)) throw new AppError(400, 'invalid_name', `Name: ${HIDDEN_CHAR_MESSAGE}`);
    if (input.hosts.length === 0) throw new AppError(400, 'invalid_host', 'A journal needs at least one --host');
    const { hosts, notes } = this.hosts(input.hosts);
    const existing = await this.journals.findBySlug(input.slug);
    if (existing) {
      if (existing.websitename !== name) {
        throw new AppError(409, 'journal_exists', `Journal ${input.slug} already exists with the name "${existing.websitename}"`);
      }
      await this.assertHostsFree(hosts, existing.id);
      const missing = hosts.filter((h) => !existing.hosts.includes(h));
      let j = existing;
      for (const h of missing) j = (await this.journals.addHost(existing.id, h)) ?? j;
      if (missing.length) await this.invalidate(existing.id);
      return { journal: j, changed: missing.length > 0, notes: [...notes, missing.length ? `added hosts ${missing.join(', ')}` : 'already exists'] };
    }
    await this.assertHostsFree(hosts);
    try {
      return { journal: await this.journals.create(newJournalDefaults(input.slug, name, hosts)), changed: true, notes };
    } catch (err) {
      // Someone else took the slug or a host between the checks and the insert.
      if ((err as { code?: number }).code === 11000) throw new AppError(409, 'journal_exists', 'The slug or a host was just taken; run the command again to see which');
      throw err;
    }
  }

  async addHost(slug: string, rawHost: string): Promise<Changed<Journal>> {
    const j = await this.get(slug);
    const { hosts, notes } = this.hosts([rawHost]);
    const host = hosts[0]!;
    if (j.hosts.includes(host)) return { journal: j, changed: false, notes: [...notes, `${host} is already a host of ${slug}`] };
    await this.assertHostsFree([host], j.id);
    let updated: Journal | null;
    try {
      updated = await this.journals.addHost(j.id, host);
    } catch (err) {
      if ((err as { code?: number }).code === 11000) throw new AppError(409, 'host_taken', `Host ${host} is already served by another journal`);
      throw err;
    }
    await this.invalidate(j.id);
    return { journal: updated ?? j, changed: true, notes };
  }

  async removeHost(slug: string, rawHost: string): Promise<Changed<Journal>> {
    const j = await this.get(slug);
    const { hosts, notes } = this.hosts([rawHost]);
    const host = hosts[0]!;
    if (!j.hosts.includes(host)) return { journal: j, changed: false, notes: [...notes, `${host} is not a host of ${slug}`] };
    if (j.hosts.length === 1) throw new AppError(409, 'last_host', `${host} is the only host of ${slug}; add another first, or disable the journal`);
    const updated = await this.journals.removeHost(j.id, host);
    await this.invalidate(j.id);
    const primary = updated?.hosts[0];
    return { journal: updated ?? j, changed: true, notes: j.hosts[0] === host && primary ? [...notes, `${primary} is now the primary host`] : notes };
  }

  /**
   * Makes one of the journal's hosts its primary host: every absolute URL names it, and the other
   * hosts redirect to it.
   */
  async setPrimaryHost(slug: string, rawHost: string): Promise<Changed<Journal>> {
    const j = await this.get(slug);
    const { hosts, notes } = this.hosts([rawHost]);
    const host = hosts[0]!;
    if (!j.hosts.includes(host)) throw new AppError(404, 'unknown_host', `${host} is not a host of ${slug}; add it first with \`jp journal hosts add\``);
    if (j.hosts[0] === host) return { journal: j, changed: false, notes: [...notes, `${host} is already the primary host of ${slug}`] };
    const updated = await this.journals.setPrimaryHost(j.id, j.hosts, host);
    if (!updated) throw new AppError(409, 'hosts_changed', `The hosts of ${slug} changed meanwhile; run the command again`);
    await this.invalidate(j.id);
    return { journal: updated, changed: true, notes };
  }

  async setStatus(slug: string, status: 'enabled' | 'disabled'): Promise<Changed<Journal>> {
    const j = await this.get(slug);
    if ((j.status ?? 'enabled') === status) return { journal: j, changed: false, notes: [`${slug} is already ${status}`] };
    const updated = await this.journals.setStatus(j.id, status);
    await this.invalidate(j.id);
    return { journal: updated ?? j, changed: true, notes: [] };
  }
}
