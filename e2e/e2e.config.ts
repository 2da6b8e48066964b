export const E2E = { portBase: 14000, nginxPort: 18080, db: 'journal_e2e' } as const;
