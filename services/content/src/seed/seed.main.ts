import { parseArgs } from 'node:util';
import { seedDemoContent } from './demo';
import { seedPublisher } from './publisher';

/**
 * `npm run seed`: seeds the demo journals into MONGO_URL / MONGO_DB.
 * `npm run seed -- --journals 500 --articles 1000000 [--worklog-entries N]`: the publisher-scale
 * data set instead (see publisher.ts); progress on stderr.
 */
const mongoUrl = process.env.MONGO_URL;
if (!mongoUrl) {
  console.error('MONGO_URL is required');
  process.exit(1);
}
const dbName = process.env.MONGO_DB ?? 'journal';
const { values } = parseArgs({ options: { journals: { type: 'string' }, articles: { type: 'string' }, 'worklog-entries': { type: 'string' } } });
const count = (v: string | undefined, name: string) => {
  const n = Number(v ?? 0);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} takes a whole number, not ${v}`);
    process.exit(1);
  }
  return n;
};
const fail = (err: unknown) => {
  console.error(err);
  process.exit(1);
};

if (values.journals !== undefined || values.articles !== undefined || values['worklog-entries'] !== undefined) {
  const journals = count(values.journals ?? '500', 'journals');
  if (journals < 1) fail('--journals must be at least 1');
  seedPublisher({
    mongoUrl,
    dbName,
    journals,
    articles: count(values.articles, 'articles'),
    worklogEntries: count(values['worklog-entries'], 'worklog-entries'),
    redisUrl: process.env.REDIS_URL,
    redisPrefix: process.env.REDIS_PREFIX,
    progress: true,
  }).then(
    (r) => console.log(`seeded ${r.journals} journals, ${r.articles} articles (${r.articlesAdded} new), ${r.worklogEntries} work-log entries (${r.worklogAdded} new) in ${(r.ms / 1000).toFixed(1)} s`),
    fail,
  );
} else {
  seedDemoContent({ mongoUrl, dbName, redisUrl: process.env.REDIS_URL, redisPrefix: process.env.REDIS_PREFIX }).then((r) => {
    for (const j of r.journals) console.log(`seeded ${j.slug} (${j.id}) on ${j.hosts.join(', ')}`);
  }, fail);
}
