/*
 * JP_PORT_OFFSET and JP_LANE let several checkouts on one machine run the suites at once
 * (each on its own ports and database).
 */
const offset = Number(process.env.JP_PORT_OFFSET ?? 0);
const lane = process.env.JP_LANE ? `_${process.env.JP_LANE}` : '';
export const E2E = { portBase: 14000 + offset, nginxPort: 18080 + offset, db: `journal_e2e${lane}` } as const;
