import type { CliCommand } from '@journal/server-kit';
import type { JournalAdminService } from '../journals/journal-admin.service';
import { DEFAULT_EDGE, journalManifests, journalManifestsYaml } from '../journals/journal-k8s';

/**
 * `jp journal k8s`: the routing and certificates of a stored journal's hosts, as the manifests
 * of k8s/overlays/prod/journals/<slug>.yaml (a ListenerSet on the shared Gateway, a Certificate
 * per host, an HTTPRoute). Printed, never applied: they go through git like every manifest.
 */
export function journalK8sCommands(service: () => Promise<JournalAdminService>): CliCommand[] {
  return [
    {
      words: ['journal', 'k8s'],
      summary: "print the journal's ListenerSet, certificates and route (k8s/overlays/prod/journals/)",
      options: {
        slug: { type: 'string', required: true, describe: 'the journal slug' },
        gateway: { type: 'string', describe: `the shared Gateway (default ${DEFAULT_EDGE.gateway})` },
        issuer: { type: 'string', describe: `the cert-manager ClusterIssuer (default ${DEFAULT_EDGE.issuer})` },
      },
      async run(a) {
        const j = await (await service()).get(String(a.slug));
        const edge = {
          gateway: typeof a.gateway === 'string' ? a.gateway : DEFAULT_EDGE.gateway,
          issuer: typeof a.issuer === 'string' ? a.issuer : DEFAULT_EDGE.issuer,
        };
        const journal = { slug: j.slug, hosts: j.hosts };
        return { data: { manifests: journalManifests(journal, edge) }, text: journalManifestsYaml(journal, edge).trimEnd() };
      },
    },
  ];
}
