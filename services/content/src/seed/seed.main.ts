import { seedDemoContent } from './demo';

/** `npm run seed`: seeds the demo journals into MONGO_URL / MONGO_DB. */
const mongoUrl = process.env.MONGO_URL;
if (!mongoUrl) {
  console.error('MONGO_URL is required');
  process.exit(1);
}
seedDemoContent({ mongoUrl, dbName: process.env.MONGO_DB ?? 'journal', redisUrl: process.env.REDIS_URL, redisPrefix: process.env.REDIS_PREFIX }).then(
  (r) => {
    for (const j of r.journals) console.log(`seeded ${j.slug} (${j.id}) on ${j.hosts.join(', ')}`);
  },
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
