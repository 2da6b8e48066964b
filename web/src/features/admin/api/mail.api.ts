import { useMemo } from 'react';
import { mailSettingsViewSchema, submissionEmailsSchema, type MailSettingsUpdate } from '@journal/contracts';
import { useFormApiClient, type ApiClient } from '@/lib/api-client';

const auth = { auth: true } as const;

/** The journal's emails (docs/product.md#emails): the sender and templates, a submission's messages. */
export const createMailApi = (api: ApiClient) => ({
  settings: async () => mailSettingsViewSchema.parse(await api.get('/api/admin/mail-settings', auth)),
  updateSettings: async (body: MailSettingsUpdate) => mailSettingsViewSchema.parse(await api.put('/api/admin/mail-settings', body, auth)),
  submissionEmails: async (submissionId: string) =>
    submissionEmailsSchema.parse(await api.get(`/api/admin/submissions/${encodeURIComponent(submissionId)}/emails`, auth)).emails,
});

export const useMailApi = () => {
  const client = useFormApiClient();
  return useMemo(() => createMailApi(client), [client]);
};
