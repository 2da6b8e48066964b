import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { settingsUpdateSchema, type JournalFlags, type SettingsUpdateInput } from '@journal/common/schemas';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { DoiSettings } from './doi-settings';
import { adminApi } from '../api/admin.api';
import { useFlash } from './flash';

const TEXT_FIELDS = [
  ['websitename', 'Website Name'],
  ['websiteemail', 'Website Email'],
  ['impactfactor', 'Impact Factor'],
  ['issn', 'ISSN'],
  ['whatsup_number', 'WhatsApp Number'],
  ['domain', 'Domain'],
] as const;
type TextField = (typeof TEXT_FIELDS)[number][0];

const BOOL_FLAGS = [
  ['showSubject', 'Show the Subject column in issue and search tables'],
  ['hideOwnerNotice', 'Hide the owner link and notice on the contact page'],
  ['showEditorContacts', 'Show editor email, phone and website on the board'],
  ['showJournalList', 'Show the journal-list link on the home page'],
  ['showUsageStats', 'Show views and downloads on article pages'],
] as const;
const TEXT_FLAGS = [
  ['coverImage', 'Cover image path'],
  ['journalListLink', 'Journal-list link'],
  ['ownerNotice', 'Owner notice'],
  ['ownerLink', 'Owner link'],
] as const;

type Form = Record<TextField, string> & { flags: JournalFlags };

/** docs/product.md#admin-area: /admin/settings, plus the per-journal flags (docs/product.md#journal-flags). */
export function SettingsPage() {
  const flash = useFlash();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['settings'], queryFn: adminApi.settings });
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!q.data) return;
    const s = q.data;
    setForm({
      websitename: s.websitename ?? '', websiteemail: s.websiteemail ?? '', impactfactor: s.impactfactor ?? '', issn: s.issn ?? '',
      whatsup_number: s.whatsup_number ?? '', domain: s.domain ?? '', flags: { ...s.flags },
    });
  }, [q.data]);

  const save = useMutation({
    mutationFn: (body: SettingsUpdateInput) => adminApi.updateSettings(body),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['settings'] });
      flash('Settings updated successfully');
    },
    onError: (err) => {
      if (!(err instanceof ApiError && err.status === 401)) flash('Something went wrong');
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!form) return;
    const parsed = settingsUpdateSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  const setFlag = <K extends keyof JournalFlags>(k: K, value: JournalFlags[K]) => form && setForm({ ...form, flags: { ...form.flags, [k]: value } });

  return (
    <section>
      <p>
        <Link to={paths.admin.root}>← Back</Link>
      </p>
      <h1>Settings</h1>
      {q.isLoading && <p>Loading...</p>}
      {q.isError && <p className="admin-error">Could not load the settings.</p>}
      {form && (
        <form className="settings-form" onSubmit={submit} noValidate aria-label="Settings">
          {TEXT_FIELDS.map(([f, label]) => (
            <div key={f} className={errors[f] ? 'field invalid' : 'field'}>
              <label htmlFor={`settings-${f}`}>{label}</label>
              <input id={`settings-${f}`} name={f} value={form[f]} onChange={(e) => setForm({ ...form, [f]: e.target.value })} />
              {errors[f] && <span className="field-error">{errors[f]}</span>}
            </div>
          ))}
          <fieldset>
            <legend>Journal flags</legend>
            {BOOL_FLAGS.map(([k, label]) => (
              <label key={k} className="check">
                <input type="checkbox" name={`flags.${k}`} checked={!!form.flags[k]} onChange={(e) => setFlag(k, e.target.checked)} /> {label}
              </label>
            ))}
            <div className="field">
              <label htmlFor="settings-banner">Banner</label>
              <select id="settings-banner" name="flags.banner" value={form.flags.banner} onChange={(e) => setFlag('banner', e.target.value as JournalFlags['banner'])}>
                <option value="sitename">Site name</option>
                <option value="header">Header image</option>
                <option value="naas">NAAS rating</option>
              </select>
            </div>
            {TEXT_FLAGS.map(([k, label]) => (
              <div key={k} className={errors[`flags.${k}`] ? 'field invalid' : 'field'}>
                <label htmlFor={`settings-${k}`}>{label}</label>
                <input id={`settings-${k}`} name={`flags.${k}`} value={form.flags[k]} onChange={(e) => setFlag(k, e.target.value)} />
                {errors[`flags.${k}`] && <span className="field-error">{errors[`flags.${k}`]}</span>}
              </div>
            ))}
          </fieldset>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Submit'}
          </button>
        </form>
      )}
      <DoiSettings />
    </section>
  );
}
