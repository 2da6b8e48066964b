import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LICENSES, SITE_IMAGE_KINDS, flagsUpdateSchema, settingsUpdateSchema, type JournalFlags, type SettingsUpdateInput, type SiteImageKind,
} from '@journal/contracts';
import { Img } from '@/components/img';
import { siteImage } from '@/lib/site-images';
import { ApiError } from '@/lib/api-client';
import { QueryStates } from '@/components/query-states';
import { useAdminApi } from '../api/admin.api';
import { adminKeys, invalidateAfterSave, staleAfterSaving } from '../api/keys';
import { showFailure } from '../lib/failure';
import { pickedFile, uploadName } from '../lib/picked-file';
import { DoiSettings } from './doi-settings';
import { CrossrefCredentials } from './crossref-credentials';
import { EmailSettings } from './email-settings';
import { ReviewSettingsSection } from './review-settings';
import { SubmissionSettingsSection } from './submission-settings';
import { useFlash } from './flash';
import { BackToDashboard, SubmitButton } from './inline-form';
import { RichTextEditor } from './rich-text-editor';
import { problemsByField } from '@/lib/form-errors';

const TEXT_FIELDS = [
  ['websitename', 'Website Name'],
  ['websiteemail', 'Website Email'],
  ['domain', 'Domain'],
  ['issn', 'ISSN'],
  ['journal_essn', 'E-ISSN'],
  ['impactfactor', 'Impact Factor'],
  ['nassScore', 'NAAS Rating'],
  ['nassScoreYear', 'NAAS Rating Year'],
  ['year_started', 'Year Started'],
  ['journal_frequency', 'Frequency'],
  ['journal_type', 'Journal Type'],
  ['journal_language', 'Language'],
  ['fee_rupee', 'Fee in India (₹)'],
  ['fee_dollar', 'Fee outside India ($)'],
  ['whatsup_number', 'WhatsApp Number'],
  ['google_review_link', 'Review Link'],
] as const;
type TextField = (typeof TEXT_FIELDS)[number][0];
type RichField = 'formatted_journal_name' | 'home_content' | 'address' | 'license';

const BOOL_FLAGS = [
  ['showSubject', 'Show the Subject column in issue and search tables'],
  ['hideOwnerNotice', 'Hide the owner link and notice on the contact page'],
  ['showEditorContacts', 'Show editor email, phone and website on the board'],
  ['showJournalList', 'Show the journal-list link on the home page'],
  ['showNaas', 'Show the NAAS rating banner in the header'],
  ['showUsageStats', 'Show views and downloads on article pages'],
] as const;
const TEXT_FLAGS = [
  ['journalListLink', 'Journal-list link'],
  ['ownerNotice', 'Owner notice'],
  ['ownerLink', 'Owner link'],
] as const;

const IMAGE_LABELS: Record<SiteImageKind, string> = { logo: 'Logo', header: 'Header image', cover: 'Cover image', chat: 'Chat icon' };

type Form = Record<TextField | RichField, string> & { flags: JournalFlags };

/**
 * The current image of one kind, at the versioned URL the settings answer gives (the one place
 * asset URLs are built, the same the public pages show); nothing when none was uploaded.
 */
export function SiteImagePreview({ kind, settings }: { kind: SiteImageKind; settings: { asset_urls?: Record<string, string> } | undefined }) {
  return <Img src={siteImage(settings, `${kind}.png`)} alt={`Current ${IMAGE_LABELS[kind].toLowerCase()}`} className="image-preview" />;
}

function SiteImages({ settings }: { settings: { asset_urls?: Record<string, string> } | undefined }) {
  const adminApi = useAdminApi();
  const flash = useFlash();
  const [busy, setBusy] = useState<SiteImageKind | null>(null);
  const qc = useQueryClient();

  async function upload(kind: SiteImageKind, e: ChangeEvent<HTMLInputElement>) {
    const file = pickedFile(e.target, 'image');
    e.target.value = '';
    if (!file) return;
    const form = new FormData();
    form.append('image', file, uploadName(file));
    setBusy(kind);
    try {
      await adminApi.uploadSiteImage(kind, form);
      // The settings answer read again carries the new image's URL.
      await invalidateAfterSave(qc, staleAfterSaving.images());
      flash(`${IMAGE_LABELS[kind]} updated successfully`);
    } catch (err) {
      showFailure(flash)(err);
    } finally {
      setBusy(null);
    }
  }

  return (
    <fieldset className="site-images">
      <legend>Images</legend>
      <div className="image-grid">
        {SITE_IMAGE_KINDS.map((kind) => (
          <div key={kind} className="field image-field">
            <label htmlFor={`site-image-${kind}`}>{IMAGE_LABELS[kind]}</label>
            <SiteImagePreview kind={kind} settings={settings} />
            <input
              id={`site-image-${kind}`} name={kind} type="file" accept="image/png,image/jpeg,image/gif,image/webp"
              disabled={busy !== null} onChange={(e) => void upload(kind, e)}
            />
            {busy === kind && <small className="hint">Uploading…</small>}
          </div>
        ))}
      </div>
      <small className="hint">PNG, JPEG, GIF or WebP, up to 5 MB. Each upload replaces the image at once.</small>
    </fieldset>
  );
}

/** /admin/settings: every setting the public site shows, the journal's flags and its images. */
export function SettingsPage() {
  const adminApi = useAdminApi();
  const flash = useFlash();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: adminKeys.settings(), queryFn: adminApi.settings });
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!q.data) return;
    const s = q.data as typeof q.data & Partial<Record<TextField | RichField, string>>;
    const text = Object.fromEntries(TEXT_FIELDS.map(([f]) => [f, s[f] ?? ''])) as Record<TextField, string>;
    setForm({
      ...text,
      formatted_journal_name: s.formatted_journal_name ?? '',
      home_content: s.home_content ?? '',
      address: s.address ?? '',
      license: s.license ?? '',
      flags: { ...s.flags },
    });
  }, [q.data]);

  const save = useMutation({
    mutationFn: (body: SettingsUpdateInput) => adminApi.updateSettings(body),
    onSuccess: async () => {
      await invalidateAfterSave(qc, staleAfterSaving.settings());
      flash('Settings updated successfully');
    },
    onError: (err) => {
      // A refused field is marked where it is, besides the message.
      if (err instanceof ApiError && err.status !== 401 && err.details.length) setErrors(Object.fromEntries(err.details.map((d) => [d.path, d.message])));
      showFailure(flash)(err);
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!form) return;
    const { flags, ...fields } = form;
    // Only the flags the form edits are sent (the cover is set by uploading one): the server
    // refuses any field it does not know.
    const editable = Object.fromEntries(Object.entries(flags).filter(([k]) => k in flagsUpdateSchema.shape && k !== 'coverImage' && flags[k as keyof JournalFlags] !== undefined));
    const parsed = settingsUpdateSchema.safeParse({ ...fields, flags: editable });
    if (!parsed.success) {
      setErrors(problemsByField(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  const setFlag = <K extends keyof JournalFlags>(k: K, value: JournalFlags[K]) => form && setForm({ ...form, flags: { ...form.flags, [k]: value } });
  const setField = (f: TextField | RichField, value: string) => setForm((prev) => (prev ? { ...prev, [f]: value } : prev));
  const error = (f: string) => errors[f] && <span className="field-error">{errors[f]}</span>;

  return (
    <section>
      <BackToDashboard />
      <h1>Settings</h1>
      <QueryStates query={q} failed="Could not load the settings." />
      {form && (
        <>
          {/* The outline's level under the page's h1, so headings typed into Home Content (h2, h3) follow it. */}
          <h2 className="visually-hidden">Journal settings</h2>
          <form className="settings-form" onSubmit={submit} noValidate aria-label="Settings">
            {TEXT_FIELDS.map(([f, label]) => (
              <div key={f} className={errors[f] ? 'field invalid' : 'field'}>
                <label htmlFor={`settings-${f}`}>{label}</label>
                <input id={`settings-${f}`} name={f} value={form[f]} onChange={(e) => setField(f, e.target.value)} />
                {error(f)}
              </div>
            ))}
            <div className={errors.formatted_journal_name ? 'field invalid' : 'field'}>
              <label id="settings-formatted_journal_name-label" htmlFor="settings-formatted_journal_name">Journal Name as shown in the header</label>
              <RichTextEditor
                id="settings-formatted_journal_name" variant="inline" value={form.formatted_journal_name}
                onChange={(html) => setField('formatted_journal_name', html)} labelledBy="settings-formatted_journal_name-label"
              />
              {error('formatted_journal_name')}
            </div>
            <div className={errors.license ? 'field invalid' : 'field'}>
              <label htmlFor="settings-license">Default Licence of the Articles</label>
              <select id="settings-license" name="license" value={form.license} onChange={(e) => setField('license', e.target.value)}>
                <option value="">None stated</option>
                {LICENSES.map((l) => (
                  <option key={l.id} value={l.url}>
                    {l.label}
                  </option>
                ))}
              </select>
              {error('license')}
            </div>
            <div className={errors.address ? 'field invalid' : 'field'}>
              <label htmlFor="settings-address">Publisher Address</label>
              <textarea id="settings-address" name="address" rows={3} value={form.address} onChange={(e) => setField('address', e.target.value)} />
              {error('address')}
            </div>
            <div className={errors.home_content ? 'field invalid' : 'field'}>
              <label id="settings-home_content-label" htmlFor="settings-home_content">Home Content</label>
              <RichTextEditor
                id="settings-home_content" variant="rich" value={form.home_content}
                onChange={(html) => setField('home_content', html)} labelledBy="settings-home_content-label"
              />
              {error('home_content')}
            </div>
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
                  {error(`flags.${k}`)}
                </div>
              ))}
            </fieldset>
            <SubmitButton busy={save.isPending} />
          </form>
          <SiteImages settings={q.data} />
        </>
      )}
      <DoiSettings />
      <CrossrefCredentials />
      <EmailSettings />
      <ReviewSettingsSection />
      <SubmissionSettingsSection />
    </section>
  );
}
